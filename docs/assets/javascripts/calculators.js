/*
 * The roofline, KV cache and transformer arithmetic calculators on their concept pages.
 *
 * Contract with `gpulist build` (src/gpulist/site/calculators.py): each `[data-gpulist-calc]`
 * wraps a worked example (all a reader without JavaScript sees) and a form, hidden by the
 * stylesheet while <html> has the theme's `no-js` class, with named inputs, GPU `<option>`s
 * carrying `data-memory` (GB), `data-bandwidth` (GB/s) and `data-peaks` (JSON: dense TFLOPS by
 * data type), and where the labs measured them `data-measured-bandwidth` and `data-measured-peaks`
 * (used when the roofline's `ceiling` select says "measured"), named `<output>`s and a
 * `[data-gpulist-calc-message]`. The form opens with the
 * build's results in place; this script recomputes them on every change, with the formulas of
 * src/gpulist/view/arithmetic.py. Each output gets its plain number in `data-value` and the
 * text a reader sees; an input that is empty, not a number, zero or negative, fractional where
 * a count is asked for, or absurdly large is marked `aria-invalid`, the outputs are emptied
 * (never NaN or Infinity) and the message says what to write. Re-bound on every
 * instant-navigation page change (`document$`), under both engines.
 */
(function () {
  "use strict";

  var TERA = 1e12, GIGA = 1e9;
  // A GPU's memory, as vendors state it ("80 GB"), is in binary gigabytes: 80 GiB on an H100
  // (nvidia-smi: 81,559 MiB), as src/gpulist/view/arithmetic.py counts it (MEMORY_UNIT).
  var MEMORY_UNIT = 1073741824;
  // name -> [label, largest sensible value, whole number?, a percentage that may be written as a fraction?]
  var INPUTS = {
    roofline: { flops: ["Kernel FLOPs", 1e30, false], bytes: ["Bytes moved", 1e30, false] },
    "kv-cache": {
      layers: ["Layers", 1e4, true], kv_heads: ["KV heads", 1e4, true], head_dim: ["Head dimension", 1e5, true],
      bytes_per_element: ["KV cache bytes per element", 64, false],
      weight_bytes_per_element: ["Weight bytes per element", 64, false], tokens: ["Tokens per sequence", 1e10, true],
      batch: ["Sequences", 1e8, true], params: ["Parameters", 1e16, false], gpus: ["GPUs", 1e5, true],
    },
    transformer: {
      params: ["Parameters", 1e16, false], tokens: ["Training tokens", 1e18, false], gpus: ["GPUs", 1e8, true],
      mfu: ["MFU", 100, false, true],
    },
  };
  var NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

  function group(text) {
    var parts = text.split(".");
    parts[0] = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return parts.join(".");
  }

  function sig3(x) {
    if (x === 0) return "0";
    var a = Math.abs(x);
    if (a >= 1e-3 && a < 1e6) return group(String(Number(x.toPrecision(3))));
    var e = x.toExponential(2).split("e");
    return e[0] + " \u00d7 10<sup>" + parseInt(e[1], 10) + "</sup>";
  }

  function size(bytes) {
    var units = [["TB", 1e12], ["GB", 1e9], ["MB", 1e6], ["kB", 1e3]];
    for (var i = 0; i < units.length; i++) {
      if (bytes >= units[i][1]) return sig3(bytes / units[i][1]) + " " + units[i][0];
    }
    return sig3(bytes) + " bytes";
  }

  function duration(seconds) {
    var units = [["days", 86400], ["hours", 3600], ["minutes", 60]];
    for (var i = 0; i < units.length; i++) {
      if (seconds >= units[i][1]) return sig3(seconds / units[i][1]) + " " + units[i][0];
    }
    return sig3(seconds) + " seconds";
  }

  // One input, read: {value} or {error} saying what to write instead.
  function read(form, name, spec) {
    var label = spec[0], raw = form.elements[name].value.trim();
    var text = raw.replace(/[,_\s]/g, ""), percent = spec[3] && /%$/.test(text);
    if (percent) text = text.slice(0, -1);
    if (text === "") return { error: label + ": enter a number." };
    if (text.charAt(0) === "-") return { error: label + " must be more than zero (found " + raw + ")." };
    if (!NUMBER.test(text.replace(/^\+/, ""))) {
      return { error: label + ": \u201c" + raw + "\u201d is not a number; write digits, such as 4096 or 1.5e12." };
    }
    var value = Number(text);
    if (!isFinite(value) || value > spec[1]) {
      return { error: label + " is larger than any real case: at most " + spec[1].toExponential().replace("e+", "e") + "." };
    }
    if (value <= 0) return { error: label + " must be more than zero." };
    if (spec[2] && value !== Math.floor(value)) return { error: label + " must be a whole number." };
    // 0.4 is how PyTorch users write 40% MFU: up to 1, without a % sign, a fraction.
    if (spec[3] && !percent && value <= 1) return { value: value * 100 };
    return { value: value };
  }

  // The chosen GPU's numbers; with the roofline's "measured" roof, its measured ceilings where it has them.
  function gpu(form) {
    var option = form.elements.gpu.selectedOptions[0];
    var found = {
      name: option.textContent,
      memory: parseFloat(option.getAttribute("data-memory")),
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
    "kv-cache": function (v, g) {
      var perToken = 2 * v.layers * v.kv_heads * v.head_dim * v.bytes_per_element, total = perToken * v.tokens * v.batch;
      var memory = g.memory * MEMORY_UNIT, weights = v.params * v.weight_bytes_per_element;
      var free = v.gpus * memory - weights, fit = Math.max(0, Math.floor(free / (perToken * v.tokens)));
      var on = v.gpus === 1 ? "the " + g.name + "\u2019s memory" : "the memory of " + v.gpus + " \u00d7 " + g.name;
      var fitText = free <= 0 ? "0 (the weights alone exceed " + on + ")" : String(fit);
      var needed = Math.max(1, Math.ceil((weights + total) / memory));
      var perTokenText = group(String(perToken)) + " bytes (" + size(perToken) + ")";
      return [["per_token", perToken, perTokenText], ["total", total, size(total)], ["fit", fit, fitText],
              ["gpus_needed", needed, group(String(needed)) + " \u00d7 " + g.name]];
    },
    transformer: function (v, g, form) {
      var peak = g.peaks[form.elements.dtype.value], total = 6 * v.params * v.tokens;
      var seconds = total / (v.gpus * peak * TERA * v.mfu / 100);
      return [["forward_flops", 2 * v.params * v.tokens, sig3(2 * v.params * v.tokens)],
              ["training_flops", total, sig3(total)], ["time", seconds, duration(seconds)],
              ["mfu_percent", v.mfu, sig3(v.mfu) + "%"]];
    },
  };

  function show(form, message, results) {
    var box = form.querySelector("[data-gpulist-calc-message]");
    box.textContent = message;
    box.hidden = !message;
    Array.prototype.forEach.call(form.querySelectorAll("output"), function (out) {
      var found = (results || []).filter(function (r) { return r[0] === out.name; })[0];
      out.setAttribute("data-value", found ? String(found[1]) : "");
      out.innerHTML = found ? found[2] : "\u2014";
    });
  }

  function update(form, kind) {
    var values = {}, errors = [];
    Object.keys(INPUTS[kind]).forEach(function (name) {
      var found = read(form, name, INPUTS[kind][name]);
      form.elements[name].setAttribute("aria-invalid", found.error ? "true" : "false");
      if (found.error) errors.push(found.error);
      else values[name] = found.value;
    });
    if (errors.length) return show(form, errors.join(" "), null);
    var results = COMPUTE[kind](values, gpu(form), form);
    var broken = results.some(function (r) { return typeof r[1] === "number" && !isFinite(r[1]); });
    if (broken) return show(form, "The result is too large to show: use smaller inputs.", null);
    show(form, "", results);
  }

  function start(root, kind, form) {
    if (!root.isConnected || root.getAttribute("data-ready")) return; // the reader has moved on
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.addEventListener("input", function () { update(form, kind); });
    form.addEventListener("change", function (event) {
      if (event.target.name === "gpu") syncTypes(form);
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
      if (!form || !INPUTS[kind] || root.getAttribute("data-ready")) return;
      later(function () { start(root, kind, form); });
    });
  }

  window.gpulist.everyPage(bind); // reader/base.js, loaded before this script
})();
