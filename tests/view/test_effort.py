"""Effort labels and totals: what a card, a path and a topic's tiers say a reader needs."""

from __future__ import annotations

import datetime as dt

import pytest

from gpulist.models import Resource
from gpulist.view import effort


def res(band: str | None, kind: str = "blog") -> Resource:
    return Resource(id="x", title="X", url="https://example.org/x", type=kind, topic="t", effort=band,
                    added=dt.date(2025, 1, 1))


def test_every_band_has_a_label_and_hours() -> None:
    from gpulist.models import EFFORTS
    assert set(effort.LABELS) == set(effort.HOURS) == set(EFFORTS)
    assert effort.label(res("hour")) == "≈ 1 h" and effort.label(res(None)) is None


@pytest.mark.parametrize(("hours", "text"), [
    (0, ""), (0.5, "under an hour"), (1, "about 1 hour"), (3.25, "about 3 hours"),
    (31, "about 30 hours"), (133, "about 130 hours"),
])
def test_about_rounds_to_what_an_estimate_can_say(hours: float, text: str) -> None:
    assert effort.about(hours) == text


def test_summary_adds_bands_and_counts_exercises() -> None:
    items = [res("hour"), res("afternoon"), res("days", "exercise"), res(None), res("quick", "exercise")]
    assert effort.summary(items) == "about 20 hours, 2 exercises"
    assert effort.summary([res(None)]) == ""
    assert effort.summary([res("quick", "exercise")]) == "under an hour, 1 exercise"
