/*
 * gpulist search, the worker: builds the index and answers queries off the page's main thread.
 *
 * Started by search/ui.js the first time a reader opens the search. Building the index costs
 * about 0.1 s on a desktop for the real list and 0.8 s at 10,000 entries (4x that on a
 * phone's CPU, benchmarks/search_bench.py): here it never holds up scrolling or typing.
 *
 * Messages in:  {type: "load", minisearch: URL, words: URL, intent: URL, engine: URL, index: URL}
 *               {type: "query", seq: N, query: "..."}
 * Messages out: {type: "ready", size: records} | {type: "failed", error: "..."}
 *               {type: "answer", seq: N, answer: {...}} (gpulist.searchEngine's answer)
 */
"use strict";

var engine = null;
var waiting = [];

self.onmessage = function (event) {
  var message = event.data || {};
  if (message.type === "load") load(message);
  else if (message.type === "query") {
    waiting.push(message);
    if (engine && waiting.length === 1) setTimeout(answerLatest, 0);
  }
};

/* Queries typed faster than they are answered pile up: only the latest is answered, the
   others are told they were passed over (answer null), so a slow phone shows the results of
   what the reader typed last instead of working through each letter. */
function answerLatest() {
  var queued = waiting;
  waiting = [];
  if (!queued.length) return;
  queued.slice(0, -1).forEach(function (m) { self.postMessage({ type: "answer", seq: m.seq, answer: null }); });
  reply(queued[queued.length - 1]);
}

function load(message) {
  try {
    importScripts(message.minisearch, message.words, message.intent, message.engine);
  } catch (error) {
    self.postMessage({ type: "failed", error: String(error && error.message || error) });
    return;
  }
  fetch(message.index, { credentials: "same-origin" }).then(function (response) {
    if (!response.ok) throw new Error(response.status + " " + response.statusText);
    return response.json();
  }).then(function (raw) {
    if (!raw || raw.version !== 2 || !Array.isArray(raw.records)) throw new Error("search-index.json: unknown version");
    engine = self.gpulist.searchEngine.create(raw, self.MiniSearch);
    self.postMessage({ type: "ready", size: engine.size });
    answerLatest(); // of what was typed before the index was ready, the last query
  }).catch(function (error) {
    self.postMessage({ type: "failed", error: String(error && error.message || error) });
  });
}

function reply(message) {
  self.postMessage({ type: "answer", seq: message.seq, answer: engine.run(message.query) });
}
