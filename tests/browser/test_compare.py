"""'Compare with your GPU' in a Measured section (docs/assets/javascripts/reader/compare.js), under
both engines, on a phone and a desktop: a reader's record of another GPU (the fixture's H100 record
with its gpu/ values changed, as JSON) is drawn on the build's chart as a second series with its own
marker and legend, added as a column of the numbers table, kept across a reload and gone once
cleared; each hostile file is refused with a message naming it and the reason, drawing nothing and
changing nothing else; the Labs page takes a record of any lab; no request leaves the page; axe is clean in both palettes.
"""

from __future__ import annotations

import copy
import io
import json
import tarfile

import pytest
import yaml
from playwright.sync_api import Browser, expect

from tests.browser.axe_kit import CLEAN, in_both_schemes, violations
from tests.browser.conftest import FIXTURE, Site, mark_document, open_tab, same_document

SECTION = '[data-gpulist-measured="memory-bandwidth"]'
RECORD = yaml.safe_load((FIXTURE / "measurements" / "h100-sxm" / "memory-bandwidth.yml").read_text(encoding="utf-8"))


def good_record() -> dict:
    """The fixture's record as measured on another GPU: its gpu, its name and its bandwidths changed."""
    mine = copy.deepcopy(RECORD)
    mine["gpu"], mine["conditions"]["gpu_name"] = "mi300x", "AMD Instinct MI300X"
    for series in mine["series"]:
        for point in series["points"]:
            point["y"] = round(point["y"] * 0.6, 1)
    return mine


def payload(name: str, data: object) -> dict:
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return {"name": name, "mimeType": "application/octet-stream", "buffer": body}


def bundle(members: list[tuple[str, bytes | None]], link: str = "") -> bytes:
    """A .tar.gz as labs/harness/bundle.py packs one (a folder holding the run's files); `None` is a
    folder, and `link` adds a symbolic link of that name."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, body in members:
            info = tarfile.TarInfo(name)
            if body is None:
                info.type = tarfile.DIRTYPE
                tar.addfile(info)
            else:
                info.size = len(body)
                tar.addfile(info, io.BytesIO(body))
        if link:
            info = tarfile.TarInfo(link)
            info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
            tar.addfile(info)
    return out.getvalue()


def hostile_bundles() -> list[tuple[dict, str]]:
    record = json.dumps(good_record()).encode()
    many = [(f"run/f{i}.txt", b"x") for i in range(201)]
    return [(payload("escape.tar.gz", bundle([("run/../../evil.json", record)])), "outside the bundle's folder"),
            (payload("link.tar.gz", bundle([("run/a.json", record)], link="run/passwd")), "holds a link"),
            (payload("many.tar.gz", bundle(many)), "more than 200 files"),
            (payload("fake.tar.gz", b"not gzip at all"), "not a gzip archive")]


def hostile() -> list[tuple[dict, str]]:
    """Each bad file with the reason its refusal must give."""
    other_schema, negative, markup, other_lab, fast = (good_record() for _ in range(5))
    fast["ceilings"][0]["value"] = 9000.0  # the fixture's MI300X is rated 5,300 GB/s
    other_schema["schema"] = 3
    negative["series"][1]["points"][0]["y"] = -5.0
    markup["finding"] = "fast <script>alert(1)</script>"
    other_lab["lab"] = "roofline"
    nan_record = good_record()
    nan_record["series"][1]["points"][0]["y"] = float("nan")
    nan = json.dumps(nan_record).encode()  # Python writes NaN, which JSON has not
    return [(payload("huge.json", b" " * (5 * 1024 * 1024 + 1)), "over 5 MB"),
            (payload("notes.txt", good_record()), "not a .json record file"),
            (payload("record.yml", yaml.safe_dump(RECORD).encode()), "YAML records are not read here yet"),
            (payload("schema3.json", other_schema), "schema 3"),
            (payload("nan.json", nan), "not valid JSON"),
            (payload("negative.json", negative), "negative or not a number"),
            (payload("markup.json", markup), "HTML or script"),
            (payload("other-lab.json", other_lab), "another lab"),
            (payload("fast.json", fast), "more than the mi300x's peak of 5300")]


@pytest.mark.parametrize("width", [412, 1280])
def test_a_readers_record_is_drawn_beside_the_labs_and_bad_files_are_refused(browser: Browser, site: Site,
                                                                               width: int) -> None:
    tab = open_tab(browser, viewport={"width": width, "height": 915})
    try:
        page = tab.page
        page.goto(site.url("concepts/kv-cache/"), wait_until="networkidle")
        section = page.locator(SECTION)
        chooser = section.locator("input.gpulist-compare-file")
        run = bundle([("run", None), ("run/run.json", b"{}"), ("run/mi300x/memory-bandwidth.json",
                                                                  json.dumps(good_record()).encode())])
        chooser.set_input_files([payload("run.tar.gz", run)])
        status = section.locator(".gpulist-compare-status")
        expect(status).to_contain_text("run.tar.gz › run/mi300x/memory-bandwidth.json: drawn as yours (AMD Instinct MI300X)")
        mine = section.locator("svg.gpulist-chart .gpulist-chart-yours path")
        expect(mine).to_have_count(3 + 7)  # the bars' three kernels and the sweep's seven working sets
        sweep = section.locator("svg.gpulist-chart").nth(1)
        built = sweep.locator("circle").evaluate_all("cs => cs.map(c => +c.getAttribute('cy'))")
        drawn = sweep.locator(".gpulist-chart-yours path").evaluate_all(
            "ps => ps.map(p => +p.getAttribute('d').split(' ')[1].split('l')[0] + 6)")
        assert all(d > b for d, b in zip(drawn, built)), "60% of each bandwidth sits below the lab's point"
        expect(section.locator(".gpulist-chart-legend li[data-gpulist-yours]").first).to_contain_text(
            "Yours: AMD Instinct MI300X (hollow diamonds")
        expect(section.locator('th[data-gpulist-series="working-set"][data-gpulist-x="16"] ~ td[data-gpulist-yours]')
               ).to_have_text("3,120")
        before = section.evaluate("s => s.querySelector('.gpulist-measured-record').innerHTML")
        files = hostile() + hostile_bundles()
        chooser.set_input_files([f for f, _ in files])
        refusals = status.locator("p[data-gpulist-refused]")
        expect(refusals).to_have_count(len(files))
        for i, (f, reason) in enumerate(files):
            expect(refusals.nth(i)).to_contain_text(f"{f['name']}: refused")
            expect(refusals.nth(i)).to_contain_text(reason)
        assert section.evaluate("s => s.querySelector('.gpulist-measured-record').innerHTML") == before
        page.reload(wait_until="networkidle")
        expect(mine).to_have_count(10)  # kept in the browser
        page.goto(site.url("labs/"), wait_until="networkidle")
        host = page.locator("[data-gpulist-compare-host]")  # the Labs page: a record of any lab
        host.locator("input.gpulist-compare-file").set_input_files([files[3][0], files[-1][0]])
        expect(host.locator("p[data-gpulist-refused]")).to_have_count(2)
        expect(host.locator(".gpulist-compare-status p").first).to_contain_text("schema3.json: refused")
        host.locator("input.gpulist-compare-file").set_input_files([payload("mine.json", good_record())])
        expect(host.locator(".gpulist-compare-status")).to_contain_text(
            "mine.json: kept as yours, drawn in the memory-bandwidth lab's Measured sections")
        assert in_both_schemes(page, check=lambda p: violations(p, include=["[data-gpulist-compare-host]"]), back=True) == CLEAN
        mark_document(page)
        page.locator("main a[href$='concepts/kv-cache/']").first.click()
        expect(mine).to_have_count(10)  # bound again on a page reached by instant navigation
        assert same_document(page), "expected instant navigation, got a full load"
        assert in_both_schemes(page, check=lambda p: violations(p, include=[SECTION])) == CLEAN
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        section.locator("button.gpulist-compare-clear").click()
        expect(mine).to_have_count(0)
        expect(section.locator("[data-gpulist-yours]")).to_have_count(0)
        assert tab.offsite == [] and tab.errors == []
    finally:
        page.context.close()
