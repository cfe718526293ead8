/*
 * gpulist reader, "Cite" (see base.js for the modules).
 *
 *   <details data-gpulist-cite> closing a paper's or book's card (the build writes it, outside
 *   the entry's element): opening it copies the BibTeX record it folds out, and adds a "copy"
 *   button and a status line beside the record. Without JavaScript it still folds out.
 */
(function (G) {
  "use strict";

  function opened(details) {
    if (!details.querySelector(".gpulist-copy")) {
      details.insertAdjacentHTML("beforeend", '<button type="button" class="gpulist-copy">copy</button> ' +
        '<span class="gpulist-copy-status" role="status" aria-live="polite"></span>');
    }
    copy(details);
  }

  function copy(box) {
    var code = box.querySelector("pre");
    var out = box.querySelector(".gpulist-copy-status");
    var done = function () { out.textContent = "BibTeX copied."; };
    var fallback = function () {
      var range = document.createRange();
      range.selectNodeContents(code);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      out.textContent = ok ? "BibTeX copied." : "Selected: press Ctrl+C (\u2318C) to copy.";
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(code.textContent).then(done, fallback);
    else fallback();
  }

  // `toggle` does not bubble: heard on its way down.
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details.open && details.hasAttribute && details.hasAttribute("data-gpulist-cite")) opened(details);
  }, true);

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button.gpulist-copy");
    if (target) copy(target.closest("[data-gpulist-cite]"));
  });
})(window.gpulist);
