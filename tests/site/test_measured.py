"""The labs on the site, as built: Measured sections, their charts, the Labs page, measured ceilings.

The fixture (tests/fixtures/site) has four labs, three with a record on the H100 made by
tests/fixtures/make_records.py: memory bandwidth (two log2 series, a bandwidth ceiling),
the roofline (predicted values) and matmul ceilings (a category axis, three ceilings).
The browser tests (tests/browser/test_measured.py) look at the same sections drawn.
"""

from __future__ import annotations

import html
import json
import math
import re
import shutil
from pathlib import Path

import pytest
import yaml

from gpulist.site.chart import FONT, WIDTH, chart_svg, groups, label_lines, log_y, number, wrap
from gpulist.site.concept_page import render_concept
from gpulist.site.gpus_page import render_gpus
from gpulist.site.labs_page import render_labs
from gpulist.site.measured import share
from gpulist.site.pages import nav
from gpulist.view.catalog import SiteView, build_view
from tests.site.conftest import CONFIG, FIXTURE, load_fixture


def concept(view: SiteView, concept_id: str) -> str:
    return render_concept(view.concept_by_id[concept_id], view, CONFIG)


def block(text: str, lab: str) -> str:
    return text.split(f'data-gpulist-measured="{lab}"')[1].split('<div class="gpulist-measured" ')[0]


def test_each_lab_shows_on_the_concepts_it_lists_once_it_has_a_record(view: SiteView) -> None:
    cuda = concept(view, "cuda")
    assert re.findall(r'data-gpulist-measured="([\w-]+)"', cuda) == ["roofline", "matmul-ceilings"]  # not coalescing
    assert re.findall(r'data-gpulist-measured="([\w-]+)"', concept(view, "fp8")) == ["matmul-ceilings"]
    assert "## Measured" not in concept(view, "attention")  # no lab lists it


def test_a_record_block_holds_finding_chart_numbers_conditions_and_command(view: SiteView) -> None:
    text = block(concept(view, "kv-cache"), "memory-bandwidth")
    assert 'id="measured-memory-bandwidth-h100-sxm"' in text
    assert "<strong>H100 SXM:</strong> A 4 GiB copy reaches 2,935 GB/s, 88% of the rated 3,350 GB/s" in text
    # two charts: the record's bars of 4 GiB kernels and its sweep of working sets have different axes
    assert text.count('<svg class="gpulist-chart" viewBox="0 0 440 300" role="img"') == 2
    titles = re.findall(r'<title id="measured-memory-bandwidth-h100-sxm-chart(\d)-title">([^<]+)</title>', text)
    assert titles == [("0", "Memory bandwidth on the H100 SXM: bandwidth against kernel"),
                      ("1", "Memory bandwidth on the H100 SXM: bandwidth against working set")]
    # the table carries the record's numbers as written, not the chart's rounded ticks
    assert "<tr><th scope=\"row\">copy, 4 GiB</th><td>2,935</td><td>3,350</td><td>88%</td>" in text
    assert ('<tr><th scope="row" data-gpulist-series="working-set" data-gpulist-x="4096">4,096</th>'
            "<td>2,935</td></tr>") in text
    conditions = text.split("data-gpulist-conditions>")[1].split("</p>")[0]
    for fact in ("NVIDIA H100 80GB HBM3", "driver 550.54.15", "CUDA 12.4", "PyTorch 2.5.1+cu124", "Triton 3.1.0",
                 "run on 2026-11-20", "median of 50 runs", "the L2 left warm", "labs at 5541a38"):
        assert fact in conditions, fact
    assert "<code data-gpulist-command>python labs/run.py --lab memory-bandwidth</code>" in text


def _placed(svg: str, value: float, axis: str, low_px: float, high_px: float) -> float:
    """Where compare.js puts `value` on an axis from the chart's data attributes (its mapping, in Python)."""
    kind, low, high = axis.split()
    t = math.log(value, 2) if kind == "log2" else math.log10(value) if kind == "log10" else value
    return low_px + (t - float(low)) / (float(high) - float(low)) * (high_px - low_px)


@pytest.mark.parametrize("concept_id", ["kv-cache", "cuda"])
def test_the_chart_writes_the_scales_its_points_were_drawn_on(view: SiteView, concept_id: str) -> None:
    """Every point the build drew sits where the written scales place its record values: the
    reader's own points (compare.js) are drawn on the same mapping."""
    text = concept(view, concept_id)
    charts = re.findall(r'<svg class="gpulist-chart"[^>]*data-gpulist-x="((?:lin|log2|log10)[^"]*)" '
                        r'data-gpulist-y="([^"]+)"[^>]*>(.*?)</svg>', text)
    assert charts
    for x_axis, y_axis, body in charts:
        box = re.search(r'data-gpulist-box="([^"]+)"', text)
        assert box
        left, right, top, bottom = (float(v) for v in box.group(1).split())
        circles = [(float(a), float(b)) for a, b in re.findall(r'<circle [^>]*cx="([^"]+)" cy="([^"]+)"', body)]
        assert circles
        xs = sorted(float(v) for v in re.findall(r'<tr><th scope="row" data-gpulist-series="[^"]+" data-gpulist-x="([^"]+)"', text)
                    if re.fullmatch(r"[0-9.e+-]+", v))
        placed = {round(_placed(body, x, x_axis, left, right), 1) for x in xs}
        assert {round(cx, 1) for cx, _ in circles} <= placed
        ys = [float(v.replace(",", "")) for v in re.findall(r'data-gpulist-x="[^"]+">[^<]+</th><td>([0-9.,]+)</td>', text)]
        assert {round(cy, 1) for _, cy in circles} <= {round(_placed(body, y, y_axis, bottom, top), 1) for y in ys}


def test_the_chart_names_no_colour_and_labels_its_axes_with_units(view: SiteView) -> None:
    svg = block(concept(view, "kv-cache"), "memory-bandwidth").split("<svg")[2].split("</svg>")[0]
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb\(|(fill|stroke)=\"(?!none)", svg)
    assert ">bandwidth (GB/s)</text>" in svg and ">working set (MiB)</text>" in svg
    ticks = re.findall(r'text-anchor="(?:middle|end)">([^<]+)</text>', svg)
    assert ["1", "8", "64", "512", "4096"] == [t for t in ticks if t in ("1", "8", "64", "512", "4096")]
    assert set(re.findall(r'font-size="(\d+)"', svg)) == {str(FONT)}
    assert FONT * 365 / WIDTH >= 12  # text on a 412 px phone, whose column is about 365 px wide
    assert svg.count("gpulist-chart-predicted") == 0 and svg.count("<circle") == 7


def test_a_category_axis_draws_a_bar_per_point_with_its_prediction(view: SiteView) -> None:
    svg = block(concept(view, "fp8"), "matmul-ceilings").split("<svg")[1].split("</svg>")[0]
    assert svg.count("<rect") == 3 and svg.count("gpulist-chart-predicted") == 3
    assert [t for t in re.findall(r">(\w+)</tspan>", svg) if t in ("bf16", "fp8", "tf32")] == ["bf16", "fp8", "tf32"]


def test_long_category_labels_wrap_to_their_band_and_the_chart_grows_to_hold_them() -> None:
    assert wrap("shared-memory tile, 32 x 32", 88) == ["shared-", "memory", "tile, 32", "x 32"]
    assert wrap("copy (no transpose)", 176) == ["copy (no", "transpose)"] and wrap("bf16", 10) == ["bf16"]
    assert label_lines(["copy (no transpose)", "naive transpose", "shared-memory tile, 32 x 32", "b"]) == 4


def test_record_text_is_escaped_everywhere_it_is_shown(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    path = root / "measurements" / "h100-sxm" / "roofline.yml"
    record = yaml.safe_load(path.read_text(encoding="utf-8"))
    record["finding"] = "Fast <script>alert(1)</script> & loud."
    record["series"][0]["label"] = "<img src=x onerror=alert(1)>"
    path.write_text(yaml.safe_dump(record, sort_keys=False), encoding="utf-8")
    text = concept(build_view(load_fixture(root)), "cuda")
    assert "<script>alert" not in text and "<img src=x" not in text
    assert "Fast &lt;script&gt;alert(1)&lt;/script&gt; &amp; loud." in text


def test_the_labs_page_lists_every_lab_with_its_concepts_results_and_command(view: SiteView) -> None:
    text = render_labs(view, CONFIG)
    assert re.findall(r"^## .* \{ #([\w-]+) \}$", text, re.M) == [lv.lab.id for lv in view.labs]
    roofline = text.split("{ #roofline }")[1].split("## ")[0]
    assert "[CUDA](../concepts/cuda/index.md)" in roofline
    assert "[H100 SXM](../concepts/cuda/index.md#measured-roofline-h100-sxm)" in roofline
    assert "`python labs/run.py --lab roofline`" in roofline
    assert "No results yet" in text.split("{ #coalescing }")[1]
    assert "python labs/run.py --all --out DIR" in text
    assert {"Labs": "labs/index.md"} in nav(view)[-1]["Browse"]


def test_the_gpu_page_sets_each_measured_ceiling_beside_the_vendor_peak(view: SiteView) -> None:
    text = render_gpus(view, CONFIG).split("## Measured ceilings")[1].split("\n## ")[0]  # not the cited figures
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td>([^<]+)</td><td data-value="[^"]*">([^<]+)</td>'
                      r'<td data-value="[^"]*">([^<]+)</td><td data-value="[^"]*">([^<]+)</td>', text)
    assert rows == [("H100 SXM", "Bandwidth (GB/s)", "3,350", "2,935", "88%"), ("H100 SXM", "TF32 (TFLOPS)", "494.5",
                     "360", "73%"), ("H100 SXM", "BF16 (TFLOPS)", "989", "740", "75%"),
                    ("H100 SXM", "FP8 (TFLOPS)", "1,979", "1,290", "65%")]
    assert '<a href="../concepts/kv-cache/#measured-memory-bandwidth-h100-sxm">' in text


def test_the_roofline_calculator_draws_the_lab_points_against_both_roofs(view: SiteView) -> None:
    calc = concept(view, "cuda").split('data-gpulist-calc="roofline"')[1].split("## ")[0]
    assert '<select id="calc-roofline-ceiling" name="ceiling" aria-describedby="calc-roofline-ceiling-message">' in calc
    svg = calc.split("<svg")[1].split("</svg>")[0]
    assert 'data-gpulist-roofline' in svg and 'data-gpulist-points="h100-sxm"' in svg
    assert svg.count('<circle class="gpulist-chart-s0"') == 6  # the roofline record's six points
    vendor, measured = (re.search(rf'data-gpulist-roof="{k}" points="([^"]+)"', svg).group(1) for k in ("vendor", "measured"))
    assert len(vendor.split()) == 3 and len(measured.split()) == 3  # slope, ridge, flat
    assert vendor != measured


def test_without_records_there_is_nothing_measured_to_show(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    shutil.rmtree(root / "measurements")
    view = build_view(load_fixture(root))
    assert "## Measured" not in concept(view, "cuda") and "## Measured ceilings" not in render_gpus(view, CONFIG)
    assert 'name="ceiling"' not in concept(view, "cuda")
    assert "No results yet" in render_labs(view, CONFIG).split("{ #roofline }")[1]


@pytest.mark.parametrize(("value", "shown"), [(4800.0, "4,800"), (0.25, "0.25"), (1.5e6, "1.5 × 10⁶"), (1e-4, "10⁻⁴"),
                                              (0, "0")])
def test_tick_numbers_read_as_a_reader_scans_them(value: float, shown: str) -> None:
    assert number(value) == shown


def test_values_over_decades_get_a_log_y_axis_that_says_so(view: SiteView) -> None:
    """The roofline's FP32 points (0.8 to 48.5 TFLOPS) and BF16 products (700) on one chart: on powers of ten."""
    roofline = next(lv for lv in view.labs if lv.lab.id == "roofline").records[0]
    (both,) = groups(roofline)
    svg = chart_svg(both, roofline.finding, "x", "A title")
    assert 'aria-labelledby="x-title x-desc"' in svg and "attained (TFLOPS), log scale</text>" in svg
    assert [t for t in re.findall(r'text-anchor="end">([^<]+)</text>', svg)][:4] == ["0.1", "1", "10", "100"]
    memory = next(lv for lv in view.labs if lv.lab.id == "memory-bandwidth").records[0]
    assert [log_y(g) for g in groups(memory)] == [False, False]  # 1,100 to 5,200 GB/s: linear from zero


def test_an_unreadable_clock_is_said_to_be_unreadable(view: SiteView) -> None:
    conditions = block(concept(view, "fp8"), "matmul-ceilings").split("data-gpulist-conditions>")[1]
    assert "memory clock unreadable, temperature 31 °C → 44 °C" in conditions.split("</p>")[0]


def test_for_a_time_the_share_is_of_the_predicted_pace() -> None:
    """6.5 µs against a 2 ns floor reached 0.03% of the pace; 4,260 GB/s against 4,800 reached 89%."""
    assert share(6.5, 0.002, "us") == "0%" and share(0.5, 0.4, "ms") == "80%"
    assert share(4260, 4800, "GB/s") == "89%" and share(5200, None, "GB/s") == "—"


def test_a_lab_block_carries_each_gpus_vendor_peak_for_the_ceilings_it_measures(view: SiteView) -> None:
    """compare.js refuses a reader's record over its GPU's peak with these figures (data/gpus.yml)."""
    text = concept(view, "kv-cache")
    found = re.search(r'data-gpulist-measured="memory-bandwidth" data-gpulist-peaks="([^"]+)"', text)
    assert found
    peaks = json.loads(html.unescape(found.group(1)))
    assert peaks == {"h100-sxm": {"memory_bandwidth_gbs": 3350.0}, "mi300x": {"memory_bandwidth_gbs": 5300.0}}
