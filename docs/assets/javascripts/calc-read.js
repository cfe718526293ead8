/*
 * What the calculators share (calculators.js, calc-kv.js): reading an input, and showing a
 * number the way src/gpulist/site/calc_html.py shows it (three significant figures).
 *
 * An input is read as digits with an optional exponent (4096, 1.5e12); where its spec says
 * `sized`, also with a suffix, as model and data sizes are written: 70B, 1.5T, 405e9, 7M, 32k
 * (k = 10^3, M = 10^6, B = 10^9, T = 10^12; either case). Empty, not a number, negative, zero
 * (unless the spec allows it), fractional where a count is asked for, or larger than any real
 * case: an error saying what to write instead, which calculators.js shows beside the field and
 * in the form's message, with no result drawn. Exposed as window.gpulist.calcRead.
 */
(function () {
  "use strict";

  var NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
  var SIZED = /^((?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([kmbt])$/i;
  var SUFFIX = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

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

  // Bytes as GB to one decimal, as memory is compared: 150.1 GB against 151.8 GB.
  function gb(bytes) {
    return group((bytes / 1e9).toFixed(1)) + " GB";
  }

  function duration(seconds) {
    var units = [["days", 86400], ["hours", 3600], ["minutes", 60]];
    for (var i = 0; i < units.length; i++) {
      if (seconds >= units[i][1]) return sig3(seconds / units[i][1]) + " " + units[i][0];
    }
    return sig3(seconds) + " seconds";
  }

  // The number written, or NaN: digits with an exponent, and for a `sized` input a suffix.
  function parse(text, sized) {
    var bare = text.replace(/^\+/, "");
    if (NUMBER.test(bare)) return Number(bare);
    var match = sized ? SIZED.exec(bare) : null;
    return match ? Number(match[1]) * SUFFIX[match[2].toLowerCase()] : NaN;
  }

  // One input, read by its spec ({label, max, whole, percent, sized, zero}): {value} or {error}.
  function read(form, name, spec) {
    var label = spec.label, raw = form.elements[name].value.trim();
    var text = raw.replace(/[,_\s]/g, ""), percent = spec.percent && /%$/.test(text);
    if (percent) text = text.slice(0, -1);
    if (text === "") return { error: label + ": enter a number." };
    var least = spec.zero ? " cannot be negative" : " must be more than zero";
    if (text.charAt(0) === "-") return { error: label + least + " (found " + raw + ")." };
    var value = parse(text, spec.sized);
    if (isNaN(value)) {
      var like = spec.sized ? "such as 70B, 1.5T or 405e9" : "such as 4096 or 1.5e12";
      return { error: label + ": \u201c" + raw + "\u201d is not a number; write digits, " + like + "." };
    }
    if (!isFinite(value) || value > spec.max) {
      return { error: label + " is larger than any real case: at most " + spec.max.toExponential().replace("e+", "e") + "." };
    }
    if (value < 0 || (value === 0 && !spec.zero)) return { error: label + least + "." };
    if (spec.whole && value !== Math.floor(value)) return { error: label + " must be a whole number." };
    // 0.4 is how PyTorch users write 40% MFU: up to 1, without a % sign, a fraction.
    if (spec.percent && !percent && value <= 1) return { value: value * 100 };
    return { value: value };
  }

  window.gpulist = window.gpulist || {};
  window.gpulist.calcRead = { group: group, sig3: sig3, size: size, gb: gb, duration: duration, read: read };
})();
