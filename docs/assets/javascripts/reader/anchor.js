/*
 * A link to a part of a page (`concepts/attention/#check`, from a path step's questions) ends with
 * that part on screen. The browser, or the theme's instant navigation, scrolls to the fragment
 * when the page arrives; the reader's modules then bind and may change what stands above it (a
 * step's folded questions, the filters, the progress lines), and on a slow phone the part was
 * left off screen (a test saw it at 412 px under load). Bound last, on every page change under
 * both engines: once the other modules have bound, a fragment's target that is out of view is
 * scrolled to again; one in view is left alone, so a reader's own scroll is never undone.
 */
(function (G) {
  "use strict";

  function target() {
    var id = window.location.hash ? decodeURIComponent(window.location.hash.slice(1)) : "";
    return id ? document.getElementById(id) : null;
  }

  function keepInView() {
    var el = target();
    if (!el) return;
    var box = el.getBoundingClientRect();
    if (box.bottom <= 0 || box.top >= window.innerHeight) el.scrollIntoView();
  }

  G.everyPage(function () {
    window.requestAnimationFrame(function () { window.requestAnimationFrame(keepInView); });
  });
})(window.gpulist);
