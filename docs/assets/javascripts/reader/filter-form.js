/*
 * gpulist reader, the filter form: its markup, its controls and the address that mirrors them
 * (see base.js for the modules; filters.js decides what the form's choices show).
 *
 * A field is [name, legend, options, kind], as the build lists it (gpulist.site.reader.filters),
 * options being [[value, label], ...]. Kinds:
 *   "check"   (the default) a checkbox per option: entries with any ticked value;
 *   "select"  a menu, "All" or one option;
 *   "text"    a search box (no options): entries holding every word.
 * The search box stands above the folded fields; the rest fold under "Filter entries". Each
 * option shows how many entries it would leave, as faceted search does: those that pass every
 * other field's choice and have this value. The empty state, [data-gpulist-filters-empty],
 * says that nothing is left and offers "Clear filters" (a reset button of the same form).
 *
 * The address: ?status=unread,read&type=paper&text=flash%20attention. Values a field does not
 * offer, a second value for a menu, and a search longer than MAX_TEXT are ignored and named in
 * the form's note; parameters of no field are left alone.
 */
(function (G) {
  "use strict";

  var esc = G.escapeHtml;
  var MAX_TEXT = 200; // a longer search in the address is ignored, and named

  function kindOf(field) {
    return field[3] === "select" || field[3] === "text" ? field[3] : "check";
  }

  function checks(field) {
    var boxes = field[2].map(function (option) {
      return '<label><input type="checkbox" name="' + esc(field[0]) + '" value="' + esc(option[0]) + '"> ' +
        esc(option[1]) + ' <span class="gpulist-filter-n"></span></label>';
    }).join(" ");
    return "<fieldset><legend>" + esc(field[1]) + "</legend>" + boxes + "</fieldset>";
  }

  function menu(field, uid) {
    var id = uid + "-" + field[0];
    var options = field[2].map(function (option) {
      return '<option value="' + esc(option[0]) + '">' + esc(option[1]) + "</option>";
    }).join("");
    return '<div class="gpulist-filter-menu"><label for="' + esc(id) + '">' + esc(field[1]) + "</label>" +
      '<select id="' + esc(id) + '" name="' + esc(field[0]) + '"><option value="">All</option>' + options +
      "</select></div>";
  }

  function search(field, uid) {
    var id = uid + "-" + field[0];
    return '<div class="gpulist-filter-search"><label for="' + esc(id) + '">' + esc(field[1]) + "</label>" +
      '<input id="' + esc(id) + '" type="search" name="' + esc(field[0]) + '" autocomplete="off" ' +
      'maxlength="200" placeholder="Title, author, concept, note\u2026"></div>';
  }

  function of(fields, kind) {
    return fields.filter(function (field) { return kindOf(field) === kind; });
  }

  /* The whole form: search box, folded fields (menus, then checkboxes), then the outcome: the
     count, the empty state and the one "Clear filters" (shown while a filter is on; `place`
     moves it into the empty state when nothing is left, so there is never a second one). */
  function html(fields, uid) {
    var menus = of(fields, "select").map(function (field) { return menu(field, uid); }).join("");
    return '<form class="gpulist-filter-form" data-gpulist-filters aria-labelledby="' + uid + '">' +
      of(fields, "text").map(function (field) { return search(field, uid); }).join("") +
      '<details class="gpulist-filter-box"><summary id="' + uid + '" class="gi-filter">Filter entries</summary>' +
      '<div class="gpulist-filter-fields">' + (menus ? '<div class="gpulist-filter-menus">' + menus + "</div>" : "") +
      of(fields, "check").map(checks).join("") + "</div></details>" +
      '<p class="gpulist-filter-count" role="status" aria-live="polite"></p>' +
      '<div class="gpulist-filter-empty" data-gpulist-filters-empty hidden><p>No entry matches these filters.</p></div>' +
      '<p class="gpulist-filter-actions" hidden><button type="reset" class="gpulist-filter-clear">Clear filters</button></p>' +
      '<p class="gpulist-filter-note" hidden></p></form>';
  }

  /* The outcome's parts shown for `active` filters leaving `none`, the one Clear where it belongs. */
  function place(form, active, none) {
    var clear = form.querySelector(".gpulist-filter-clear");
    var empty = form.querySelector("[data-gpulist-filters-empty]"), actions = form.querySelector(".gpulist-filter-actions");
    var home = none ? empty : actions;
    if (clear.parentNode !== home) home.appendChild(clear);
    empty.hidden = !none;
    actions.hidden = !active || none;
  }

  /* {name: {value: true}} from the controls; a search box's value is its trimmed text. */
  function read(form, fields) {
    var chosen = {};
    fields.forEach(function (field) {
      var name = field[0], kind = kindOf(field), picked = chosen[name] = {};
      if (kind === "check") {
        var boxes = form.querySelectorAll('input[type=checkbox][name="' + name + '"]');
        for (var i = 0; i < boxes.length; i++) if (boxes[i].checked) picked[boxes[i].value] = true;
        return;
      }
      var control = form.querySelector((kind === "text" ? "input" : "select") + '[name="' + name + '"]');
      var value = control ? control.value.trim() : "";
      if (value) picked[value] = true;
    });
    return chosen;
  }

  function write(form, fields, chosen) {
    fields.forEach(function (field) {
      var name = field[0], kind = kindOf(field), picked = chosen[name] || {};
      if (kind === "check") {
        var boxes = form.querySelectorAll('input[type=checkbox][name="' + name + '"]');
        for (var i = 0; i < boxes.length; i++) boxes[i].checked = G.has.call(picked, boxes[i].value);
        return;
      }
      var control = form.querySelector((kind === "text" ? "input" : "select") + '[name="' + name + '"]');
      if (control) control.value = Object.keys(picked)[0] || "";
    });
  }

  function clear(form, fields) {
    write(form, fields, {});
  }

  /* What each option's count is written into, found once per page: {name: [[value, element, label]]}. */
  function counters(form, fields) {
    var found = {};
    fields.forEach(function (field) {
      var kind = kindOf(field), name = field[0];
      if (kind === "text") return;
      var places = kind === "check" ? form.querySelectorAll('input[name="' + name + '"] + .gpulist-filter-n')
        : form.querySelectorAll('select[name="' + name + '"] option:not([value=""])');
      found[name] = field[2].map(function (option, i) { return [option[0], places[i], option[1]]; });
    });
    return found;
  }

  /* Writes each option's count, touching only those that changed (a menu may hold 1,000 concepts). */
  function showCounts(places, counts) {
    Object.keys(places).forEach(function (name) {
      var n = counts[name] || {};
      places[name].forEach(function (place) {
        var element = place[1], count = n[place[0]] || 0;
        if (!element || element.gpulistCount === count) return;
        element.gpulistCount = count;
        element.textContent = element.tagName === "OPTION" ? place[2] + " (" + count + ")" : "(" + count + ")";
      });
    });
  }

  function short(value) {
    return value.length > 30 ? value.slice(0, 30) + "\u2026" : value;
  }

  /* The address's values that this page's fields know; the others are named, not used. */
  function readQuery(fields) {
    var params = new URLSearchParams(window.location.search);
    var chosen = {}, ignored = [];
    fields.forEach(function (field) {
      var name = field[0], kind = kindOf(field), picked = chosen[name] = {};
      if (kind === "text") {
        var text = params.getAll(name).join(" ").trim();
        if (text.length > MAX_TEXT) ignored.push(name + "=" + short(text));
        else if (text) picked[text] = true;
        return;
      }
      var known = {};
      field[2].forEach(function (option) { known[option[0]] = true; });
      params.getAll(name).join(",").split(",").forEach(function (value) {
        value = value.trim();
        if (!value) return;
        var room = kind === "check" || !Object.keys(picked).length; // a menu holds one value
        if (G.has.call(known, value) && room) picked[value] = true;
        else ignored.push(name + "=" + short(value));
      });
    });
    return { chosen: chosen, ignored: ignored };
  }

  /* ?status=unread&effort=quick,hour&text=flash%20attention: commas unescaped, the rest kept. */
  function writeQuery(fields, chosen) {
    var params = new URLSearchParams(window.location.search);
    fields.forEach(function (field) { params.delete(field[0]); });
    var parts = params.toString() ? [params.toString()] : [];
    fields.forEach(function (field) {
      var values = Object.keys(chosen[field[0]] || {});
      if (values.length) parts.push(field[0] + "=" + values.map(encodeURIComponent).join(","));
    });
    var url = window.location.pathname + (parts.length ? "?" + parts.join("&") : "") + window.location.hash;
    if (url !== window.location.pathname + window.location.search + window.location.hash) {
      window.history.replaceState(window.history.state, "", url);
    }
  }

  G.filterForm = { kindOf: kindOf, place: place, readQuery: readQuery, writeQuery: writeQuery, html: html, read: read, write: write, clear: clear, counters: counters,
    showCounts: showCounts };
})(window.gpulist);
