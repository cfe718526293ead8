/*
 * The roofline, KV cache and transformer arithmetic calculators on their concept pages.
 *
 * Contract with `gpulist build` (src/gpulist/site/calculators.py): each `[data-gpulist-calc]`
 * wraps a worked example (all a reader without JavaScript sees) and a form, hidden by the
 * stylesheet while <html> has the theme's `no-js` class, with named inputs, GPU `<option>`s
 * carrying `data-memory` (GB), `data-bandwidth` (GB/s) and `data-peaks` (JSON: dense TFLOPS by
 * data type), and where the labs measured them `data-measured-bandwidth` and `data-measured-peaks`
 * (used when the roofline's `ceiling` select says "measured"), named `<output>`s and a
 * `[data-gpulist-calc-message]`, and beside each field `[data-gpulist-field-message]`. The form
 * opens with the build's results in place; this script recomputes them on every change, with
 * the formulas of src/gpulist/view/arithmetic.py (the KV cache's in calc-kv.js, the reading of
 * inputs in calc-read.js, both loaded before this). Each output gets its plain number in
 * `data-value` and the text a reader sees; an input that is empty, not a number, zero or
 * negative, fractional where a count is asked for, or absurdly large is marked `aria-invalid`
 * with its message beside it, the outputs are emptied (never NaN or Infinity) and the form's
 * message says what to write. Re-bound on every instant-navigation page change (`document$`),
 * under both engines.
 */
(function () {
  "use strict";

  var TERA = 1e12, GIGA = 1e9, R = window.gpulist.calcRead, sig3 = R.sig3, duration = R.duration;
  // name -> {label, largest sensible value, whole number?, a percentage that may be written as a
  // fraction?, a size that may be written 70B or 1.5T?}; the KV cache's are in calc-kv.js.
  var INPUTS = {
    roofline: { flops: { label: "Kernel FLOPs", max: 1e30 }, bytes: { label: "Bytes moved", max: 1e30 } },
    transformer: {
      params: { label: "Parameters", max: 1e16, sized: true }, tokens: { label: "Training tokens", max: 1e18, sized: true },
      gpus: { label: "GPUs", max: 1e8, whole: true }, mfu: { label: "MFU", max: 100, percent: true },
    },
  };

  // The chosen GPU's numbers; with the roofline's "measured" roof, its measured ceilings where it has them.
  function gpu(form) {
    var option = form.elements.gpu.selectedOptions[0];
    var found = {
      name: option.textContent,
      memory: parseFloat(option.getAttribute("data-memory")),
      seen: parseFloat(option.getAttribute("data-memory-seen")), how: option.getAttribute("data-memory-how") || "",
      bandwidth: parseFloat(option.getAttribute("data-bandwidth")),
      peaks: JSON.parse(option.getAttribute("data-peaks") || "{}"),
    };
    if (!form.elements.ceiling || form.elements.ceiling.value !== "measured") return found;
    var measured = JSON.parse(option.getAttribute("data-measured-peaks") || "{}");
    Object.keys(measured).forEach(function (type) { if (found.peaks[type] !== undefined) found.peaks[type] = measured[type]; });
    var bandwidth = parseFloat(option.getAttribute("data-measured-bandwidth"));
    if (isFinite(bandwidth)) found.bandwidth = bandwidth;
    return found;
  }

  // The data types the chosen GPU has a dense peak for; the previous choice kept where it can be.
  function syncTypes(form) {
    var select = form.elements.dtype;
    if (!select) return;
    var previous = select.value, peaks = gpu(form).peaks, labels = {};
    Array.prototype.forEach.call(select.options, function (o) { labels[o.value] = o.textContent; });
    var names = { fp64: "FP64", fp64_matrix: "FP64 (tensor/matrix)", fp32: "FP32", tf32: "TF32", fp16: "FP16",
                  bf16: "BF16", fp8: "FP8", fp6: "FP6", fp4: "FP4", int8: "INT8" };
    select.innerHTML = "";
    Object.keys(names).forEach(function (type) {
      if (peaks[type] === undefined) return;
      var option = document.createElement("option");
      option.value = type;
      option.textContent = labels[type] || names[type];
      select.appendChild(option);
    });
    var keep = peaks[previous] !== undefined ? previous : (peaks.bf16 !== undefined ? "bf16" : select.options[0].value);
    select.value = keep;
  }

  var COMPUTE = {
    roofline: function (v, g, form) {
      var peak = g.peaks[form.elements.dtype.value];
      var intensity = v.flops / v.bytes, ridge = peak * TERA / (g.bandwidth * GIGA);
      var attainable = Math.min(peak, g.bandwidth * GIGA * intensity / TERA);
      var bound = intensity < ridge ? "memory" : "compute";
      return [["intensity", intensity, sig3(intensity) + " FLOP/byte"], ["ridge", ridge, sig3(ridge) + " FLOP/byte"],
              ["attainable", attainable, sig3(attainable) + " TFLOPS"], ["bound", bound, bound + "-bound"]];
    },
    transformer: function (v, g, form) {
      var peak = g.peaks[form.elements.dtype.value], total = 6 * v.params * v.tokens;
      var seconds = total / (v.gpus * peak * TERA * v.mfu / 100);
      return [["forward_flops", 2 * v.params * v.tokens, sig3(2 * v.params * v.tokens)],
              ["training_flops", total, sig3(total)], ["time", seconds, duration(seconds)],
              ["mfu_percent", v.mfu, sig3(v.mfu) + "%"]];
    },
  };

  // The message beside each field named in `errors` ([name, text] pairs), cleared beside the others.
  function mark(form, errors) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-gpulist-field-message]"), function (box) {
      var name = box.getAttribute("data-name"), mine = errors.filter(function (e) { return e[0] === name; });
      box.textContent = mine.map(function (e) { return e[1]; }).join(" ");
      box.hidden = !mine.length;
      form.elements[name].setAttribute("aria-invalid", mine.length ? "true" : "false");
    });
  }

  function show(form, errors, results) {
    var box = form.querySelector("[data-gpulist-calc-message]");
    mark(form, errors);
    box.textContent = errors.map(function (e) { return e[1]; }).join(" ");
    box.hidden = !errors.length;
    Array.prototype.forEach.call(form.querySelectorAll("output"), function (out) {
      var found = (results || []).filter(function (r) { return r[0] === out.name; })[0];
      out.setAttribute("data-value", found ? String(found[1]) : "");
      out.innerHTML = found ? found[2] : "\u2014";
    });
  }

  function kindOf(kind) {
    var own = (window.gpulist.calcKinds || {})[kind];
    return own || { inputs: INPUTS[kind], compute: COMPUTE[kind] };
  }

  function update(form, kind) {
    var values = {}, spec = kindOf(kind), errors = spec.check ? spec.check(form) : [];
    Object.keys(spec.inputs).forEach(function (name) {
      if (spec.inputs[name].custom) return; // read by the kind itself (check)
      var found = R.read(form, name, spec.inputs[name]);
      if (found.error) errors.push([name, found.error]);
      else values[name] = found.value;
    });
    if (errors.length) return show(form, errors, null);
    var results = spec.compute(values, gpu(form), form);
    if (results.error) return show(form, [results.error], null);
    var broken = results.some(function (r) { return typeof r[1] === "number" && !isFinite(r[1]); });
    if (broken) return show(form, [["", "The result is too large to show: use smaller inputs."]], null);
    show(form, [], results);
  }

  function start(root, kind, form) {
    if (!root.isConnected || root.getAttribute("data-ready")) return; // the reader has moved on
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    var own = kindOf(kind);
    form.addEventListener("input", function (event) {
      if (own.changed) own.changed(form, event.target);
      update(form, kind);
    });
    form.addEventListener("change", function (event) {
      if (event.target.name === "gpu") syncTypes(form);
      if (own.changed && event.target.tagName === "SELECT") own.changed(form, event.target);
      update(form, kind);
    });
    syncTypes(form);
    update(form, kind); // inputs a browser restored on returning to the page

    root.setAttribute("data-ready", "true");
  }

  // The forms sit below the fold and already show the build's results: binding them once the page
  // is idle keeps them out of the first paint's long tasks (revealing them from the script cost a
  // 100-200 ms relayout of the whole page in Lighthouse's mobile runs).
  var later = window.requestIdleCallback
    ? function (task) { window.requestIdleCallback(task, { timeout: 1000 }); }
    : function (task) { window.setTimeout(task, 0); };

  function bind() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-gpulist-calc]"), function (root) {
      var kind = root.getAttribute("data-gpulist-calc"), form = root.querySelector("form");
      if (!form || !kindOf(kind).inputs || root.getAttribute("data-ready")) return;
      later(function () { start(root, kind, form); });
    });
  }

  window.gpulist.everyPage(bind); // reader/base.js, loaded before this script
})();
