// Runs Material for MkDocs' own search worker in Node against a built site's search index,
// so tests see the results a reader would. Usage: node material_search.js WORKER INDEX QUERY...
// Prints one JSON line per query: the locations of the results, best first.
const fs = require("fs");
const [, , worker, indexPath, ...queries] = process.argv;
const sent = [];
globalThis.self = globalThis;
globalThis.addEventListener = (type, listener) => { globalThis.onWorkerMessage = listener; };
globalThis.postMessage = (message) => sent.push(message);
globalThis.importScripts = () => {};  // language packs: the site is English only
(0, eval)(fs.readFileSync(worker, "utf8"));
const index = JSON.parse(fs.readFileSync(indexPath, "utf8"));
(async () => {
  await onWorkerMessage({ data: { type: 0, data: { ...index, options: { suggest: false } } } });
  for (const query of queries) {
    sent.length = 0;
    await onWorkerMessage({ data: { type: 2, data: query } });
    const result = sent.find((m) => m.type === 3);
    const locations = result ? result.data.items.flat().map((d) => d.location) : [];
    console.log(JSON.stringify(locations));
  }
})().catch((error) => { console.error(error.stack); process.exit(1); });
