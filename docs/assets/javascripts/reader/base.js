/*
 * gpulist reader, shared helpers and the page lifecycle: loaded first of the reader's modules.
 *
 * The reader is one module per concern under docs/assets/javascripts/reader/, each a deferred
 * script listed in mkdocs.yml's `extra_javascript` in this order (`gpulist build` joins them,
 * with the site's other deferred scripts after them, into one file, assets/javascripts/site.js:
 * gpulist.publish.joined):
 *   base.js      this file: the namespace, validation, escaping, the data file, the lifecycle
 *   store.js     the reader's marks in localStorage (reading states)
 *   schedule.js  the review schedule in localStorage: each check question's FSRS card
 *   status.js    the one status control per entry
 *   progress.js  "N / M" figures and the concept map's shades
 *   know.js      "I know this": known concepts, which count as covered
 *   cards.js     a topic page's cards wrapped one element each, for the filters to hide
 *   filter-form.js  the filter form's markup and controls
 *   filters.js   what the filters show on listing pages, and the All-resources table's rows
 *   paths.js     the reader's chosen path ("Follow this path"), a path page's next step
 *   step.js      "Your next step" on the home page
 *   next.js      "Continue", "Ready for you" and "Know first", from reader-data.json
 *   due.js       which questions are due for review, and the home page's count of them
 *   review.js    the Review page: answer, reveal and grade the questions due (FSRS, ts-fsrs)
 *   files.js     progress files: export, import, merge
 *   share.js     progress links (#progress=…) and their offer: view, merge, dismiss
 *   cite.js      copying the record a paper's or book's "Cite" fold shows
 *   bundle.js    a run bundle (.tar.gz) unpacked in memory, defensively, for compare.js
 *   compare.js   "Compare with your GPU": a reader's own lab record on a Measured section's charts
 *   anchor.js    a link's target left off screen once the others have bound, shown again (last)
 *   ../resources-table.js  the All-resources table, drawn from what the filters leave
 * The contract with `gpulist build` (the data-gpulist-* hooks the pages carry) is documented
 * in src/gpulist/site/reader.py; each module's head says which hooks it reads.
 *
 * Each module registers itself with `gpulist.module(name, {early, late, refresh})`. Instant
 * navigation (Material's, and Zensical's) swaps pages without a reload and announces each on
 * `document$`, a replaying subject fed at DOMContentLoaded, so every module has registered
 * before the first page is announced. Each page is bound in two tasks, so that neither blocks
 * the page long: first every module's `early` (what changes the layout: the filters), then
 * every `late` (the controls and what they show), then one `refresh`. `gpulist.refresh()`
 * runs every module's `refresh` after any change of the marks, then announces
 * `gpulist:progress` on the document. Events are delegated to the document once per module,
 * when its script runs, never per page.
 */
(function () {
  "use strict";

  var G = window.gpulist = window.gpulist || {};
  var modules = [];

  G.ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  G.MAX_ID = 200;
  G.STATES = ["unread", "reading", "read", "skipped"];
  G.MARKS = ["read", "reading", "skipped"]; // the states a mark records; also the progress file's keys
  G.has = Object.prototype.hasOwnProperty;

  G.validId = function (id) {
    return typeof id === "string" && id.length <= G.MAX_ID && G.ID.test(id);
  };

  G.validTime = function (value) {
    return typeof value === "string" && value.length <= 40 && !isNaN(Date.parse(value));
  };

  G.escapeHtml = function (text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  };

  /* Text order for the tables' sorting (numbers within text by value, case and accents aside).
     The collator is made on first use, never while a page loads: Chromium's first Intl.Collator
     loads its collation data, 13-32 ms here and four times that on Lighthouse's phone, and it
     ran on every page when each table script made one at start. */
  var collator = null;
  G.collate = function (a, b) {
    collator = collator || new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
    return collator.compare(a, b);
  };

  G.mark = function (name) {
    if (window.performance && performance.mark) performance.mark(name);
  };

  // The site's root is the folder above assets/javascripts/, wherever this script sits below it.
  var script = (document.currentScript && document.currentScript.src) ||
    (document.querySelector("script[src*='javascripts/reader']") || {}).src || window.location.href;
  var assets = script.indexOf("assets/javascripts/");
  G.ROOT_URL = assets === -1 ? new URL("../../", script).href : script.slice(0, assets);
  G.DATA_URL = new URL("reader-data.json", G.ROOT_URL).href;

  /* ---- reader-data.json, fetched once per visit and kept across instant navigation ---- */

  var dataPromise = null;

  G.loadData = function () {
    if (!dataPromise) {
      dataPromise = fetch(G.DATA_URL, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(indexData);
      dataPromise.catch(function () { dataPromise = null; }); // try again on the next page
    }
    return dataPromise;
  };

  function indexData(raw) {
    if (!raw || raw.version !== 1) throw new Error("reader-data.json: unknown version");
    var pages = raw.pages.map(function (page) { return new URL(page, G.ROOT_URL).href; });
    var entries = raw.entries.map(function (e, index) {
      return { index: index, id: e[0], title: e[1], page: e[2], href: pages[e[2]] + "#" + e[0], tier: e[3],
        requires: e[4], effort: e[5] || "", access: e[6] || "" };
    });
    var concepts = {};
    raw.concepts.forEach(function (c, index) { concepts[c[0]] = index; });
    return { entries: entries, cover: raw.concepts.map(function (c) { return c[1]; }), concepts: concepts,
      conceptIds: raw.concepts.map(function (c) { return c[0]; }), paths: raw.paths,
      questions: raw.concepts.map(function (c) { return c[2] || []; }),
      areas: raw.concepts.map(function (c) { return c[3] || "other"; }),
      pathInfo: (raw.path_info || []).map(function (p) { return [p[0], p[1], new URL(p[2], G.ROOT_URL).href, p[3], p[4]]; }) };
  }

  /* ---- the lifecycle ---- */

  G.module = function (name, parts) {
    modules.push({ name: name, early: parts.early, late: parts.late, refresh: parts.refresh });
  };

  G.refresh = function () {
    modules.forEach(function (m) { if (m.refresh) m.refresh(); });
    document.dispatchEvent(new CustomEvent("gpulist:progress"));
  };

  var page = 0; // which page a deferred half of `bind` belongs to

  function bind() {
    G.mark("gpulist-reader-start");
    var current = ++page;
    modules.forEach(function (m) { if (m.early) m.early(); });
    G.mark("gpulist-reader-paused");
    window.setTimeout(function () {
      if (current !== page) return; // the reader has moved on: that page's bind runs instead
      G.mark("gpulist-reader-resumed");
      modules.forEach(function (m) { if (m.late) m.late(); });
      G.refresh();
      G.mark("gpulist-reader-bound");
      document.documentElement.setAttribute("data-gpulist-reader", "bound");
    }, 0);
  }

  /* Run `fn` for every page a reader sees: on the theme's `document$` where there is one (each
     instant navigation announces its page there), else once. The site's other scripts (the
     table, the GPU table, the calculators, the concept map) bind through it too, so that the
     choice between the two lives in one place. */
  G.everyPage = function (fn) {
    if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
      window.document$.subscribe(fn);
    } else if (document.readyState === "complete") {
      window.setTimeout(fn, 0); // loaded after the page (another theme): once the other scripts ran
    } else {
      // Without the theme's subject (a page of another theme): once, when the last script has run.
      document.addEventListener("DOMContentLoaded", fn);
    }
  };

  G.everyPage(bind);
})();
