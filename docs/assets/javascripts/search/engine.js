/*
 * gpulist search, the engine: from a query as a learner types it to ranked results.
 *
 * Loaded on first use of the search box (search/ui.js loads it with the vendored MiniSearch
 * 7.2.0, vendor/minisearch-7.2.0/, MIT, and search-index.json, gpulist.site.search_index).
 * MiniSearch finds candidates (BM25 over the records' fields, prefix matching of the word
 * being typed, one edit forgiven in a word the index does not hold, two from six letters); this file
 * ranks what it found by rules a learner expects (what a word is: search/words.js):
 *
 *   ranking    first what the query asks for beyond its words (search/intent.js): -3. the
 *              GPU it names when it asks for a figure ("H200 memory bandwidth"); -2. the model
 *              shapes of the size it names; -1. the calculators, when it names a size; then
 *              0. a concept whose title is the query; 1. a record whose exact title is the
 *              query (an entry, a path, a GPU, a page); 2. a concept one of whose aliases is
 *              the query (as written before one that only folds to it); 2.5. a tool (calculator,
 *              lab, page, path) one of whose names the query holds whole ("how much KV cache");
 *              3. concepts whose names hold every word; 4. concepts whose names hold words
 *              weighing at least half the query (rarer words weigh more, a title's twice);
 *              5. records whose titles hold every word; 6. the rest. Within a group: the
 *              intent's order, the weight a concept's title holds (an alias never outranks a
 *              title match of the query's own words), the weight its names hold, the share of
 *              its title the query holds, then MiniSearch's score
 *   nothing    the closest concepts by their names' letter trigrams
 *
 * Exposes gpulist.searchEngine.create(index, MiniSearch) -> {run(query) -> answer}; answer is
 * {state, query, note, results, closest, figure}, each result {kind, title, aliases, label, url,
 * snippet, marks: [[start, end]], figures: [{key, label, shown, asked}], asked}; state is
 * "results", "none", "empty" (no word) or "filler" (only filler words); `figure` is the figure
 * the first result answers with ({of, key, label, shown}) or null; `note` says how a typo or a
 * unit was read, that a model size is not among the shapes, or that a GPU lacks the figure.
 */
(function () {
  "use strict";

  var G = self.gpulist = self.gpulist || {}; // a page's window, or the search worker
  var MAX_QUERY = 200; // characters searched; the rest is ignored, and the answer says so
  var MAX_WORDS = 12;
  var SHOWN = 30;
  var RANKED = 300; // MiniSearch's best, ranked by the rules; the rest cannot reach the first 30
  var W = G.searchWords; // search/words.js, loaded first
  var fold = W.fold, rawWords = W.rawWords, term = W.term, tokenize = W.tokenize, key = W.key, literal = W.literal;
  var indexTerms = W.indexTerms, distance = W.distance, fuzzyOf = W.fuzzyOf;
  /* A record's name terms, its title's first (`titleLength` of them, with camelCase parts),
     then its other names' (whole words only: KernelBench is not a name for "bench"). */
  function nameTerms(record) {
    var out = [];
    var add = function (w) { var t = indexTerms(w); if (t) out.push.apply(out, [].concat(t)); };
    tokenize(record[1]).forEach(add);
    var titleLength = out.length;
    rawWords(record[2]).forEach(add);
    out.titleLength = titleLength;
    return out;
  }

  G.searchEngine = { create: create, MAX_QUERY: MAX_QUERY };

  function create(raw, MiniSearch) {
    var records = raw.records;
    var vocabulary = {}; // every word the index holds
    var mini = new MiniSearch({
      idField: "i", fields: ["t", "n", "k", "x"], tokenize: tokenize,
      processTerm: function (w) {
        var t = indexTerms(w);
        [].concat(t || []).forEach(function (x) { vocabulary[x] = true; });
        return t;
      },
      searchOptions: { tokenize: function (q) { return q.split(" "); }, processTerm: function (t) { return t; } }
    });
    mini.addAll(records.map(function (r, i) { return { i: i, t: r[1], n: r[2], k: r[3], x: r[4] }; }));
    var exact = {};
    var names = [];
    var df = {}; // in how many records' names each name term stands: rarer words weigh more
    records.forEach(function (r, i) {
      names.push(nameTerms(r));
      names[i].forEach(function (t, j, all) { if (all.indexOf(t) === j) df[t] = (df[t] || 0) + 1; });
      var keys = [[r[1], r[0] === "concept" ? 0 : 1]];
      if (r[0] === "concept") String(r[2]).split(" · ").forEach(function (a) { if (a) keys.push([a, 2]); });
      keys.forEach(function (pair) {
        var k = key(pair[0]);
        if (k) (exact[k] = exact[k] || []).push([i, pair[1], literal(pair[0])]);
      });
    });
    var engine = { records: records, mini: mini, exact: exact, names: names, df: df, vocabulary: vocabulary,
      intent: G.searchIntent.create(raw), labels: {} };
    (raw.figures || []).forEach(function (k) { engine.labels[k[0]] = k[1]; });
    return { run: function (query) { return answer(engine, query); }, size: records.length };
  }

  /* A word the index holds is taken as meant: no edits (cheaper, and "tensor" does not also
     match "sensor"); any other word gets fuzzyOf's. */
  function edits(engine, t) {
    return engine.vocabulary[t] ? 0 : fuzzyOf(t);
  }

  function answer(engine, input) {
    var query = String(input == null ? "" : input);
    var note = query.length > MAX_QUERY ? "Only the first " + MAX_QUERY + " characters were searched." : "";
    query = query.slice(0, MAX_QUERY);
    var words = rawWords(query);
    var base = { query: query.trim(), results: [], closest: [], note: note };
    if (!words.length) return Object.assign(base, { state: "empty" });
    var terms = words.map(term).filter(Boolean).slice(0, MAX_WORDS);
    if (!terms.length) return Object.assign(base, { state: "filler" });
    var intent = G.searchIntent.read(engine.intent, query, terms);
    base.note = [note].concat(intent.notes).filter(Boolean).join(" ");
    var results = rank(engine, terms, { key: key(query), text: literal(query) }, intent);
    if (!results.length) return Object.assign(base, { state: "none", closest: closest(engine, query) });
    var out = results.slice(0, SHOWN).map(function (hit) { return shown(engine, engine.records[hit.id], terms, intent.figure); });
    var figure = asked(out[0], intent);
    if (figure && !figure.shown) {
      base.note = (base.note + " The GPU numbers give no " + (engine.labels[figure.key] || figure.key) + " figure for " +
        figure.of + ".").trim();
    }
    return Object.assign(base, { state: "results", results: out, figure: figure });
  }

  /* The figure the first result answers with, for the status line: {of, label, shown}, or null. */
  function asked(first, intent) {
    if (!intent.figure || !first || first.kind !== "gpu") return null;
    var f = first.figures.filter(function (x) { return x.asked; })[0];
    return { of: first.title, key: intent.figure, label: f ? f.label : "", shown: f ? f.shown : "" };
  }

  /* Where the query's intent (search/intent.js) places a record, [group, order]: a named GPU's row
     when a figure is asked for, then a model shape of the size asked, then the calculators, all
     before the exact names (0); a tool one of whose names the query holds whole, after them (2.5). */
  function pinned(intent) {
    var pins = {};
    var put = function (ids, group) { ids.forEach(function (id, n) { if (!pins[id]) pins[id] = [group, n]; }); };
    if (intent.figure) put(intent.gpus, -3);
    put(intent.models, -2);
    put(intent.calculators, -1);
    Object.keys(intent.tools).forEach(function (id) { if (!pins[id]) pins[id] = [2.5, +id]; });
    return pins;
  }

  function rank(engine, terms, whole, intent) {
    var found = engine.mini.search(terms.join(" "), {
      boost: { t: 5, n: 4, k: 1.5, x: 1 }, combineWith: "OR",
      prefix: function (t, i, all) { return i === all.length - 1 && t.length >= 2; },
      fuzzy: function (t) { return edits(engine, t) || null; }, maxFuzzy: 2, weights: { fuzzy: 0.3, prefix: 0.5 }
    });
    var seen = {};
    var groups = found.slice(0, RANKED).map(function (hit) {
      seen[hit.id] = true;
      var placed = group(engine, hit.id, terms);
      return { id: hit.id, score: hit.score, group: placed[0], held: placed[2], title: placed[3],
        cover: placed[0] < 5 ? placed[1] : 0 };
    });
    var pins = pinned(intent);
    Object.keys(pins).forEach(function (id) {
      if (!seen[id]) { seen[id] = true; groups.push({ id: +id, score: 0, group: 7, held: 0, title: 0, cover: 0 }); }
    });
    var exact = engine.exact[whole.key] || [];
    exact.forEach(function (pair) {
      if (!seen[pair[0]]) groups.push({ id: pair[0], score: 0, group: 7, held: 0, title: 0, cover: 0 });
    });
    groups.forEach(function (g) {
      exact.forEach(function (pair) {
        // An alias written as the query was comes before one that only folds to the same words
        // ("device memory" is GPU Memory's alias; Global Memory's "__device__ memory" folds to it).
        if (pair[0] === g.id) g.group = Math.min(g.group, pair[1] + (pair[1] === 2 && pair[2] !== whole.text ? 0.5 : 0));
      });
    });
    groups.forEach(function (g) {
      var pin = pins[g.id];
      g.pin = 0;
      if (pin && pin[0] < g.group) { g.group = pin[0]; g.pin = pin[1]; }
    });
    // Within a group, what the titles hold before what aliases hold: an alias never outranks a
    // title match of the query's own words (Tiling's "tile size" does not lead "KV cache size").
    return groups.sort(function (a, b) {
      return a.group - b.group || a.pin - b.pin || b.title - a.title || b.held - a.held || b.cover - a.cover ||
        b.score - a.score || a.id - b.id;
    });
  }

  /* [group, cover, held, title]: 3, a concept whose names hold every word; 4, one whose names hold
     words that weigh at least half the query, rarer words weighing more (for "how do I debug a
     CUDA kernel", "debug" makes Debugging one and "CUDA kernel" does not make Kernels one;
     numbers weigh nothing, or "3" would make CUTLASS 3 one for "FlashAttention-3"); 5, a record
     whose title holds every word; 6, the rest (0-2 are exact names, set by `rank`). Within a
     group, concepts go by the weight their names hold (`held`), then by `cover`, the share of
     the title's words the query holds: KV Cache before KV Cache Quantization for "KV". `title`
     is the weight the concept's title alone holds, which `rank` puts before `held`. */
  function group(engine, id, terms) {
    var record = engine.records[id];
    var mine = engine.names[id];
    var last = terms.length - 1;
    var holds = function (t, i) { return mine.some(function (n) { return near(t, n, i === last, edits(engine, t)); }); };
    var weight = function (t) { return isWord(t) ? Math.log(1 + engine.records.length / (engine.df[t] || 1)) : 0; };
    var title = mine.slice(0, Math.max(1, mine.titleLength));
    var total = 0;
    var held = 0;
    var count = 0;
    var byTitle = 0;
    terms.forEach(function (t, i) {
      total += weight(t);
      if (!holds(t, i)) return;
      held += weight(t);
      count++;
      if (title.some(function (n) { return near(t, n, i === last, edits(engine, t)); })) byTitle += weight(t);
    });
    var cover = title.filter(function (n) {
      return terms.some(function (t, i) { return near(t, n, i === last, edits(engine, t)); });
    }).length / title.length;
    if (record[0] !== "concept") return [count === terms.length ? 5 : 6, cover, 0, 0];
    if (count === terms.length) return [3, cover, held, byTitle];
    return [held > 0 && held + byTitle >= total / 2 ? 4 : 6, cover, held, byTitle];
  }

  function isWord(t) {
    return !/^\d+$/.test(t);
  }

  /* Whether a query term meets a name's term: equal, its prefix (the word being typed), or within its edits. */
  function near(t, n, typing, most) {
    if (t === n || (typing && t.length >= 2 && n.indexOf(t) === 0)) return true;
    return most > 0 && Math.abs(t.length - n.length) <= most && distance(t, n, most) <= most;
  }

  /* The closest concepts to a query that found nothing: by shared letter trigrams of its names. */
  function closest(engine, query) {
    var mine = grams(fold(query));
    if (!mine.size) return [];
    var best = [];
    engine.records.forEach(function (r, i) {
      if (r[0] !== "concept") return;
      var score = 0;
      [r[1]].concat(String(r[2]).split(" · ")).forEach(function (name) { score = Math.max(score, dice(mine, grams(fold(name)))); });
      if (score > 0.15) best.push({ id: i, score: score });
    });
    best.sort(function (a, b) { return b.score - a.score || a.id - b.id; });
    return best.slice(0, 5).map(function (b) { return shown(engine, engine.records[b.id], [], null); });
  }

  function grams(text) {
    var out = new Set();
    rawWords(text).forEach(function (w) {
      var padded = " " + w + " ";
      for (var i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
    });
    return out;
  }

  function dice(a, b) {
    var shared = 0;
    a.forEach(function (g) { if (b.has(g)) shared++; });
    return a.size + b.size ? (2 * shared) / (a.size + b.size) : 0;
  }

  /* What a result shows: its title alone (a concept's aliases apart), what it is, and a snippet
     that starts at a word: the record's text from its start, or from the word before the first
     match when that lies far in. */
  function shown(engine, record, terms, figure) {
    var text = record[4] || "";
    var marks = [];
    var lower = text.toLowerCase(); // the same length as the text, for the marks' places
    terms.forEach(function (t) {
      var re = new RegExp("(^|[^\\p{L}\\p{N}])(" + t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "[\\p{L}\\p{N}]*)", "gu");
      var m;
      while ((m = re.exec(lower)) && marks.length < 20) marks.push([m.index + m[1].length, m.index + m[0].length]);
    });
    marks.sort(function (a, b) { return a[0] - b[0]; });
    var start = 0;
    if (marks.length && marks[0][0] > 120) start = text.lastIndexOf(" ", marks[0][0] - 40) + 1;
    var snippet = (start ? "… " : "") + text.slice(start);
    var shift = start ? 2 - start : 0;
    var figures = (record[7] || []).map(function (f) {
      return { key: f[0], label: engine.labels[f[0]] || f[0], shown: f[1], asked: f[0] === figure };
    });
    figures.sort(function (a, b) { return b.asked - a.asked; });
    return { kind: record[0], title: record[1], aliases: record[0] === "concept" ? record[2] : "", label: record[6],
      figures: figures, asked: figures.some(function (f) { return f.asked; }) ? figure : null,
      url: record[5], snippet: snippet, marks: marks.filter(function (m) { return m[0] >= start; })
        .map(function (m) { return [m[0] + shift, m[1] + shift]; }) };
  }
})();
