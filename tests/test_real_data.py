"""The real catalog must always validate cleanly: this is the contract CI enforces."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from gpulist.checks import validate
from gpulist.identity import arxiv_id
from gpulist.models import Resource

from tests.conftest import DATA


def test_real_data_has_no_errors() -> None:
    catalog, problems = validate(DATA)
    errors = [p for p in problems if p.is_error]
    assert errors == [], "\n".join(f"{p.path}:{p.line}: {p.message}" for p in errors)
    assert catalog.entries, "the catalog should not be empty"
    assert len(catalog.topics) == 11


def test_real_data_files_carry_schema_modeline() -> None:
    files = [DATA / "topics.yml", DATA / "concepts.yml", *sorted((DATA / "resources").glob("*.yml"))]
    missing = [f.name for f in files if not f.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")]
    assert missing == []



# Data checks on the real catalog (issue 10): the list must be clickable and its identifiers whole.

MAX_LINK_WANTED = 5
_GITHUB_FRONT_PAGE = re.compile(r"https://github\.com/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+")


def _real_resources() -> list[Resource]:
    catalog, _ = validate(DATA)
    return [e.resource for e in catalog.entries]


def test_real_data_has_few_link_wanted_entries() -> None:
    wanted = sorted(r.id for r in _real_resources() if r.link_wanted)
    assert len(wanted) <= MAX_LINK_WANTED, f"{len(wanted)} entries still want a link: {wanted}"


def test_real_data_link_wanted_entries_say_why() -> None:
    """An entry left without a URL must say, in its notes, why no home was found."""
    silent = [r.id for r in _real_resources() if r.link_wanted and not any("no home" in n.lower() for n in r.notes)]
    assert silent == []


def _is_arxiv_entry(r: Resource) -> bool:
    return bool(r.arxiv) or (r.url is not None and arxiv_id(str(r.url)) is not None)


def test_real_data_arxiv_entries_carry_id_authors_and_year() -> None:
    incomplete = {r.id: [f for f in ("arxiv", "authors", "year") if not getattr(r, f)]
                  for r in _real_resources() if _is_arxiv_entry(r)}
    assert {rid: missing for rid, missing in incomplete.items() if missing} == {}


def test_real_data_arxiv_field_matches_the_url() -> None:
    mismatched = [(r.id, r.arxiv, str(r.url)) for r in _real_resources()
                  if r.url is not None and arxiv_id(str(r.url)) not in (None, r.arxiv)]
    assert mismatched == []


def test_real_data_repository_entries_link_to_owner_and_name() -> None:
    """A code or tool entry on github.com links the repository's front page, not a file, search or profile."""
    loose = [(r.id, str(r.url)) for r in _real_resources()
             if r.type in ("code", "tool") and r.url is not None and urlsplit(str(r.url)).hostname == "github.com"
             and not _GITHUB_FRONT_PAGE.fullmatch(str(r.url))]
    assert loose == []
