/*
 * gpulist reader, the review schedule: when each check question comes back (see base.js for the modules).
 *
 * localStorage["gpulist.review.v1"] = {"version": 1, "scope": "read", "cards": {"<question id>":
 *   [due, stability, difficulty, state, reps, lapses, last, scheduled, steps, first]}}
 * one array per question the reader has graded: FSRS's card (ts-fsrs's Card: due, stability,
 * difficulty, state 0-3, reps, lapses, last_review, scheduled_days, learning_steps), times in
 * milliseconds since the epoch (last 0 for none), and when the reader first graded it (for
 * the day's limit of new questions). `scope` is where the Review page takes questions from
 * (due.js). Kept under a key of its own beside the marks (store.js), so that a schedule the
 * page cannot read loses nothing else, and a page of an older version never drops it.
 *
 * A schedule is read whole or refused whole: one card that is not an FSRS card as this list
 * writes it (a value out of its range, a field missing or extra) means it was changed by hand
 * or by something else, and no card of it is trusted. A refused schedule in storage is kept as
 * it was, never written over, until the reader chooses to start a new one (`discard`); one of
 * a newer version likewise. The same check reads the schedule of a progress file or link
 * (files.js, as its "review": {"version": 1, "cards": {…}}), which is merged card by card, the
 * more recently reviewed of two copies of a card winning.
 */
(function (G) {
  "use strict";

  var KEY = "gpulist.review.v1";
  var VERSION = 1;
  var FIELDS = 10;
  var EARLIEST = Date.UTC(2020, 0, 1), LATEST = Date.UTC(2200, 0, 1);
  var SCOPE = /^(read|all|(path|area):[a-z0-9]+(-[a-z0-9]+)*)$/;

  var schedule = null; // read on first use: most pages never need it
  var lastRaw = null, lastRead = null; // the stored text last read and what it gave: reread only when it changed

  function whole(n, most) {
    return typeof n === "number" && Math.floor(n) === n && n >= 0 && n <= most;
  }

  function real(n, least, most) {
    return typeof n === "number" && isFinite(n) && n >= least && n <= most;
  }

  function time(n, optional) {
    return (optional && n === 0) || (whole(n, LATEST) && n >= EARLIEST);
  }

  /* One card as this list writes it: every field in its range, and what FSRS's states imply. */
  function validCard(a) {
    if (!Array.isArray(a) || a.length !== FIELDS) return false;
    var ok = time(a[0]) && real(a[1], 0, 36500) && real(a[2], 0, 10) && whole(a[3], 3) && whole(a[4], 1e6) &&
      whole(a[5], a[4]) && time(a[6], true) && whole(a[7], 36500) && whole(a[8], 100) && time(a[9], true);
    return ok && (a[4] === 0 ? a[6] === 0 && a[3] === 0 : a[6] !== 0 && a[9] !== 0);
  }

  /* The parsed document's own cards, checked in place: JSON.parse made them, so nothing else
     holds them (5,000 cards are checked in a few milliseconds, where copying each doubled it). */

  /* A schedule document ({"version", "cards"}) as its cards, or {error: "newer"|"foreign"|"tampered"}. */
  function parse(data) {
    if (!data || typeof data !== "object" || Array.isArray(data) || typeof data.version !== "number") return { error: "foreign" };
    if (data.version > VERSION) return { error: "newer" };
    var cards = data.cards;
    if (data.version !== VERSION || !cards || typeof cards !== "object" || Array.isArray(cards)) return { error: "foreign" };
    for (var id in cards) {
      if (G.has.call(cards, id) && !(G.validId(id) && validCard(cards[id]))) return { error: "tampered", id: id };
    }
    return { cards: cards };
  }

  function read() {
    var raw;
    try {
      raw = window.localStorage.getItem(KEY);
    } catch (error) {
      return schedule || { cards: {}, scope: "read", writable: false, problem: null }; // storage off: this visit only
    }
    if (raw !== null && raw === lastRaw) return lastRead;
    lastRaw = raw;
    lastRead = parseStored(raw);
    return lastRead;
  }

  function parseStored(raw) {
    if (raw === null) return { cards: {}, scope: "read", writable: true, problem: null };
    var parsed;
    try {
      var data = JSON.parse(raw);
      parsed = parse(data);
      if (!parsed.error) return { cards: parsed.cards, scope: SCOPE.test(data.scope) ? data.scope : "read", writable: true, problem: null };
    } catch (error) {
      parsed = { error: "tampered" };
    }
    return { cards: {}, scope: "read", writable: false, problem: parsed.error };
  }

  function save() {
    if (!schedule.writable) return false;
    try {
      var raw = JSON.stringify({ version: VERSION, scope: schedule.scope, cards: schedule.cards });
      window.localStorage.setItem(KEY, raw);
      lastRaw = raw;
      lastRead = schedule;
      return true;
    } catch (error) {
      return false; // private mode or quota: the grades last until the page is left
    }
  }

  /* Why a schedule was refused, in words: where it came from is `what` ("Your saved review schedule"). */
  function problemText(error, what) {
    if (error === "newer") return what + " was written by a newer version of this list, so it cannot be read here.";
    return what + " is not one this list wrote: it is damaged, or was changed by hand or by another site.";
  }

  /* A card as ts-fsrs takes it (F: ts-fsrs's namespace), and back. */
  function toFsrs(a) {
    return { due: new Date(a[0]), stability: a[1], difficulty: a[2], state: a[3], reps: a[4], lapses: a[5],
      last_review: a[6] ? new Date(a[6]) : undefined, scheduled_days: a[7], learning_steps: a[8], elapsed_days: 0 };
  }

  function fromFsrs(card, first) {
    var last = card.last_review ? new Date(card.last_review).getTime() : 0;
    return [new Date(card.due).getTime(), card.stability, card.difficulty, card.state, card.reps, card.lapses, last,
      card.scheduled_days, card.learning_steps, first || last];
  }

  /* The reader graded question `id`: its new card (from fromFsrs). */
  function put(id, card) {
    if (!G.validId(id) || !validCard(card)) return false;
    schedule = read(); // another tab may have graded meanwhile
    if (schedule.problem) return false;
    schedule.cards[id] = card;
    save();
    G.refresh();
    return true;
  }

  /* Cards from a progress file or link: new ones added, a card reviewed more recently than
     the reader's copy replaces it; {added, updated, saved}. */
  function merge(incoming) {
    schedule = read();
    var result = { added: 0, updated: 0, saved: true };
    if (schedule.problem) return { added: 0, updated: 0, saved: false, refusedOwn: true };
    Object.keys(incoming).forEach(function (id) {
      var own = schedule.cards[id];
      if (own && own[6] >= incoming[id][6]) return;
      schedule.cards[id] = incoming[id];
      if (own) result.updated++;
      else result.added++;
    });
    if (result.added || result.updated) result.saved = save();
    return result;
  }

  function current() {
    if (!schedule) schedule = read();
    return schedule;
  }

  G.schedule = {
    parse: parse,
    problemText: problemText,
    toFsrs: toFsrs,
    fromFsrs: fromFsrs,
    put: put,
    merge: merge,
    cards: function () { return current().cards; },
    problem: function () { return current().problem; },
    writable: function () { return current().writable; },
    scope: function () { return current().scope; },
    setScope: function (scope) {
      if (!SCOPE.test(scope)) return;
      schedule = read();
      schedule.scope = scope;
      save();
    },
    /* The schedule as a progress file carries it, or null while the stored one is refused. */
    own: function () {
      schedule = read();
      return schedule.problem ? null : { version: VERSION, cards: schedule.cards };
    },
    /* The reader chose to start again: the refused schedule is replaced by an empty one. */
    discard: function () {
      schedule = { cards: {}, scope: "read", writable: true, problem: null };
      save();
      G.refresh();
    },
  };

  // Grades made in another tab count here at once.
  window.addEventListener("storage", function (event) {
    if (event.key !== KEY && event.key !== null) return;
    schedule = read();
    G.refresh();
  });

  // Each page reads it afresh (another tab may have graded), which costs nothing while the stored text is unchanged.
  G.module("schedule", { early: function () { if (schedule) schedule = read(); } });
})(window.gpulist);
