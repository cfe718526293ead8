// Runs an engine's own search worker in Node against a built site's search index, as a
// reader's browser would: node search_workers.js zensical|mkdocs WORKER INDEX QUERY...
// Prints one JSON line per query: the location of the first result ("" for none). For
// Material, whose results come grouped by page, it is the group's best item.
const fs = require("fs");
const [, , engine, worker, indexPath, ...queries] = process.argv;
const index = JSON.parse(fs.readFileSync(indexPath, "utf8"));
let deliver = null;
let listener = null;
globalThis.self = globalThis;
globalThis.importScripts = () => {};  // Material's language packs: the site is English only
globalThis.addEventListener = (type, f) => { listener = f; };  // Material's worker
globalThis.postMessage = (message) => { if (deliver) deliver(message); };
(0, eval)(fs.readFileSync(worker, "utf8"));
const receive = engine === "zensical" ? (data) => self.onmessage({ data }) : (data) => listener({ data });
const send = (data) => new Promise((resolve) => { deliver = resolve; receive(data); });
(async () => {
  const setup = engine === "zensical" ? index : { ...index, options: { suggest: false } };
  await send({ type: 0, data: setup });
  for (const query of queries) {
    const reply = await send({ type: 2, data: engine === "zensical" ? { input: query } : query });
    let first = "";
    if (engine === "zensical") {
      const item = (reply.data && reply.data.items || [])[0];
      first = item ? index.items[item.id].location : "";
    } else {
      const group = (reply.data && reply.data.items || [])[0] || [];
      first = group.length ? group.slice().sort((a, b) => b.score - a.score)[0].location : "";
    }
    console.log(JSON.stringify(first));
  }
})().catch((error) => { console.error(error.stack); process.exit(1); });
