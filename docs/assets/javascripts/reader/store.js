/*
 * gpulist reader, the store: the reader's marks, kept in the browser (see base.js for the modules).
 *
 * localStorage["gpulist.progress.v2"] =
 *   {"version": 2, "marks": {"<entry id>": {"status": "reading|read|skipped", "at": "<ISO time>"}}}
 * (unread is the absence of a mark). The first run carries the read marks of
 * "gpulist.read.v1" ({"<id>": "<ISO time>"}) over with their times and leaves that key as it
 * was. A store of a newer version is never overwritten. Keyed by id, so a mark survives a
 * retitled or moved entry. Nothing leaves the browser.
 *
 * Known concepts ("I know this", know.js) live beside them, under a key of their own, so a
 * page of an older version, which rewrites the marks' key whole, never drops them:
 *   localStorage["gpulist.known.v1"] = {"version": 1, "known": {"<concept id>": "<ISO time>"}}
 * Ids are checked as slugs here; an id the catalog no longer has is kept but counts for nothing.
 *
 * While the reader views a shared link's marks (share.js), those are shown instead of the
 * reader's own, and marking is off: `gpulist.store.view(marks, known)`, then `view(null)`.
 */
(function (G) {
  "use strict";

  var KEY = "gpulist.progress.v2";
  var LEGACY_KEY = "gpulist.read.v1";
  var STORE_VERSION = 2;
  var KNOWN_KEY = "gpulist.known.v1";
  var KNOWN_VERSION = 1;

  var store = readStore();
  var knownStore = readKnown();
  var viewing = null; // {marks, known} of a shared link being viewed: shown instead of the reader's own

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
          if (G.validId(id) && G.validTime(legacy[id])) marks[id] = { status: "read", at: legacy[id] };
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

  function readKnown() {
    try {
      var data = JSON.parse(window.localStorage.getItem(KNOWN_KEY) || "null");
      if (data && typeof data.version === "number" && data.version > KNOWN_VERSION) return { known: {}, writable: false };
      return { known: cleanKnown(data && data.known), writable: true };
    } catch (error) {
      return { known: {}, writable: error instanceof SyntaxError }; // damaged: start empty; disabled: keep none
    }
  }

  function saveKnown() {
    if (!knownStore.writable) return false;
    try {
      window.localStorage.setItem(KNOWN_KEY, JSON.stringify({ version: KNOWN_VERSION, known: knownStore.known }));
      return true;
    } catch (error) {
      return false;
    }
  }

  /* {id: time} with every id a slug and every time a time; anything else is dropped. */
  function cleanKnown(value) {
    var known = {};
    if (!value || typeof value !== "object" || Array.isArray(value)) return known;
    Object.keys(value).forEach(function (id) {
      if (G.validId(id) && G.validTime(value[id])) known[id] = value[id];
    });
    return known;
  }

  function cleanMarks(value) {
    var marks = {};
    if (!value || typeof value !== "object" || Array.isArray(value)) return marks;
    Object.keys(value).forEach(function (id) {
      var mark = value[id];
      if (G.validId(id) && mark && G.MARKS.indexOf(mark.status) !== -1 && G.validTime(mark.at)) {
        marks[id] = { status: mark.status, at: mark.at };
      }
    });
    return marks;
  }

  function marks() {
    return viewing ? viewing.marks : store.marks;
  }

  function known() {
    return viewing ? viewing.known : knownStore.known;
  }

  function isKnown(id) {
    return G.has.call(known(), id);
  }

  function setKnown(id, on) {
    if (viewing || !G.validId(id)) return;
    knownStore = readKnown(); // another tab may have changed them meanwhile
    if (!on) delete knownStore.known[id];
    else if (!isKnown(id)) knownStore.known[id] = new Date().toISOString();
    saveKnown();
    G.refresh();
  }

  function statusOf(id) {
    var mark = G.has.call(marks(), id) ? marks()[id] : null;
    return mark ? mark.status : "unread";
  }

  function setStatus(id, status) {
    if (viewing || !G.validId(id) || G.STATES.indexOf(status) === -1) return;
    store = readStore(); // another tab may have marked entries meanwhile
    if (status === "unread") delete store.marks[id];
    else if (statusOf(id) !== status) store.marks[id] = { status: status, at: new Date().toISOString() };
    save(store);
    G.refresh();
  }

  /* Merged, never replaced: a mark the reader already has stays as it is, and so does a
     concept the reader knows. `incomingKnown` ({id: time}) may be empty. */
  function merge(incoming, incomingKnown) {
    store = readStore();
    knownStore = readKnown();
    var added = { read: 0, reading: 0, skipped: 0, known: 0 }, kept = 0;
    Object.keys(incoming).forEach(function (id) {
      if (G.has.call(store.marks, id)) {
        if (store.marks[id].status !== incoming[id].status) kept++;
        return;
      }
      store.marks[id] = incoming[id];
      added[incoming[id].status]++;
    });
    Object.keys(incomingKnown || {}).forEach(function (id) {
      if (G.has.call(knownStore.known, id)) return;
      knownStore.known[id] = incomingKnown[id];
      added.known++;
    });
    var saved = save(store) && (!added.known || saveKnown());
    G.refresh();
    return { added: added, kept: kept, saved: saved };
  }

  /* The reader's own marks, fresh from storage (another tab may have changed them). */
  function own() {
    store = readStore();
    return store.marks;
  }

  function ownKnown() {
    knownStore = readKnown();
    return knownStore.known;
  }

  G.store = {
    statusOf: statusOf,
    setStatus: setStatus,
    marks: marks,
    known: known,
    isKnown: isKnown,
    setKnown: setKnown,
    own: own,
    ownKnown: ownKnown,
    merge: merge,
    viewing: function () { return !!viewing; },
    view: function (marks, known) { viewing = marks ? { marks: marks, known: known || {} } : null; },
  };

  // Marks made in another tab show up here at once.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== KNOWN_KEY && event.key !== null) return;
    store = readStore();
    knownStore = readKnown();
    G.refresh();
  });

  G.module("store", { early: function () { store = readStore(); knownStore = readKnown(); } });
})(window.gpulist);
