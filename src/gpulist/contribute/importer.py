"""`gpulist import FILE.md`: bring a Markdown reading list into the catalog.

Every item of the list ends up accounted for in the report, with its line number: imported
(and where its title and type came from), skipped as a duplicate (of the catalog by identity
or by title, or of an earlier line), skipped as a profile, a badge or prose, not placed (no
topic or tier), or invalid; so a curator can act on each row.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.checks import TO_FILL, validate
from gpulist.checks.possible_duplicate import CATCH_ALL
from gpulist.contribute import vocabulary
from gpulist.contribute.candidates import Candidate, Skip
from gpulist.contribute.entry import derive_id, free_id, ordered, refuse_invalid, today
from gpulist.contribute.fmt import modeline_for, render
from gpulist.contribute.known import Known
from gpulist.contribute.list_entries import entries
from gpulist.contribute.metadata.dispatch import canonical_url, infer_type
from gpulist.contribute.stated import stated_effort, stated_year
from gpulist.contribute.placement import Place, place
from gpulist.files import Refused, read_guarded, write_new
from gpulist.identity import arxiv_id, doi, url_keys
from gpulist.load import Catalog, display_path, load_catalog
from gpulist.problems import DataError, Problem, UsageError
from gpulist.pyproject import size_limit

DEFAULT_TYPE = CATCH_ALL  # possible-duplicate compares an entry of this type with every type
# Report order, and each outcome's heading: what was done first, then what a curator may
# want to pick up by hand.
HEADINGS = {
    "imported": "Imported", "duplicate": "Skipped as duplicate", "not placed": "Not placed (no topic, tier or group)",
    "invalid": "Invalid", "profile": "Skipped as a profile", "prose": "Skipped as prose",
    "badge": "Skipped as a badge or image", "no link": "No link",
}
OUTCOMES = tuple(HEADINGS)


@dataclass(slots=True)
class ImportOptions:
    data: Path = Path("data")
    topic: str | None = None
    tier: int | None = None
    group: str | None = None
    type: str | None = None
    dry_run: bool = False
    include_prose: bool = False
    force: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    """One item of the list and what became of it; `detail` is the file written, where it is
    already listed, or why it was skipped."""

    line: int
    outcome: str
    title: str
    detail: str
    url: str = ""


@dataclass(slots=True)
class ImportReport:
    rows: list[Row] = field(default_factory=list)
    weak_titles: list[Row] = field(default_factory=list)  # imported, with a title nothing could improve
    typed: Counter[str] = field(default_factory=Counter)  # list marker, URL, --type, default
    problems: list[Problem] = field(default_factory=list)  # errors in the data after the import
    # Of those, what the imported drafts still lack (a note, an effort, a title): to write by
    # hand, not a failure of the import; `gpulist validate` reports them until they are written.
    to_fill: list[Problem] = field(default_factory=list)

    def of(self, *outcomes: str) -> list[Row]:
        return [row for row in self.rows if row.outcome in outcomes]

    @property
    def imported(self) -> list[Row]:
        return self.of("imported")


@dataclass(slots=True)
class _Run:
    catalog: Catalog
    known: Known
    taken: set[str]
    options: ImportOptions
    report: ImportReport


def _check_flags(catalog: Catalog, options: ImportOptions) -> None:
    """Wrong flags are caught before anything is read, as with `gpulist new`."""
    if options.type:
        vocabulary.resource_type(options.type)
    if options.topic:
        vocabulary.placement(vocabulary.topic(catalog, options.topic), options.tier, options.group)


def _place(c: Candidate, catalog: Catalog, options: ImportOptions) -> tuple[str, int | None, str | None] | str:
    found = place(c.headings, catalog.topics)
    topic = found.topic or (vocabulary.topic(catalog, options.topic) if options.topic else None)
    if topic is None:
        shown = f"heading '{c.headings[-1]}'" if c.headings else "no heading"
        return f"no topic: {shown} matches none; pass --topic"
    if topic.tiered:
        tier = found.tier or options.tier
        return (topic.id, tier, None) if tier else f"no tier for topic '{topic.id}'; pass --tier"
    group = found.group or options.group
    if group not in [g.id for g in topic.groups]:
        return f"no group for topic '{topic.id}'; pass --group"
    return topic.id, None, group


def _type(c: Candidate, url: str, options: ImportOptions) -> tuple[str, str]:
    """The type and what said so: the list author's own marker knows best, then the URL."""
    for kind, how in ((c.type, "list marker"), (infer_type(url), "URL"), (options.type, "--type")):
        if kind:
            return kind, how
    return DEFAULT_TYPE, "default"


def _fields(c: Candidate, url: str, placed: tuple[str, int | None, str | None], kind: str) -> dict[str, Any]:
    topic, tier, group = placed
    said = [c.title, *c.notes]
    return ordered({
        "title": c.title, "url": url, "type": kind, "topic": topic, "tier": tier, "group": group,
        "year": stated_year(said), "arxiv": arxiv_id(url), "doi": doi(url), "effort": stated_effort(said),
        "notes": c.notes, "links": c.links, "added": today(), "favorite": True if c.favorite else None,
    })


def _duplicate(c: Candidate, url: str, kind: str, run: _Run) -> str | None:
    same = run.known.find(url, arxiv_id(url), doi(url))
    if same:
        return f"already listed as {same[0]} ({same[1].describe()})"
    for link in c.links:  # 'HTA docs, gh: [repo]' when the repository is listed: one resource
        named = run.known.find_named(link["url"])
        if named:
            return f"already listed as {named[0]} (its link {link['url']}: {named[1].describe()})"
    similar = run.known.find_title(c.title, kind, equal_any_kind=True)
    return f"{similar}; --force imports it" if similar and not run.options.force else None


def _import_one(c: Candidate, run: _Run) -> Row:
    url = canonical_url(c.url)
    kind, how = _type(c, url, run.options)
    duplicate = _duplicate(c, url, kind, run)
    if duplicate:
        return Row(c.line, "duplicate", c.title, duplicate, url)
    placed = _place(c, run.catalog, run.options)
    if isinstance(placed, str):
        return Row(c.line, "not placed", c.title, placed, url)
    folder = run.options.data / "resources"
    entry_id = free_id(derive_id(c.title), folder, run.taken)
    path = folder / f"{entry_id}.yml"
    text = render(_fields(c, url, placed, kind), modeline_for(path))
    try:
        refuse_invalid(run.catalog, path, text)
    except DataError as exc:
        return Row(c.line, "invalid", c.title, exc.problems[0].message, url)
    if not run.options.dry_run:
        write_new(path, text)
    run.taken.add(entry_id)
    here = f"line {c.line} of this list"
    run.known.add(url_keys(url), here)
    run.known.add_title(c.title, kind, here)
    run.report.typed[how] += 1
    return Row(c.line, "imported", c.title, f"{display_path(path)} ({kind} from {how}; title from {c.title_from})", url)


def read_list(path: Path, limit: int) -> str:
    """The list to import, through the same guard as data files: it may come with a pull request too."""
    try:
        return read_guarded(path, limit).decode("utf-8-sig")
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except Refused as exc:
        raise UsageError(f"{display_path(path)}: {exc.message} [{exc.rule}]") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None


def _skipped(skip: Skip) -> Row:
    return Row(skip.line, skip.kind, "", skip.reason, skip.url)


def run_import(source: Path, options: ImportOptions) -> ImportReport:
    limit = size_limit()  # read once from pyproject.toml, for the list and the catalog alike
    text = read_list(source, limit)
    catalog, _ = load_catalog(options.data, limit)
    _check_flags(catalog, options)
    run = _Run(catalog, Known.from_catalog(catalog), {r.id for r in catalog.resources}, options, ImportReport())
    found, skipped = entries(text, options.include_prose, lambda h: place((h,), catalog.topics) != Place())
    for candidate in found:
        row = _import_one(candidate, run)
        run.report.rows.append(row)
        if row.outcome == "imported" and candidate.weak_title:
            run.report.weak_titles.append(Row(row.line, "weak title", row.title, candidate.weak_title, row.url))
    run.report.rows += [_skipped(s) for s in skipped]
    run.report.rows.sort(key=lambda row: (OUTCOMES.index(row.outcome), row.line))
    if run.report.imported and not options.dry_run:
        errors = [p for p in validate(options.data)[1] if p.is_error]
        run.report.problems = [p for p in errors if p.rule not in TO_FILL]
        run.report.to_fill = [p for p in errors if p.rule in TO_FILL]
    return run.report
