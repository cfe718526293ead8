/*
 * The KV cache calculator's inputs, presets and arithmetic, for calculators.js (which binds the
 * form and shows the results), with the formulas of src/gpulist/view/arithmetic.py (kv_cache).
 *
 * Contract with `gpulist build` (src/gpulist/site/calc_kv.py): the `preset` input names a model
 * of `datalist#calc-kv-cache-presets`, whose options carry `data-shape` (JSON: layers, kv_heads,
 * head_dim, cache_vectors, params); choosing one fills the shape, editing the shape empties
 * it (the results are then the reader's own model), and a name not in the list is an error
 * beside the field. GPU options carry `data-memory` (GB as the vendor states it),
 * `data-memory-seen` (bytes a program can use: what PyTorch reported in the labs' runs, else
 * the vendor's GB as 10^9 bytes) and `data-memory-how` (which of the two, in a few words of HTML). The fit
 * takes the reserve per GPU off that memory first; under 10% headroom it warns.
 * Registered as window.gpulist.calcKinds["kv-cache"].
 */
(function () {
  "use strict";

  var R = window.gpulist.calcRead, GIB = 1073741824, WARN = 0.10;
  var SHAPE = ["layers", "kv_heads", "head_dim", "cache_vectors", "params"];
  var INPUTS = {
    preset: { custom: true },
    layers: { label: "Layers", max: 1e4, whole: true }, kv_heads: { label: "KV heads", max: 1e4, whole: true },
    head_dim: { label: "Head dimension", max: 1e5, whole: true },
    bytes_per_element: { label: "KV cache bytes per element", max: 64 },
    weight_bytes_per_element: { label: "Weight bytes per element", max: 64 },
    tokens: { label: "Tokens per sequence", max: 1e10, whole: true }, batch: { label: "Sequences", max: 1e8, whole: true },
    params: { label: "Parameters", max: 1e16, sized: true }, gpus: { label: "GPUs", max: 1e5, whole: true },
    reserve: { label: "Reserve per GPU", max: 1e4, zero: true },
  };

  function key(name) { return name.toLowerCase().replace(/[^a-z0-9]/g, ""); }

  function presets(form) {
    var list = document.getElementById(form.elements.preset.getAttribute("list"));
    return Array.prototype.map.call(list ? list.options : [], function (o) {
      return { name: o.value, shape: JSON.parse(o.getAttribute("data-shape")) };
    });
  }

  // The preset named in the field: {shape}, {} when empty, {error} when no preset has that name.
  function preset(form) {
    var raw = form.elements.preset.value.trim(), all = presets(form);
    if (raw === "") return {};
    var found = all.filter(function (p) { return key(p.name) === key(raw); })[0];
    if (found) return { shape: found.shape };
    return { error: "Model preset: no preset is called \u201c" + raw + "\u201d. Choose one of " +
      all.map(function (p) { return p.name; }).join(", ") + ", or empty the field and type the shape." };
  }

  function fill(form) {
    var found = preset(form);
    if (!found.shape) return;
    SHAPE.forEach(function (name) { form.elements[name].value = String(found.shape[name]); });
  }

  // A change the reader made: a preset fills the shape; a shape of one's own is no preset.
  function changed(form, target) {
    if (target.name === "preset") fill(form);
    else if (SHAPE.indexOf(target.name) >= 0) form.elements.preset.value = "";
  }

  function check(form) {
    var found = preset(form);
    return found.error ? [["preset", found.error]] : [];
  }

  function verdict(fits, headroom, on, short) {
    var spare = (headroom * 100).toFixed(1) + "% of the memory to spare";
    if (!fits) return "Does not fit on " + on + ": " + short + " short";
    if (headroom < WARN) return "Fits on " + on + ", with only " + spare + ": under 10%, too tight to rely on";
    return "Fits on " + on + ", with " + spare;
  }

  function compute(v, g, form) {
    var vectors = Number(form.elements.cache_vectors.value);
    var perToken = vectors * v.layers * v.kv_heads * v.head_dim * v.bytes_per_element;
    var total = perToken * v.tokens * v.batch, weights = v.params * v.weight_bytes_per_element, need = weights + total;
    var perGpu = g.seen - v.reserve * GIB, usable = v.gpus * perGpu;
    if (perGpu <= 0) return { error: ["reserve", "Reserve per GPU must be less than the memory a program can use (" + R.gb(g.seen) + ")."] };
    var fit = Math.max(0, Math.floor((usable - weights) / (perToken * v.tokens)));
    var headroom = (usable - need) / (v.gpus * g.seen), needed = Math.max(1, Math.ceil(need / perGpu));
    var on = v.gpus + " \u00d7 " + g.name, word = headroom < 0 ? "does not fit" : headroom < WARN ? "tight" : "fits";
    return [["per_token", perToken, R.group(String(perToken)) + " bytes (" + R.size(perToken) + ")"],
            ["total", total, R.size(total)], ["need", need, R.gb(need)],
            ["memory", g.seen, g.memory + " GB as the vendor states it; " + R.gb(g.seen) + " " + g.how],
            ["fit", fit, usable - weights <= 0 ? "0 (the weights alone exceed what " + on + " can hold)" : String(fit)],
            ["verdict", word, verdict(headroom >= 0, headroom, on, R.gb(need - usable))],
            ["headroom", headroom, (headroom * 100).toFixed(1).replace("-", "\u2212") + "%"],
            ["gpus_needed", needed, R.group(String(needed)) + " \u00d7 " + g.name]];
  }

  window.gpulist.calcKinds = window.gpulist.calcKinds || {};
  window.gpulist.calcKinds["kv-cache"] = { inputs: INPUTS, compute: compute, changed: changed, check: check };
})();
