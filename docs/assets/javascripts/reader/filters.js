/*
 * gpulist reader, filters on listing pages (see base.js for the modules).
 *
 *   [data-gpulist-filters-host]   gets <form data-gpulist-filters>: a checkbox field per name of
 *                                 FIELDS that its data-gpulist-fields offers (status always),
 *                                 mirrored in the query string (?status=unread&effort=quick,hour)
 *   [data-gpulist-type|effort|access|tier]  beside [data-gpulist-entry]: what the fields match
 *
 * window.gpulistReader = {matches, clearFilters, statusOf} lets the All-resources table
 * (resources-table.js) apply the same filters to rows that are not on the page; the document
 * hears `gpulist:filter` after every change. A filter change only touches the cards whose
 * visibility changes, each wrapped in one element first (cards.js).
 */
(function (G) {
  "use strict";

  /* The fields, in the form's order: each reads an entry's value from its host's attribute
     (`attr`), or computes it (`value(entry)`, entry being {id, type, effort, access, tier, ...}).
     A new field is one line here, plus its options in the build's list
     (gpulist.site.reader.filter_fields); `status` is the script's own, its options the states. */
  var FIELDS = {
    status: { value: function (entry) { return G.store.statusOf(entry.id); } },
    type: { attr: "data-gpulist-type" },
    effort: { attr: "data-gpulist-effort" },
    access: { attr: "data-gpulist-access" },
    tier: { attr: "data-gpulist-tier" },
  };

  var filter = null; // this page's form, fields, chosen values and items

  function names() {
    return Object.keys(FIELDS);
  }

  function fieldsOf(host) {
    var fields = [["status", "Status", G.STATES.map(function (s) { return [s, s]; })]];
    try {
      var given = JSON.parse(host.getAttribute("data-gpulist-fields") || "[]");
      given.forEach(function (f) { if (f[0] !== "status" && G.has.call(FIELDS, f[0])) fields.push(f); });
    } catch (error) { /* no other field than status */ }
    return fields;
  }

  function formHtml(fields, uid) {
    var esc = G.escapeHtml;
    var sets = fields.map(function (field) {
      var boxes = field[2].map(function (option) {
        return '<label><input type="checkbox" name="' + esc(field[0]) + '" value="' + esc(option[0]) +
          '"> ' + esc(option[1]) + "</label>";
      }).join(" ");
      return "<fieldset><legend>" + esc(field[1]) + "</legend>" + boxes + "</fieldset>";
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
    names().forEach(function (name) { params.delete(name); });
    var parts = params.toString() ? [params.toString()] : [];
    names().forEach(function (name) {
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
      article: article, items: collectItems(article), sections: [], active: [] };
    filter.active = activeFields();
    filter.sections = sectionCounters(filter.items);
    var boxes = filter.form.querySelectorAll("input[type=checkbox]");
    for (var i = 0; i < boxes.length; i++) boxes[i].checked = !!filter.chosen[boxes[i].name][boxes[i].value];
    if (filter.active.length) filter.form.querySelector("details").open = true;
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
      for (var i = 0; i < hosts.length; i++) items.push(item(hosts[i], section));
    }
    return items;
  }

  function item(host, section) {
    var found = { host: host, id: host.getAttribute("data-gpulist-entry"), section: section, hidden: false };
    names().forEach(function (name) { if (FIELDS[name].attr) found[name] = host.getAttribute(FIELDS[name].attr); });
    return found;
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

  function activeFields() {
    return names().filter(function (name) { return Object.keys(filter.chosen[name] || {}).length > 0; });
  }

  /* Whether an entry ({id, type, effort, access, tier}) passes the page's filters: any chosen
     value within a field, every field with a choice. Also used by the All-resources table. */
  function matches(entry) {
    if (!filter) return true;
    for (var i = 0; i < filter.active.length; i++) {
      var name = filter.active[i], field = FIELDS[name];
      var value = field.value ? field.value(entry) : entry[name] == null ? "" : String(entry[name]);
      if (!G.has.call(filter.chosen[name], value)) return false;
    }
    return true;
  }

  function applyFilters() {
    if (!filter) return;
    if (filter.active.length) G.cards.wrap(filter.article);
    var shown = 0;
    filter.items.forEach(function (item) {
      var hide = !matches(item);
      if (!hide) shown++;
      if (hide === item.hidden) return;
      item.hidden = hide;
      G.cards.block(item.host).hidden = hide;
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
    names().forEach(function (name) { filter.chosen[name] = {}; });
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

  document.addEventListener("change", function (event) {
    if (filter && event.target.form === filter.form) filterChanged();
  });

  document.addEventListener("submit", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-gpulist-filters")) event.preventDefault();
  });

  // Opening the form is the sign a filter is coming: wrap the cards while the reader chooses.
  document.addEventListener("toggle", function (event) {
    if (filter && event.target.open && filter.form.contains(event.target)) window.setTimeout(function () { if (filter) G.cards.wrap(filter.article); }, 0);
  }, true);

  document.addEventListener("reset", function (event) {
    if (!filter || event.target !== filter.form) return;
    event.preventDefault();
    clearFilters();
  });

  G.filters = { fields: FIELDS, matches: matches, clearFilters: clearFilters };
  // For the All-resources table (resources-table.js), which filters rows that are not on the page.
  window.gpulistReader = { matches: matches, clearFilters: clearFilters, statusOf: G.store.statusOf };

  G.module("filters", { early: function () { buildFilters(); applyFilters(); }, refresh: applyFilters });
})(window.gpulist);
