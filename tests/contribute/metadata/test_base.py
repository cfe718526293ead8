"""Small cleaners every source relies on."""

from __future__ import annotations

import pytest

from gpulist.contribute.metadata.base import clean, year_of


def test_clean_collapses_whitespace_and_rejects_non_text() -> None:
    assert clean("  A\n  title\t") == "A title"
    assert clean("   ") is None and clean(None) is None and clean(3) is None


def test_year_of_accepts_common_date_shapes_only_in_range() -> None:
    assert [year_of(v) for v in ("2023-07-17T17:50:36Z", "2023/07/17", "2023")] == [2023, 2023, 2023]
    assert [year_of(v) for v in ("July 2023", "1066", None, "")] == [None, None, None, None]


@pytest.mark.parametrize(("kwargs", "band"), [
    ({"words": 1000}, "quick"), ({"words": 9000}, "hour"), ({"pages": 12}, "afternoon"),
    ({"pages": 40}, "days"), ({"minutes": 25}, "quick"), ({"minutes": 60 * 30}, "weeks"),
    ({}, None), ({"words": 0}, None),
])
def test_effort_bands_from_a_stated_length(kwargs: dict, band: str | None) -> None:
    from gpulist.contribute.metadata.base import effort_band
    assert effort_band(**kwargs) == band
