/*
 * gpulist search, the box in the header: the same under Zensical and MkDocs, desktop and phone.
 *
 * Contract with the build: overrides/partials/search.html, which both engines include in their
 * header in place of their own search, writes
 *   [data-gpulist-search]            the component (data-gpulist-search-bound once this script runs)
 *   [data-gpulist-search-input]      the box
 *   [data-gpulist-search-panel]      what opens under it: the status line [data-gpulist-search-status]
 *                                    and the list [data-gpulist-search-results]
 *   [data-gpulist-search-close]      the phone's "close" button
 * and the header's own search button (label[for=__search], shown on a phone) opens it.
 *
 * The engine (search/words.js and engine.js, with the vendored MiniSearch) and search-index.json are
 * fetched the first time a reader opens the search, into a worker (search/worker.js): a page
 * that is never searched loads this file and search.css only. Each result is a link carrying
 * data-gpulist-search-result="<rank>" (1 first); when nothing is found the closest concepts are
 * offered, each data-gpulist-search-closest. A GPU's result shows its figures, each
 * [data-gpulist-search-figure="<key>"], the one the query asked for first with
 * .gpulist-search__figure--asked, and the status line says it too ("H200 SXM, Bandwidth: …"). Everything is written as text nodes: a query or a
 * record can never become markup. gpulist.search.run resolves to null for a query passed over
 * because a later one came before it was answered.
 *
 * Keys: "/" opens the search from anywhere but a field; ArrowDown and ArrowUp walk the box and
 * the results; Enter in the box follows the first result; Escape closes. gpulist.search.run(q)
 * answers a query as the box would (a promise), for tests and benchmarks.
 */
(function () {
  "use strict";

  var G = window.gpulist = window.gpulist || {};
  var SEL = "[data-gpulist-search]";
  var worker = null;
  var ready = null; // a promise of the index's size, once the worker is asked to load
  var seq = 0;
  var pending = {};
  var shownSeq = 0;
  var refocusing = false;

  function root() {
    return document.querySelector(SEL);
  }

  function part(name) {
    var box = root();
    return box && box.querySelector("[data-gpulist-search-" + name + "]");
  }

  function asset(path) {
    return new URL(path, G.ROOT_URL).href; // reader/base.js: the folder above assets/javascripts/
  }

  /* ---- the worker ---- */

  function start() {
    if (ready) return ready;
    ready = new Promise(function (resolve, reject) {
      worker = new Worker(asset("assets/javascripts/search/worker.js"));
      worker.onmessage = function (event) {
        var m = event.data;
        if (m.type === "ready") resolve(m.size);
        else if (m.type === "failed") reject(new Error(m.error));
        else if (m.type === "answer" && pending[m.seq]) {
          pending[m.seq](m.answer);
          delete pending[m.seq];
        }
      };
      worker.onerror = function (event) { reject(new Error(event.message || "the search worker failed")); };
      worker.postMessage({ type: "load", minisearch: asset("assets/javascripts/vendor/minisearch-7.2.0/minisearch.js"),
        words: asset("assets/javascripts/search/words.js"), intent: asset("assets/javascripts/search/intent.js"),
        engine: asset("assets/javascripts/search/engine.js"),
        index: asset("search-index.json") });
    });
    ready.catch(function (error) {
      status("Search could not load (" + error.message + "). Reload the page to try again.");
    });
    return ready;
  }

  function run(query) {
    start();
    var mine = ++seq;
    return new Promise(function (resolve) {
      pending[mine] = function (answer) { resolve(answer && Object.assign(answer, { seq: mine })); };
      worker.postMessage({ type: "query", seq: mine, query: String(query) });
    });
  }

  /* ---- what the panel shows ---- */

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;
    return node;
  }

  function status(text) {
    var line = part("status");
    if (line) line.textContent = text;
  }

  /* The snippet with its marks, as text nodes and <mark>s. */
  function snippet(hit) {
    var out = el("span", "gpulist-search__snippet");
    var at = 0;
    hit.marks.forEach(function (m) {
      if (m[0] < at) return;
      out.appendChild(document.createTextNode(hit.snippet.slice(at, m[0])));
      out.appendChild(el("mark", "", hit.snippet.slice(m[0], m[1])));
      at = m[1];
    });
    out.appendChild(document.createTextNode(hit.snippet.slice(at)));
    return out;
  }

  /* A GPU's key figures or a model's shape, the one the query asked for first and marked. */
  function figures(hit) {
    var out = el("span", "gpulist-search__figures");
    hit.figures.forEach(function (f) {
      var one = el("span", "gpulist-search__figure" + (f.asked ? " gpulist-search__figure--asked" : ""));
      one.setAttribute("data-gpulist-search-figure", f.key);
      one.appendChild(el("span", "gpulist-search__figure-label", f.label));
      one.appendChild(document.createTextNode(" "));
      one.appendChild(el("span", "gpulist-search__figure-value", f.shown));
      out.appendChild(one);
    });
    return out;
  }

  function item(hit, attr, rank) {
    var li = el("li", "gpulist-search__item");
    var a = el("a", "gpulist-search__link");
    a.href = asset(hit.url);
    a.setAttribute(attr, String(rank));
    a.appendChild(el("span", "gpulist-search__label gpulist-search__label--" + hit.kind, hit.label));
    a.appendChild(el("span", "gpulist-search__title", hit.title));
    if (hit.aliases) a.appendChild(el("span", "gpulist-search__aka", hit.aliases));
    if (hit.figures && hit.figures.length) a.appendChild(figures(hit));
    if (hit.snippet) a.appendChild(snippet(hit));
    li.appendChild(a);
    return li;
  }

  function quoted(text) {
    return "“" + (text.length > 60 ? text.slice(0, 60) + "…" : text) + "”";
  }

  var MESSAGES = {
    empty: function () { return "Type a word or a name: a concept, an abbreviation, a title, an author, a GPU."; },
    filler: function (a) { return quoted(a.query) + " holds only common words: add what it is about, as in “how do I profile a kernel”."; },
    none: function (a) { return "No results for " + quoted(a.query) + "." + (a.closest.length ? " Closest concepts:" : ""); },
    results: function (a) {
      var figure = a.figure && a.figure.shown ? a.figure.of + ", " + a.figure.label + ": " + a.figure.shown + ". " : "";
      return figure + a.results.length + (a.results.length === 1 ? " result" : " results") + " for " + quoted(a.query) + ".";
    }
  };

  function show(answer) {
    if (!answer || answer.seq < shownSeq) return; // passed over for a later query, or came late
    shownSeq = answer.seq;
    var list = part("results");
    if (!list) return;
    var input = part("input");
    if (input && input.value.trim() === "" && answer.query !== "") return;
    status(MESSAGES[answer.state](answer) + (answer.note ? " " + answer.note : ""));
    var items = document.createDocumentFragment();
    var hits = answer.state === "none" ? answer.closest : answer.results;
    var attr = answer.state === "none" ? "data-gpulist-search-closest" : "data-gpulist-search-result";
    hits.forEach(function (hit, i) { items.appendChild(item(hit, attr, i + 1)); });
    list.replaceChildren(items);
    root().setAttribute("data-gpulist-search-state", answer.state);
  }

  function search() {
    var input = part("input");
    if (!input) return;
    open();
    run(input.value).then(show);
  }

  /* ---- opening and closing ---- */

  function open() {
    var box = root();
    if (!box) return;
    box.classList.add("gpulist-search--open");
    part("panel").hidden = false;
    start();
  }

  function close(refocus) {
    var box = root();
    if (!box) return;
    box.classList.remove("gpulist-search--open");
    part("panel").hidden = true;
    if (refocus) {
      refocusing = true; // back in the box after Escape: not a reason to open again
      part("input").focus();
      refocusing = false;
    }
  }

  function links() {
    var list = part("results");
    return list ? Array.prototype.slice.call(list.querySelectorAll("a")) : [];
  }

  function walk(event, from) {
    var all = links();
    var at = all.indexOf(from);
    var next = event.key === "ArrowDown" ? at + 1 : at - 1;
    event.preventDefault();
    if (next < 0) part("input").focus();
    else if (all[next]) all[next].focus();
  }

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  function onKey(event) {
    var box = root();
    if (!box) return;
    var inside = box.contains(event.target);
    if (event.key === "/" && !inside && !typing(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      open();
      part("input").focus();
    } else if (inside && event.key === "Escape") {
      event.preventDefault();
      close(event.target !== part("input"));
      if (event.target === part("input")) part("input").blur();
    } else if (inside && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      walk(event, event.target);
    } else if (inside && event.key === "Enter" && event.target === part("input")) {
      event.preventDefault();
      var first = links()[0];
      if (first) first.click();
    }
  }

  /* ---- binding: events are delegated to the document once; each page marks its box bound ---- */

  document.addEventListener("input", function (event) {
    if (event.target === part("input")) search();
  });
  document.addEventListener("focusin", function (event) {
    var input = part("input");
    if (event.target === input && !refocusing) {
      open();
      if (input.value) search();
    }
  });
  document.addEventListener("keydown", onKey);
  document.addEventListener("submit", function (event) {
    if (root() && root().contains(event.target)) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    var box = root();
    if (!box) return;
    var target = event.target.closest ? event.target : document.body;
    if (target.closest("label[for=__search]")) {
      // The header's search button (a phone's magnifier): it opens ours, not the theme's toggle
      // (which each engine's script answers its own way).
      event.preventDefault();
      open();
      part("input").focus();
    } else if (target.closest("[data-gpulist-search-close]")) close(false);
    else if (target.closest("a[data-gpulist-search-result], a[data-gpulist-search-closest]")) close(false);
    else if (!box.contains(target)) close(false);
  });

  function bind() {
    var box = root();
    if (!box) return;
    close(false);
    box.setAttribute("data-gpulist-search-bound", "");
  }

  G.search = { run: run, ready: start, open: open, close: close };
  if (G.everyPage) G.everyPage(bind);
  else document.addEventListener("DOMContentLoaded", bind);
})();
