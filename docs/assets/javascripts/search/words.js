/*
 * gpulist search, the words: what a word of a query or of the index is (search/engine.js ranks).
 *
 * Loaded into the search worker before engine.js. A word is a run of letters and digits, in any
 * script, case and accents folded; a camelCase word also yields its parts ("FlashAttention" ->
 * flashattention, flash, attention); question words and filler ("how do I", "what is", "why
 * does") are dropped; a light English stemmer makes kernels/kernel, profiling/profiler/profile
 * and quantized/quantization/quantize meet. Exposes gpulist.searchWords.
 */
(function () {
  "use strict";

  var G = self.gpulist = self.gpulist || {}; // the search worker (or a page, for tests)
  var FILLER = ("a an the is are was were be been do does did doing done how what whats which who whom why when " +
    "where can could should would will shall may might must i me my we our you your it its this that these those " +
    "of to in on at by for from with about into as and or but not no if then than so there here get got use used " +
    "using make makes explain explained learn learning understand mean means meaning difference between vs versus " +
    "work works working best good way ways tutorial guide intro introduction please show tell find write writing " +
    "written").split(" ");
  var STOP = {};
  FILLER.forEach(function (w) { STOP[w] = true; });
  // Suffixes a stem may lose, longest first; the stem keeps at least three letters.
  // (-ization keeps its "iz": quantization, quantized and quantize all give quantiz).
  var SUFFIXES = ["izations", "ization", "ations", "ation", "ings", "ing", "ers", "er",
    "ies", "ied", "ed", "es", "e", "s", "ly"];

  function fold(text) {
    return String(text).normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  /* Words as written: runs of letters and digits (any script). */
  function rawWords(text) {
    return String(text).normalize("NFKC").match(/[\p{L}\p{N}]+/gu) || [];
  }

  /* A camelCase or CamelCase word's parts ("FlashAttention", "cuBLAS" stays whole: caps after lower only once). */
  function parts(word) {
    var split = word.replace(/([a-z])([A-Z][a-z])/g, "$1 $2").split(" ");
    return split.length > 1 ? split : [];
  }

  function stem(word) {
    if (/\d/.test(word) || word.length < 4) return word;
    for (var i = 0; i < SUFFIXES.length; i++) {
      var s = SUFFIXES[i];
      if (word.length - s.length >= 3 && word.slice(-s.length) === s) {
        if (s === "s" && /(ss|us|is)$/.test(word)) return word;
        if (s === "ies" || s === "ied") return word.slice(0, -3) + "y";
        if (s.indexOf("ization") === 0) return word.slice(0, -s.length) + "iz";
        var rest = word.slice(0, -s.length);
        // debugging -> debug, hopper -> hop: a doubled consonant left by -ing, -ed or -er is one
        return /(ing|ings|ed|er|ers)$/.test(s) && /([bdgmnprt])\1$/.test(rest) ? rest.slice(0, -1) : rest;
      }
    }
    return word;
  }

  /* A word as a query asks for it: folded and stemmed; null for filler. */
  function term(word) {
    var w = fold(word);
    return STOP[w] ? null : stem(w);
  }

  /* A word as the index holds it: its stem and, where they differ, the whole word, so that a
     typo that breaks a suffix ("quantisaton") is still one edit from a word of the index. */
  function indexTerms(word) {
    var w = fold(word);
    if (STOP[w]) return null;
    var s = stem(w);
    return s === w ? s : [s, w];
  }

  /* The index's words of a field: every word and each camelCase part, as terms. */
  function tokenize(text) {
    var out = [];
    rawWords(text).forEach(function (w) { out.push(w); out.push.apply(out, parts(w)); });
    return out;
  }

  /* The words of a name, for exact matching: no camelCase parts, joined ("FlashAttention-3"
     and "flash attention 3" both give flashattention3). */
  function key(text) {
    return rawWords(text).map(term).filter(Boolean).join("");
  }

  /* A name as written, folded, for telling an alias written as the query from one that folds to it. */
  function literal(text) {
    return fold(text).split(/\s+/).join(" ").trim();
  }

  /* Levenshtein distance of two words, given up past `most` (returns most + 1). */
  function distance(a, b, most) {
    var prev = [];
    for (var j = 0; j <= b.length; j++) prev.push(j);
    for (var i = 1; i <= a.length; i++) {
      var row = [i];
      var low = i;
      for (j = 1; j <= b.length; j++) {
        row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
        low = Math.min(low, row[j]);
      }
      if (low > most) return most + 1;
      prev = row;
    }
    return prev[b.length];
  }

  /* Edits forgiven in a word the index does not hold: none in short words and in names with
     digits (H100 is not A100), one from four letters, two from six. */
  function fuzzyOf(t) {
    return /\d/.test(t) ? 0 : t.length >= 6 ? 2 : t.length >= 4 ? 1 : 0;
  }

  G.searchWords = { fold: fold, rawWords: rawWords, stem: stem, term: term, indexTerms: indexTerms,
    tokenize: tokenize, key: key, literal: literal, distance: distance, fuzzyOf: fuzzyOf, FILLER: FILLER };
})();
