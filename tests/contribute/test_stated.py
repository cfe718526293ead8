"""What an imported item states of itself: a bracketed year, a length."""

from __future__ import annotations

import datetime as dt

import pytest

from gpulist.contribute.stated import stated_effort, stated_year

TODAY = dt.date(2026, 11, 24)


@pytest.mark.parametrize(("texts", "year"), [
    (["FlashAttention-2", "Tri Dao (2023)"], 2023),
    (["GPT-4 (2099) preview"], None),  # in the future: a typo, not a year
    (["H100 2022 review", "no brackets"], None),  # a bare number may be a model or a version
    (["CUDA 12 (version 12.3)"], None),
])
def test_a_bracketed_year_is_taken(texts: list[str], year: int | None) -> None:
    assert stated_year(texts, TODAY) == year


@pytest.mark.parametrize(("texts", "band"), [
    (["A talk", "45 min"], "hour"), (["Worklog, 12 min read"], "quick"), (["Lecture 1:23:45"], "hour"),
    (["Course, 20 hours of video"], "days"), (["Paper, 14 pages"], "afternoon"), (["Nothing said"], None),
])
def test_a_stated_length_gives_the_band(texts: list[str], band: str | None) -> None:
    assert stated_effort(texts) == band
