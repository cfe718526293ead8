/*
 * The GPU numbers table: sort by any column, and choose the columns on a narrow screen.
 *
 * Contract with `gpulist build` (src/gpulist/site/gpus_page.py): `[data-gpulist-gpus]` holds a
 * plain `<table>` whose head cells carry `data-key`, `data-type` (number or text) and, for the
 * columns a phone shows first, `data-core`; every body cell carries its plain value in
 * `data-value` (empty when no source gives it). Without this script the table is complete and
 * scrolls inside its own box. With it:
 * - each column head holds a button that sorts the rows by that column (numbers as numbers,
 *   empty cells last in either direction) and sets `aria-sort` on the head cell;
 * - a "Columns" chooser (checkboxes, one per column but the GPU's name) shows or hides columns;
 *   on a screen narrower than NARROW only the core columns start visible;
 * - a link to a row (`#gpu-h200`, from an architecture's concept page) brings the table's box
 *   just below the site header and its row just below the table's own sticky head row: the
 *   browser's own scroll left the row under the head row, and the head row under the header.
 * Re-bound on every instant-navigation page change (`document$`), under both engines.
 */
(function () {
  "use strict";

  var NARROW = "(max-width: 44.9375em)"; // Material's own breakpoint below which the sidebar goes

  /* "Boost clock (MHz)": the head shows the unit on a line of its own, which textContent runs
     into the name ("Boost clockMHz"). */
  function headLabel(th) {
    var unit = th.querySelector(".gpulist-unit"), suffix = unit ? unit.textContent.trim() : "";
    var name = th.textContent.replace(suffix, "").replace(/\s+/g, " ").trim();
    return suffix ? name + " (" + suffix + ")" : name;
  }

  function cellValue(row, index) {
    var cell = row.children[index];
    return cell ? cell.getAttribute("data-value") || "" : "";
  }

  function compare(a, b, type) {
    if (type === "number") return parseFloat(a) - parseFloat(b);
    return window.gpulist.collate(a, b);
  }

  function sortRows(table, index, type, direction) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (x, y) {
      var a = cellValue(x, index), b = cellValue(y, index);
      if (a === "" || b === "") return (a === "") - (b === ""); // empty last, whichever the direction
      return direction * compare(a, b, type);
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  function makeSortable(table) {
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    heads.forEach(function (th, index) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "gpulist-sort";
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var ascending = th.getAttribute("aria-sort") !== "ascending";
        heads.forEach(function (other) { other.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        sortRows(table, index, th.getAttribute("data-type"), ascending ? 1 : -1);
      });
    });
    return heads;
  }

  function showColumn(table, index, visible) {
    Array.prototype.forEach.call(table.rows, function (row) {
      var cell = row.children[index];
      if (cell) cell.hidden = !visible;
    });
  }

  function chooser(container, table, heads) {
    var narrow = window.matchMedia && window.matchMedia(NARROW).matches;
    var details = document.createElement("details");
    details.className = "gpulist-columns";
    var summary = document.createElement("summary");
    summary.textContent = "Columns";
    details.appendChild(summary);
    var list = document.createElement("div");
    list.className = "gpulist-columns-list";
    heads.forEach(function (th, index) {
      if (index === 0) return; // the GPU's name always shows
      var visible = !narrow || th.hasAttribute("data-core");
      var id = "gpulist-column-" + th.getAttribute("data-key").replace(/\./g, "-");
      var label = document.createElement("label");
      label.setAttribute("for", id);
      var box = document.createElement("input");
      box.type = "checkbox";
      box.id = id;
      box.checked = visible;
      box.addEventListener("change", function () { showColumn(table, index, box.checked); });
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + headLabel(th)));
      list.appendChild(label);
      showColumn(table, index, visible);
    });
    details.appendChild(list);
    container.insertBefore(details, container.firstChild);
  }

  function revealRow(container) {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var row = id && document.getElementById(id);
    var box = container.querySelector(".gpulist-gpus-scroll");
    var table = container.querySelector("table");
    if (!row || !box || !table.tBodies[0].contains(row)) return;
    var header = document.querySelector(".md-header");
    var below = header ? header.getBoundingClientRect().bottom : 0;
    window.scrollBy(0, box.getBoundingClientRect().top - below);
    box.scrollTop = table.offsetTop + row.offsetTop - table.tHead.offsetHeight; // a row's offset is the table's
  }

  /* The browser scrolls to the fragment itself once the page has loaded, after this script ran:
     the row is brought into place after that, or the browser's scroll would undo it. */
  function revealAfterLoad(container) {
    if (document.readyState === "complete") {
      window.setTimeout(function () { revealRow(container); }, 0);
    } else {
      window.addEventListener("load", function () { revealRow(container); }, { once: true });
    }
  }

  function init() {
    var container = document.querySelector("[data-gpulist-gpus]");
    if (!container || container.getAttribute("data-ready")) return;
    var table = container.querySelector("table");
    if (!table || !table.tHead || !table.tBodies.length) return;
    var heads = makeSortable(table);
    chooser(container, table, heads);
    container.setAttribute("data-ready", "true");
    revealAfterLoad(container);
  }

  window.addEventListener("hashchange", function () { // once: the listener outlives page changes
    var current = document.querySelector("[data-gpulist-gpus]");
    if (current) revealRow(current);
  });
  window.gpulist.everyPage(init); // reader/base.js, loaded before this script
})();
