/*
 * The All-resources table: one filterable, sortable table of every entry.
 *
 * Contract with `gpulist build` (src/gpulist/site/all_resources.py): the page holds
 * `<div id="gpulist-table" data-src="../resources.json">` containing a note for readers without JS.
 * This script fetches resources.json (shape: src/gpulist/export/resources_json.py,
 * version 1) and replaces the container's children with facets, a text filter, a count
 * and the table.
 *
 * The view state lives in the query string so a filtered view can be shared and
 * survives a reload: ?topic=attention&tag=cuda&year=2023&text=flash&sort=-year, beside the reader's
 * own filter fields (?status=unread&type=paper&tier=1,2: see docs/assets/javascripts/reader/filters.js),
 * which the table also applies through window.gpulistReader.matches.
 * (`text`, not `q`: Material's search reads `q` and highlights with `h`.)
 *
 * Speed at 10,000 entries: each row's HTML and search text are built once after loading;
 * a re-render is a filter, an optional sort and one innerHTML assignment of at most
 * ROW_LIMIT rows (unless the reader asks for all). Typing is debounced.
 * Plain JavaScript, no framework, no build step.
 */
(function () {
  "use strict";

  // Type and tier (with status, effort and access) are filtered by the reader's form (reader/filters.js) above the
  // table, which owns those fields on every listing page: see `reader` below.
  var FACETS = [
    { key: "topic", label: "Topic" },
    { key: "tag", label: "Tag" },
    { key: "year", label: "Year" },
  ];
  var COLUMNS = [
    { key: "title", label: "Title" },
    { key: "type", label: "Type" },
    { key: "topic", label: "Topic" },
    { key: "tier", label: "Tier" },
    { key: "tags", label: "Tags" },
    { key: "year", label: "Year" },
  ];
  var DEBOUNCE_MS = 150;
  // Laying out a table row costs far more than filtering it: 10,000 rows took seconds in
  // headless Chromium where 1,000 took a fraction, and on a phone (Lighthouse's mobile setting)
  // laying out the real list's 391 rows blocked the page for about 0.6 s where 100 took 0.25 s.
  // So a result lists its first ROW_LIMIT rows, a screenful many times over, and offers the
  // rest behind a button; counts, filters and sorting cover every entry.
  var ROW_LIMIT = 100;
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  var models = {}; // resources.json URL -> Promise of its model, reused across page visits

  function escapeHtml(text) {
    return String(text)
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  function number(n) {
    return n.toLocaleString("en");
  }

  function loadModel(url) {
    if (!models[url]) {
      models[url] = fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(function (data) { return buildModel(data, url); });
      models[url].catch(function () { delete models[url]; });
    }
    return models[url];
  }

  /* ---- the model: rows and facet values, built once per catalog ---- */

  function buildModel(data, baseUrl) {
    var topics = {}, sections = {}, tags = {};
    (data.topics || []).forEach(function (t, i) {
      topics[t.id] = { title: t.title, order: i };
      (t.sections || []).forEach(function (s, j) {
        sections[t.id + "\u0000" + s.key] = { title: s.title, tier: s.tier, group: s.group, order: j };
      });
    });
    (data.tags || []).forEach(function (t) { tags[t.id] = t.title || t.id; });
    var rows = (data.resources || []).map(function (r, index) {
      return buildRow(r, index, baseUrl, topics, sections, tags);
    });
    return { rows: rows, options: facetOptions(rows) };
  }

  /* An icon of icons.css (gpulist.site.icons): painted by a CSS mask, named for screen readers. */
  function icon(name, label) {
    var safe = escapeHtml(String(name).replace(/[^a-z0-9-]/g, ""));
    return "<i class=\"gi gi-" + safe + "\" role=\"img\" aria-label=\"" + escapeHtml(label) + "\"></i>";
  }

  function buildRow(r, index, baseUrl, topics, sections, tags) {
    var topic = topics[r.topic] || { title: r.topic, order: 1e9 };
    var section = sections[r.topic + "\u0000" + r.section];
    var tier = r.tier != null ? String(r.tier) : (r.group || "");
    var tierLabel = r.tier != null ? "Tier " + r.tier : (section ? section.title : r.group || "");
    var tagIds = r.tags || [];
    var tagTitles = tagIds.map(function (id) { return tags[id] || id; });
    var href = new URL(r.page || "topics/" + r.topic + "/#" + r.id, baseUrl).href;
    var row = {
      index: index,
      id: r.id,
      title: r.title,
      type: r.type,
      topic: r.topic,
      topicTitle: topic.title,
      topicOrder: topic.order,
      tier: tier,
      tierLabel: tierLabel,
      tierOrder: r.tier != null ? r.tier : 10 + (section ? section.order : 0),
      tags: tagIds,
      tagTitles: tagTitles,
      tagText: tagTitles.join(", "),
      year: r.year == null ? "" : String(r.year),
      entry: { id: r.id, type: r.type, effort: r.effort, access: r.access, tier: r.tier },
      haystack: [r.title, r.id, r.type, topic.title, tierLabel, (r.authors || []).join(" "),
        tagIds.join(" "), tagTitles.join(" "), r.venue || "", r.year || "",
        (r.notes || []).join(" ")].join(" ").toLowerCase(),
    };
    // The theme's SVG icons, as on the cards (icons.css): emoji need a font many systems lack.
    var badges = (r.new ? " " + icon("new", "new") : "") +
      (r.favorite ? " " + icon("favorite", "community favourite") : "");
    row.html = "<tr>" +
      "<td><a href=\"" + escapeHtml(href) + "\">" + escapeHtml(r.title) + "</a>" + badges + "</td>" +
      "<td>" + icon(r.type, r.type) + " " + escapeHtml(r.type) + "</td>" +
      "<td>" + escapeHtml(topic.title) + "</td>" +
      "<td>" + escapeHtml(tierLabel) + "</td>" +
      "<td>" + escapeHtml(row.tagText) + "</td>" +
      "<td>" + escapeHtml(row.year) + "</td></tr>";
    return row;
  }

  /* Facet values in a reader's order: topics and tiers as the guide has them. */
  function facetOptions(rows) {
    var seen = { topic: {}, tag: {}, year: {} };
    var options = { topic: [], tag: [], year: [] };
    function add(key, value, label, order) {
      if (value === "" || seen[key][value]) return;
      seen[key][value] = true;
      options[key].push({ value: value, label: label, order: order });
    }
    rows.forEach(function (row) {
      add("topic", row.topic, row.topicTitle, row.topicOrder);
      row.tags.forEach(function (id, i) { add("tag", id, row.tagTitles[i], row.tagTitles[i]); });
      add("year", row.year, row.year, -Number(row.year));
    });
    Object.keys(options).forEach(function (key) {
      options[key].sort(function (a, b) {
        return typeof a.order === "number" ? a.order - b.order : collator.compare(a.order, b.order);
      });
    });
    return options;
  }

  function facetValues(row, key) {
    if (key === "tag") return row.tags;
    return [row[key]];
  }

  /* ---- state <-> URL ---- */

  function readState(model) {
    var params = new URLSearchParams(window.location.search);
    var state = { text: params.get("text") || "", sort: "", facets: {}, all: false };
    FACETS.forEach(function (f) {
      var value = params.get(f.key);
      var known = model.options[f.key].some(function (o) { return o.value === value; });
      state.facets[f.key] = known ? value : "";
    });
    var sort = params.get("sort") || "";
    var column = sort.replace(/^-/, "");
    if (COLUMNS.some(function (c) { return c.key === column; })) state.sort = sort;
    return state;
  }

  function writeState(state) {
    var params = new URLSearchParams(window.location.search);
    FACETS.forEach(function (f) {
      if (state.facets[f.key]) params.set(f.key, state.facets[f.key]);
      else params.delete(f.key);
    });
    if (state.text) params.set("text", state.text); else params.delete("text");
    if (state.sort) params.set("sort", state.sort); else params.delete("sort");
    var query = params.toString().replace(/%2C/gi, ","); // the reader's lists read ?effort=quick,hour
    var url = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", url);
    }
  }

  /* ---- filtering and sorting ---- */

  /* The reader's filters (status, type, effort, access, tier), when it is on the page. */
  function reader() {
    return window.gpulistReader || { matches: function () { return true; }, clearFilters: function () {} };
  }

  function matches(row, state, terms, skipFacet) {
    if (!reader().matches(row.entry)) return false;
    for (var i = 0; i < FACETS.length; i++) {
      var key = FACETS[i].key, wanted = state.facets[key];
      if (!wanted || key === skipFacet) continue;
      if (facetValues(row, key).indexOf(wanted) === -1) return false;
    }
    for (var j = 0; j < terms.length; j++) {
      if (row.haystack.indexOf(terms[j]) === -1) return false;
    }
    return true;
  }

  var SORT_KEYS = {
    title: function (a, b) { return collator.compare(a.title, b.title); },
    type: function (a, b) { return collator.compare(a.type, b.type); },
    topic: function (a, b) { return a.topicOrder - b.topicOrder; },
    tier: function (a, b) { return a.tierOrder - b.tierOrder; },
    tags: function (a, b) { return collator.compare(a.tagText, b.tagText); },
    year: function (a, b) { return (Number(a.year) || 0) - (Number(b.year) || 0); },
  };

  function sortRows(rows, sort) {
    if (!sort) return rows; // the guide's own order, as resources.json gives it
    var descending = sort.charAt(0) === "-";
    var compare = SORT_KEYS[sort.replace(/^-/, "")];
    return rows.slice().sort(function (a, b) {
      var order = compare(a, b);
      return (descending ? -order : order) || a.index - b.index;
    });
  }

  /* ---- the DOM ---- */

  function buildControls(container, model) {
    var uid = container.id;
    var facetsHtml = FACETS.map(function (f) {
      var id = uid + "-" + f.key;
      return "<div class=\"gpulist-facet\"><label for=\"" + id + "\">" + f.label + "</label>" +
        "<select id=\"" + id + "\" data-facet=\"" + f.key + "\"></select></div>";
    }).join("");
    var heads = COLUMNS.map(function (c) {
      return "<th scope=\"col\" aria-sort=\"none\" data-column=\"" + c.key + "\">" +
        "<button type=\"button\" class=\"gpulist-sort\">" + c.label +
        "<span class=\"gpulist-sort__icon\" aria-hidden=\"true\"></span></button></th>";
    }).join("");
    container.innerHTML =
      "<form class=\"gpulist-controls\" role=\"search\" aria-label=\"Filter resources\">" +
      "<div class=\"gpulist-facet gpulist-facet--text\"><label for=\"" + uid + "-text\">Filter</label>" +
      "<input id=\"" + uid + "-text\" type=\"search\" autocomplete=\"off\" " +
      "placeholder=\"Title, author, tag, note…\"></div>" + facetsHtml +
      "<div class=\"gpulist-facet gpulist-facet--reset\">" +
      "<button type=\"reset\" class=\"md-button\">Clear</button></div></form>" +
      "<p class=\"gpulist-count\" role=\"status\" aria-live=\"polite\"></p>" +
      "<div class=\"gpulist-scroll\"><table><caption class=\"gpulist-visually-hidden\">" +
      "All resources; column headers sort</caption>" +
      "<thead><tr>" + heads + "</tr></thead><tbody></tbody></table></div>" +
      "<p class=\"gpulist-more\" hidden><button type=\"button\" class=\"md-button\"></button></p>";
    return {
      text: container.querySelector("input[type=search]"),
      selects: container.querySelectorAll("select[data-facet]"),
      form: container.querySelector("form"),
      count: container.querySelector(".gpulist-count"),
      more: container.querySelector(".gpulist-more"),
      heads: container.querySelectorAll("th[data-column]"),
      body: container.querySelector("tbody"),
    };
  }

  /* Each facet's counts: entries matching every other filter, as faceted search does. */
  function renderFacets(ui, model, state, terms) {
    Array.prototype.forEach.call(ui.selects, function (select) {
      var key = select.getAttribute("data-facet");
      var counts = {};
      model.rows.forEach(function (row) {
        if (!matches(row, state, terms, key)) return;
        facetValues(row, key).forEach(function (v) { counts[v] = (counts[v] || 0) + 1; });
      });
      select.innerHTML = "<option value=\"\">All</option>" + model.options[key].map(function (o) {
        return "<option value=\"" + escapeHtml(o.value) + "\">" + escapeHtml(o.label) +
          " (" + (counts[o.value] || 0) + ")</option>";
      }).join("");
      select.value = state.facets[key];
    });
  }

  function render(ui, model, state) {
    var terms = state.text.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = sortRows(model.rows.filter(function (row) {
      return matches(row, state, terms, null);
    }), state.sort);
    var listed = state.all ? shown : shown.slice(0, ROW_LIMIT);
    ui.body.innerHTML = listed.map(function (row) { return row.html; }).join("");
    var of = number(shown.length) + " of " + number(model.rows.length) + " entries";
    ui.count.textContent = listed.length < shown.length
      ? of + " match; the first " + number(listed.length) + " are listed" : "Showing " + of;
    ui.more.hidden = listed.length === shown.length;
    ui.more.firstChild.textContent = "List all " + number(shown.length);
    renderFacets(ui, model, state, terms);
    Array.prototype.forEach.call(ui.heads, function (th) {
      var column = th.getAttribute("data-column");
      var sort = state.sort === column ? "ascending" : state.sort === "-" + column ? "descending" : "none";
      th.setAttribute("aria-sort", sort);
    });
    writeState(state);
  }

  function wire(ui, model, state) {
    var timer = null;
    // A new filter or sort goes back to listing the first ROW_LIMIT rows.
    function update() { state.all = false; render(ui, model, state); }
    ui.text.value = state.text;
    ui.text.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () { state.text = ui.text.value.trim(); update(); }, DEBOUNCE_MS);
    });
    Array.prototype.forEach.call(ui.selects, function (select) {
      select.addEventListener("change", function () {
        state.facets[select.getAttribute("data-facet")] = select.value;
        update();
      });
    });
    Array.prototype.forEach.call(ui.heads, function (th) {
      th.querySelector("button").addEventListener("click", function () {
        var column = th.getAttribute("data-column");
        state.sort = state.sort === column ? "-" + column : state.sort === "-" + column ? "" : column;
        update();
      });
    });
    ui.more.firstChild.addEventListener("click", function () { state.all = true; render(ui, model, state); });
    ui.form.addEventListener("submit", function (event) { event.preventDefault(); });
    ui.form.addEventListener("reset", function (event) {
      event.preventDefault();
      window.clearTimeout(timer);
      ui.text.value = "";
      state.text = "";
      state.sort = "";
      FACETS.forEach(function (f) { state.facets[f.key] = ""; });
      reader().clearFilters(); // one Clear for every filter of the page; it re-renders the table
      update();
    });
    // The reader announces a change of its filters, or of the marks its status filter reads.
    current = { ui: ui, model: model, state: state };
    update();
  }

  var current = null; // the table on the page, if any

  function rerender() {
    if (current && current.ui.body.isConnected) render(current.ui, current.model, current.state);
  }

  document.addEventListener("gpulist:filter", rerender);
  document.addEventListener("gpulist:progress", rerender);

  function init() {
    var container = document.getElementById("gpulist-table");
    if (!container || container.getAttribute("data-ready")) return;
    container.setAttribute("data-ready", "loading");
    // While resources.json loads, say so; if it cannot load, the page's own note comes back.
    var note = container.innerHTML;
    container.innerHTML = "<p class=\"gpulist-table-status\">Loading the table\u2026</p>";
    var url = new URL(container.getAttribute("data-src") || "../resources.json", window.location.href).href;
    loadModel(url).then(function (model) {
      if (!container.isConnected) return; // the reader navigated away meanwhile
      var ui = buildControls(container, model);
      wire(ui, model, readState(model));
      container.setAttribute("data-ready", "true");
    }).catch(function (error) {
      // Show the page's own note again: it points to the topic pages, which list every entry.
      container.innerHTML = note;
      container.setAttribute("data-ready", "failed");
      if (window.console) window.console.warn("gpulist: cannot load " + url + ": " + error);
    });
  }

  // Material's instant navigation swaps pages without a reload and announces each on
  // document$; without it (or before it exists), fall back to the ordinary load event.
  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(init);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
