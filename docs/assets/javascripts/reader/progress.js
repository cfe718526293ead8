/*
 * gpulist reader, progress figures and the concept map's shades (see base.js for the modules).
 *
 *   [data-gpulist-progress]   gets "N / M" read: over its data-gpulist-ids, or over every
 *                             [data-gpulist-entry] of the page; skipped entries leave both
 *                             sides, but with data-gpulist-whole (a path), where M is every
 *                             id; its `hidden` .gpulist-progress-line is shown
 *   [data-gpulist-tally]      gets the count in words over its data-gpulist-ids:
 *                             "3 read, 1 skipped, 11 to go"
 *   [data-gpulist-shade][data-gpulist-ids]  gets data-gpulist-state (none|some|all) and --gpulist-read
 */
(function (G) {
  "use strict";

  function pageIds() {
    var hosts = document.querySelectorAll("[data-gpulist-entry]");
    var seen = {}, ids = [];
    for (var i = 0; i < hosts.length; i++) {
      var id = hosts[i].getAttribute("data-gpulist-entry");
      if (!seen[id]) ids.push(id);
      seen[id] = true;
    }
    return ids;
  }

  function listed(element) {
    return (element.getAttribute("data-gpulist-ids") || "").split(" ").filter(Boolean);
  }

  /* Read entries among `ids`, and how many count: a skipped entry leaves both sides, unless
     `whole` (a path, whose length a skipped step does not change). */
  function tally(ids, whole) {
    var done = 0, counted = 0, skipped = 0;
    for (var i = 0; i < ids.length; i++) {
      var status = G.store.statusOf(ids[i]);
      if (status === "skipped") skipped++;
      if (status === "skipped" && !whole) continue;
      counted++;
      if (status === "read") done++;
    }
    return { done: done, counted: counted, skipped: skipped, left: ids.length - done - skipped };
  }

  function inWords(count) {
    return count.done + " read, " + count.skipped + " skipped, " + count.left + " to go";
  }

  function refreshProgress() {
    var figures = document.querySelectorAll("[data-gpulist-progress]");
    var onPage = null;
    for (var i = 0; i < figures.length; i++) {
      var figure = figures[i];
      var ids = figure.hasAttribute("data-gpulist-ids") ? listed(figure) : (onPage = onPage || pageIds());
      var count = tally(ids, figure.hasAttribute("data-gpulist-whole"));
      figure.textContent = count.done + " / " + count.counted;
      figure.setAttribute("title", count.done + " of " + count.counted + " read");
      var line = figure.closest(".gpulist-progress-line");
      if (line) line.hidden = false;
    }
    var words = document.querySelectorAll("[data-gpulist-tally]");
    for (var j = 0; j < words.length; j++) words[j].textContent = inWords(tally(listed(words[j]), true));
  }

  function refreshShades() {
    var nodes = document.querySelectorAll("[data-gpulist-shade]");
    for (var i = 0; i < nodes.length; i++) {
      var count = tally(listed(nodes[i]));
      var share = count.counted ? count.done / count.counted : 0;
      nodes[i].setAttribute("data-gpulist-state", share === 0 ? "none" : share === 1 ? "all" : "some");
      nodes[i].style.setProperty("--gpulist-read", String(Math.round(share * 1000) / 1000));
    }
  }

  G.module("progress", { refresh: function () { refreshProgress(); refreshShades(); } });
})(window.gpulist);
