"""provenance-markup: the curators' sourcing record is plain text, bare addresses welcome."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import provenance_markup
from gpulist.checks.provenance_markup import markup_in
from tests.catalogs import VALID_RESOURCE, load


@pytest.mark.parametrize("text", [
    "Abstract at https://arxiv.org/abs/2307.08691 (pages search); year from the listing.",
    "Seed 003, section 'Papers to be read'; title from the address, no copy read.",
    "Compares a < b and metadata: fine, as are [brackets] in prose and a 2:4 ratio.",
])
def test_plain_text_and_bare_addresses_pass(text: str) -> None:
    assert markup_in(text) is None


@pytest.mark.parametrize(("text", "found"), [
    ("See [the listing](https://example.org/list)", "]("),
    ("Year <b>2025</b>", "<b>"),
    ("A closing </div> tag", "</div>"),
    ("A comment <!-- hidden -->", "<!--"),
    ("Entity &amp; more", "&amp;"),
    ("Script javascript:alert(1)", "javascript:"),
    ("A reference\n[x]: https://example.org", "[x]:"),
    ("Inline data:text/html;base64,PHNjcmlwdD4=", "data:text/"),
])
def test_markup_is_found(text: str, found: str) -> None:
    assert markup_in(text) == found


def test_the_rule_points_at_the_field(tmp_path: Path) -> None:
    text = VALID_RESOURCE + "provenance: Found via <a href=x>a list</a>\n"
    catalog, problems = load(tmp_path, {"resources/sourced.yml": text})
    assert problems == []
    [problem] = provenance_markup.check(catalog)
    assert (problem.line, problem.col, problem.rule) == (10, 13, "provenance-markup")


def test_an_entry_without_provenance_is_fine(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"resources/plain.yml": VALID_RESOURCE})
    assert provenance_markup.check(catalog) == []
