/*
 * gpulist reader, what is due for review, and the home page's count of it (see base.js for the modules).
 *
 *   [data-gpulist-due]  a `hidden` paragraph on the home page's next-step card: gets "N questions
 *                       to review today", linked to the Review page, and is shown, when any are
 *
 * Which questions: those of the concepts in the reader's scope (schedule.js keeps it), from
 * reader-data.json (each concept's question ids and area, base.js): "read", the concepts the
 * reader has covered (read or known, next.js's `coverage`); "path:<id>", the concepts the
 * path's entries cover; "area:<id>", an area's; "all". Of those, a question is due when its
 * card is due now, or, once learnt (FSRS's review state), any time today; a question never
 * graded is new, and at most NEW_PER_DAY new questions are offered a day (counted from the
 * first grade of each card), as Anki does, so reading a whole path does not bring a hundred
 * questions at once. Due questions come earliest first, new ones in the concepts' order.
 */
(function (G) {
  "use strict";

  var NEW_PER_DAY = 20;

  /* The concepts (indexes) a scope takes questions from. */
  function concepts(data, scope) {
    var n = data.conceptIds.length, chosen = [], i;
    if (scope === "all") for (i = 0; i < n; i++) chosen.push(i);
    else if (scope.indexOf("area:") === 0) {
      for (i = 0; i < n; i++) if (data.areas[i] === scope.slice(5)) chosen.push(i);
    } else if (scope.indexOf("path:") === 0) {
      var p = data.pathInfo.map(function (info) { return info[0]; }).indexOf(scope.slice(5));
      var steps = {};
      (p === -1 ? [] : data.paths[p]).forEach(function (e) { steps[e] = true; });
      for (i = 0; i < n; i++) if (data.cover[i].some(function (e) { return steps[e]; })) chosen.push(i);
    } else {
      var covered = G.coverage(data);
      for (i = 0; i < n; i++) if (covered[i]) chosen.push(i);
    }
    return chosen;
  }

  function startOfDay(now) {
    var day = new Date(now);
    day.setHours(0, 0, 0, 0);
    return day.getTime();
  }

  /* What the scope holds at `now` (ms): {due: [ids], fresh: [ids offered today], freshLeft: all
     new in scope, later: [ids due later today], next: ms of the next card not due today or 0,
     total, concepts}. */
  function queue(data, scope, now) {
    var cards = G.schedule.cards();
    var today = startOfDay(now), tomorrow = today + 864e5;
    var firstToday = 0, ids = Object.keys(cards);
    for (var k = 0; k < ids.length; k++) if (cards[ids[k]][9] >= today) firstToday++;
    var out = { due: [], fresh: [], freshLeft: 0, later: [], next: 0, total: 0, concepts: 0 };
    var chosen = concepts(data, scope);
    out.concepts = chosen.length;
    chosen.forEach(function (c) {
      data.questions[c].forEach(function (id) {
        var card = G.has.call(cards, id) ? cards[id] : null;
        out.total++;
        if (!card) out.freshLeft++;
        else if (card[0] <= now || (card[3] === 2 && card[0] < tomorrow)) out.due.push(id);
        else if (card[0] < tomorrow) out.later.push(id);
        else if (!out.next || card[0] < out.next) out.next = card[0];
        if (!card && out.fresh.length < NEW_PER_DAY - firstToday) out.fresh.push(id);
      });
    });
    var by = function (a, b) { return cards[a][0] - cards[b][0]; };
    out.due.sort(by);
    out.later.sort(by);
    return out;
  }

  function countText(q) {
    var n = q.due.length + q.fresh.length;
    var parts = [];
    if (q.due.length) parts.push(q.due.length + " due");
    if (q.fresh.length) parts.push(q.fresh.length + " new");
    return n + (n === 1 ? " question" : " questions") + " to review today (" + parts.join(", ") + ")";
  }

  function refreshCount() {
    var box = document.querySelector("[data-gpulist-due]");
    if (!box) return;
    G.loadData().then(function (data) {
      var q = G.schedule.problem() ? null : queue(data, G.schedule.scope(), Date.now());
      var n = q ? q.due.length + q.fresh.length : 0;
      var html = n ? '<a href="' + G.escapeHtml(new URL("review/", G.ROOT_URL).href) + '">' + countText(q) + "</a>" : "";
      if (box.gpulistRendered !== html) box.innerHTML = html;
      box.gpulistRendered = html;
      box.hidden = !n;
      G.mark("gpulist-due-ready");
    }, function () { box.hidden = true; });
  }

  G.due = { queue: queue, countText: countText, NEW_PER_DAY: NEW_PER_DAY };

  G.module("due", { refresh: refreshCount });
})(window.gpulist);
