/*
 * gpulist reader: reading states, progress figures, "Continue" and "Ready for you", filters,
 * progress export/import and sharing by link, and cite controls.
 *
 * Contract with `gpulist build` (src/gpulist/site/reader.py), which writes data, never controls:
 *   [data-gpulist-entry="<id>"]        a card's meta line, a listing line or a path step: gets a
 *                                      read toggle <button data-gpulist-read="<id>" aria-pressed>
 *                                      and a status menu <select data-gpulist-status="<id>">
 *                                      (unread, reading, read, skipped)
 *   [data-gpulist-type|effort|access|tier]  beside it: what the filters match
 *   [data-gpulist-bib="<record>"]      on citable cards: gets a "cite" control
 *   [data-gpulist-progress]            gets "N / M" read: over its data-gpulist-ids, or over every
 *                                      [data-gpulist-entry] of the page; skipped entries leave
 *                                      both sides; its `hidden` .gpulist-progress-line is shown
 *   [data-gpulist-progress-tools]      gets "Export progress", "Import progress" and
 *                                      "Copy my progress link" [data-gpulist-share]
 *   [data-gpulist-filters-host]        gets <form data-gpulist-filters> (fields status, type,
 *                                      effort, access, tier), mirrored in the query string
 *   [data-gpulist-continue], [data-gpulist-ready]  in a hidden [data-gpulist-next]: the entries
 *                                      being read, latest first, and up to five unread entries
 *                                      whose required concepts are covered (reader-data.json)
 *   [data-gpulist-requires]            a card's "Know first" paragraph: links of covered
 *                                      concepts [data-gpulist-concept] are hidden
 *   [data-gpulist-shade][data-gpulist-ids]  gets data-gpulist-state (none|some|all) and --gpulist-read
 * Without JavaScript none of this appears: the page reads as a plain list, every card shown.
 *
 * State: localStorage["gpulist.progress.v2"] =
 *   {"version": 2, "marks": {"<entry id>": {"status": "reading|read|skipped", "at": "<ISO time>"}}}
 * (unread is the absence of a mark). The first run carries the read marks of
 * "gpulist.read.v1" ({"<id>": "<ISO time>"}) over with their times and leaves that key as it
 * was. A store of a newer version is never overwritten. Keyed by id, so a mark survives a
 * retitled or moved entry. Nothing leaves the browser: export is a Blob download, import
 * reads a local file, and a shared link carries the marks in its fragment (#progress=…),
 * which browsers never send to a server.
 *
 * Progress file and link payload, one format: {"format": "gpulist-progress", "version": 1,
 * "exported": "<ISO time>", "read": {"<id>": "<ISO time>"}, "reading": {…}, "skipped": {…}}
 * ("reading" and "skipped" were added within version 1: an older file has "read" alone).
 * A link is "#progress=1." + base64url(deflate-raw(JSON)); "1" versions the encoding.
 * Imports and links are merged, never replacing a mark the reader already has.
 *
 * Instant navigation (Material's, and Zensical's) swaps pages without a reload and announces
 * each on `document$`; `bind` runs for every page. Events are delegated to the document once.
 * At 10,000 entries a topic page holds about 900 cards: the controls are made in one pass,
 * written with one insertion per card; on a page with filters each card is wrapped in one
 * element (see wrapCards), and a filter change only touches the cards whose visibility changes.
 */
(function () {
  "use strict";

  var KEY = "gpulist.progress.v2";
  var LEGACY_KEY = "gpulist.read.v1";
  var STORE_VERSION = 2;
  var FORMAT = "gpulist-progress";
  var FILE_VERSION = 1;
  var LINK_PREFIX = "#progress=";
  var LINK_VERSION = "1";
  var ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
  var MAX_ID = 200;
  var STATES = ["unread", "reading", "read", "skipped"];
  var MARKS = ["read", "reading", "skipped"]; // the states a mark records; also the file's keys
  var MAX_IMPORT_BYTES = 2 * 1024 * 1024;
  var MAX_LINK_CHARS = 1024 * 1024;
  var MAX_INFLATED_BYTES = 4 * 1024 * 1024;
  var READY_SHOWN = 5;
  var LONG_PAGE = 150; // cards from which off-screen ones are not laid out (see wrapCards)
  var NEWER_LINK = "This progress link was made by a newer version of the list: it cannot be read here.";
  var FILTER_NAMES = ["status", "type", "effort", "access", "tier"];
  var HEADING = /^H[1-6]$/;
  var has = Object.prototype.hasOwnProperty;

  // reader-data.json and the site's root sit two folders above this script (assets/javascripts/).
  var SCRIPT_URL = (document.currentScript && document.currentScript.src) ||
    (document.querySelector("script[src*='javascripts/reader.js']") || {}).src || window.location.href;
  var ROOT_URL = new URL("../../", SCRIPT_URL).href;
  var DATA_URL = new URL("reader-data.json", ROOT_URL).href;

  /* ---- storage ---- */

  var store = readStore();
  var viewing = null; // marks of a shared link being viewed: shown instead of the reader's own
  var shared = null; // the offer of a shared link: {marks, counts, phase: "offer"|"viewing"|"error", text}

  function readStore() {
    var raw;
    try {
      raw = window.localStorage.getItem(KEY);
    } catch (error) {
      return { marks: {}, writable: false }; // storage disabled: marks last until the page is left
    }
    if (raw === null) return migrate();
    try {
      var data = JSON.parse(raw);
      if (data && typeof data.version === "number" && data.version > STORE_VERSION) {
        return { marks: {}, writable: false }; // written by a newer site: never overwrite it
      }
      return { marks: cleanMarks(data && data.marks), writable: true };
    } catch (error) {
      return { marks: {}, writable: true }; // damaged: start empty, never throw
    }
  }

  /* Version 1 kept read marks only, as {id: time}: each becomes a read mark with its time. */
  function migrate() {
    var marks = {};
    try {
      var legacy = JSON.parse(window.localStorage.getItem(LEGACY_KEY) || "null");
      if (legacy && typeof legacy === "object" && !Array.isArray(legacy)) {
        Object.keys(legacy).forEach(function (id) {
          if (validId(id) && validTime(legacy[id])) marks[id] = { status: "read", at: legacy[id] };
        });
      }
    } catch (error) { /* an unreadable v1 store migrates as empty, and stays as it was */ }
    var migrated = { marks: marks, writable: true };
    save(migrated);
    return migrated;
  }

  function save(target) {
    if (!target.writable) return false;
    try {
      window.localStorage.setItem(KEY, JSON.stringify({ version: STORE_VERSION, marks: target.marks }));
      return true;
    } catch (error) {
      return false; // private mode or quota: the marks last until the page is left
    }
  }

  function validId(id) {
    return typeof id === "string" && id.length <= MAX_ID && ID.test(id);
  }

  function validTime(value) {
    return typeof value === "string" && value.length <= 40 && !isNaN(Date.parse(value));
  }

  function cleanMarks(value) {
    var marks = {};
    if (!value || typeof value !== "object" || Array.isArray(value)) return marks;
    Object.keys(value).forEach(function (id) {
      var mark = value[id];
      if (validId(id) && mark && MARKS.indexOf(mark.status) !== -1 && validTime(mark.at)) {
        marks[id] = { status: mark.status, at: mark.at };
      }
    });
    return marks;
  }

  function marks() {
    return viewing || store.marks;
  }

  function statusOf(id) {
    var mark = has.call(marks(), id) ? marks()[id] : null;
    return mark ? mark.status : "unread";
  }

  function setStatus(id, status) {
    if (viewing || !validId(id) || STATES.indexOf(status) === -1) return;
    store = readStore(); // another tab may have marked entries meanwhile
    if (status === "unread") delete store.marks[id];
    else if (statusOf(id) !== status) store.marks[id] = { status: status, at: new Date().toISOString() };
    save(store);
    refresh();
  }

  /* ---- controls on entries ---- */

  var OPTIONS = {};
  STATES.forEach(function (selected) {
    OPTIONS[selected] = STATES.map(function (s) {
      return '<option value="' + s + '"' + (s === selected ? " selected" : "") + ">" + s + "</option>";
    }).join("");
  });

  function controlsHtml(id, cited) {
    var status = statusOf(id);
    var off = viewing ? " disabled" : "";
    return ' <button type="button" class="gpulist-read" data-gpulist-read="' + id + '" aria-pressed="' +
      (status === "read") + '" title="Mark as read"' + off + ">read</button>" +
      ' <select class="gpulist-status" data-gpulist-status="' + id + '" aria-label="Reading status"' + off + ">" +
      OPTIONS[status] + "</select>" +
      (cited ? ' <button type="button" class="gpulist-cite" aria-expanded="false">cite</button>' : "");
  }

  function addControls(root) {
    var hosts = root.querySelectorAll("[data-gpulist-entry]");
    for (var i = 0; i < hosts.length; i++) {
      var host = hosts[i];
      if (host.querySelector("[data-gpulist-read]")) continue; // already bound (a re-run)
      var id = host.getAttribute("data-gpulist-entry");
      if (!validId(id)) continue;
      host.insertAdjacentHTML("beforeend", controlsHtml(id, host.hasAttribute("data-gpulist-bib")));
    }
  }

  function refreshControls() {
    var toggles = document.querySelectorAll("[data-gpulist-read]");
    for (var i = 0; i < toggles.length; i++) {
      var read = statusOf(toggles[i].getAttribute("data-gpulist-read")) === "read" ? "true" : "false";
      if (toggles[i].getAttribute("aria-pressed") !== read) toggles[i].setAttribute("aria-pressed", read);
      toggles[i].disabled = !!viewing;
    }
    var menus = document.querySelectorAll("select[data-gpulist-status]");
    for (var j = 0; j < menus.length; j++) {
      var status = statusOf(menus[j].getAttribute("data-gpulist-status"));
      if (menus[j].value !== status) menus[j].value = status;
      menus[j].disabled = !!viewing;
    }
  }

  /* ---- progress figures and map shades ---- */

  function pageIds() {
    var hosts = document.querySelectorAll("[data-gpulist-entry]");
    var seen = {}, ids = [];
    for (var i = 0; i < hosts.length; i++) {
      var id = hosts[i].getAttribute("data-gpulist-entry");
      if (!seen[id]) ids.push(id);
      seen[id] = true;
    }
    return ids;
  }

  function listed(element) {
    return (element.getAttribute("data-gpulist-ids") || "").split(" ").filter(Boolean);
  }

  /* Read entries among `ids`, and how many count: a skipped entry leaves both sides. */
  function tally(ids) {
    var done = 0, counted = 0;
    for (var i = 0; i < ids.length; i++) {
      var status = statusOf(ids[i]);
      if (status === "skipped") continue;
      counted++;
      if (status === "read") done++;
    }
    return { done: done, counted: counted };
  }

  function refreshProgress() {
    var figures = document.querySelectorAll("[data-gpulist-progress]");
    var onPage = null;
    for (var i = 0; i < figures.length; i++) {
      var figure = figures[i];
      var ids = figure.hasAttribute("data-gpulist-ids") ? listed(figure) : (onPage = onPage || pageIds());
      var count = tally(ids);
      figure.textContent = count.done + " / " + count.counted;
      figure.setAttribute("title", count.done + " of " + count.counted + " read");
      var line = figure.closest(".gpulist-progress-line");
      if (line) line.hidden = false;
    }
  }

  function refreshShades() {
    var nodes = document.querySelectorAll("[data-gpulist-shade]");
    for (var i = 0; i < nodes.length; i++) {
      var count = tally(listed(nodes[i]));
      var share = count.counted ? count.done / count.counted : 0;
      nodes[i].setAttribute("data-gpulist-state", share === 0 ? "none" : share === 1 ? "all" : "some");
      nodes[i].style.setProperty("--gpulist-read", String(Math.round(share * 1000) / 1000));
    }
  }

  /* ---- reader-data.json: continue, ready, know first ---- */

  var dataPromise = null;

  function loadData() {
    if (!dataPromise) {
      dataPromise = fetch(DATA_URL, { credentials: "same-origin" }).then(function (response) {
        if (!response.ok) throw new Error(response.status + " " + response.statusText);
        return response.json();
      }).then(indexData);
      dataPromise.catch(function () { dataPromise = null; }); // try again on the next page
    }
    return dataPromise;
  }

  function indexData(raw) {
    if (!raw || raw.version !== 1) throw new Error("reader-data.json: unknown version");
    var pages = raw.pages.map(function (page) { return new URL(page, ROOT_URL).href; });
    var entries = raw.entries.map(function (e, index) {
      return { index: index, id: e[0], title: e[1], href: pages[e[2]] + "#" + e[0], tier: e[3], requires: e[4] };
    });
    var concepts = {};
    raw.concepts.forEach(function (c, index) { concepts[c[0]] = index; });
    return { entries: entries, cover: raw.concepts.map(function (c) { return c[1]; }), concepts: concepts,
      paths: raw.paths };
  }

  /* A concept is covered when one of its covering entries (its start, else its tagged ones) is read. */
  function coverage(data) {
    return data.cover.map(function (ids) {
      for (var i = 0; i < ids.length; i++) if (statusOf(data.entries[ids[i]].id) === "read") return true;
      return false;
    });
  }

  /* Up to five unread entries whose required concepts are all covered: tier 1 first, then
     entries on a path the reader has begun (a step read or being read), then the guide's order. */
  function ready(data, covered) {
    var begun = {};
    data.paths.forEach(function (steps) {
      var started = steps.some(function (i) { var s = statusOf(data.entries[i].id); return s === "read" || s === "reading"; });
      if (started) steps.forEach(function (i) { begun[i] = true; });
    });
    var found = data.entries.filter(function (e) {
      return statusOf(e.id) === "unread" && e.requires.every(function (c) { return covered[c]; });
    });
    var rank = function (e) { return (e.tier === 1 ? 0 : 2) + (begun[e.index] ? 0 : 1); };
    found.sort(function (a, b) { return rank(a) - rank(b) || a.index - b.index; });
    return found.slice(0, READY_SHOWN);
  }

  function reading(data) {
    var current = marks();
    return data.entries.filter(function (e) { return statusOf(e.id) === "reading"; })
      .sort(function (a, b) { return current[b.id].at < current[a.id].at ? -1 : current[b.id].at > current[a.id].at ? 1 : a.index - b.index; });
  }

  function escapeHtml(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  function entryLines(list, note) {
    if (!list.length) return '<p class="gpulist-next-empty">' + note + "</p>";
    return '<ul class="gpulist-list">' + list.map(function (e) {
      var tier = e.tier ? ' <span class="gpulist-next-tier">tier ' + e.tier + "</span>" : "";
      return '<li data-gpulist-entry="' + escapeHtml(e.id) + '"><a href="' + escapeHtml(e.href) + '">' +
        escapeHtml(e.title) + "</a>" + tier + "</li>";
    }).join("") + "</ul>";
  }

  function nextHtml(kind, data, covered) {
    if (kind === "continue") {
      return '<h2 class="gpulist-next-title">Continue</h2>' + entryLines(reading(data),
        "Nothing in progress: set an entry to \u201creading\u201d and it waits for you here.");
    }
    return '<h2 class="gpulist-next-title">Ready for you</h2>' +
      '<p class="gpulist-next-why">Unread entries whose prerequisites you have covered, tier 1 first.</p>' +
      entryLines(ready(data, covered), "Nothing is ready: every unread entry needs a concept you have not covered yet.");
  }

  function renderNext(data, covered) {
    var boxes = document.querySelectorAll("[data-gpulist-continue], [data-gpulist-ready]");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      var html = nextHtml(box.hasAttribute("data-gpulist-continue") ? "continue" : "ready", data, covered);
      if (box.gpulistRendered === html) continue; // unchanged: keep focus where it is
      var focused = focusedControl(box);
      box.innerHTML = html;
      box.gpulistRendered = html;
      addControls(box);
      restoreFocus(box, focused);
      var outer = box.closest("[data-gpulist-next]");
      if (outer) outer.hidden = false;
    }
  }

  function focusedControl(box) {
    var active = document.activeElement;
    if (!active || !box.contains(active)) return null;
    return active.hasAttribute("data-gpulist-status") ? "select[data-gpulist-status='" + active.getAttribute("data-gpulist-status") + "']"
      : active.hasAttribute("data-gpulist-read") ? "[data-gpulist-read='" + active.getAttribute("data-gpulist-read") + "']" : "h2";
  }

  /* The control the reader used, if its entry is still listed, else the list's heading. */
  function restoreFocus(box, selector) {
    if (!selector) return;
    var target = box.querySelector(selector) || box.querySelector("h2");
    if (target.tagName === "H2") target.setAttribute("tabindex", "-1");
    target.focus();
  }

  function refreshKnowFirst(data, covered) {
    var lists = document.querySelectorAll("[data-gpulist-requires]");
    for (var i = 0; i < lists.length; i++) {
      var links = lists[i].querySelectorAll("[data-gpulist-concept]");
      var left = 0;
      for (var j = 0; j < links.length; j++) {
        var index = data.concepts[links[j].getAttribute("data-gpulist-concept")];
        links[j].hidden = index !== undefined && covered[index];
        if (!links[j].hidden) left++;
      }
      // An attribute of its own, not `hidden`: a filter hides and shows whole cards with that.
      if (left) lists[i].removeAttribute("data-gpulist-covered");
      else lists[i].setAttribute("data-gpulist-covered", "");
    }
  }

  function refreshPlans() {
    if (!document.querySelector("[data-gpulist-continue], [data-gpulist-ready], [data-gpulist-requires]")) return;
    loadData().then(function (data) {
      var covered = coverage(data);
      renderNext(data, covered);
      refreshKnowFirst(data, covered);
      if (window.performance && performance.mark) performance.mark("gpulist-plans-ready");
    }, function (error) {
      // Without the data the "Continue" box stays hidden and every prerequisite shows.
      if (window.console) window.console.warn("gpulist: cannot load " + DATA_URL + ": " + error);
    });
  }

  /* ---- filters ---- */

  var filter = null; // this page's form, fields, chosen values and items

  function fieldsOf(host) {
    var fields = [["status", "Status", STATES.map(function (s) { return [s, s]; })]];
    try {
      var given = JSON.parse(host.getAttribute("data-gpulist-fields") || "[]");
      given.forEach(function (f) { if (FILTER_NAMES.indexOf(f[0]) > 0) fields.push(f); });
    } catch (error) { /* no other field than status */ }
    return fields;
  }

  function formHtml(fields, uid) {
    var sets = fields.map(function (field) {
      var boxes = field[2].map(function (option) {
        return '<label><input type="checkbox" name="' + escapeHtml(field[0]) + '" value="' + escapeHtml(option[0]) +
          '"> ' + escapeHtml(option[1]) + "</label>";
      }).join(" ");
      return "<fieldset><legend>" + escapeHtml(field[1]) + "</legend>" + boxes + "</fieldset>";
    }).join("");
    return '<form class="gpulist-filter-form" data-gpulist-filters aria-labelledby="' + uid + '">' +
      '<details class="gpulist-filter-box"><summary id="' + uid + '">Filter entries</summary>' +
      '<div class="gpulist-filter-fields">' + sets +
      '<p><button type="reset" class="gpulist-filter-clear">Clear filters</button></p></div></details>' +
      '<p class="gpulist-filter-count" role="status" aria-live="polite"></p>' +
      '<p class="gpulist-filter-note" hidden></p></form>';
  }

  /* The address's filter values that this page's form knows; the others are named, not used. */
  function readQuery(fields) {
    var params = new URLSearchParams(window.location.search);
    var chosen = {}, ignored = [];
    fields.forEach(function (field) {
      var known = field[2].map(function (o) { return o[0]; });
      chosen[field[0]] = {};
      params.getAll(field[0]).join(",").split(",").forEach(function (value) {
        value = value.trim();
        if (!value) return;
        if (known.indexOf(value) !== -1) chosen[field[0]][value] = true;
        else ignored.push(field[0] + "=" + (value.length > 30 ? value.slice(0, 30) + "\u2026" : value));
      });
    });
    return { chosen: chosen, ignored: ignored };
  }

  /* ?status=unread&effort=quick,hour: commas unescaped, the page's other parameters kept. */
  function writeQuery(chosen) {
    var params = new URLSearchParams(window.location.search);
    FILTER_NAMES.forEach(function (name) { params.delete(name); });
    var parts = params.toString() ? [params.toString()] : [];
    FILTER_NAMES.forEach(function (name) {
      var values = Object.keys(chosen[name] || {});
      if (values.length) parts.push(name + "=" + values.map(encodeURIComponent).join(","));
    });
    var url = window.location.pathname + (parts.length ? "?" + parts.join("&") : "") + window.location.hash;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", url);
    }
  }

  function buildFilters() {
    filter = null;
    var host = document.querySelector("[data-gpulist-filters-host]");
    if (!host) return;
    var fields = fieldsOf(host);
    if (!host.querySelector("form")) host.innerHTML = formHtml(fields, "gpulist-filter-title");
    var query = readQuery(fields);
    var article = document.querySelector("article") || document.body;
    filter = { host: host, form: host.querySelector("form"), fields: fields, chosen: query.chosen,
      article: article, items: collectItems(article), sections: [], active: [], wrapped: false };
    filter.active = activeFields();
    filter.sections = sectionCounters(filter.items);
    var boxes = filter.form.querySelectorAll("input[type=checkbox]");
    for (var i = 0; i < boxes.length; i++) boxes[i].checked = !!filter.chosen[boxes[i].name][boxes[i].value];
    if (isActive()) filter.form.querySelector("details").open = true;
    var note = filter.form.querySelector(".gpulist-filter-note");
    note.hidden = !query.ignored.length;
    note.textContent = query.ignored.length ? "Ignored in the address: " + query.ignored.join(", ") + "." : "";
  }

  /* Every filterable entry of the page, with the section heading (H2) it is counted under. */
  function collectItems(article) {
    var items = [], section = null;
    for (var child = article.firstElementChild; child; child = child.nextElementSibling) {
      if (child.tagName === "H2") section = child;
      var hosts = child.hasAttribute("data-gpulist-type") ? [child]
        : /^(UL|OL)$/.test(child.tagName) ? child.querySelectorAll("[data-gpulist-type]") : [];
      for (var i = 0; i < hosts.length; i++) {
        var h = hosts[i];
        items.push({ host: h, id: h.getAttribute("data-gpulist-entry"), type: h.getAttribute("data-gpulist-type"),
          effort: h.getAttribute("data-gpulist-effort"), access: h.getAttribute("data-gpulist-access"),
          tier: h.getAttribute("data-gpulist-tier"), section: section, hidden: false });
      }
    }
    return items;
  }

  function sectionCounters(items) {
    var sections = [];
    items.forEach(function (item) {
      var heading = item.section;
      if (!heading) return;
      var counter = sections.filter(function (s) { return s.heading === heading; })[0];
      if (!counter) {
        var span = heading.querySelector("[data-gpulist-section-count]");
        if (!span) {
          span = document.createElement("span");
          span.className = "gpulist-section-count";
          span.setAttribute("data-gpulist-section-count", "");
          heading.insertBefore(span, heading.querySelector(".headerlink"));
        }
        counter = { heading: heading, span: span, items: [] };
        sections.push(counter);
      }
      counter.items.push(item);
    });
    return sections;
  }

  function isActive() {
    return activeFields().length > 0;
  }

  function activeFields() {
    return FILTER_NAMES.filter(function (name) { return Object.keys(filter.chosen[name] || {}).length > 0; });
  }

  /* Whether an entry ({id, type, effort, access, tier}) passes the page's filters: any chosen
     value within a field, every field with a choice. Also used by the All-resources table. */
  function matches(entry) {
    if (!filter) return true;
    for (var i = 0; i < filter.active.length; i++) {
      var name = filter.active[i];
      var value = name === "status" ? statusOf(entry.id) : entry[name] == null ? "" : String(entry[name]);
      if (!has.call(filter.chosen[name], value)) return false;
    }
    return true;
  }

  /* What a filter hides for an entry: its card, or its listing line. */
  function block(host) {
    var card = host.parentElement;
    return card && card.classList.contains("gpulist-card") ? card : host;
  }

  /* Each card of the page (its H3 and everything up to the next heading, as the build writes
     it) moved into one <div class="gpulist-card">. A filter then hides one element per card
     instead of four or more: toggling `hidden` on each element of 900 cards cost the style
     recalculation of all of them (250 ms here), against 20 ms for their 900 wrappers. On a
     long page the wrappers are also `gpulist-lazy`: reader.css lets the browser skip laying
     them out while off screen, without which showing 900 cards again took 500 ms. Not on
     short pages, where it gains nothing and misleads tools that measure what is drawn (axe,
     in Lighthouse, judged colours and target sizes of skipped cards wrongly). */
  function wrapCards(article) {
    var hosts = article.querySelectorAll(":scope > p[data-gpulist-entry]");
    var kind = hosts.length > LONG_PAGE ? "gpulist-card gpulist-lazy" : "gpulist-card";
    for (var i = 0; i < hosts.length; i++) {
      var heading = hosts[i].previousElementSibling;
      if (!heading || heading.tagName !== "H3") continue;
      var card = document.createElement("div");
      card.className = kind;
      article.insertBefore(card, heading);
      for (var el = heading; el && (el === heading || !HEADING.test(el.tagName));) {
        var next = el.nextElementSibling;
        card.appendChild(el);
        el = next;
      }
    }
  }

  /* Cards are wrapped when a filter first applies, or once the reader opens the form: a page
     read without filters never pays for it (65 to 90 ms at 900 cards here). */
  function ensureWrapped() {
    if (!filter || filter.wrapped) return;
    filter.wrapped = true;
    wrapCards(filter.article);
  }

  function applyFilters() {
    if (!filter) return;
    if (filter.active.length) ensureWrapped();
    var shown = 0;
    filter.items.forEach(function (item) {
      var hide = !matches(item);
      if (!hide) shown++;
      if (hide === item.hidden) return;
      item.hidden = hide;
      block(item.host).hidden = hide;
    });
    var active = filter.active.length > 0;
    filter.sections.forEach(function (s) {
      var visible = s.items.filter(function (item) { return !item.hidden; }).length;
      s.span.textContent = active ? " \u00b7 " + visible + " of " + s.items.length + " shown" : "";
    });
    var total = filter.items.length;
    filter.form.querySelector(".gpulist-filter-count").textContent = !total ? "" :
      active ? "Showing " + shown + " of " + total + " entries." : "Showing all " + total + " entries.";
    document.dispatchEvent(new CustomEvent("gpulist:filter"));
  }

  function filterChanged() {
    var boxes = filter.form.querySelectorAll("input[type=checkbox]");
    FILTER_NAMES.forEach(function (name) { filter.chosen[name] = {}; });
    for (var i = 0; i < boxes.length; i++) if (boxes[i].checked) filter.chosen[boxes[i].name][boxes[i].value] = true;
    filter.active = activeFields();
    filter.form.querySelector(".gpulist-filter-note").hidden = true;
    applyFilters();
    queueQuery(filter.chosen);
  }

  /* The address follows once the page has been painted: history.replaceState took 10 to 30 ms
     here on a long page, more than the filter itself. Quick successive changes write it once. */
  var queued = null;

  function queueQuery(chosen) {
    var first = queued === null;
    queued = chosen;
    if (!first) return;
    window.requestAnimationFrame(function () {
      window.setTimeout(function () {
        var latest = queued;
        queued = null;
        if (filter && latest === filter.chosen) writeQuery(latest);
      }, 0);
    });
  }

  function clearFilters() {
    if (!filter) return;
    var boxes = filter.form.querySelectorAll("input[type=checkbox]");
    for (var i = 0; i < boxes.length; i++) boxes[i].checked = false;
    filterChanged();
  }

  /* ---- export, import, share ---- */

  function addTools() {
    var boxes = document.querySelectorAll("[data-gpulist-progress-tools]");
    for (var i = 0; i < boxes.length; i++) {
      var box = boxes[i];
      if (box.firstChild) continue;
      box.innerHTML =
        '<button type="button" class="gpulist-export">Export progress</button> ' +
        '<label class="gpulist-import">Import progress' +
        '<input type="file" accept="application/json,.json" class="gpulist-import-file"></label> ' +
        '<button type="button" class="gpulist-share" data-gpulist-share>Copy my progress link</button> ' +
        '<span class="gpulist-tools-status" role="status" aria-live="polite"></span>' +
        '<span class="gpulist-share-out" hidden><label>Your progress link ' +
        '<input type="text" readonly class="gpulist-share-link" data-gpulist-share-link></label></span>';
    }
  }

  function progressDocument() {
    store = readStore();
    var doc = { format: FORMAT, version: FILE_VERSION, exported: new Date().toISOString(), read: {}, reading: {}, skipped: {} };
    Object.keys(store.marks).forEach(function (id) { doc[store.marks[id].status][id] = store.marks[id].at; });
    return doc;
  }

  function exportProgress(button) {
    var doc = progressDocument();
    var blob = new Blob([JSON.stringify(doc, null, 1) + "\n"], { type: "application/json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "gpulist-progress.json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
    status(button, "Exported " + Object.keys(doc.read).length + " read, " + Object.keys(doc.reading).length +
      " reading and " + Object.keys(doc.skipped).length + " skipped entries.");
  }

  /* A progress document (file or link) as marks, or the reason it cannot be read. */
  function parseDocument(data) {
    if (!data || typeof data !== "object" || data.format !== FORMAT || typeof data.version !== "number") {
      return { error: "not" };
    }
    if (data.version > FILE_VERSION) return { error: "newer", version: data.version };
    if (!data.read || typeof data.read !== "object" || Array.isArray(data.read)) return { error: "not" };
    var found = {}, ignored = 0;
    MARKS.forEach(function (status) {
      var group = data[status];
      if (group == null) return;
      if (typeof group !== "object" || Array.isArray(group)) { ignored++; return; }
      Object.keys(group).forEach(function (id) {
        if (!validId(id) || !validTime(group[id])) { ignored++; return; }
        if (!found[id] || found[id].at < group[id]) found[id] = { status: status, at: group[id] };
      });
    });
    return { marks: found, ignored: ignored };
  }

  /* Merged, never replaced: a mark the reader already has stays as it is. */
  function merge(incoming) {
    store = readStore();
    var added = { read: 0, reading: 0, skipped: 0 }, kept = 0;
    Object.keys(incoming).forEach(function (id) {
      if (has.call(store.marks, id)) {
        if (store.marks[id].status !== incoming[id].status) kept++;
        return;
      }
      store.marks[id] = incoming[id];
      added[incoming[id].status]++;
    });
    var saved = save(store);
    refresh();
    return { added: added, kept: kept, saved: saved };
  }

  function mergeReport(result, ignored) {
    if (!result.saved) return "Your browser would not store the marks: nothing was imported.";
    var parts = [];
    var read = result.added.read;
    if (read || (!result.added.reading && !result.added.skipped)) parts.push(read + (read === 1 ? " entry" : " entries") + " newly marked read");
    if (result.added.reading) parts.push(result.added.reading + " newly marked reading");
    if (result.added.skipped) parts.push(result.added.skipped + " newly marked skipped");
    if (result.kept) parts.push(result.kept + " of your own marks kept where they differed");
    if (ignored) parts.push(ignored + " unusable " + (ignored === 1 ? "entry" : "entries") + " ignored");
    return parts.join(", ") + ".";
  }

  function importProgress(input) {
    var file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) return status(input, "That file is too large to be a progress file: nothing was imported.");
    file.text().then(function (text) {
      var parsed = parseDocument(JSON.parse(text));
      if (parsed.error === "newer") {
        return status(input, "That progress file is from a newer version of the list (" + parsed.version + "): nothing was imported.");
      }
      if (parsed.error) throw new Error(parsed.error);
      status(input, "Imported: " + mergeReport(merge(parsed.marks), parsed.ignored));
    }).catch(function () {
      status(input, "That file is not a gpulist progress export: nothing was imported.");
    });
  }

  function status(from, text) {
    var box = from.closest("[data-gpulist-progress-tools]");
    var out = box && box.querySelector(".gpulist-tools-status");
    if (out) out.textContent = text;
  }

  function toBase64Url(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return window.btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64Url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("damaged");
    var binary = window.atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function encodeLink(doc) {
    var stream = new Blob([JSON.stringify(doc)]).stream().pipeThrough(new CompressionStream("deflate-raw"));
    return new Response(stream).arrayBuffer().then(function (buffer) {
      return ROOT_URL + LINK_PREFIX + LINK_VERSION + "." + toBase64Url(new Uint8Array(buffer));
    });
  }

  /* Inflated chunk by chunk, and abandoned past MAX_INFLATED_BYTES: a small link cannot
     unpack into a page-freezing document. */
  function inflate(bytes) {
    var reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    var chunks = [], size = 0;
    function pump() {
      return reader.read().then(function (step) {
        if (step.done) return new Blob(chunks).text();
        size += step.value.length;
        if (size > MAX_INFLATED_BYTES) { reader.cancel(); throw new Error("too large"); }
        chunks.push(step.value);
        return pump();
      });
    }
    return pump();
  }

  /* The marks a #progress= fragment carries, or {error, text} saying why there are none. */
  function decodeLink(fragment) {
    var payload = fragment.slice(LINK_PREFIX.length);
    var fail = function (text) { return Promise.resolve({ error: true, text: text }); };
    if (payload.length > MAX_LINK_CHARS) return fail("This progress link is too long to be one.");
    var dot = payload.indexOf(".");
    var version = dot === -1 ? "" : payload.slice(0, dot);
    if (version !== LINK_VERSION) {
      return fail(/^[0-9]{1,4}$/.test(version) && Number(version) > Number(LINK_VERSION)
        ? NEWER_LINK : "This is not a progress link this list can read.");
    }
    if (typeof DecompressionStream === "undefined") return fail("This browser cannot open progress links.");
    return Promise.resolve().then(function () { return inflate(fromBase64Url(payload.slice(dot + 1))); })
      .then(readLinkText, function (error) {
        return { error: true, text: error && error.message === "too large"
          ? "This progress link unpacks to far more than any reading progress: it was not read."
          : "This progress link is damaged or cut short: it cannot be read." };
      });
  }

  function readLinkText(text) {
    var parsed;
    try {
      parsed = parseDocument(JSON.parse(text));
    } catch (error) {
      parsed = { error: "not" };
    }
    if (parsed.error === "newer") return { error: true, text: NEWER_LINK };
    if (parsed.error) return { error: true, text: "This progress link does not hold reading progress." };
    return parsed;
  }

  function shareProgress(button) {
    var box = button.closest("[data-gpulist-progress-tools]");
    if (typeof CompressionStream === "undefined") {
      return status(button, "This browser cannot make a progress link: use Export progress instead.");
    }
    var doc = progressDocument();
    var count = Object.keys(store.marks).length;
    encodeLink(doc).then(function (url) {
      var field = box.querySelector("[data-gpulist-share-link]");
      field.value = url;
      field.closest(".gpulist-share-out").hidden = false;
      var done = function () {
        status(button, "Link copied, with your " + count + " marks in its fragment (#progress=\u2026), which is never sent to a server.");
      };
      var fallback = function () {
        field.select();
        status(button, "Your link is below, selected: press Ctrl+C (\u2318C) to copy it.");
      };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(url).then(done, fallback);
      else fallback();
    });
  }

  /* ---- a shared link: offered, viewed or merged, never applied unasked ---- */

  function counts(found) {
    var c = { read: 0, reading: 0, skipped: 0 };
    Object.keys(found).forEach(function (id) { c[found[id].status]++; });
    return c.read + " read, " + c.reading + " reading, " + c.skipped + " skipped";
  }

  function readLink() {
    var hash = window.location.hash;
    if (hash.indexOf(LINK_PREFIX) !== 0) return;
    var fragment = hash;
    decodeLink(fragment).then(function (result) {
      if (window.location.hash !== fragment) return; // the reader has moved on meanwhile
      viewing = null;
      shared = result.error ? { phase: "error", text: result.text }
        : { phase: "offer", marks: result.marks, summary: counts(result.marks), ignored: result.ignored };
      refresh();
      showShared();
    });
  }

  function sharedHtml() {
    var buttons = {
      view: '<button type="button" class="gpulist-shared-button" data-gpulist-view-shared>View it</button>',
      merge: '<button type="button" class="gpulist-shared-button" data-gpulist-import-shared>Merge into my progress</button>',
      back: '<button type="button" class="gpulist-shared-button" data-gpulist-leave-shared>Back to my progress</button>',
      dismiss: '<button type="button" class="gpulist-shared-button" data-gpulist-leave-shared>Dismiss</button>',
    };
    if (shared.phase === "error") return "<p>" + escapeHtml(shared.text) + " Your own progress is untouched.</p>" + buttons.dismiss;
    if (shared.phase === "viewing") {
      return "<p>You are viewing shared progress (" + shared.summary + "). Your own progress is untouched, " +
        "and marking is off while you view.</p>" + buttons.merge + " " + buttons.back;
    }
    return "<p>This link carries someone's reading progress: " + shared.summary + ". View it, or merge it into " +
      "your own; nothing changes until you choose.</p>" + buttons.view + " " + buttons.merge + " " + buttons.dismiss;
  }

  function showShared() {
    var old = document.querySelector("[data-gpulist-shared]");
    if (old) old.remove();
    if (!shared) return;
    var box = document.createElement("div");
    box.className = "gpulist-shared";
    box.setAttribute("data-gpulist-shared", shared.phase);
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Shared progress");
    box.innerHTML = sharedHtml() + '<p class="gpulist-shared-status" role="status" aria-live="polite"></p>';
    var heading = document.querySelector("article h1");
    if (heading) heading.insertAdjacentElement("afterend", box);
    else (document.querySelector("article") || document.body).prepend(box);
  }

  function leaveShared(text) {
    shared = null;
    viewing = null;
    if (window.location.hash.indexOf(LINK_PREFIX) === 0) {
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    }
    refresh();
    showShared();
    if (text) announce(text);
  }

  /* What happened, said where the tools are, or in a status line of its own. */
  function announce(text) {
    var out = document.querySelector(".gpulist-tools-status");
    if (!out) {
      var box = document.createElement("p");
      box.className = "gpulist-shared-done";
      box.setAttribute("role", "status");
      var heading = document.querySelector("article h1");
      if (heading) heading.insertAdjacentElement("afterend", box);
      out = box;
    }
    out.textContent = text;
  }

  function sharedAction(button) {
    if (button.hasAttribute("data-gpulist-view-shared") && shared && shared.marks) {
      viewing = shared.marks;
      shared.phase = "viewing";
      refresh();
      showShared();
      document.querySelector("[data-gpulist-import-shared]").focus();
    } else if (button.hasAttribute("data-gpulist-import-shared") && shared && shared.marks) {
      var incoming = shared.marks, ignored = shared.ignored;
      viewing = null;
      leaveShared("Merged the shared progress: " + mergeReport(merge(incoming), ignored));
    } else if (button.hasAttribute("data-gpulist-leave-shared")) {
      leaveShared("");
    }
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

  function refresh() {
    refreshControls();
    refreshProgress();
    refreshShades();
    applyFilters();
    refreshPlans();
    document.dispatchEvent(new CustomEvent("gpulist:progress"));
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button");
    if (!target) return;
    if (target.hasAttribute("data-gpulist-read")) {
      setStatus(target.getAttribute("data-gpulist-read"), target.getAttribute("aria-pressed") === "true" ? "unread" : "read");
    } else if (target.classList.contains("gpulist-cite")) {
      cite(target);
    } else if (target.classList.contains("gpulist-copy")) {
      copy(target.closest(".gpulist-cite-box"));
    } else if (target.classList.contains("gpulist-export")) {
      exportProgress(target);
    } else if (target.hasAttribute("data-gpulist-share")) {
      shareProgress(target);
    } else if (target.classList.contains("gpulist-shared-button")) {
      sharedAction(target);
    }
  });

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (!target.classList) return;
    if (target.hasAttribute("data-gpulist-status")) setStatus(target.getAttribute("data-gpulist-status"), target.value);
    else if (target.classList.contains("gpulist-import-file")) importProgress(target);
    else if (filter && target.form === filter.form) filterChanged();
  });

  document.addEventListener("submit", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-gpulist-filters")) event.preventDefault();
  });

  // Opening the form is the sign a filter is coming: wrap the cards while the reader chooses.
  document.addEventListener("toggle", function (event) {
    if (filter && event.target.open && filter.form.contains(event.target)) window.setTimeout(ensureWrapped, 0);
  }, true);

  document.addEventListener("reset", function (event) {
    if (!filter || event.target !== filter.form) return;
    event.preventDefault();
    clearFilters();
  });

  // Marks made in another tab show up here at once.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== null) return;
    store = readStore();
    refresh();
  });

  window.addEventListener("hashchange", readLink);

  // For the All-resources table (resources-table.js), which filters rows that are not on the page.
  window.gpulistReader = { matches: matches, clearFilters: clearFilters, statusOf: statusOf };

  /* Material's search under MkDocs is a role="dialog" without a name (Zensical's has one),
     which Lighthouse's accessibility audit flags on every page; the theme's own label is used. */
  function nameSearchDialog() {
    var dialog = document.querySelector(".md-search[role=dialog]:not([aria-label]):not([aria-labelledby])");
    var input = dialog && dialog.querySelector("input[aria-label]");
    if (dialog) dialog.setAttribute("aria-label", input ? input.getAttribute("aria-label") : "Search");
  }

  var page = 0; // which page a deferred half of `bind` belongs to

  /* In two tasks, so that neither blocks the page long: first what changes the layout (the
     filters, hiding cards an address asks to hide), then the controls and what they show. */
  function bind() {
    if (window.performance && performance.mark) performance.mark("gpulist-reader-start");
    var current = ++page;
    nameSearchDialog();
    store = readStore();
    buildFilters();
    applyFilters();
    if (window.performance && performance.mark) performance.mark("gpulist-reader-paused");
    window.setTimeout(function () {
      if (current !== page) return; // the reader has moved on: that page's bind runs instead
      if (window.performance && performance.mark) performance.mark("gpulist-reader-resumed");
      addControls(document);
      addTools();
      refresh();
      showShared();
      readLink();
      if (window.performance && performance.mark) performance.mark("gpulist-reader-bound");
      document.documentElement.setAttribute("data-gpulist-reader", "bound");
    }, 0);
  }

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(bind);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", bind);
  } else {
    bind();
  }
})();
