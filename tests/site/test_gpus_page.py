"""The GPU numbers page: the table (a plain table without JavaScript) and a source for every number."""

from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

from gpulist.checks import validate
from gpulist.site.gpus_page import architecture_gpus, fmt, render_gpus
from gpulist.site.pages import nav
from gpulist.view.catalog import SiteView, build_view
from tests.conftest import DATA
from tests.site.conftest import CONFIG, FIXTURE, load_fixture, unsafe_markup


class Cells(HTMLParser):
    """Each body row's id and the `data-value` of its cells, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, list[str]] = {}
        self.heads: list[str] = []
        self._row: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr" and a.get("id"):
            self._row = a["id"]
            self.rows[self._row] = []
        elif tag == "th" and a.get("scope") == "col":
            self.heads.append(a.get("data-key") or "")
        elif tag in ("td", "th") and self._row and "data-value" in a:
            self.rows[self._row].append(a["data-value"] or "")


def _parse(text: str) -> Cells:
    parser = Cells()
    parser.feed(text)
    return parser


def test_every_gpu_is_a_row_and_every_number_a_cell(view: SiteView) -> None:
    text = render_gpus(view, CONFIG)
    cells = _parse(text.split("## Measured ceilings")[0])  # the GPU table; the ceilings table follows
    table = view.gpus
    assert list(cells.rows) == [r.anchor for r in table.rows]
    assert cells.heads == ["name", *(c.key for c in table.columns())]
    h100 = dict(zip(cells.heads, cells.rows["gpu-h100-sxm"], strict=True))
    assert (h100["name"], h100["memory_bandwidth_gbs"], h100["dense.bf16"], h100["sparse.bf16"]) == (
        "H100 SXM", "3350.0", "989.0", "1979.0")
    small = dict(zip(cells.heads, cells.rows["gpu-small-card"], strict=True))
    assert small["memory_bandwidth_gbs"] == "" and small["dense.fp8"] == ""
    # Two marks for two meanings: no source gives the number, or the source says the GPU cannot.
    row = text.split('id="gpu-small-card"')[1].split("</tr>")[0]
    cells_html = row.split("<td ")[1:]
    fp8 = cells_html[cells.heads.index("dense.fp8") - 1]
    bandwidth = cells_html[cells.heads.index("memory_bandwidth_gbs") - 1]
    assert 'data-gpulist-missing="not-supported"' in fp8 and "×" in fp8 and "not supported" in fp8
    assert 'data-gpulist-missing="not-in-these-sources"' in bandwidth and "—" in bandwidth and "not in these sources" in bandwidth
    assert "— </span> not in these sources" not in text and 'id="gpus-legend"' in text
    assert "<strong>Not supported: FP8 (TFLOPS), FP8 sparse (TFLOPS)</strong>" in text.split("{ #sources-small-card")[1]
    h100_fp8 = dict(zip(cells.heads, cells.rows["gpu-h100-sxm"], strict=True))["dense.fp8"]
    assert h100_fp8 == "1979.0"  # a number is never marked
    assert "data-gpulist-gpus" in text and 'role="region"' in text and 'tabindex="0"' in text
    assert 'data-key="dense.bf16" data-type="number" data-core' in text


def test_the_real_page_cites_a_source_for_every_number_it_shows() -> None:
    catalog, _ = validate(DATA)
    view = build_view(catalog)
    text = render_gpus(view, CONFIG)
    cells = _parse(text.split("## Measured ceilings")[0])  # the GPU table; the ceilings table follows
    shown = sum(1 for values in cells.rows.values() for v in values[1:] if v != "")
    in_data = sum(len(row.cells) + len(row.reported) for row in view.gpus.rows)
    assert shown == in_data >= 250
    sources = text.split("## Sources")[1]
    for row in view.gpus.rows:
        block = sources.split(f"{{ #sources-{row.gpu.id} data-search-exclude }}")[1].split("###")[0]
        for cell in {id(c): c for c in row.cells.values()}.values():
            assert cell.source.title.replace("&", "&amp;") in block, (row.gpu.id, cell.source.id)
    assert unsafe_markup(text) == []


def test_sources_name_the_vendor_document_and_keep_the_copy_read_out_of_the_page(view: SiteView) -> None:
    """Issue 42: the reader sees the vendor's document; the copy it was read in stays in the data."""
    text = render_gpus(view, CONFIG)
    block = text.split("{ #sources-h100-sxm data-search-exclude }")[1].split("###")[0]
    assert '<a href="https://www.nvidia.com/en-us/data-center/h100/">NVIDIA H100 Tensor Core GPU specifications</a>' in block
    assert view.gpus.sources["h100-spec-sheet"].via is not None, "the fixture's source was read in a copy"
    assert "as quoted in" not in text and "archive-lib.hpctech.co.jp" not in text
    assert re.search(r"<strong>[^<]*BF16 sparse \(TFLOPS\)[^<]*</strong>", block)


def test_a_measured_gpu_shows_the_counts_it_reported_where_no_vendor_source_gives_them() -> None:
    """The real H200 row: no vendor source read gives its SMs or L2, its lab records do (132, 60 MiB)."""
    catalog, _ = validate(DATA)
    view = build_view(catalog)
    row = view.gpus.row("h200")
    assert "compute_units" not in row.cells and "l2_mb" not in row.cells
    assert row.reported["compute_units"].value == 132 and row.reported["l2_mb"].unit == "MiB"
    assert "compute_units" not in view.gpus.row("h100-sxm").reported, "a vendor figure is never replaced"
    text = render_gpus(view, CONFIG)
    html = text.split('id="gpu-h200"')[1].split("</tr>")[0]
    assert '<td data-value="132" data-gpulist-reported>132<sup' in html
    assert f'data-gpulist-reported>{row.reported["l2_mb"].value:g} MiB<sup' in html
    block = text.split("{ #sources-h200 data-search-exclude }")[1].split("###")[0]
    assert "reported by the GPU itself" in block and row.reported["l2_mb"].date in block


def test_architecture_pages_link_their_rows(view: SiteView) -> None:
    text = architecture_gpus("cuda", view, "concepts/cuda.md", CONFIG)
    assert text.startswith("## GPUs of this architecture { #gpus data-search-exclude }")
    assert '<a href="../../gpus/#gpu-h100-sxm">H100 SXM</a>: 132 SMs, 80 GB at 3,350 GB/s, 989 TFLOPS dense BF16' in text
    assert architecture_gpus("fp8", view, "concepts/fp8.md", CONFIG) == ""


def test_the_page_is_in_the_navigation(view: SiteView) -> None:
    browse = next(item["Browse"] for item in nav(view) if "Browse" in item)
    assert {"GPU numbers": "gpus.md"} in browse


def test_numbers_read_as_a_table_reader_expects() -> None:
    assert [fmt(v) for v in (3350.0, 989, 362.05, 1307.4, "9.0")] == ["3,350", "989", "362.05", "1,307.4", "9.0"]


_CITED_ROW = re.compile(r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td><td data-value="[^"]*">([^<]+)</td>'
                        r'<td data-value="[^"]*">([^<]+)</td><td data-value="[^"]*">([^<]+)</td><td>(.*?)</td></tr>')


def _section(text: str, heading: str) -> str:
    return text.split(f"## {heading}")[1].split("\n## ")[0] if f"## {heading}" in text else ""


def test_cited_figures_have_a_table_of_their_own_beside_the_vendor_peak(view: SiteView) -> None:
    text = render_gpus(view, CONFIG)
    assert text.index("## Measured ceilings") < text.index("## Measured elsewhere") < text.index("## Sources")
    rows = _CITED_ROW.findall(_section(text, "Measured elsewhere"))
    assert [r[:5] for r in rows] == [("H100 SXM", "BF16 (TFLOPS)", "989", "794.5", "80%"),
                                     ("Instinct MI300X", "BF16 (TFLOPS)", "1,307.4", "668.4", "51%")]
    h100, mi300x = rows[0][5], rows[1][5]
    assert h100.startswith("A. Measurer: torch 2.7.0+cu126; measured 2026-05-01 (")
    assert "10240x15360x8192 (MxNxK); torch 2.5.1+6.3.42131; PYTORCH_TUNABLEOP_ENABLED=1; no measurement date given; " \
           "source snapshot of 2026-08-22" in mi300x
    assert '<a href="https://example.org/table#matmul">A published table of matmul rates</a>, BF16 table, row AMD MI300X' \
        in mi300x
    assert "mean of 100 iterations after 50 warmup iterations" in _section(text, "Measured elsewhere")
    # Never mixed with ours: no cited number in our ceilings, no record of ours in the cited table.
    assert "794.5" not in _section(text, "Measured ceilings") and "lab, 2026-11-20" not in _section(text, "Measured elsewhere")


def test_without_cited_figures_there_is_no_measured_elsewhere_section(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    (root / "measured-elsewhere.yml").unlink()
    text = render_gpus(build_view(load_fixture(root)), CONFIG)
    assert "## Measured elsewhere" not in text and "## Measured ceilings" in text


def _measured_gpus(text: str) -> dict[str, set[str]]:
    """GPU name -> the links behind its measured figures, ours and cited, as the page shows them."""
    found: dict[str, set[str]] = {}
    for heading in ("Measured ceilings", "Measured elsewhere"):
        for row in _CITED_ROW.findall(_section(text, heading)):
            found.setdefault(row[0], set()).update(re.findall(r'<a href="([^"]+)"', row[5]))
    return found


def test_the_real_page_shows_a_measured_figure_beside_the_peak_for_six_gpus_each_with_its_source() -> None:
    catalog, _ = validate(DATA)
    text = render_gpus(build_view(catalog), CONFIG)
    measured = _measured_gpus(text)
    assert len(measured) >= 6, sorted(measured)
    assert all(links for links in measured.values()), measured  # each figure links its record or its source
    cited = _CITED_ROW.findall(_section(text, "Measured elsewhere"))
    assert len(cited) == len(catalog.cited.figures), "every cited figure of the real data is shown"
    assert all(float(r[4].rstrip("%")) <= 100 for r in cited)
