"""The Anki exports, read back: the package's SQLite collection and the text file's rows."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest

from gpulist.checks import validate
from gpulist.cli import main
from gpulist.export.anki import PARENT_DECK, render_anki_text, render_apkg
from gpulist.view.catalog import build_view
from gpulist.view.config import SiteConfig
from gpulist.view.review import ReviewCard, review_cards

from tests.export.anki_reading import Note, read_apkg, read_text, unfield
from tests.site.conftest import FIXTURE

REAL = Path(__file__).parents[2] / "data"
SITE = SiteConfig(site_url="https://example.org/gpulist/")


def _by_guid(package: bytes, order: list[ReviewCard] | None = None) -> dict[str, Note]:
    """The package's notes by GUID, in the order of `order` (the real cards by default): the
    package holds them deck by deck."""
    notes = {n.guid: n for n in read_apkg(package)}
    return {f"gpulist:{c.id}": notes[f"gpulist:{c.id}"] for c in (order or _cards()) if f"gpulist:{c.id}" in notes} | notes


@cache
def _cards(root: Path = REAL) -> list[ReviewCard]:
    catalog, _ = validate(root)
    return review_cards(build_view(catalog))


def test_every_question_of_the_real_data_is_one_note_keyed_by_its_id() -> None:
    cards = _cards()
    notes = _by_guid(render_apkg(cards, SITE))
    assert len(cards) >= 300 and len(notes) == len(cards)
    assert list(notes) == [f"gpulist:{c.id}" for c in cards]
    assert [unfield(n.fields[0]) for n in notes.values()] == [c.question for c in cards]
    assert [unfield(n.fields[1]) for n in notes.values()] == [c.answer for c in cards]


def test_two_builds_give_the_same_guids_decks_and_note_type_and_later_notes() -> None:
    """A later build updates the notes a learner has: same GUIDs, same decks, notes dated later."""
    first, second = (read_apkg(render_apkg(_cards(), dataclasses.replace(SITE, built=t))) for t in (1.7e9, 1.7e9 + 86400))
    assert [n.guid for n in first] == [n.guid for n in second]
    assert [n.deck for n in first] == [n.deck for n in second]
    assert all(b.mod > a.mod for a, b in zip(first, second, strict=True))


def test_one_deck_per_area_under_one_parent_and_tags_from_concept_and_area() -> None:
    cards = _cards()
    notes = list(_by_guid(render_apkg(cards, SITE)).values())
    areas = {c.area for c in cards}
    assert {n.deck for n in notes} == {f"{PARENT_DECK}::{name}" for name in (
        {"hardware": "Hardware", "kernels": "Kernels", "tools": "Tools & compilers", "numerics": "Numerics",
         "serving": "Serving", "systems": "Systems", "other": "Other"}[a] for a in areas)}
    for note, card in zip(notes, cards, strict=True):
        assert note.tags == [f"gpulist::area::{card.area}", f"gpulist::concept::{card.concept}"]


def test_the_back_links_the_source_entry_and_the_concept_page() -> None:
    card = _cards()[0]
    note = read_apkg(render_apkg([card], SITE))[0]
    assert note.fields[2] == (f'<a href="https://example.org/gpulist/{card.source_path}">'
                              f"Learn it in: {unfield(card.source_title)}</a>")
    assert note.fields[3] == f'<a href="https://example.org/gpulist/concepts/{card.concept}/">Concept: {card.concept_title}</a>'
    bare = read_apkg(render_apkg([card], SiteConfig()))[0]
    assert bare.fields[2] == f"Learn it in: {card.source_title}", "no site address: the title, no relative link"


def test_the_text_file_has_anki_headers_and_every_question() -> None:
    cards = _cards()
    headers, rows = read_text(render_anki_text(cards, SITE))
    assert headers == {"separator": "tab", "html": "true", "notetype": "Basic", "columns": "Front\tBack\tTags\tDeck\tGUID",
                       "tags column": "3", "deck column": "4", "guid column": "5"}
    assert len(rows) == len(cards) and all(len(r) == 5 for r in rows)
    assert [r[4] for r in rows] == [f"gpulist:{c.id}" for c in cards]
    assert [unfield(r[0]) for r in rows] == [c.question for c in cards]
    assert all(unfield(r[1]).startswith(c.answer + "\n\n") for r, c in zip(rows, cards, strict=True))
    assert [r[3] for r in rows] == [n.deck for n in _by_guid(render_apkg(cards, SITE)).values()]


BAD = [
    '<b>bold</b> & <script>alert("x")</script>',
    'She said "two" and \'three\'',
    "a\ttab\tand\ttwo",
    "line one\nline two\r\nline three",
    r"LaTeX: \(O(N^2 d)\) and $$\frac{a}{b}$$ and [$]x[/$]",
    "注意力 · Внимание · アテンション · 🚀",
    "# not a comment",
    '"quoted from the start"',
]


def test_bad_input_exports_and_reads_back_intact() -> None:
    """Questions and answers holding HTML, quotes, tabs, newlines, LaTeX and non-Latin text
    come back from both files exactly as written (newlines as Anki's <br>)."""
    base = _cards()[0]
    cards = [dataclasses.replace(base, id=f"bad-{i}", question=text, answer="Because " + text) for i, text in enumerate(BAD)]
    notes = list(_by_guid(render_apkg(cards, SITE), cards).values())
    norm = [t.replace("\r\n", "\n") for t in BAD]
    assert [unfield(n.fields[0]) for n in notes] == norm
    assert [unfield(n.fields[1]) for n in notes] == ["Because " + t for t in norm]
    headers, rows = read_text(render_anki_text(cards, SITE))
    assert len(rows) == len(BAD) and all(len(r) == 5 for r in rows)
    assert [unfield(r[0]) for r in rows] == norm
    assert [unfield(r[1].split("<br><br><a href=")[0]) for r in rows] == ["Because " + t for t in norm]
    assert all("<script>" not in r[0] and "\t" not in r[0] for r in rows)


def test_cli_writes_both_files_into_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "deck"
    assert main(["export", "anki", "--data", str(FIXTURE), "--output", str(out), "--site-url", "https://example.org/"]) == 0
    cards = _cards(FIXTURE)
    assert len(read_apkg((out / "gpulist.apkg").read_bytes())) == len(cards) == len(
        read_text((out / "gpulist-anki.txt").read_text(encoding="utf-8"))[1]) > 0
    assert main(["export", "anki", "--data", str(FIXTURE), "--output", str(out), "--check"]) == 2
    assert "--check does not apply to anki" in capsys.readouterr().err
