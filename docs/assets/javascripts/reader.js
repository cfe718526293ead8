/*
 * gpulist reader: read toggles, progress figures, progress export/import, and cite controls.
 *
 * Contract with `gpulist build` (src/gpulist/site/reader.py), which writes data, never controls:
 *   [data-gpulist-entry="<id>"]        a card's meta line or a path step: gets a read toggle,
 *                                      <button data-gpulist-read="<id>" aria-pressed="…">
 *   [data-gpulist-bib="<record>"]      on citable cards: gets a "cite" control
 *   [data-gpulist-progress]            gets "N / M": over its data-gpulist-ids, or over every
 *                                      [data-gpulist-entry] of the page; its `hidden`
 *                                      .gpulist-progress-line label is shown
 *   [data-gpulist-progress-tools]      gets "Export progress" and "Import progress"
 * Without JavaScript none of this appears: the page reads as a plain list.
 *
 * State: localStorage["gpulist.read.v1"] = {"<entry id>": "<ISO time marked>"}. Keyed by id,
 * so a mark survives a retitled entry or one moved to another topic. Nothing leaves the
 * browser: export is a Blob download, import reads a local file.
 *
 * Instant navigation (Material's, and Zensical's) swaps pages without a reload and announces
 * each on `document$`; `bind` runs for every page. Clicks are delegated to the document once.
 * At 10,000 entries a topic page holds about 900 cards: the toggles are made in one pass and
 * written with one insertion per card, and the page's entries are counted once per change.
 */
(function () {
  "use strict";

  var KEY = "gpulist.read.v1";
  var FORMAT = "gpulist-progress";
  var ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  var MAX_IMPORT_BYTES = 2 * 1024 * 1024;

  function load() {
    try {
      var value = JSON.parse(window.localStorage.getItem(KEY) || "{}");
      return value && typeof value === "object" && !Array.isArray(value) ? value : {};
    } catch (error) {
      return {}; // storage disabled or the value was damaged: start empty, never throw
    }
  }

  function save(state) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(state));
      return true;
    } catch (error) {
      return false; // private mode or quota: the marks last until the page is left
    }
  }

  var state = load();

  function toggleHtml(id, read) {
    return '<button type="button" class="gpulist-read" data-gpulist-read="' + id +
      '" aria-pressed="' + (read ? "true" : "false") + '" title="Mark as read">read</button>';
  }

  function addControls(root) {
    var hosts = root.querySelectorAll("[data-gpulist-entry]");
    for (var i = 0; i < hosts.length; i++) {
      var host = hosts[i];
      if (host.querySelector("[data-gpulist-read]")) continue; // already bound (a re-run)
      var id = host.getAttribute("data-gpulist-entry");
      if (!ID.test(id)) continue;
      var html = " " + toggleHtml(id, Object.prototype.hasOwnProperty.call(state, id));
      if (host.hasAttribute("data-gpulist-bib")) {
        html += ' <button type="button" class="gpulist-cite" aria-expanded="false">cite</button>';
      }
      host.insertAdjacentHTML("beforeend", html);
    }
  }

  function pageIds() {
    var hosts = document.querySelectorAll("[data-gpulist-entry]");
    var ids = [];
    for (var i = 0; i < hosts.length; i++) ids.push(hosts[i].getAttribute("data-gpulist-entry"));
    return ids;
  }

  function refreshProgress() {
    var figures = document.querySelectorAll("[data-gpulist-progress]");
    var onPage = null;
    for (var i = 0; i < figures.length; i++) {
      var figure = figures[i];
      var listed = figure.getAttribute("data-gpulist-ids");
      var ids = listed !== null ? listed.split(" ").filter(Boolean) : (onPage = onPage || uniq(pageIds()));
      var done = 0;
      for (var j = 0; j < ids.length; j++) if (Object.prototype.hasOwnProperty.call(state, ids[j])) done++;
      figure.textContent = done + " / " + ids.length;
      figure.setAttribute("title", done + " of " + ids.length + " read");
      var line = figure.closest(".gpulist-progress-line");
      if (line) line.hidden = false;
    }
  }

  function uniq(ids) {
    var seen = {};
    return ids.filter(function (id) { return seen[id] ? false : (seen[id] = true); });
  }

  function refreshToggles() {
    var toggles = document.querySelectorAll("[data-gpulist-read]");
    for (var i = 0; i < toggles.length; i++) {
      var read = Object.prototype.hasOwnProperty.call(state, toggles[i].getAttribute("data-gpulist-read"));
      toggles[i].setAttribute("aria-pressed", read ? "true" : "false");
    }
  }

  function setRead(id, read) {
    state = load(); // another tab may have marked entries meanwhile
    if (read) state[id] = new Date().toISOString();
    else delete state[id];
    save(state);
    refreshToggles();
    refreshProgress();
  }

  /* ---- export and import ---- */

  function addTools() {
    var boxes = document.querySelectorAll("[data-gpulist-progress-tools]");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.firstChild) continue;
      box.innerHTML =
        '<button type="button" class="gpulist-export">Export progress</button> ' +
        '<label class="gpulist-import">Import progress' +
        '<input type="file" accept="application/json,.json" class="gpulist-import-file"></label> ' +
        '<span class="gpulist-tools-status" role="status" aria-live="polite"></span>';
    }
  }

  function exportProgress(button) {
    state = load();
    var data = { format: FORMAT, version: 1, exported: new Date().toISOString(), read: state };
    var blob = new Blob([JSON.stringify(data, null, 1) + "\n"], { type: "application/json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "gpulist-progress.json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
    status(button, "Exported " + Object.keys(state).length + " read entries.");
  }

  /* Merged, never replaced: importing an older file must not drop newer marks. */
  function importProgress(input) {
    var file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return status(input, "That file is too large to be a progress file.");
    file.text().then(function (text) {
      var data = JSON.parse(text);
      if (!data || data.format !== FORMAT || typeof data.read !== "object" || Array.isArray(data.read)) {
        throw new Error("not a gpulist progress file");
      }
      state = load();
      var added = 0;
      Object.keys(data.read).forEach(function (id) {
        var when = data.read[id];
        if (!ID.test(id) || typeof when !== "string") return;
        if (!Object.prototype.hasOwnProperty.call(state, id)) added++;
        if (!state[id] || when < state[id]) state[id] = when;
      });
      save(state);
      refreshToggles();
      refreshProgress();
      status(input, "Imported: " + added + " entries newly marked read.");
    }).catch(function () {
      status(input, "That file is not a gpulist progress export.");
    });
  }

  function status(from, text) {
    var box = from.closest("[data-gpulist-progress-tools]");
    var out = box && box.querySelector(".gpulist-tools-status");
    if (out) out.textContent = text;
  }

  /* ---- cite ---- */

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

  /* ---- wiring ---- */

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button");
    if (!target) return;
    if (target.hasAttribute("data-gpulist-read")) {
      setRead(target.getAttribute("data-gpulist-read"), target.getAttribute("aria-pressed") !== "true");
    } else if (target.classList.contains("gpulist-cite")) {
      cite(target);
    } else if (target.classList.contains("gpulist-copy")) {
      copy(target.closest(".gpulist-cite-box"));
    } else if (target.classList.contains("gpulist-export")) {
      exportProgress(target);
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.classList && event.target.classList.contains("gpulist-import-file")) importProgress(event.target);
  });

  // Marks made in another tab show up here at once.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== null) return;
    state = load();
    refreshToggles();
    refreshProgress();
  });

  function bind() {
    if (window.performance && performance.mark) performance.mark("gpulist-reader-start");
    state = load();
    addControls(document);
    addTools();
    refreshProgress();
    if (window.performance && performance.mark) performance.mark("gpulist-reader-bound");
    document.documentElement.setAttribute("data-gpulist-reader", "bound");
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(bind);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
