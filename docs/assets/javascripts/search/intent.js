/*
 * gpulist search, what a practitioner's query asks for beyond its words: a GPU's figure ("H200
 * memory bandwidth"), a model's size ("does 70B fit on an H200"), or a tool that answers a
 * question ("how much KV cache"). search/engine.js places what this finds above the rest.
 *
 * Loaded into the search worker after words.js and before engine.js. Everything it knows comes
 * from search-index.json (gpulist.site.search_figures): the kinds of figure and the phrases that
 * ask for each, the GPUs' names and figures, the model shapes and the tools' names.
 *
 *   a GPU      a word of the query with a digit that is a word of a GPU's name (h200, mi300x,
 *              4090; not 80 or 32, which only break ties: "A100 80GB"); GPUs named by more of
 *              the query's words first, then in the data's order
 *   a figure   the kind one of whose phrases the query holds whole, the longest phrase winning
 *              (then the earlier kind): "memory bandwidth" is bandwidth, "measured bandwidth"
 *              the measured copy; a word one or two edits from a phrase's word counts, and
 *              the answer says how it was read; none where the query holds a concept's longer
 *              name around the phrase ("H100 shared memory")
 *   a size     70B, 1.5T, 405e9: the model shapes of that size first (and of the family the query
 *              names), then the calculators, the one whose names hold most of the query first
 *   a unit     a number's unit the GPU figures do not use ("141 GBB") is read as the nearest
 *              one, or said to be unknown
 *   a tool     a calculator, lab, page or path one of whose names (of two words or more) the
 *              query holds whole
 *
 * Exposes gpulist.searchIntent.create(raw) -> index and .read(index, query, terms) ->
 * {gpus: [record ids], figure: key or null, models: [ids], calculators: [ids], tools: {id: true},
 * notes: [text]}.
 */
(function () {
  "use strict";

  var G = self.gpulist = self.gpulist || {};
  var W = G.searchWords;
  var SIZE = /(^|[^\p{L}\p{N}.])(\d+(?:\.\d+)?)\s?(?:([mbt])|e(\d{1,2}))(?![\p{L}\p{N}])/giu;
  var SCALE = { m: 1e6, b: 1e9, t: 1e12 };
  var TOOLS = { calculator: true, lab: true, page: true, path: true };

  function terms(text) {
    return W.rawWords(text).map(W.term).filter(Boolean);
  }

  function phrases(text) {
    return String(text || "").split(" · ").map(terms).filter(function (p) { return p.length; });
  }

  /* A query's words folded, a number's unit apart ("80GB" -> 80, gb), each marked when it follows a number. */
  function split(query) {
    var out = [];
    W.rawWords(query).forEach(function (w) {
      var m = /^(\d+)([a-z]+)$/.exec(W.fold(w));
      if (m) out.push({ w: m[1] }, { w: m[2], unit: true, attached: true, raw: w.slice(m[1].length) });
      else out.push({ w: W.fold(w), unit: out.length > 0 && /^\d+$/.test(out[out.length - 1].w) && /^[a-z]+$/i.test(w), raw: w });
    });
    return out;
  }

  function create(raw) {
    var ix = { kinds: [], gpus: [], models: [], calculators: [], tools: [], concepts: [], units: {}, labels: {} };
    (raw.figures || []).forEach(function (k) {
      ix.kinds.push({ key: k[0], phrases: phrases(k[2]) });
      ix.labels[k[0]] = k[1];
      W.rawWords(k[2]).forEach(function (w) { if (/^[a-z]+$/i.test(w)) ix.units[W.fold(w)] = true; });
    });
    raw.records.forEach(function (r, i) {
      var words = split(r[1]).map(function (x) { return x.w; });
      if (r[0] === "gpu") {
        ix.gpus.push({ id: i, ident: words.filter(function (w) { return /\d/.test(w) && !/^\d{1,3}$/.test(w); }), words: words });
        (r[7] || []).forEach(function (f) { W.rawWords(f[1]).forEach(function (u) { if (!/\d/.test(u)) ix.units[W.fold(u)] = true; }); });
      } else if (r[0] === "model") {
        var params = (r[7] || []).filter(function (f) { return f[0] === "params"; })[0];
        ix.models.push({ id: i, family: words.filter(function (w) { return !/\d/.test(w); }), params: params ? params[2] : 0 });
      }
      if (r[0] === "concept") ix.concepts.push.apply(ix.concepts, phrases(r[1] + " · " + r[2]).filter(function (p) { return p.length >= 2; }));
      if (r[0] === "calculator") ix.calculators.push({ id: i, words: terms(r[1] + " " + r[2]) });
      if (TOOLS[r[0]]) ix.tools.push({ id: i, phrases: phrases(r[1] + " · " + r[2]) });
    });
    return ix;
  }

  /* The GPUs the query names, most of its words first. */
  function gpusOf(ix, words) {
    var found = [];
    ix.gpus.forEach(function (g, n) {
      if (!g.ident.some(function (w) { return words.indexOf(w) >= 0; })) return;
      var held = g.words.filter(function (w) { return words.indexOf(w) >= 0; }).length;
      found.push({ id: g.id, held: held, n: n });
    });
    found.sort(function (a, b) { return b.held - a.held || a.n - b.n; });
    return found.map(function (f) { return f.id; });
  }

  /* How a phrase's word is met by the query's terms: 2 as written, 1 within its edits, 0 not. */
  function meet(word, qterms) {
    if (qterms.indexOf(word) >= 0) return { at: 2 };
    var most = W.fuzzyOf(word);
    for (var i = 0; most && i < qterms.length; i++) {
      if (Math.abs(qterms[i].length - word.length) <= most && W.distance(qterms[i], word, most) <= most) return { at: 1, typed: qterms[i] };
    }
    return { at: 0 };
  }

  /* The kind of figure asked for: the longest phrase held whole, exact before read through edits. */
  function figureOf(ix, qterms) {
    var best = null;
    ix.kinds.forEach(function (k) {
      k.phrases.forEach(function (p) {
        var met = p.map(function (w) { return meet(w, qterms); });
        if (met.some(function (m) { return !m.at; })) return;
        var score = p.length * 2 + met.filter(function (m) { return m.at === 2; }).length / p.length;
        if (!best || score > best.score) best = { key: k.key, score: score, typos: met.filter(function (m) { return m.at === 1; }), phrase: p };
      });
    });
    return best;
  }

  function sizesOf(query) {
    var out = [];
    var m;
    SIZE.lastIndex = 0;
    while ((m = SIZE.exec(query))) {
      var value = parseFloat(m[2]) * (m[3] ? SCALE[m[3].toLowerCase()] : Math.pow(10, parseInt(m[4], 10)));
      if (value >= 1e6) out.push({ value: value, text: m[0].slice(m[1].length).replace(/\s/g, "") });
    }
    return out;
  }

  function modelsOf(ix, words, sizes) {
    var named = ix.models.filter(function (m) { return m.family.some(function (w) { return words.indexOf(w) >= 0; }); });
    if (!sizes.length) return named;
    return (named.length ? named : ix.models).filter(function (m) {
      return sizes.some(function (s) { return Math.abs(m.params - s.value) <= 0.05 * s.value; });
    });
  }

  /* The calculators, those whose names hold most of the query's terms first (the index's order after). */
  function calculatorsOf(ix, qterms, tools) {
    return ix.calculators.map(function (c, n) {
      return { id: c.id, n: n, named: tools[c.id] ? 1 : 0, held: qterms.filter(function (t) { return c.words.indexOf(t) >= 0; }).length };
    }).sort(function (a, b) { return b.named - a.named || b.held - a.held || a.n - b.n; }).map(function (c) { return c.id; });
  }

  function unitNotes(ix, parts) {
    var known = Object.keys(ix.units);
    var nearest = function (p) { return known.filter(function (u) { return u.length > 1 && W.distance(p.w, u, 1) <= 1; })[0]; };
    return parts.filter(function (p) {
      return p.unit && !ix.units[p.w] && !/^[mbt]$/.test(p.w) && (p.attached || (p.w.length <= 6 && nearest(p)));
    }).map(function (p) {
      var near = nearest(p);
      return near ? "Read “" + p.raw + "” as “" + near.toUpperCase() + "”."
        : "“" + p.raw + "” is not a unit of the GPU numbers (GB, GB/s, TFLOPS).";
    });
  }

  /* Whether the query holds a concept's name that holds the figure's phrase and more: "H100 shared
     memory" asks about Shared Memory, not the H100's memory. */
  function narrower(ix, phrase, qterms) {
    return ix.concepts.some(function (p) {
      return p.length > phrase.length && phrase.every(function (w) { return p.indexOf(w) >= 0; }) &&
        p.every(function (w) { return qterms.indexOf(w) >= 0; });
    });
  }

  /* A tool's name held by the query: whole, and of two words or more unless it is the whole query. */
  function held(phrase, qterms) {
    if (phrase.length < 2 && !(qterms.length === 1 && qterms[0] === phrase[0])) return false;
    return phrase.every(function (w) { return qterms.indexOf(w) >= 0; });
  }

  function read(ix, query, qterms) {
    var parts = split(query);
    var words = parts.map(function (p) { return p.w; });
    var out = { gpus: [], figure: null, models: [], calculators: [], tools: {}, notes: [] };
    var gpus = gpusOf(ix, words);
    var figure = gpus.length ? figureOf(ix, qterms) : null;
    if (figure && ix.labels[figure.key] && !/^(params|layers|kv_heads)$/.test(figure.key) && !narrower(ix, figure.phrase, qterms)) {
      out.gpus = gpus;
      out.figure = figure.key;
      figure.typos.forEach(function (m) { out.notes.push("Read “" + m.typed + "” as asking for " + ix.labels[figure.key].toLowerCase() + "."); });
    }
    if (gpus.length) out.notes = out.notes.concat(unitNotes(ix, parts));
    ix.tools.forEach(function (t) {
      if (t.phrases.some(function (p) { return held(p, qterms); })) out.tools[t.id] = true;
    });
    var sizes = sizesOf(query);
    var models = modelsOf(ix, words, sizes);
    if (sizes.length || models.length) {
      out.models = models.map(function (m) { return m.id; });
      out.calculators = calculatorsOf(ix, qterms, out.tools);
      if (!models.length) out.notes.push("No model of " + sizes[0].text + " parameters is described here: the calculators take any size and shape.");
    }
    return out;
  }

  G.searchIntent = { create: create, read: read };
})();
