/*
 * gpulist reader, known concepts: "I know this" (see base.js for the modules).
 *
 *   [data-gpulist-know="<concept id>"]  a `hidden` button the build writes on concept pages
 *                       (once a page: under "Check yourself", else near the top): every
 *                       one is shown, bound, and kept pressed (aria-pressed) while the reader
 *                       knows the concept; pressing it again unmarks it
 *   [data-gpulist-know-effect]  the `hidden` line after it that says what marking does: shown
 *                       with it
 *
 * A known concept counts as covered everywhere (next.js): its "Know first" chips hide and the
 * entries that require it can be ready. Known concepts are kept by the store (store.js) and
 * travel in progress files and links (files.js, share.js).
 */
(function (G) {
  "use strict";

  function bindAll() {
    var buttons = document.querySelectorAll("[data-gpulist-know]");
    for (var i = 0; i < buttons.length; i++) {
      if (!G.validId(buttons[i].getAttribute("data-gpulist-know"))) continue;
      buttons[i].hidden = false;
      var effect = buttons[i].parentNode.querySelector("[data-gpulist-know-effect]");
      if (effect) effect.hidden = false;
    }
  }

  function refresh() {
    var buttons = document.querySelectorAll("[data-gpulist-know]");
    var viewing = G.store.viewing();
    for (var i = 0; i < buttons.length; i++) {
      var known = G.store.isKnown(buttons[i].getAttribute("data-gpulist-know")) ? "true" : "false";
      if (buttons[i].getAttribute("aria-pressed") !== known) buttons[i].setAttribute("aria-pressed", known);
      buttons[i].disabled = viewing;
    }
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-gpulist-know]");
    if (!button) return;
    var id = button.getAttribute("data-gpulist-know");
    G.store.setKnown(id, !G.store.isKnown(id));
  });

  G.module("know", { late: bindAll, refresh: refresh });
})(window.gpulist);
