"""gpulist.site.timeline: the trace's picture, drawn at build time, legible without script or colour."""

from __future__ import annotations

import gzip
import json
import re

from gpulist.site.timeline import CHAR, describe, timeline_svg
from gpulist.view.timeline import timeline
from tests.fixtures import records_v2


def svg_of(data: bytes) -> str:
    return timeline_svg(timeline(data), "t", "A timeline")


def test_the_picture_is_an_image_named_and_described_with_its_numbers() -> None:
    svg = svg_of(records_v2.trace().data)
    assert 'role="img" aria-labelledby="t-title t-desc"' in svg and '<title id="t-title">A timeline</title>' in svg
    desc = re.search(r'<desc id="t-desc">([^<]+)</desc>', svg).group(1)  # type: ignore[union-attr]
    assert desc == ("7 pieces of GPU work (6 kernels), a median gap of 3 µs between them, the GPU busy 46% of the "
                    "time from the first to the last; 6 runtime calls on the host.")
    assert svg.count('class="gpulist-timeline-gpu"') == 7 and svg.count('class="gpulist-timeline-host"') == 6
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgb\(", svg), "colours come from the stylesheet"


def test_every_gap_is_marked_and_labelled_where_the_labels_have_room() -> None:
    svg = svg_of(records_v2.trace().data)
    assert svg.count('class="gpulist-timeline-gap"') == 6
    assert re.findall(r">(\d+ µs)</text>", svg) == ["3 µs"] * 5 + ["4 µs"]


def test_crowded_gaps_keep_their_marks_and_labels_never_overlap() -> None:
    events = [{"ph": "X", "cat": "kernel", "name": "k", "ts": 3.0 * i, "dur": 2.0} for i in range(40)]
    svg = svg_of(gzip.compress(json.dumps({"traceEvents": events}).encode(), mtime=0))
    assert svg.count('class="gpulist-timeline-gap"') == 39
    labels = [(float(x), t) for x, t in re.findall(r'<text x="([\d.]+)" y="88"[^>]*>([^<]+)</text>', svg)]
    assert 0 < len(labels) < 39
    for (a, ta), (b, tb) in zip(labels, labels[1:]):
        assert b - a >= (len(ta) + len(tb)) * CHAR / 2, (a, b)
    assert "first 40" not in describe(timeline(gzip.compress(json.dumps({"traceEvents": events}).encode())))
