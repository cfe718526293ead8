import json
from pathlib import Path
from playwright.sync_api import sync_playwright
from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, serve
from benchmarks.review_bench import SIMULATE, READY
site = Path("/tmp/rvbench/project/site")
data = json.loads((site / "reader-data.json").read_text())
ids = [q for c in data["concepts"] for q in c[2]]
T = """async () => {
 const t = {}; let s = performance.now();
 const txt = await (await fetch('../review-data.json')).text(); t.fetchText = performance.now() - s;
 s = performance.now(); const raw = JSON.parse(txt); t.parse = performance.now() - s;
 s = performance.now(); const byId = {}; raw.questions.forEach(q => byId[q[0]] = q); t.index = performance.now() - s;
 const rd = await (await fetch('../reader-data.json')).text();
 s = performance.now(); JSON.parse(rd); t.parseReader = performance.now() - s;
 const data = await gpulist.loadData();
 s = performance.now(); const q = gpulist.due.queue(data, 'all', Date.now()); t.queue = performance.now() - s;
 s = performance.now(); JSON.parse(localStorage.getItem('gpulist.review.v1')); t.parseSchedule = performance.now() - s;
 s = performance.now(); gpulist.schedule.parse(JSON.parse(localStorage.getItem('gpulist.review.v1'))); t.parseValidate = performance.now() - s;
 s = performance.now(); gpulist.refresh(); t.refreshSync = performance.now() - s;
 t.due = q.due.length; t.fresh = q.fresh.length;
 return t; }"""
with serve(site, compress=True) as url, sync_playwright() as p:
    b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    ctx = b.new_context(); page = ctx.new_page(); page.goto(url); page.evaluate(SIMULATE, {"ids": ids, "days": 365}); st = ctx.storage_state(); ctx.close()
    for i in range(3):
        ctx = b.new_context(storage_state=st); page = ctx.new_page(); page.goto(url + "review/"); page.wait_for_function(READY)
        print({k: round(v, 1) for k, v in page.evaluate(T).items()})
        ctx.close()
    b.close()
