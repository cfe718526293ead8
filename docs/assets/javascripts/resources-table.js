/*
 * The All-resources table: every entry in one sortable table, filtered by the page's one filter
 * form (reader/filters.js), loaded after the reader's modules (see reader/base.js).
 *
 * Contract with `gpulist build` (src/gpulist/site/all_resources.py): the page holds
 * `<div id="gpulist-table" data-src="../resources.json" data-gpulist-effort-labels="{…}">`
 * containing a note for readers without JS. This script fetches resources.json (shape:
 * src/gpulist/export/resources_json.py, version 1), replaces the container's children with the
 * table, and hands its rows to the filters (`gpulist.filters.attach`): they decide which rows
 * show, count them, write the choices into the address and clear them; the table draws what
 * is left, in the order its column headers choose (`?sort=-year`, kept in the address too).
 * The status column is the reader's own mark (reader/store.js), drawn again when marks change.
 *
 * Speed at 10,000 entries: each row's HTML and search text are built once after loading, and
 * each sort order once when first asked for; a re-render is one pass over the rows and one
 * innerHTML assignment of at most ROW_LIMIT rows (unless the reader asks for all).
 * On a narrow screen the stylesheet (resources-table.css) shows each row as a block.
 */
(function (G) {
  "use strict";

  var COLUMNS = [
    { key: "title", label: "Title" },
    { key: "type", label: "Type" },
    { key: "topic", label: "Topic" },
    { key: "tier", label: "Tier" },
    { key: "status", label: "Status" },
    { key: "effort", label: "Effort" },
    { key: "year", label: "Year" },
    { key: "tags", label: "Concepts" },
  ];
  var EFFORTS = ["quick", "hour", "afternoon", "days", "weeks"];
  // Laying out a table row costs far more than filtering it: 10,000 rows took seconds in
  // headless Chromium where 1,000 took a fraction, and on a phone (Lighthouse's mobile setting)
  // laying out the real list's 391 rows blocked the page for about 0.6 s where 100 took 0.25 s.
  // So a result lists its first ROW_LIMIT rows, a few screenfuls, and offers the rest behind a
  // button; counts, filters and sorting cover every entry. 50, not 100: at 10,000 entries a
  // filter change's layout and style work took 10 ms of CPU against 16 to 21 for 100 rows
  // (Chrome's trace here), the larger part of a change's cost after the filters' own pass.
  var ROW_LIMIT = 50;
  var esc = G.escapeHtml;
  var models = {}; // resources.json URL -> Promise of its model, reused across page visits

  function number(n) {
    return n.toLocaleString("en");
  }

  function loadModel(url, labels) {
    if (!models[url]) {
      models[url] = fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(function (data) { return buildModel(data, url, labels); });
      models[url].catch(function () { delete models[url]; });
    }
    return models[url];
  }

  /* ---- the model: one row per entry, built once per catalog ---- */

  function buildModel(data, baseUrl, labels) {
    var topics = {}, sections = {}, tags = {};
    (data.topics || []).forEach(function (t, i) {
      topics[t.id] = { title: t.title, order: i };
      (t.sections || []).forEach(function (s, j) {
        sections[t.id + "\u0000" + s.key] = { title: s.title, order: j };
      });
    });
    (data.tags || []).forEach(function (t) { tags[t.id] = t.title || t.id; });
    var context = { baseUrl: baseUrl, topics: topics, sections: sections, tags: tags, labels: labels };
    return { rows: (data.resources || []).map(function (r, index) { return buildRow(r, index, context); }), sorted: {} };
  }

  /* An icon of icons.css (gpulist.site.icons): painted by a CSS mask, named for screen readers. */
  function icon(name, label) {
    return '<i class="gi gi-' + esc(String(name).replace(/[^a-z0-9-]/g, "")) + '" role="img" aria-label="' + esc(label) + '"></i>';
  }

  /* A row is also the filters' entry: id, type, effort, access, tier, topic, tag, year, haystack. */
  function buildRow(r, index, c) {
    var topic = c.topics[r.topic] || { title: r.topic, order: 1e9 };
    var section = c.sections[r.topic + "\u0000" + r.section];
    // A page of every topic names a tier "Tier N" (each topic's page has its own tier names).
    var tierLabel = r.tier != null ? "Tier " + r.tier : (section ? section.title : r.group || "");
    var tagIds = Array.isArray(r.tags) ? r.tags : [];
    var tagTitles = tagIds.map(function (id) { return c.tags[id] || id; });
    var effort = typeof r.effort === "string" ? r.effort : "";
    var row = {
      index: index, id: r.id, title: String(r.title), type: r.type, effort: effort, access: r.access,
      tier: r.tier != null ? String(r.tier) : "", topic: r.topic, tag: tagIds, year: r.year == null ? "" : String(r.year),
      topicOrder: topic.order, tierOrder: r.tier != null ? r.tier : 10 + (section ? section.order : 0),
      effortOrder: EFFORTS.indexOf(effort), tagText: tagTitles.join(", "),
      haystack: [r.title, r.id, r.type, topic.title, tierLabel, (r.authors || []).join(" "), tagIds.join(" "),
        tagTitles.join(" "), r.venue || "", r.year || "", (r.notes || []).join(" ")].join(" ").toLowerCase(),
    };
    var href = new URL(r.page || "topics/" + r.topic + "/#" + r.id, c.baseUrl).href;
    // The theme's SVG icons, as on the cards (icons.css): emoji need a font many systems lack.
    var badges = (r.new ? " " + icon("new", "new") : "") + (r.favorite ? " " + icon("favorite", "community favourite") : "");
    row.head = '<tr><td class="gpulist-cell-title"><a href="' + esc(href) + '">' + esc(r.title) + "</a>" + badges + "</td>" +
      '<td class="gpulist-cell-type">' + icon(r.type, r.type) + " " + esc(r.type) + "</td>" +
      '<td class="gpulist-cell-topic">' + esc(topic.title) + "</td>" +
      '<td class="gpulist-cell-tier">' + esc(tierLabel) + "</td>";
    row.tail = '<td class="gpulist-cell-effort">' + (effort ? esc(c.labels[effort] || effort) : "") + "</td>" +
      '<td class="gpulist-cell-year">' + esc(row.year) + "</td>" +
      '<td class="gpulist-cell-tags">' + esc(row.tagText) + "</td></tr>";
    return row;
  }

  function statusCell(row) {
    var status = G.store.statusOf(row.id);
    return '<td class="gpulist-cell-status" data-status="' + status + '">' + status + "</td>";
  }

  /* ---- sorting: each order computed once, then filtered in place ---- */

  var SORT_KEYS = {
    title: function (a, b) { return G.collate(a.title, b.title); },
    type: function (a, b) { return G.collate(a.type, b.type); },
    topic: function (a, b) { return a.topicOrder - b.topicOrder; },
    tier: function (a, b) { return a.tierOrder - b.tierOrder; },
    status: function (a, b) { return G.STATES.indexOf(G.store.statusOf(a.id)) - G.STATES.indexOf(G.store.statusOf(b.id)); },
    effort: function (a, b) { return a.effortOrder - b.effortOrder; },
    tags: function (a, b) { return G.collate(a.tagText, b.tagText); },
    year: function (a, b) { return (Number(a.year) || 0) - (Number(b.year) || 0); },
  };

  function sortedRows(model, sort) {
    if (!sort) return model.rows; // the guide's own order, as resources.json gives it
    if (sort.replace(/^-/, "") === "status") delete model.sorted[sort]; // marks change between renders
    if (!model.sorted[sort]) {
      var descending = sort.charAt(0) === "-", compare = SORT_KEYS[sort.replace(/^-/, "")];
      model.sorted[sort] = model.rows.slice().sort(function (a, b) {
        var order = compare(a, b);
        return (descending ? -order : order) || a.index - b.index;
      });
    }
    return model.sorted[sort];
  }

  function readSort() {
    var sort = new URLSearchParams(window.location.search).get("sort") || "";
    return G.has.call(SORT_KEYS, sort.replace(/^-/, "")) ? sort : "";
  }

  function writeSort(sort) {
    var params = new URLSearchParams(window.location.search);
    if (params.get("sort") === (sort || null)) return;
    if (sort) params.set("sort", sort); else params.delete("sort");
    var query = params.toString().replace(/%2C/gi, ","); // the filters' lists read ?effort=quick,hour
    window.history.replaceState(window.history.state, "", window.location.pathname + (query ? "?" + query : "") + window.location.hash);
  }

  /* ---- the DOM ---- */

  function buildTable(container) {
    var heads = COLUMNS.map(function (c) {
      return '<th scope="col" aria-sort="none" data-column="' + c.key + '"><button type="button" class="gpulist-sort">' +
        c.label + '<span class="gpulist-sort__icon" aria-hidden="true"></span></button></th>';
    }).join("");
    container.innerHTML = '<div class="gpulist-scroll"><table><caption class="gpulist-visually-hidden">' +
      "All resources; column headers sort</caption><thead><tr>" + heads + "</tr></thead><tbody></tbody></table></div>" +
      '<p class="gpulist-more" hidden><span></span> <button type="button" class="md-button md-button--primary"></button></p>';
    return { scroll: container.querySelector(".gpulist-scroll"), body: container.querySelector("tbody"),
      more: container.querySelector(".gpulist-more"), heads: container.querySelectorAll("th[data-column]") };
  }

  function render(table) {
    var listed = [], shown = 0, rows = sortedRows(table.model, table.sort);
    for (var i = 0; i < rows.length; i++) {
      if (!rows[i].show) continue;
      shown++;
      if (table.all || listed.length < ROW_LIMIT) listed.push(rows[i].head + statusCell(rows[i]) + rows[i].tail);
    }
    table.ui.body.innerHTML = listed.join("");
    table.ui.scroll.hidden = shown === 0; // the filters' empty state says why
    table.ui.more.hidden = listed.length === shown;
    table.ui.more.firstChild.textContent = "The first " + number(listed.length) + " of " + number(shown) + " are listed.";
    table.ui.more.lastChild.textContent = "List all " + number(shown);
    Array.prototype.forEach.call(table.ui.heads, function (th) {
      var column = th.getAttribute("data-column");
      th.setAttribute("aria-sort", table.sort === column ? "ascending" : table.sort === "-" + column ? "descending" : "none");
    });
    writeSort(table.sort);
    return listed.length; // the filters' count says how many are listed (reader/filters.js)
  }

  function wire(table) {
    Array.prototype.forEach.call(table.ui.heads, function (th) {
      th.querySelector("button").addEventListener("click", function () {
        var column = th.getAttribute("data-column");
        table.sort = table.sort === column ? "-" + column : table.sort === "-" + column ? "" : column;
        table.all = false; // a new order lists from its first ROW_LIMIT rows again
        redraw(table);
      });
    });
    table.ui.more.lastChild.addEventListener("click", function () { table.all = true; redraw(table); });
  }

  /* Through the filters when attached, so that their count follows what the table lists. */
  function redraw(table) {
    if (table.attached) G.filters.refresh(); else render(table);
  }

  function init() {
    var container = document.getElementById("gpulist-table");
    if (!container || container.getAttribute("data-ready")) return;
    container.setAttribute("data-ready", "loading");
    // While resources.json loads, say so; if it cannot load, the page's own note comes back.
    var note = container.innerHTML, labels = {};
    try { labels = JSON.parse(container.getAttribute("data-gpulist-effort-labels") || "{}") || {}; } catch (error) { /* band names */ }
    container.innerHTML = '<p class="gpulist-table-status">Loading the table\u2026</p>';
    var url = new URL(container.getAttribute("data-src") || "../resources.json", window.location.href).href;
    loadModel(url, labels).then(function (model) {
      if (!container.isConnected) return; // the reader navigated away meanwhile
      var table = { model: model, ui: buildTable(container), sort: readSort(), all: false };
      wire(table);
      var attached = G.filters.attach({ items: model.rows, render: function (changed) {
        if (changed) table.all = false; // a new filter lists from the first rows again
        return render(table);
      } });
      table.attached = attached;
      if (!attached) { // a page without the filter form: every row shows
        model.rows.forEach(function (row) { row.show = true; });
        render(table);
      }
      container.setAttribute("data-ready", "true");
    }).catch(function (error) {
      // Show the page's own note again: it points to the topic pages, which list every entry.
      container.innerHTML = note;
      container.setAttribute("data-ready", "failed");
      if (window.console) window.console.warn("gpulist: cannot load " + url + ": " + error);
    });
  }

  G.module("table", { early: init });
})(window.gpulist);
