/*
 * gpulist reader, next steps: "Continue", "Ready for you" and "Know first" (see base.js for the modules).
 *
 *   [data-gpulist-continue], [data-gpulist-ready]  in a hidden [data-gpulist-next]: the entries
 *                                being read, latest first, and up to five entries ready for the
 *                                reader (see `ready`), from reader-data.json
 *   [data-gpulist-requires]      a card's "Know first" paragraph: links of covered concepts
 *                                [data-gpulist-concept] are hidden
 */
(function (G) {
  "use strict";

  var READY_SHOWN = 5;
  var esc = G.escapeHtml;

  /* A concept is covered when the reader knows it ("I know this"), or when one of its covering
     entries (its start, else its tagged ones) is read. */
  function coverage(data) {
    return data.cover.map(function (ids, c) {
      if (G.store.isKnown(data.conceptIds[c])) return true;
      for (var i = 0; i < ids.length; i++) if (G.store.statusOf(data.entries[ids[i]].id) === "read") return true;
      return false;
    });
  }

  /* Whether an entry is ready for the reader: unread, in a tier (an untiered entry, a blog or a
     community of The Big Picture, is never a next read), and every concept it requires covered;
     one that requires nothing only in tier 1, where a newcomer can start. */
  function isReady(e, covered) {
    if (!e.tier || G.store.statusOf(e.id) !== "unread") return false;
    if (!e.requires.length) return e.tier === 1;
    return e.requires.every(function (c) { return covered[c]; });
  }

  /* Up to five ready entries: the reader's path's (paths.js: chosen, else the first) in its
     order, then tier 1 of the topics the path passes through, then the rest, tier 1 first, each
     group in the guide's order. */
  function ready(data, covered) {
    var p = G.paths.effective(data);
    var steps = p === -1 ? [] : data.paths[p];
    var touched = {};
    steps.forEach(function (i) { touched[data.entries[i].page] = true; });
    var rank = function (e) { return e.tier === 1 && touched[e.page] ? 0 : e.tier === 1 ? 1 : 2; };
    var found = [], seen = {};
    steps.forEach(function (i) {
      if (isReady(data.entries[i], covered)) { found.push(data.entries[i]); seen[i] = true; }
    });
    var rest = data.entries.filter(function (e) { return !seen[e.index] && isReady(e, covered); });
    rest.sort(function (a, b) { return rank(a) - rank(b) || a.index - b.index; });
    return found.concat(rest).slice(0, READY_SHOWN);
  }

  function reading(data) {
    var current = G.store.marks();
    return data.entries.filter(function (e) { return G.store.statusOf(e.id) === "reading"; })
      .sort(function (a, b) { return current[b.id].at < current[a.id].at ? -1 : current[b.id].at > current[a.id].at ? 1 : a.index - b.index; });
  }

  function entryLines(list, note) {
    if (!list.length) return '<p class="gpulist-next-empty">' + note + "</p>";
    return '<ul class="gpulist-list">' + list.map(function (e) {
      var tier = e.tier ? ' <span class="gpulist-next-tier">tier ' + e.tier + "</span>" : "";
      return '<li data-gpulist-entry="' + esc(e.id) + '"><a href="' + esc(e.href) + '">' +
        esc(e.title) + "</a>" + tier + "</li>";
    }).join("") + "</ul>";
  }

  function nextHtml(kind, data, covered) {
    if (kind === "continue") {
      return '<h2 class="gpulist-next-title">Continue</h2>' + entryLines(reading(data),
        "Nothing in progress: set an entry to \u201creading\u201d and it waits for you here.");
    }
    return '<h2 class="gpulist-next-title">Ready for you</h2>' +
      '<p class="gpulist-next-why">Unread entries whose prerequisites you have covered: your path\u2019s first, ' +
      "then where its topics start.</p>" +
      entryLines(ready(data, covered), "Nothing is ready: every unread entry needs a concept you have not covered yet.");
  }

  function renderNext(data, covered) {
    var boxes = document.querySelectorAll("[data-gpulist-continue], [data-gpulist-ready]");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var html = nextHtml(box.hasAttribute("data-gpulist-continue") ? "continue" : "ready", data, covered);
      if (box.gpulistRendered === html) continue; // unchanged: keep focus where it is
      var focused = G.status.focused(box);
      box.innerHTML = html;
      box.gpulistRendered = html;
      G.status.addControls(box);
      restoreFocus(box, focused);
      var outer = box.closest("[data-gpulist-next]");
      if (outer) outer.hidden = false;
    }
  }

  /* The control the reader used, if its entry is still listed, else the list's heading. */
  function restoreFocus(box, selector) {
    if (!selector) return;
    var target = box.querySelector(selector) || box.querySelector("h2");
    if (target.tagName === "H2") target.setAttribute("tabindex", "-1");
    target.focus();
  }

  function refreshKnowFirst(data, covered) {
    var lists = document.querySelectorAll("[data-gpulist-requires]");
    for (var i = 0; i < lists.length; i++) {
      var links = lists[i].querySelectorAll("[data-gpulist-concept]");
      var left = 0;
      for (var j = 0; j < links.length; j++) {
        var index = data.concepts[links[j].getAttribute("data-gpulist-concept")];
        links[j].hidden = index !== undefined && covered[index];
        if (!links[j].hidden) left++;
      }
      // An attribute of its own, not `hidden`: a filter hides and shows whole cards with that.
      if (left) lists[i].removeAttribute("data-gpulist-covered");
      else lists[i].setAttribute("data-gpulist-covered", "");
    }
  }

  function refreshPlans() {
    if (!document.querySelector("[data-gpulist-continue], [data-gpulist-ready], [data-gpulist-requires]")) return;
    G.loadData().then(function (data) {
      var covered = coverage(data);
      renderNext(data, covered);
      refreshKnowFirst(data, covered);
      G.mark("gpulist-plans-ready");
    }, function (error) {
      // Without the data the "Continue" box stays hidden and every prerequisite shows.
      if (window.console) window.console.warn("gpulist: cannot load " + G.DATA_URL + ": " + error);
    });
  }

  G.coverage = coverage; // which concepts the reader has covered: also what Review takes questions from (due.js)

  G.module("next", { refresh: refreshPlans });
})(window.gpulist);
