"""How fast reading progress and filters are ready, and how fast a filter answers, on long pages.

Builds a synthetic site (default 10,000 entries, plus a 15-step reading path) with
`gpulist build`, for each engine asked, then loads its largest topic page, a path page and
the home page several times each in headless Chromium, with an empty store and with 1,000
entries already marked (read, reading and skipped). For each load it reads, from the page's
own performance timeline (ms since navigation start):

- DOMContentLoaded, and `gpulist-reader-bound`: the mark the reader (base.js) sets once every control,
  status menu, cite control, progress figure and the filter form is in place (the page is
  interactive for reading);
- the reader's own work: its two tasks, `gpulist-reader-start` to `gpulist-reader-paused` and
  `gpulist-reader-resumed` to `gpulist-reader-bound` (the theme's work between them left out);
- on the home page, `gpulist-plans-ready`: "Continue" and "Ready for you" filled from
  reader-data.json (fetched after the page is interactive).

It also loads each page with the reader's scripts refused, for what the page costs on its own, times a
status change (an entry marked read) until the page's figure shows the new count, and times filter changes on
the topic page: from the checkbox's change event until the page is laid out again (the
script's work, the style recalculation and the layout of every card shown or hidden), and
until the next frame. Then it prints what the hooks weigh: the embedded citations and the
filter data of the topic page, the home page's id lists, and reader-data.json.
On the home page it then times "Your next step": following the synthetic path, and marking
its next step read from the card, until the card shows the new step.
Targets: bound within 1,000 ms of navigation start on the topic page; a filter change
within 50 ms; the card within 50 ms. Prints figures; asserts nothing.

With `--layout` it measures the way in on the repository's own data/, per engine: the first
path link's top edge on the home page at 1280×800 and 412×915 (target: inside the first
screen), Start here's height at 1280 px (target 5,000 px at most), what share of entries
✨ marks (15% at most) and how many entries "Recently added" lists (40 at most).

With `--loading` it measures instead how the reader's modules are best loaded: the files
mkdocs.yml lists, each a deferred script, against the same files joined into one (as the
build does, gpulist.publish.joined), on the home and a path page of the repository's own data/, over a network
and CPU throttled as Lighthouse's mobile setting simulates them (150 ms round trip, 1.6 Mbit/s,
CPU 4x slower): first contentful paint, DOMContentLoaded and the reader bound.

    .venv/bin/python -m benchmarks.progress_bench [--n 10000] [--runs 5] [--engine zensical|mkdocs|both]
    .venv/bin/python -m benchmarks.progress_bench --loading [--runs 5] [--engine zensical|mkdocs|both]
    .venv/bin/python -m benchmarks.progress_bench --layout [--engine zensical|mkdocs|both]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import tempfile
from pathlib import Path

import yaml

from benchmarks._sitekit import REPO, CHROMIUM, CHROMIUM_ARGS, gpulist_build, kb, largest_topic_page, make_project, serve, size
from benchmarks.synthetic import write_catalog

TIMES = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const mark = name => (performance.getEntriesByName(name)[0] || {}).startTime;
  // The reader binds in two tasks: its own work is both, without what ran between them.
  const own = mark('gpulist-reader-paused') - mark('gpulist-reader-start') + mark('gpulist-reader-bound') - mark('gpulist-reader-resumed');
  return {dcl: nav.domContentLoadedEventEnd, response: nav.responseEnd, parsed: nav.domInteractive, own,
          bound: mark('gpulist-reader-bound'), plans: mark('gpulist-plans-ready'),
          controls: document.querySelectorAll('select[data-gpulist-status]').length};
}"""
BOUND = "performance.getEntriesByName('gpulist-reader-bound').length > 0"
# The reader's modules, and the joined file that holds them (with the table's script).
READER_SCRIPTS = re.compile(r"/assets/javascripts/(reader/[a-z-]+|site)\.js$")
PLANS = "performance.getEntriesByName('gpulist-plans-ready').length > 0"
CLICK = """() => {
  const figure = document.querySelector('[data-gpulist-progress]');
  const menu = document.querySelector('select[data-gpulist-status][data-gpulist-state=unread]');
  if (!figure || !menu) return null;
  const before = figure.textContent;
  const t = performance.now();
  menu.value = 'read';
  menu.dispatchEvent(new Event('change', {bubbles: true}));
  document.body.offsetHeight;
  return {ms: performance.now() - t, before, after: figure.textContent};
}"""
# The form is opened first (the script then prepares the cards, see reader/cards.js); each
# step ticks or unticks one box as a reader would (a change event), then forces layout; `frame`
# also waits for the next frame to start, after which the browser paints.
FILTER = """async (steps) => {
  const form = document.querySelector('form[data-gpulist-filters]');
  const count = form.querySelector('.gpulist-filter-count');
  form.querySelector('details').open = true;  // as a reader opens the form before ticking a box
  await new Promise(resolve => setTimeout(resolve, 300));
  const out = [];
  for (const [name, value, on] of steps) {
    const box = form.querySelector(`input[name="${name}"][value="${value}"]`);
    const t = performance.now();
    box.checked = on;
    box.dispatchEvent(new Event('change', {bubbles: true}));
    document.body.offsetHeight;
    const sync = performance.now() - t;
    await new Promise(resolve => requestAnimationFrame(() => resolve()));
    out.push({step: `${on ? '+' : '-'}${name}=${value}`, sync, frame: performance.now() - t, shown: count.textContent});
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  return out;
}"""
FILTER_STEPS = [("type", "paper", True), ("effort", "hour", True), ("status", "unread", True),
                ("status", "unread", False), ("effort", "hour", False), ("type", "paper", False),
                ("tier", "1", True), ("tier", "1", False)]


def write_path(data: Path) -> str:
    """A 15-step path over the first synthetic entries, so path pages are measured too."""
    steps = [{"entry": f"synthetic-{i:05d}", "why": f"Step {i + 1}, measured."} for i in range(15)]
    path = [{"id": "synthetic-path", "title": "Synthetic path", "description": "Fifteen steps.", "steps": steps}]
    (data / "paths.yml").write_text(yaml.safe_dump(path, sort_keys=False), encoding="utf-8")
    return "paths/synthetic-path/"


def marks(n: int) -> str:
    """A returning reader's store: n marks, most read, some being read or skipped."""
    states = ("read", "read", "read", "reading", "skipped")
    store = {f"synthetic-{i:05d}": {"status": states[k % len(states)], "at": f"2025-01-01T00:00:{k % 60:02d}.000Z"}
             for k, i in enumerate(range(0, n * 7, 7))}
    return f"localStorage.setItem('gpulist.progress.v2', {json.dumps(json.dumps({'version': 2, 'marks': store}))})"


def measure(browser: object, url: str, runs: int, preset: str | None, plans: bool = False) -> list[dict]:
    results = []
    for _ in range(runs):
        context = browser.new_context()  # type: ignore[attr-defined]
        if preset:  # in place before the page's own scripts run, as a returning reader's marks are
            context.add_init_script(preset)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(PLANS if plans else BOUND, timeout=120_000)
        results.append(page.evaluate(TIMES))
        if len(results) == runs:
            results[-1]["click"] = page.evaluate(CLICK)
        page.close()  # its search worker would otherwise compete with the next load
        results[-1]["alone"] = _without_reader(context, url)
        context.close()
    return results


def _without_reader(context: object, url: str) -> float:
    """DOMContentLoaded of the same page with the reader's scripts refused (the joined file, which
    also holds the All-resources table's script, idle on these pages): what the page costs on its own."""
    page = context.new_page()  # type: ignore[attr-defined]
    page.route(READER_SCRIPTS, lambda route: route.abort())
    page.goto(url, wait_until="domcontentloaded")
    return page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")


def report(label: str, results: list[dict]) -> None:
    bound = [r["bound"] for r in results]
    own = [r["own"] for r in results]
    dcl = [r["dcl"] for r in results]
    parsed = [r["parsed"] for r in results]
    response = [r["response"] for r in results]
    print(f"  {label:<36} bound median {statistics.median(bound):5.0f} ms, max {max(bound):5.0f} ms"
          f" | HTML received {statistics.median(response):5.0f}, parsed {statistics.median(parsed):5.0f}, "
          f"DOMContentLoaded {statistics.median(dcl):5.0f} ms (without the reader "
          f"{statistics.median(r['alone'] for r in results):5.0f}) | reader's own work "
          f"{statistics.median(own):5.1f} ms | {results[0]['controls']} status menus")
    if all(r.get("plans") for r in results):
        print(f"  {'':<36} Continue and Ready for you filled: median {statistics.median(r['plans'] for r in results):5.0f} ms")
    click = results[-1].get("click")
    if click:
        print(f"  {'':<36} a click: {click['ms']:.1f} ms, figure {click['before']} -> {click['after']}")


def with_marks(browser: object, url: str, runs: int, ready: str, script: str, arg: object = None) -> list:
    """`script`'s result, `runs` times, each in a fresh browser holding 1,000 marks, once `ready` holds."""
    results = []
    for _ in range(runs):
        context = browser.new_context()  # type: ignore[attr-defined]
        context.add_init_script(marks(1000))
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(ready, timeout=120_000)
        results.append(page.evaluate(script, arg))
        context.close()
    return results


def filter_changes(browser: object, url: str, runs: int) -> None:
    """Each filter step, `runs` times on a page with 1,000 marks: medians and the worst."""
    rows: dict[str, list[dict]] = {}
    for run in with_marks(browser, url, runs, BOUND, FILTER, FILTER_STEPS):
        for row in run:
            rows.setdefault(row["step"], []).append(row)
    for step, found in rows.items():
        sync = [r["sync"] for r in found]
        frame = [r["frame"] for r in found]
        print(f"  filter {step:<22} to layout median {statistics.median(sync):5.1f} ms, max {max(sync):5.1f} | "
              f"to next frame median {statistics.median(frame):5.1f} ms | {found[-1]['shown']}")


def weights(site: Path, topic: str) -> None:
    html = (site / "topics" / topic / "index.html").read_text(encoding="utf-8")
    bib = sum(len(m) for m in re.findall(r'<details class="gpulist-cite".*?</details>', html))
    hooks = sum(len(m) for m in re.findall(r' data-gpulist-(?:type|effort|access|tier)="[^"]*"', html))
    fields = sum(len(m) for m in re.findall(r' data-gpulist-fields="[^"]*"', html))
    raw, gz = size(site / "topics" / topic / "index.html")
    print(f"topic page topics/{topic}/: {kb(raw)} ({kb(gz)} gzipped), of which embedded citations {kb(bib)}, "
          f"filter data {kb(hooks)}, the form's field list {kb(fields)}; gpulist.bib {kb(size(site / 'gpulist.bib')[0])}")
    home = (site / "index.html").read_text(encoding="utf-8")
    ids = sum(len(m) for m in re.findall(r' data-gpulist-ids="[^"]*"', home))
    print(f"home page: {kb(size(site / 'index.html')[0])}, of which the topic cards' id lists {kb(ids)}")
    data_raw, data_gz = size(site / "reader-data.json")
    json_raw, json_gz = size(site / "resources.json")
    print(f"reader-data.json: {kb(data_raw)} ({kb(data_gz)} gzipped), against resources.json {kb(json_raw)} "
          f"({kb(json_gz)} gzipped)")


# Choosing the synthetic path on the home page, then marking its next step read from the card:
# each from the event until the card's DOM holds the new step (a MutationObserver fires before
# the next paint), and until the next frame starts.
STEP_CARD = """async () => {
  const card = document.querySelector('[data-gpulist-next-step]');
  const changed = test => new Promise(resolve => {
    const observer = new MutationObserver(() => { if (test()) { observer.disconnect(); resolve(performance.now()); } });
    observer.observe(card, {childList: true, subtree: true, characterData: true});
  });
  const frame = () => new Promise(resolve => requestAnimationFrame(() => resolve(performance.now())));
  const entry = () => card.querySelector('[data-gpulist-entry]').getAttribute('data-gpulist-entry');
  let t = performance.now();
  const chosen = changed(() => card.textContent.includes('Your next step'));
  document.querySelector('[data-gpulist-follow="synthetic-path"]').click();
  const choose = (await chosen) - t, chooseFrame = (await frame()) - t;
  const before = entry(), menu = card.querySelector('select[data-gpulist-status]');
  t = performance.now();
  const moved = changed(() => entry() !== before);
  menu.value = 'read';
  menu.dispatchEvent(new Event('change', {bubbles: true}));
  const mark = (await moved) - t, markFrame = (await frame()) - t;
  return {choose, chooseFrame, mark, markFrame, from: before, to: entry()};
}"""


def step_card(browser: object, url: str, runs: int) -> None:
    """"Your next step" on the home page with 1,000 marks: choose the path, mark its step read."""
    rows = with_marks(browser, url, runs, PLANS, STEP_CARD)
    for key, label in (("choose", "choose the path"), ("mark", "mark its next step read")):
        dom, frame = [r[key] for r in rows], [r[key + "Frame"] for r in rows]
        print(f"  next-step card, {label:<24} to the card's DOM median {statistics.median(dom):5.1f} ms, "
              f"max {max(dom):5.1f} | to next frame median {statistics.median(frame):5.1f} ms")
    print(f"  {'':<16}(the card moved from {rows[-1]['from']} to {rows[-1]['to']})")


def bench_engine(playwright: object, tmp: Path, data: Path, path_page: str, engine: str, runs: int) -> None:
    project = make_project(tmp / f"site-{engine}", data)
    gpulist_build(project, engine)
    topic, _ = largest_topic_page(project / "site")
    print(f"\n{engine}, {len(list((data / 'resources').iterdir())):,} entries")
    weights(project / "site", topic)
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
    with serve(project / "site") as url:
        for label, page_url in ((f"topics/{topic}/", url + f"topics/{topic}/"), (path_page, url + path_page),
                                ("home", url)):
            plans = label == "home"
            report(f"{label} (no marks)", measure(browser, page_url, runs, None, plans))
            report(f"{label} (1,000 marks)", measure(browser, page_url, runs, marks(1000), plans))
        filter_changes(browser, url + f"topics/{topic}/", runs)
        step_card(browser, url, runs)
    browser.close()


SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}
PAINTED = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {fcp: paint ? paint.startTime : NaN, dcl: nav.domContentLoadedEventEnd,
          bound: performance.getEntriesByName('gpulist-reader-bound')[0].startTime};
}"""


def separate_scripts(project: Path) -> int:
    """mkdocs.yml of `project` with each script its own deferred tag: a `type` the build does not
    join (gpulist.publish.joined), and the browser runs as any classic script; returns how many."""
    config = yaml.safe_load((project / "mkdocs.yml").read_text(encoding="utf-8"))
    for script in config["extra_javascript"]:
        script["type"] = "text/javascript"
    (project / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return len(config["extra_javascript"])


def throttled_load(browser: object, url: str) -> dict | None:
    """One load at Lighthouse's mobile throttling; None if the reader was not bound within a minute."""
    context = browser.new_context()  # type: ignore[attr-defined]
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    try:
        page.goto(url, wait_until="commit")
        page.wait_for_function(BOUND, timeout=60_000)
        return page.evaluate(PAINTED)
    except Exception as error:  # noqa: BLE001 - a stalled load is counted, not fatal
        print(f"  (a load of {url} failed: {str(error).splitlines()[0]})")
        return None
    finally:
        context.close()


def loading(playwright: object, tmp: Path, data: Path, path_page: str, engine: str, runs: int) -> None:
    """Separate deferred modules against one joined file, loads alternating, medians printed."""
    sites, count = {}, 0
    for variant in ("separate", "joined"):
        project = make_project(tmp / f"site-{engine}-{variant}", data)
        count = separate_scripts(project) if variant == "separate" else count
        gpulist_build(project, engine)
        sites[variant] = project / "site"
    print(f"\n{engine}: the site's scripts as {count} deferred files or one, throttled (slow 4G, CPU 4x), {runs} loads each")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
    with serve(sites["separate"], compress=True) as separate, serve(sites["joined"], compress=True) as joined:
        for label, path in (("home", ""), (path_page, path_page)):
            found: dict[str, list[dict]] = {"separate": [], "joined": []}
            for _ in range(runs):
                found["separate"].append(throttled_load(browser, separate + path))
                found["joined"].append(throttled_load(browser, joined + path))
            for variant, loads in found.items():
                rows = [r for r in loads if r]
                medians = {k: statistics.median(r[k] for r in rows) for k in ("fcp", "dcl", "bound")}
                print(f"  {label:<28} {variant:<9} first paint {medians['fcp']:5.0f} ms, DOMContentLoaded "
                      f"{medians['dcl']:5.0f} ms, reader bound {medians['bound']:5.0f} ms ({len(rows)} loads)")
    browser.close()


FIRST_SCREEN = """() => {
  const link = document.querySelector('[data-gpulist-path-choice] a');
  const box = link.getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, height: document.documentElement.scrollHeight};
}"""


def layout(playwright: object, tmp: Path, engine: str) -> None:
    """The way in, measured on the real data: where the first path is, how tall Start here is."""
    project = make_project(tmp / f"site-{engine}-layout", REPO / "data")
    gpulist_build(project, engine)
    site = project / "site"
    resources = json.loads((site / "resources.json").read_text(encoding="utf-8"))["resources"]
    new = sum(r["new"] for r in resources)
    recent = (site / "recent" / "index.html").read_text(encoding="utf-8").count("data-gpulist-entry=")
    print(f"\n{engine}: ✨ marks {new} of {len(resources)} entries ({100 * new / len(resources):.1f}%, at most 15%); "
          f"Recently added lists {recent} (at most 40)")
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)  # type: ignore[attr-defined]
    with serve(site) as url:
        for width, height in ((1280, 800), (412, 915)):
            context = browser.new_context(viewport={"width": width, "height": height})  # type: ignore[attr-defined]
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(BOUND)
            home = page.evaluate(FIRST_SCREEN)
            page.goto(url + "start-here/")
            page.wait_for_function(BOUND)
            start = page.evaluate(FIRST_SCREEN)
            print(f"  {width}×{height}: home's first path link top {home['top']:.0f} px, bottom {home['bottom']:.0f} px "
                  f"(first screen {height} px); home {home['height']:,} px tall; Start here {start['height']:,} px tall")
            context.close()
    browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engine", choices=("zensical", "mkdocs", "both"), default="both")
    parser.add_argument("--loading", action="store_true", help="separate reader modules against one joined file")
    parser.add_argument("--layout", action="store_true", help="the way in on the real data: first screen, heights")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    engines = ("zensical", "mkdocs") if args.engine == "both" else (args.engine,)
    with tempfile.TemporaryDirectory(prefix="gpulist-progress-") as tmp, sync_playwright() as playwright:
        if args.layout:
            for engine in engines:
                layout(playwright, Path(tmp), engine)
            return
        if args.loading:
            first = yaml.safe_load((REPO / "data" / "paths.yml").read_text(encoding="utf-8"))[0]["id"]
            for engine in engines:
                loading(playwright, Path(tmp), REPO / "data", f"paths/{first}/", engine, args.runs)
            return
        data = write_catalog(Path(tmp) / "data", args.n)
        path_page = write_path(data)
        for engine in engines:
            bench_engine(playwright, Path(tmp), data, path_page, engine, args.runs)
    print("\ntargets: the topic page bound within 1,000 ms of navigation start; a filter change within 50 ms; "
          "the next-step card updated within 50 ms")


if __name__ == "__main__":
    main()
