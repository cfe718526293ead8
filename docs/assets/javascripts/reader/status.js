/*
 * gpulist reader, status controls on entries (see base.js for the modules).
 *
 *   [data-gpulist-entry="<id>"]  a card's meta line, a listing line or a path step: gets a read
 *                                toggle <button data-gpulist-read="<id>" aria-pressed> and a
 *                                status menu <select data-gpulist-status="<id>"> (unread,
 *                                reading, read, skipped)
 *   [data-gpulist-bib]           beside it, on citable cards: also gets the "cite" button (cite.js)
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

  function controlsHtml(id, cited) {
    var status = G.store.statusOf(id);
    var off = G.store.viewing() ? " disabled" : "";
    return ' <button type="button" class="gpulist-read" data-gpulist-read="' + id + '" aria-pressed="' +
      (status === "read") + '" title="Mark as read"' + off + ">read</button>" +
      ' <select class="gpulist-status" data-gpulist-status="' + id + '" aria-label="Reading status"' + off + ">" +
      OPTIONS[status] + "</select>" +
      (cited ? ' <button type="button" class="gpulist-cite" aria-expanded="false">cite</button>' : "");
  }

  /* Controls for every entry under `root` that has none yet (a re-run adds nothing). */
  function addControls(root) {
    var hosts = root.querySelectorAll("[data-gpulist-entry]");
    for (var i = 0; i < hosts.length; i++) {
      var host = hosts[i];
      if (host.querySelector("[data-gpulist-read]")) continue; // already bound (a re-run)
      var id = host.getAttribute("data-gpulist-entry");
      if (!G.validId(id)) continue;
      host.insertAdjacentHTML("beforeend", controlsHtml(id, host.hasAttribute("data-gpulist-bib")));
    }
  }

  function refreshControls() {
    var viewing = G.store.viewing();
    var toggles = document.querySelectorAll("[data-gpulist-read]");
    for (var i = 0; i < toggles.length; i++) {
      var read = G.store.statusOf(toggles[i].getAttribute("data-gpulist-read")) === "read" ? "true" : "false";
      if (toggles[i].getAttribute("aria-pressed") !== read) toggles[i].setAttribute("aria-pressed", read);
      toggles[i].disabled = viewing;
    }
    var menus = document.querySelectorAll("select[data-gpulist-status]");
    for (var j = 0; j < menus.length; j++) {
      var status = G.store.statusOf(menus[j].getAttribute("data-gpulist-status"));
      if (menus[j].value !== status) menus[j].value = status;
      menus[j].disabled = viewing;
    }
  }

  /* The selector of the control that has focus inside `box`, to focus it again once `box` is redrawn. */
  function focused(box) {
    var active = document.activeElement;
    if (!active || !box.contains(active)) return null;
    return active.hasAttribute("data-gpulist-status") ? "select[data-gpulist-status='" + active.getAttribute("data-gpulist-status") + "']"
      : active.hasAttribute("data-gpulist-read") ? "[data-gpulist-read='" + active.getAttribute("data-gpulist-read") + "']" : "h2";
  }

  G.status = { addControls: addControls, focused: focused };

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button[data-gpulist-read]");
    if (!target) return;
    G.store.setStatus(target.getAttribute("data-gpulist-read"),
      target.getAttribute("aria-pressed") === "true" ? "unread" : "read");
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.hasAttribute && target.hasAttribute("data-gpulist-status")) {
      G.store.setStatus(target.getAttribute("data-gpulist-status"), target.value);
    }
  });

  G.module("status", { late: function () { addControls(document); }, refresh: refreshControls });
})(window.gpulist);
