/*
 * gpulist reader, the status control of each entry (see base.js for the modules).
 *
 *   [data-gpulist-entry="<id>"]  a card's meta line, a listing line, a path step or the next
 *                                step's card: gets its one control, a status menu
 *                                <select data-gpulist-status="<id>" data-gpulist-state> (unread,
 *                                reading, read, skipped); nothing else interactive is added
 *                                inside it, so besides its own links an entry has one control
 *
 * At 10,000 entries a topic page holds about 900 cards: the controls are made in one pass,
 * written with one insertion per card.
 */
(function (G) {
  "use strict";

  var OPTIONS = {};
  G.STATES.forEach(function (selected) {
    OPTIONS[selected] = G.STATES.map(function (s) {
      return '<option value="' + s + '"' + (s === selected ? " selected" : "") + ">" + s + "</option>";
    }).join("");
  });

  function controlHtml(id) {
    var status = G.store.statusOf(id);
    var off = G.store.viewing() ? " disabled" : "";
    return ' <select class="gpulist-status" data-gpulist-status="' + id + '" data-gpulist-state="' + status +
      '" aria-label="Reading status"' + off + ">" + OPTIONS[status] + "</select>";
  }

  /* The control of every entry under `root` that has none yet (a re-run adds nothing). */
  function addControls(root) {
    var hosts = root.querySelectorAll("[data-gpulist-entry]");
    for (var i = 0; i < hosts.length; i++) {
      var host = hosts[i];
      if (host.querySelector("[data-gpulist-status]")) continue; // already bound (a re-run)
      var id = host.getAttribute("data-gpulist-entry");
      if (G.validId(id)) host.insertAdjacentHTML("beforeend", controlHtml(id));
    }
  }

  function refreshControls() {
    var viewing = G.store.viewing();
    var menus = document.querySelectorAll("select[data-gpulist-status]");
    for (var i = 0; i < menus.length; i++) {
      var status = G.store.statusOf(menus[i].getAttribute("data-gpulist-status"));
      if (menus[i].value !== status) menus[i].value = status;
      if (menus[i].getAttribute("data-gpulist-state") !== status) menus[i].setAttribute("data-gpulist-state", status);
      menus[i].disabled = viewing;
    }
  }

  /* The selector of the control that has focus inside `box`, to focus it again once `box` is redrawn. */
  function focused(box) {
    var active = document.activeElement;
    if (!active || !box.contains(active)) return null;
    var id = active.getAttribute("data-gpulist-status");
    return id ? "select[data-gpulist-status='" + id + "']" : "h2";
  }

  G.status = { addControls: addControls, focused: focused };

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.hasAttribute && target.hasAttribute("data-gpulist-status")) {
      G.store.setStatus(target.getAttribute("data-gpulist-status"), target.value);
    }
  });

  G.module("status", { late: function () { addControls(document); }, refresh: refreshControls });
})(window.gpulist);
