/*
 * gpulist reader, "cite" (see base.js for the modules).
 *
 *   .gpulist-cite beside [data-gpulist-bib="<record>"] (status.js makes it): shows the BibTeX
 *   record under the entry and copies it; a second press folds it away.
 */
(function (G) {
  "use strict";

  function cite(button) {
    var host = button.closest("[data-gpulist-entry]");
    var open = host.nextElementSibling && host.nextElementSibling.classList.contains("gpulist-cite-box");
    if (open) {
      host.nextElementSibling.remove();
      button.setAttribute("aria-expanded", "false");
      return;
    }
    var record = host.getAttribute("data-gpulist-bib");
    var box = document.createElement("div");
    box.className = "gpulist-cite-box";
    box.innerHTML = '<pre><code tabindex="0"></code></pre><button type="button" class="gpulist-copy">copy</button> ' +
      '<span class="gpulist-copy-status" role="status" aria-live="polite"></span>';
    box.querySelector("code").textContent = record;
    host.insertAdjacentElement("afterend", box);
    button.setAttribute("aria-expanded", "true");
    copy(box);
  }

  function copy(box) {
    var text = box.querySelector("code").textContent;
    var out = box.querySelector(".gpulist-copy-status");
    var done = function () { out.textContent = "BibTeX copied."; };
    var fallback = function () {
      var range = document.createRange();
      range.selectNodeContents(box.querySelector("code"));
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (error) { ok = false; }
      out.textContent = ok ? "BibTeX copied." : "Selected: press Ctrl+C (\u2318C) to copy.";
    };
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, fallback);
    else fallback();
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button");
    if (!target) return;
    if (target.classList.contains("gpulist-cite")) cite(target);
    else if (target.classList.contains("gpulist-copy")) copy(target.closest(".gpulist-cite-box"));
  });
})(window.gpulist);
