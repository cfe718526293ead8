"""One entry's BibTeX record (gpulist.view.citation), parsed back by pybtex.

Hostile titles, authors, venues and URLs come from hypothesis; each must stay in its field.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpulist.models import Resource
from gpulist.view.citation import latex_text, person, record_type, render_record, verbatim
from tests.bibtex_reading import decode, parse


def _resource(**fields: object) -> Resource:
    base = {"id": "x", "title": "T", "url": "https://example.org/x", "type": "paper", "topic": "attention",
            "tier": 1, "added": dt.date(2025, 1, 1)}
    return Resource.model_validate({**base, **fields})


def test_venues_choose_the_record_type() -> None:
    assert record_type(_resource(venue="OSDI 2022")) == "inproceedings"
    assert record_type(_resource(venue="ACM Computing Surveys")) == "article"
    assert record_type(_resource(arxiv="2307.08691")) == "misc"
    assert record_type(_resource(type="blog", venue="OSDI 2022")) == "misc"
    book = parse(render_record(_resource(type="book", venue="Morgan Kaufmann, 4th edition"))).entries["x"]
    assert (book.type, book.fields["publisher"], book.fields["edition"]) == ("book", "Morgan Kaufmann", "4")


def test_a_conference_paper_record() -> None:
    r = _resource(title="Orca: A Distributed Serving System", venue="OSDI 2022", year=2022,
                  authors=["Gyeong-In Yu", "Byung-Gon Chun"], doi="10.5555/3600006.3613165", arxiv="2307.08691")
    entry = parse(render_record(r)).entries["x"]
    assert entry.type == "inproceedings"
    assert dict(entry.fields) == {
        "title": "{Orca: A Distributed Serving System}", "booktitle": "OSDI 2022", "year": "2022",
        "doi": "10.5555/3600006.3613165", "eprint": "2307.08691", "archivePrefix": "arXiv",
        "url": "https://example.org/x",
    }
    assert [str(p) for p in entry.persons["author"]] == ["Yu, Gyeong-In", "Chun, Byung-Gon"]


@pytest.mark.parametrize(("name", "kept_whole"), [
    ("Tri Dao", False), ("Wen-mei W. Hwu", False), ("Izzat El Hajj", False),
    ("Chips and Cheese", True), ("NVIDIA", True), ("GPU MODE", True), ("FlashInfer team", True),
    ("Google DeepMind", True), ("Hugging Face", True),
])
def test_groups_are_one_author_and_people_are_split(name: str, kept_whole: bool) -> None:
    [author] = parse(f"@misc{{x, author = {{{person(name)}}}}}").entries["x"].persons["author"]
    assert (author.last_names == ["{" + name + "}"]) is kept_whole


HOSTILE = "{}%\\#&$_~^@<>|\"',=()\n\t "
hostile_text = st.text(alphabet=st.sampled_from(HOSTILE) | st.characters(codec="utf-8"), min_size=1, max_size=40)


def _flat(text: str) -> str:
    """What the export keeps of a value: one line, control characters dropped."""
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "", text)
    return " ".join(text.split())


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=hostile_text, authors=st.lists(hostile_text, max_size=3), venue=hostile_text)
def test_hostile_titles_authors_and_venues_stay_in_their_fields(title: str, authors: list[str], venue: str) -> None:
    assume(_flat(title) and _flat(venue) and all(_flat(a) for a in authors))
    r = _resource(title=title, authors=authors, venue=venue, year=2024, arxiv="2307.08691")
    text = render_record(r) + "\n" + render_record(_resource(id="after", title="After"))
    bib = parse(text)
    assert sorted(bib.entries) == ["after", "x"], "a value ended its record or started another"
    entry = bib.entries["x"]
    venue_field = {"article": "journal", "inproceedings": "booktitle"}[record_type(r)]
    assert set(entry.fields) == {"title", venue_field, "year", "eprint", "archivePrefix", "url"}
    assert decode(entry.fields["title"]) == "{" + _flat(title) + "}"
    assert decode(entry.fields[venue_field]) == _flat(venue)
    assert entry.fields["eprint"] == "2307.08691"
    assert len(entry.persons.get("author", [])) == len(authors), "an author split into two, or merged"


@given(tail=st.text(alphabet=st.sampled_from("{}\\%@#~ab/"), min_size=1, max_size=20))
def test_hostile_urls_stay_in_their_field(tail: str) -> None:
    url = "https://example.org/" + tail
    assume(re.match(r"^[^\s]*$", url))
    entry = parse(render_record(_resource(url=url))).entries["x"]
    assert set(entry.fields) == {"title", "url"}
    assert entry.fields["url"] == verbatim(url)
    assert "{" not in entry.fields["url"] and "}" not in entry.fields["url"]


def test_latex_text_escapes_each_special_once() -> None:
    assert latex_text("50% of {CUDA} & $x_1$ ~ a^b #1 @here\\") == (
        r"50\% of \textbraceleft{}CUDA\textbraceright{} \& \$x\_1\$ \textasciitilde{} a\textasciicircum{}b "
        r"\#1 \symbol{64}here\textbackslash{}")
    assert latex_text("two\nlines\t and\x07 bell") == "two lines and bell"
