/*
 * gpulist reader, filters on listing pages (see base.js for the modules; filter-form.js makes the form).
 *
 *   [data-gpulist-filters-host]   gets <form data-gpulist-filters>: the fields its
 *                                 data-gpulist-fields offers (status always), mirrored in the
 *                                 query string (?status=unread&effort=quick,hour&text=flash)
 *   [data-gpulist-type|effort|access|tier]  beside [data-gpulist-entry]: what the fields match
 *
 * One filter system per page: on All resources the table (resources-table.js) hands its rows to
 * `gpulist.filters.attach({items, render})`, and this module decides which show, counts what each
 * option would leave, and asks the table to draw them. Elsewhere the entries are the page's cards
 * and lines; a change only touches those whose visibility changes, each wrapped in one element
 * first (cards.js). When nothing is left, the form's empty state says so and offers "Clear
 * filters", and the page's section headings step aside. The document hears `gpulist:filter`.
 */
(function (G) {
  "use strict";

  /* The fields: each reads an entry's value from its host's attribute (`attr`; `many`: a
     space-separated list), or computes it (`value(entry)`); `text` matches words. A new field
     is one line here, plus its options in the build's list (gpulist.site.reader.filters). */
  var FIELDS = {
    text: { text: true },
    status: { value: function (entry) { return G.store.statusOf(entry.id); } },
    type: { attr: "data-gpulist-type" },
    effort: { attr: "data-gpulist-effort" },
    access: { attr: "data-gpulist-access" },
    tier: { attr: "data-gpulist-tier" },
    topic: { attr: "data-gpulist-topic" },
    tag: { attr: "data-gpulist-tags", many: true },
    year: { attr: "data-gpulist-year" },
  };
  var DEBOUNCE_MS = 150; // typing settles before the list is filtered again

  var filter = null; // this page's form, fields, choices and entries

  function fieldsOf(host) {
    var fields = [["status", "Status", G.STATES.map(function (s) { return [s, s]; })]];
    try {
      JSON.parse(host.getAttribute("data-gpulist-fields") || "[]").forEach(function (f) {
        if (Array.isArray(f) && f[0] !== "status" && G.has.call(FIELDS, f[0]) && Array.isArray(f[2])) fields.push(f);
      });
    } catch (error) { /* no other field than status */ }
    return fields;
  }

  function buildFilters() {
    filter = null;
    var host = document.querySelector("[data-gpulist-filters-host]");
    if (!host) return;
    var fields = fieldsOf(host);
    if (!host.querySelector("form")) host.innerHTML = G.filterForm.html(fields, "gpulist-filter");
    var form = host.querySelector("form");
    var query = G.filterForm.readQuery(fields);
    var article = document.querySelector("article") || document.body;
    filter = { host: host, form: form, fields: fields, chosen: query.chosen, article: article, view: null,
      items: collectItems(article), counters: G.filterForm.counters(form, fields),
      counted: fields.filter(function (f) { return G.filterForm.kindOf(f) !== "text"; }).map(function (f) { return f[0]; }) };
    filter.sections = sectionCounters(filter.items);
    filter.active = activeFields();
    G.filterForm.write(form, fields, filter.chosen);
    if (filter.active.some(function (name) { return !FIELDS[name].text; })) form.querySelector("details").open = true;
    var note = form.querySelector(".gpulist-filter-note");
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
    var found = { host: host, id: host.getAttribute("data-gpulist-entry"), section: section, show: true, hidden: false };
    Object.keys(FIELDS).forEach(function (name) {
      var field = FIELDS[name], value = field.attr ? host.getAttribute(field.attr) : null;
      if (value !== null) found[name] = field.many ? value.split(" ") : value;
    });
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
    return filter.fields.map(function (f) { return f[0]; })
      .filter(function (name) { return Object.keys(filter.chosen[name] || {}).length > 0; });
  }

  function valueOf(name, entry) {
    var field = FIELDS[name];
    var value = field.value ? field.value(entry) : entry[name];
    return value == null ? "" : value;
  }

  function words() {
    return Object.keys(filter.chosen.text || {}).join(" ").toLowerCase().split(/\s+/).filter(Boolean);
  }

  function haystack(entry) {
    if (entry.haystack == null) entry.haystack = (entry.host ? G.cards.block(entry.host).textContent : "").toLowerCase();
    return entry.haystack;
  }

  /* Whether an entry passes one field's choice: any chosen value; for text, every word. */
  function passes(name, entry, terms) {
    if (FIELDS[name].text) {
      var text = haystack(entry);
      for (var i = 0; i < terms.length; i++) if (text.indexOf(terms[i]) === -1) return false;
      return true;
    }
    var chosen = filter.chosen[name], value = valueOf(name, entry);
    if (!Array.isArray(value)) return G.has.call(chosen, String(value));
    for (var j = 0; j < value.length; j++) if (G.has.call(chosen, value[j])) return true;
    return false;
  }

  function matches(entry) {
    if (!filter) return true;
    var terms = words();
    return filter.active.every(function (name) { return passes(name, entry, terms); });
  }

  function tally(counts, value) {
    if (!Array.isArray(value)) { counts[value] = (counts[value] || 0) + 1; return; }
    for (var i = 0; i < value.length; i++) counts[value[i]] = (counts[value[i]] || 0) + 1;
  }

  /* One pass over the entries: which show, and each option's count (an entry that fails one
     field only counts toward that field's options: ticking one of them would bring it back). */
  function sift() {
    var active = filter.active, counted = filter.counted, terms = words(), counts = {}, shown = 0;
    counted.forEach(function (name) { counts[name] = {}; });
    for (var i = 0; i < filter.items.length; i++) {
      var entry = filter.items[i], failed = null, fails = 0;
      for (var j = 0; j < active.length && fails < 2; j++) {
        if (!passes(active[j], entry, terms)) { fails++; failed = active[j]; }
      }
      entry.show = fails === 0;
      if (entry.show) {
        shown++;
        for (var k = 0; k < counted.length; k++) tally(counts[counted[k]], valueOf(counted[k], entry));
      } else if (fails === 1 && counts[failed]) {
        tally(counts[failed], valueOf(failed, entry));
      }
    }
    return { shown: shown, counts: counts };
  }

  /* `changed`: the reader changed a choice (the table then lists from its first row again). */
  function applyFilters(changed) {
    if (!filter) return;
    var found = sift(), active = filter.active.length > 0, total = filter.items.length, listed = found.shown;
    // A view (the All-resources table) may list fewer rows than pass: it says how many it lists.
    if (filter.view) listed = Math.min(found.shown, filter.view.render(changed === true));
    else showCards(active);
    var none = active && total > 0 && found.shown === 0;
    filter.sections.forEach(function (s) {
      var visible = s.items.filter(function (entry) { return entry.show; }).length;
      s.span.textContent = active ? " \u00b7 " + visible + " of " + s.items.length + " shown" : "";
      if (s.heading.hidden !== none) s.heading.hidden = none;
    });
    filter.form.querySelector(".gpulist-filter-count").textContent = countText(listed, found.shown, total, active);
    G.filterForm.place(filter.form, active, none);
    filter.counts = found.counts;
    if (filter.form.querySelector("details").open) G.filterForm.showCounts(filter.counters, found.counts);
    document.dispatchEvent(new CustomEvent("gpulist:filter"));
  }

  /* What is shown, of how many: a count never claims rows the page does not list. */
  function countText(listed, shown, total, active) {
    if (!total) return "";
    if (listed < shown) {
      return "Showing " + listed + " of " + (active ? shown + " matching entries (" + total + " in all)." : total + " entries.");
    }
    return active ? "Showing " + shown + " of " + total + " entries." : "Showing all " + total + " entries.";
  }

  function showCards(active) {
    if (active) G.cards.wrap(filter.article);
    filter.items.forEach(function (entry) {
      if (entry.hidden === !entry.show) return;
      entry.hidden = !entry.show;
      G.cards.block(entry.host).hidden = entry.hidden;
    });
  }

  /* The table's rows, once loaded, are the page's entries: {items, render(changed)}. */
  function attach(view) {
    if (!filter) return false;
    filter.view = view;
    filter.items = view.items;
    filter.sections = [];
    applyFilters(false);
    return true;
  }

  function filterChanged() {
    window.clearTimeout(typing);
    filter.chosen = G.filterForm.read(filter.form, filter.fields);
    filter.active = activeFields();
    filter.form.querySelector(".gpulist-filter-note").hidden = true;
    applyFilters(true);
    queueQuery(filter.chosen);
  }

  /* The address follows once the page has been painted: history.replaceState took 10 to 30 ms
     here on a long page, more than the filter itself. Quick successive changes write it once. */
  var queued = null, typing = null;

  function queueQuery(chosen) {
    var first = queued === null;
    queued = chosen;
    if (!first) return;
    window.requestAnimationFrame(function () {
      window.setTimeout(function () {
        var latest = queued;
        queued = null;
        if (filter && latest === filter.chosen) G.filterForm.writeQuery(filter.fields, latest);
      }, 0);
    });
  }

  function clearFilters() {
    if (!filter) return;
    G.filterForm.clear(filter.form, filter.fields);
    filterChanged();
  }

  function ours(event) {
    return filter && event.target && event.target.form === filter.form;
  }

  document.addEventListener("change", function (event) {
    if (ours(event)) filterChanged();
  });

  document.addEventListener("input", function (event) {
    if (!ours(event) || event.target.type !== "search") return;
    window.clearTimeout(typing);
    typing = window.setTimeout(function () { if (filter) filterChanged(); }, DEBOUNCE_MS);
  });

  document.addEventListener("submit", function (event) {
    if (!event.target.hasAttribute || !event.target.hasAttribute("data-gpulist-filters")) return;
    event.preventDefault();
    if (filter && event.target === filter.form) filterChanged(); // Enter in the search box: at once
  });

  // Opening the form is the sign a filter is coming: wrap the cards while the reader chooses.
  // The options' counts are written while the fields are open only (a search typed with them
  // folded skips rewriting a menu of 1,000 concepts), so opening them writes the latest.
  document.addEventListener("toggle", function (event) {
    if (!filter || !event.target.open || !filter.form.contains(event.target)) return;
    if (filter.counts) G.filterForm.showCounts(filter.counters, filter.counts);
    window.setTimeout(function () { if (filter) G.cards.wrap(filter.article); }, 0);
  }, true);

  // The Clear button hides once nothing is chosen: the reader's focus goes back to the form's start.
  document.addEventListener("reset", function (event) {
    if (!filter || event.target !== filter.form) return;
    event.preventDefault();
    var focused = filter.form.contains(document.activeElement);
    clearFilters();
    if (focused) filter.form.querySelector("input[type=search], summary").focus();
  });

  G.filters = { fields: FIELDS, matches: matches, clearFilters: clearFilters, attach: attach,
    refresh: function () { applyFilters(false); } };

  G.module("filters", { early: function () { buildFilters(); applyFilters(false); }, refresh: applyFilters });
})(window.gpulist);
