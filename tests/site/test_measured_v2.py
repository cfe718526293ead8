"""gpulist.site.measured_v2: a version 2 record's block, from a record the labs' harness wrote.

The block must show why the curve bends and how far to trust it: the model's terms, each ratio
named for what it is ("× the model"; a bound's share "of the measured ceiling" only where the
bound is one the labs measured, else "of the bound"), each point's spread and sample count,
the runs' medians and run-to-run spread once runs are merged, throttled points, the counters
with their units and what each shows, and the trace's timeline with its download. Version 1
blocks on the same page stay as they were.
"""

from __future__ import annotations

import re
from pathlib import Path

from gpulist.site.concept_page import render_concept
from gpulist.site.labs_page import render_labs
from gpulist.view.catalog import SiteView
from tests.site.conftest import CONFIG
from tests.v2_site import LAB, v2_view


def section(view: SiteView, concept_id: str = "cuda", lab: str = LAB) -> str:
    text = render_concept(view.concept_by_id[concept_id], view, CONFIG)
    return text.split(f'data-gpulist-measured="{lab}"')[1].split('<div class="gpulist-measured" ')[0]


def rows(text: str, caption: str) -> list[list[str]]:
    """The table's body rows as their cells' text."""
    body = text.split(f"<caption>{caption}</caption>")[1].split("</tbody>")[0]
    return [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>")[1])]


def test_the_block_shows_the_model_its_terms_and_where_each_value_came_from(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path))
    assert 'data-gpulist-schema="2"' in text
    assert ("<strong>The model: DRAM access granularity.</strong> <code>time = values x min(stride x 4 B, g) / B"
            "</code>") in text
    assert rows(text, "The terms of DRAM access granularity") == [
        ["B", "copy bandwidth", "3,000", "GB/s", "measured by the memory-bandwidth lab"],
        ["g", "bytes DRAM moves per scattered value", "64", "B", "read by a counter in the coalescing lab"],
        ["SMs", "multiprocessors", "132", "count", "as the device reports it"]]


def test_predictions_read_as_times_the_model_and_a_vendor_bound_as_a_bound(tmp_path: Path) -> None:
    found = rows(section(v2_view(tmp_path)), "Measured against the model")
    assert found == [["stride 1", "2,900", "GB/s", "0.8%", "3,000 (DRAM access granularity)", "0.97 × the model"],
                     ["stride 16", "190", "GB/s", "5.3%", "187.5 (DRAM access granularity)", "1.01 × the model"],
                     ["stride 1 against the rated bandwidth", "2,900", "GB/s", "0.8%", "3,350 (bound)",
                      "87% of the bound"]]


def test_a_bound_that_is_a_measured_ceiling_is_called_one(tmp_path: Path) -> None:
    def on_the_copy(made: dict) -> None:  # the fixture's memory-bandwidth record measured 2,935 GB/s
        row = made["summary"][2]
        row.update(bound=2935.0, ratio=round(row["measured"] / 2935.0, 4))
    found = rows(section(v2_view(tmp_path, on_the_copy)), "Measured against the model")[2]
    assert found[-2:] == ["2,935 (measured ceiling, Memory bandwidth)", "99% of the measured ceiling"]


def test_each_point_has_its_spread_count_and_throttle_flag(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path))
    table = rows(text, "read with stride s, write contiguous")
    assert table[0] == ["1", "2,900", "2,888–2,912", "40", "3,000", "no, 1,980 MHz"]
    assert table[-1] == ["32", "96", "93–99", "120", "93.8", "yes: sw_power_cap, 1,485–1,980 MHz"]
    assert rows(text, "the vendor's rated bandwidth")[0] == ["1", "2,900", "2,888–2,912", "40", "3,350",
                                                             "no, 1,980 MHz"]
    assert "Run-to-run spread" not in text and "Each run" not in text  # one run: nothing to compare
    conditions = text.split("data-gpulist-conditions>")[1].split("</p>")[0]
    for fact in ("CPU Test CPU 9000", "PCIe Gen5 x16", "cublas 12.4.5.8", "nccl unknown", "one run",
                 "median of 10 to 200 samples", "within 2% of the median", "1 of 7 points throttled"):
        assert fact in conditions, fact


def test_merged_runs_show_each_runs_median_and_the_run_to_run_spread(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path, merged=True))
    summary = rows(text, "Measured against the model")
    assert summary[0][:5] == ["stride 1", "2,900", "GB/s", "0.8%", "2.0%"]
    assert rows(text, "read with stride s, write contiguous")[0][4] == "2,900, 2,929, 2,958"
    assert "3 runs in separate processes on 2 starts of the machine, merged" in text


def test_the_counters_carry_their_units_and_say_what_they_show(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path))
    assert rows(text, "Hardware counters (ncu 2025.3.1)")[:2] == [
        ["stride 16", "DRAM bytes read", "1,073,741,824", "byte", "_gather"],
        ["stride 16", "L1 sectors for global loads", "16,777,216", "sector", "_gather"]]
    shows = text.split('<dl class="gpulist-measured-counters">')[1].split("</dl>")[0]
    assert shows.count("<dt>") == 4
    assert "<dt>Threads per instruction <code>smsp__average_thread_inst_executed_per_inst_executed.ratio</code>" in shows


def test_missing_counters_say_why(tmp_path: Path) -> None:
    def no_ncu(made: dict) -> None:
        made["counters"] = {"status": "missing", "reason": "ncu (Nsight Compute) is not on the PATH", "tool": None,
                            "kernels": []}
    text = section(v2_view(tmp_path, no_ncu))
    assert ('data-gpulist-counters="missing">Hardware counters: not measured on this run (ncu (Nsight Compute) is '
            "not on the PATH).") in text


def test_the_trace_is_drawn_and_offered_for_download(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path))
    figure = text.split("data-gpulist-timeline>")[1].split("</figure>")[0]
    assert '<svg class="gpulist-chart gpulist-timeline"' in figure
    assert ('<a href="../../labs/traces/h100-sxm/coalescing.eager.trace.json.gz" download>Download the trace</a>'
            in figure)
    assert "6 adds launched one by one from Python: 6 kernels. The median gap between pieces of GPU work is 3 µs." \
        in figure


def test_version_1_blocks_beside_it_are_unchanged(tmp_path: Path, view: SiteView) -> None:
    v2 = v2_view(tmp_path)
    mine = render_concept(v2.concept_by_id["cuda"], v2, CONFIG)
    before = render_concept(view.concept_by_id["cuda"], view, CONFIG)
    roofline = 'data-gpulist-measured="roofline"'
    assert mine.split(roofline)[1].split('<div class="gpulist-measured" ')[0] == \
        before.split(roofline)[1].split('<div class="gpulist-measured" ')[0]
    assert "data-gpulist-schema" not in before and "Share of the predicted pace" in before


def test_the_labs_page_says_what_a_v2_record_holds(tmp_path: Path) -> None:
    text = render_labs(v2_view(tmp_path), CONFIG)
    assert ("(../concepts/cuda/index.md#measured-coalescing-h100-sxm) (its model's terms, hardware counters, "
            "1 timeline).") in text
    assert "Results: [H100 SXM](../concepts/cuda/index.md#measured-roofline-h100-sxm)." in text  # version 1 as before


def test_the_chart_draws_each_spread_as_an_error_bar_and_a_bound_dotted(tmp_path: Path) -> None:
    text = section(v2_view(tmp_path))
    svg = text.split('<svg class="gpulist-chart" ')[1].split("</svg>")[0]
    # a bar and two caps for each point whose quartiles lie a pixel apart or more
    spread = re.findall(r'<line class="gpulist-chart-s(\d) gpulist-chart-spread"', svg)
    assert len(spread) % 3 == 0 and len(spread) >= 3
    assert re.findall(r'<line class="gpulist-chart-s(\d) gpulist-chart-bound"', svg) == ["1"]
    legend = re.findall(r"</span>([^<]+)</li>", text.split('<ul class="gpulist-chart-legend">')[1].split("</ul>")[0])
    assert legend[2:] == ["predicted by the model", "bound (a limit, not a prediction)",
                          "error bars: the middle half of the samples (first to third quartile)"]
