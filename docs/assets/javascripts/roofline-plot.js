/*
 * The roofline calculator's chart: the roofs of the chosen GPU, data type and ceiling, and the
 * reader's kernel on them, redrawn whenever the calculator's form changes.
 *
 * Contract with `gpulist build` (src/gpulist/site/roofline_chart.py): inside
 * `[data-gpulist-calc="roofline"]`, `svg[data-gpulist-roofline]` carries its plot box
 * (`data-box`: left top right bottom, viewBox units) and its axes' domains as base-10 logs
 * (`data-x`, `data-y`: low high); `[data-gpulist-roof="vendor"|"measured"]` are the roofs'
 * polylines, `[data-gpulist-points="<gpu>"]` the roofline lab's points for one GPU, and
 * `[data-gpulist-kernel]` a circle for the reader's kernel. The form's GPU options carry the
 * numbers calculators.js reads (`data-peaks`, `data-bandwidth`, `data-measured-peaks`,
 * `data-measured-bandwidth`). The build draws the example's roofs; this script only moves
 * them when the reader changes something, and hides the kernel while an input is not a number.
 * Re-bound on every instant-navigation page change (`document$`), under both engines.
 */
(function () {
  "use strict";

  var NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

  function numbers(text) {
    return (text || "").trim().split(/\s+/).map(parseFloat);
  }

  function positive(form, name) {
    var text = form.elements[name].value.replace(/[,_\s]/g, "");
    var value = NUMBER.test(text) ? Number(text) : NaN;
    return value > 0 && isFinite(value) ? value : NaN;
  }

  // The plot's scales: intensity (FLOP/byte) and rate (TFLOPS) to viewBox units, clamped to the box.
  function scales(svg) {
    var box = numbers(svg.getAttribute("data-box")), x = numbers(svg.getAttribute("data-x"));
    var y = numbers(svg.getAttribute("data-y"));
    function place(value, domain, from, to) {
      var t = (Math.log(value) / Math.LN10 - domain[0]) / (domain[1] - domain[0]);
      return from + Math.min(1, Math.max(0, t)) * (to - from);
    }
    return {
      low: Math.pow(10, x[0]), high: Math.pow(10, x[1]),
      x: function (v) { return place(v, x, box[0], box[2]); },
      y: function (v) { return place(v, y, box[3], box[1]); },
    };
  }

  function roof(peak, bandwidth, s) {
    var ridge = peak * 1e12 / (bandwidth * 1e9), corners = [[s.low, bandwidth * 1e9 * s.low / 1e12]];
    if (ridge > s.low && ridge < s.high) corners.push([ridge, peak]);
    corners.push([s.high, Math.min(peak, bandwidth * 1e9 * s.high / 1e12)]);
    return corners.map(function (c) { return s.x(c[0]).toFixed(1) + "," + s.y(c[1]).toFixed(1); }).join(" ");
  }

  function draw(form, svg) {
    var option = form.elements.gpu.selectedOptions[0], type = form.elements.dtype.value, s = scales(svg);
    var peak = JSON.parse(option.getAttribute("data-peaks") || "{}")[type];
    var bandwidth = parseFloat(option.getAttribute("data-bandwidth"));
    var measuredPeak = JSON.parse(option.getAttribute("data-measured-peaks") || "{}")[type];
    var measuredBandwidth = parseFloat(option.getAttribute("data-measured-bandwidth"));
    var hasMeasured = measuredPeak !== undefined || isFinite(measuredBandwidth);
    var mPeak = measuredPeak !== undefined ? measuredPeak : peak;
    var mBandwidth = isFinite(measuredBandwidth) ? measuredBandwidth : bandwidth;
    if (peak === undefined || !isFinite(bandwidth)) return;
    svg.querySelector('[data-gpulist-roof="vendor"]').setAttribute("points", roof(peak, bandwidth, s));
    svg.querySelector('[data-gpulist-roof="measured"]').setAttribute("points",
      hasMeasured ? roof(mPeak, mBandwidth, s) : "");
    Array.prototype.forEach.call(svg.querySelectorAll("[data-gpulist-points]"), function (group) {
      group.setAttribute("visibility", group.getAttribute("data-gpulist-points") === option.value ? "visible" : "hidden");
    });
    var useMeasured = form.elements.ceiling && form.elements.ceiling.value === "measured" && hasMeasured;
    var intensity = positive(form, "flops") / positive(form, "bytes");
    var kernel = svg.querySelector("[data-gpulist-kernel]");
    if (!isFinite(intensity)) return kernel.setAttribute("visibility", "hidden");
    var top = useMeasured ? mPeak : peak, slope = useMeasured ? mBandwidth : bandwidth;
    var attainable = Math.min(top, slope * 1e9 * intensity / 1e12);
    kernel.setAttribute("cx", s.x(intensity).toFixed(1));
    kernel.setAttribute("cy", s.y(attainable).toFixed(1));
    kernel.setAttribute("visibility", "visible");
  }

  function bind() {
    Array.prototype.forEach.call(document.querySelectorAll('[data-gpulist-calc="roofline"]'), function (root) {
      var form = root.querySelector("form"), svg = root.querySelector("svg[data-gpulist-roofline]");
      if (!form || !svg || svg.getAttribute("data-ready")) return;
      // After calculators.js's own handlers (registered first), which refresh the data types.
      var redraw = function () { window.requestAnimationFrame(function () { draw(form, svg); }); };
      form.addEventListener("input", redraw);
      form.addEventListener("change", redraw);
      svg.setAttribute("data-ready", "true");
      redraw();
    });
  }

  window.gpulist.everyPage(bind); // reader/base.js, loaded before this script
})();
