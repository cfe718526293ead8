"""The room an A–Z list keeps while skipped off screen (gpulist.site.reserve): it grows with each
item's length, one line at least per item; two columns from 60em halve the wide figure.
tests/browser/test_concepts.py checks it against the real heights in Chromium."""

from __future__ import annotations

import re
from math import ceil

from gpulist.site.reserve import CHARS, GAP_EM, LINE_EM, WIDE_CHARS, reserve_style


def _room(style: str) -> tuple[int, int]:
    found = re.fullmatch(r' style="--gpulist-reserve:(\d+)em;--gpulist-reserve-wide:(\d+)em"', style)
    assert found, style
    return int(found[1]), int(found[2])


def test_each_item_keeps_a_line_and_its_gap_at_least() -> None:
    assert _room(reserve_style(["a"] * 10)) == (ceil(10 * (LINE_EM + GAP_EM)),) * 2


def test_a_long_item_keeps_a_line_per_few_characters_more_where_the_column_is_narrow() -> None:
    long = "x" * (CHARS * WIDE_CHARS)
    narrow, wide = _room(reserve_style([long]))
    assert narrow == ceil(WIDE_CHARS * LINE_EM + GAP_EM) and wide == ceil(CHARS * LINE_EM + GAP_EM)
    assert narrow > wide


def test_two_columns_halve_the_wide_room_only() -> None:
    items = ["a term"] * 40  # one line each, in both settings
    one, two = _room(reserve_style(items)), _room(reserve_style(items, wide_columns=2))
    assert one == (ceil(40 * (LINE_EM + GAP_EM)),) * 2
    assert two == (one[0], ceil(40 * (LINE_EM + GAP_EM) / 2))


def test_an_empty_list_keeps_no_room() -> None:
    assert _room(reserve_style([])) == (0, 0)
