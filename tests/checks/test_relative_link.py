"""relative-link: a note's link must be a whole http(s) address, or it breaks in the exports."""

from __future__ import annotations

import pytest

from gpulist.checks.relative_link import relative_target


@pytest.mark.parametrize("note", [
    "Better parallelization, work partitioning",
    "See [the slides](https://example.org/slides.pdf) and [code](<http://example.org/a b>)",
    "A [reference][slides] link",
    "An index and a call with a space between, a[i] (j), is not a link",
    "Uses `[x](notes.md)` as an example, in code",
    "[x](javascript:alert(1)) is unsafe-markdown's to refuse, not this rule's",
])
def test_absolute_or_no_links_pass(note: str) -> None:
    assert relative_target(note) is None


@pytest.mark.parametrize(("note", "target"), [
    ("See [the chapter](notes.md)", "notes.md"),
    ("See [the tier](../matmul/#tiling) first", "../matmul/#tiling"),
    ("Jump to [part 2](#part-2)", "#part-2"),
    ("Site root [home](/)", "/"),
    ("Code-like a[i](j) outside backticks is a Markdown link to 'j'", "j"),
    ("Angle form [x](<docs/a.md>)", "docs/a.md"),
    ("Fine [a](https://example.org) then [b](b.md)", "b.md"),
    ("A reference definition\n\n[slides]: slides/deck.pdf", "slides/deck.pdf"),
])
def test_relative_targets_are_found(note: str, target: str) -> None:
    assert relative_target(note) == target
