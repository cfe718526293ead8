/*
 * gpulist reader, progress files: export, import and merge (see base.js for the modules).
 *
 *   [data-gpulist-progress-tools]  gets "Export progress", "Import progress" and "Copy my
 *                                  progress link" [data-gpulist-share] (share.js), and a status line
 *
 * Progress file and link payload, one format: {"format": "gpulist-progress", "version": 1,
 * "exported": "<ISO time>", "read": {"<id>": "<ISO time>"}, "reading": {…}, "skipped": {…},
 * "known": {"<concept id>": "<ISO time>"}, "review": {"version": 1, "cards": {…}}} ("reading",
 * "skipped", "known" and "review" were added within version 1: an older file has "read" alone,
 * and reads as it always did). "review" is the review schedule (schedule.js), read whole or
 * refused whole: a schedule that is not one this list wrote is refused with a message, and
 * the file's marks and known concepts are imported all the same. Imports are merged,
 * never replacing a mark the reader already has; an id that is no slug, a time that is no
 * time, a "known" that is no {id: time} and a concept the catalog does not have are ignored and
 * counted in the message. Nothing leaves the browser: export is a Blob download, import reads
 * a local file.
 */
(function (G) {
  "use strict";

  var FORMAT = "gpulist-progress";
  var FILE_VERSION = 1;
  var MAX_IMPORT_BYTES = 2 * 1024 * 1024;

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

  /* The reader's own marks and known concepts as a progress document (a file, or a link's payload). */
  function progressDocument() {
    var marks = G.store.own();
    var doc = { format: FORMAT, version: FILE_VERSION, exported: new Date().toISOString(), read: {}, reading: {},
      skipped: {}, known: G.store.ownKnown() };
    Object.keys(marks).forEach(function (id) { doc[marks[id].status][id] = marks[id].at; });
    var review = G.schedule.own(); // null while the stored schedule is refused: it stays where it is
    if (review) doc.review = review;
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
      " reading and " + Object.keys(doc.skipped).length + " skipped entries, " + Object.keys(doc.known).length +
      " known concepts and the review schedule of " + (doc.review ? Object.keys(doc.review.cards).length : 0) + " questions.");
  }

  /* A progress document (file or link) as marks and known concepts, or the reason it cannot be read. */
  function parseDocument(data) {
    if (!data || typeof data !== "object" || data.format !== FORMAT || typeof data.version !== "number") {
      return { error: "not" };
    }
    if (data.version > FILE_VERSION) return { error: "newer", version: data.version };
    if (!data.read || typeof data.read !== "object" || Array.isArray(data.read)) return { error: "not" };
    var found = {}, ignored = 0;
    G.MARKS.forEach(function (status) {
      var group = data[status];
      if (group == null) return;
      if (typeof group !== "object" || Array.isArray(group)) { ignored++; return; }
      Object.keys(group).forEach(function (id) {
        if (!G.validId(id) || !G.validTime(group[id])) { ignored++; return; }
        if (!found[id] || found[id].at < group[id]) found[id] = { status: status, at: group[id] };
      });
    });
    var known = {}, group = data.known;
    if (group != null && (typeof group !== "object" || Array.isArray(group))) ignored++; // not {id: time}: all of it
    else if (group != null) {
      Object.keys(group).forEach(function (id) {
        if (G.validId(id) && G.validTime(group[id])) known[id] = group[id];
        else ignored++;
      });
    }
    var parsed = { marks: found, known: known, ignored: ignored, review: null, reviewRefused: null };
    if (data.review != null) {
      var schedule = G.schedule.parse(data.review);
      if (schedule.error) parsed.reviewRefused = schedule.error;
      else parsed.review = schedule.cards;
    }
    return parsed;
  }

  /* The parsed document with its known concepts narrowed to those the catalog has (the others
     counted as ignored); as parsed if the catalog's data cannot be had. */
  function narrowKnown(parsed) {
    if (!Object.keys(parsed.known).length) return Promise.resolve(parsed);
    return G.loadData().then(function (data) {
      Object.keys(parsed.known).forEach(function (id) {
        if (G.has.call(data.concepts, id)) return;
        delete parsed.known[id];
        parsed.ignored++;
      });
      return parsed;
    }, function () { return parsed; });
  }

  /* Merges a parsed document into the reader's progress; the message that says what happened. */
  function mergeParsed(parsed) {
    return narrowKnown(parsed).then(function (usable) {
      var report = mergeReport(G.store.merge(usable.marks, usable.known), usable.ignored);
      return report + reviewReport(usable);
    });
  }

  function mergeReport(result, ignored) {
    if (!result.saved) return "Your browser would not store the marks: nothing was imported.";
    var parts = [];
    var read = result.added.read;
    if (read || (!result.added.reading && !result.added.skipped && !result.added.known)) parts.push(read + (read === 1 ? " entry" : " entries") + " newly marked read");
    if (result.added.reading) parts.push(result.added.reading + " newly marked reading");
    if (result.added.skipped) parts.push(result.added.skipped + " newly marked skipped");
    if (result.added.known) parts.push(result.added.known + (result.added.known === 1 ? " concept" : " concepts") + " newly known");
    if (result.kept) parts.push(result.kept + " of your own marks kept where they differed");
    if (ignored) parts.push(ignored + " unusable " + (ignored === 1 ? "entry" : "entries") + " ignored");
    return parts.join(", ") + ".";
  }

  /* What became of the document's review schedule, as a sentence after the marks' (or ""). */
  function reviewReport(parsed) {
    if (parsed.reviewRefused) {
      return " " + G.schedule.problemText(parsed.reviewRefused, "Its review schedule") + " It was refused; your own is untouched.";
    }
    if (!parsed.review) return "";
    var result = G.schedule.merge(parsed.review);
    if (result.refusedOwn) return " Its review schedule was not merged: yours cannot be read (see Review).";
    if (!result.saved) return " Your browser would not store the review schedule.";
    var n = result.added + result.updated;
    return n ? " Review schedule: " + result.added + " questions added, " + result.updated + " brought up to date." : "";
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
      return mergeParsed(parsed).then(function (report) { status(input, "Imported: " + report); });
    }).catch(function () {
      status(input, "That file is not a gpulist progress export: nothing was imported.");
    });
  }

  /* What happened, said in the status line of the tools `from` sits in. */
  function status(from, text) {
    var box = from.closest("[data-gpulist-progress-tools]");
    var out = box && box.querySelector(".gpulist-tools-status");
    if (out) out.textContent = text;
  }

  G.files = { progressDocument: progressDocument, parseDocument: parseDocument, mergeParsed: mergeParsed,
    status: status };

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("button.gpulist-export");
    if (target) exportProgress(target);
  });

  document.addEventListener("change", function (event) {
    if (event.target.classList && event.target.classList.contains("gpulist-import-file")) importProgress(event.target);
  });

  G.module("files", { late: addTools });
})(window.gpulist);
