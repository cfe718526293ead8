/*
 * gpulist reader, reading paths: the reader's chosen path, and each path page's next step
 * (see base.js for the modules).
 *
 *   [data-gpulist-path-choice="<path id>"]  gets a "Follow this path" button (in its
 *                         .gpulist-path-act line when it has one)
 *                         <button data-gpulist-follow="<path id>" aria-pressed>; the chosen
 *                         one is pressed and its holder marked data-gpulist-chosen. Pressing
 *                         another changes the path; pressing the chosen one again unfollows it
 *   ol.gpulist-path > li[data-gpulist-entry]  a path page's steps: each gets data-gpulist-state
 *                         (its status), and the first neither read nor skipped
 *                         data-gpulist-current and aria-current="step"
 *
 * The choice is kept in localStorage["gpulist.path.v1"] = {"version": 1, "path": "<id>",
 * "at": "<ISO time>"}; anything else there counts as no choice. `gpulist.paths.effective(data)`
 * is the index of the reader's path in reader-data.json: the chosen one, else the first
 * (a chosen path the list no longer has counts as none chosen).
 */
(function (G) {
  "use strict";

  var KEY = "gpulist.path.v1";
  var VERSION = 1;
  var DONE = { read: true, skipped: true };

  function chosen() {
    try {
      var data = JSON.parse(window.localStorage.getItem(KEY) || "null");
      if (data && data.version === VERSION && G.validId(data.path)) return data.path;
    } catch (error) { /* damaged or refused: no choice */ }
    return null;
  }

  function choose(id) {
    if (id !== null && !G.validId(id)) return;
    try {
      if (id === null) window.localStorage.removeItem(KEY);
      else window.localStorage.setItem(KEY, JSON.stringify({ version: VERSION, path: id, at: new Date().toISOString() }));
    } catch (error) { /* storage refused: the choice lasts until the page is left */ }
    G.refresh();
  }

  /* The index of the reader's path in reader-data.json's paths, or -1 without any. */
  function effective(data) {
    var id = chosen();
    for (var i = 0; i < data.pathInfo.length; i++) if (data.pathInfo[i][0] === id) return i;
    return data.paths.length ? 0 : -1;
  }

  /* The first of `ids` neither read nor skipped, or -1 when every one is. */
  function nextOf(ids) {
    for (var i = 0; i < ids.length; i++) if (!DONE[G.store.statusOf(ids[i])]) return i;
    return -1;
  }

  function addButtons() {
    var holders = document.querySelectorAll("[data-gpulist-path-choice]");
    for (var i = 0; i < holders.length; i++) {
      var id = holders[i].getAttribute("data-gpulist-path-choice");
      if (!G.validId(id) || holders[i].querySelector("[data-gpulist-follow]")) continue;
      var slot = holders[i].querySelector(".gpulist-path-act") || holders[i]; // a line of its own, if given
      slot.insertAdjacentHTML("beforeend", " " + followHtml(id));
    }
  }

  function followHtml(id) {
    return '<button type="button" class="gpulist-follow" data-gpulist-follow="' + id + '" aria-pressed="false">' +
      "Follow this path</button>";
  }

  function refreshChoices() {
    var id = chosen();
    var holders = document.querySelectorAll("[data-gpulist-path-choice]");
    for (var i = 0; i < holders.length; i++) {
      var mine = holders[i].getAttribute("data-gpulist-path-choice") === id;
      if (mine !== holders[i].hasAttribute("data-gpulist-chosen")) holders[i].toggleAttribute("data-gpulist-chosen", mine);
    }
    var buttons = document.querySelectorAll("[data-gpulist-follow]");
    for (var j = 0; j < buttons.length; j++) {
      var pressed = buttons[j].getAttribute("data-gpulist-follow") === id ? "true" : "false";
      if (buttons[j].getAttribute("aria-pressed") !== pressed) buttons[j].setAttribute("aria-pressed", pressed);
    }
  }

  /* A path page: each step's state, and which one is next. */
  function refreshSteps() {
    var lists = document.querySelectorAll("ol.gpulist-path");
    for (var i = 0; i < lists.length; i++) {
      var steps = lists[i].querySelectorAll(":scope > li[data-gpulist-entry]");
      var ids = Array.prototype.map.call(steps, function (li) { return li.getAttribute("data-gpulist-entry"); });
      var current = nextOf(ids);
      for (var j = 0; j < steps.length; j++) {
        var status = G.store.statusOf(ids[j]);
        if (steps[j].getAttribute("data-gpulist-state") !== status) steps[j].setAttribute("data-gpulist-state", status);
        steps[j].toggleAttribute("data-gpulist-current", j === current);
        if (j === current) steps[j].setAttribute("aria-current", "step");
        else steps[j].removeAttribute("aria-current");
      }
    }
  }

  G.paths = { chosen: chosen, choose: choose, effective: effective, nextOf: nextOf, followHtml: followHtml };

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[data-gpulist-follow]");
    if (!button) return;
    var id = button.getAttribute("data-gpulist-follow");
    choose(chosen() === id ? null : id);
  });

  // A path chosen in another tab is the reader's path here too.
  window.addEventListener("storage", function (event) {
    if (event.key === KEY) G.refresh();
  });

  G.module("paths", { late: addButtons, refresh: function () { refreshChoices(); refreshSteps(); } });
})(window.gpulist);
