"""gpulist.bib of the real data, parsed back by pybtex: one record per entry, arXiv fields present."""

from __future__ import annotations

from pathlib import Path

import pytest
from pybtex.database import BibliographyData, Entry

from gpulist.checks import validate
from gpulist.export.bibtex import render_bibtex
from gpulist.models import Resource
from tests.bibtex_reading import decode, parse
from tests.conftest import DATA
from tests.site.conftest import PROVENANCE_MARKER, fixture_with_unreviewed


@pytest.fixture(scope="module")
def real() -> tuple[list[Resource], BibliographyData]:
    catalog, _ = validate(DATA)
    return catalog.resources, parse(render_bibtex(catalog.resources))


def test_real_data_has_one_record_per_entry_keyed_by_id(real: tuple[list[Resource], BibliographyData]) -> None:
    resources, bib = real
    assert sorted(bib.entries) == sorted(r.id for r in resources)
    assert len(bib.entries) == len(resources) > 100


def test_real_arxiv_papers_carry_eprint_and_archive_prefix(real: tuple[list[Resource], BibliographyData]) -> None:
    resources, bib = real
    arxiv = [r for r in resources if r.arxiv]
    assert len(arxiv) > 20
    for r in arxiv:
        fields = bib.entries[r.id].fields
        assert (fields["eprint"], fields["archivePrefix"]) == (r.arxiv, "arXiv"), r.id


def test_real_records_have_the_type_their_entry_calls_for(real: tuple[list[Resource], BibliographyData]) -> None:
    resources, bib = real
    for r in resources:
        entry: Entry = bib.entries[r.id]
        if r.type == "book":
            assert entry.type == "book", r.id
        elif r.type == "paper":
            assert entry.type in ("article", "inproceedings", "misc"), r.id
        else:
            assert entry.type == "misc" and (r.url is None or entry.fields["url"] == r.url), r.id
        if r.doi:
            assert entry.fields["doi"] == r.doi
        assert decode(entry.fields["title"]) == "{" + r.title + "}", r.id
        assert len(entry.persons.get("author", [])) == len(r.authors), r.id


def test_provenance_is_never_written(tmp_path: Path) -> None:
    resources = fixture_with_unreviewed(tmp_path).resources
    text = render_bibtex(resources)
    assert "pytorch-notes-151" in text and PROVENANCE_MARKER not in text
