"""`gpulist import FILE.md`: bring a Markdown reading list into the catalog.

Every line of the list ends up accounted for in the report: imported, skipped as a
duplicate (of the catalog, or of an earlier line), not placed (no topic or tier), or
unparseable, each with its line number, so a maintainer can finish the job by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.checks import validate
from gpulist.contribute import vocabulary
from gpulist.contribute.candidates import FAVORITE, NAVIGATION, Candidate, emoji_type, from_item, plain
from gpulist.contribute.entry import derive_id, free_id, ordered, refuse_invalid, safe_text, today
from gpulist.files import Refused, read_guarded, size_limit, write_new
from gpulist.contribute.fmt import modeline_for, render
from gpulist.contribute.known import Known
from gpulist.contribute.markdown_list import Item, read_items
from gpulist.contribute.metadata.dispatch import canonical_url, infer_type
from gpulist.contribute.placement import place
from gpulist.identity import arxiv_id, doi, url_keys
from gpulist.load import Catalog, display_path, load_catalog
from gpulist.problems import DataError, Problem, UsageError

DEFAULT_TYPE = "blog"


@dataclass(slots=True)
class ImportOptions:
    data: Path = Path("data")
    topic: str | None = None
    tier: int | None = None
    group: str | None = None
    type: str | None = None
    dry_run: bool = False


@dataclass(slots=True)
class ImportReport:
    imported: list[tuple[int, str]] = field(default_factory=list)  # line, file written (or to be)
    duplicates: list[tuple[int, str]] = field(default_factory=list)  # line, where already listed
    unplaced: list[tuple[int, str]] = field(default_factory=list)
    unparseable: list[tuple[int, str]] = field(default_factory=list)
    guessed_type: int = 0
    problems: list[Problem] = field(default_factory=list)


def _group(items: list[Item]) -> list[tuple[Item, list[Item]]]:
    """Sub-bullets belong to the item above: indented under a bullet, or directly below a
    paragraph (the guide's `📝 **Title**` followed by its bullet points)."""
    groups: list[tuple[Item, list[Item]]] = []
    for item in items:
        if groups and item.kind == "bullet" and item.headings == groups[-1][0].headings:
            head = groups[-1][0]
            nested = head.kind == "bullet" and item.indent > head.indent
            under_para = head.kind == "para" and not item.after_blank and item.indent <= 1
            if nested or (under_para and not (groups[-1][1] and groups[-1][1][-1].after_blank)):
                groups[-1][1].append(item)
                continue
        groups.append((item, []))
    return groups


def _guide_style(head: Item, children: list[Item]) -> tuple[Candidate | str, list[Item]]:
    """`**Title** - authors` with the link on the first bullet below it."""
    title = plain(head.text.split("**")[1]) if head.text.count("**") >= 2 else ""
    linked = next((c for c in children if c.links()), None)
    if not title or linked is None:
        return "no link", children
    url = linked.links()[0].url
    notes = [n for n in (safe_text(c.text) for c in children if c is not linked) if n]
    rest = plain(linked.text.replace(linked.links()[0].url, "")) if len(linked.links()) > 1 else ""
    return Candidate(head.line, title, url, notes + ([rest] if rest else []), [], emoji_type(head.text),
                     FAVORITE in head.text, head.headings), []


def candidates(text: str) -> tuple[list[Candidate], list[tuple[int, str]]]:
    """Every entry the list holds, and (line, reason) for the items that are not entries."""
    found: list[Candidate] = []
    bad: list[tuple[int, str]] = []
    for head, children in _group(read_items(text)):
        result = from_item(head)
        if isinstance(result, str) and head.kind == "para" and children:
            result, children = _guide_style(head, children)
        if isinstance(result, Candidate):
            found.append(result)
            as_notes = [c for c in children if head.kind == "para" or not c.links()]
            result.notes += [n for n in (safe_text(c.text) for c in as_notes) if n]
            children = [c for c in children if c not in as_notes]
        elif not children and result != NAVIGATION and not (head.kind == "para" and result == "no link"):
            bad.append((head.line, result))
        for child in children:
            sub = from_item(child)
            if isinstance(sub, Candidate):
                found.append(sub)
            elif sub != NAVIGATION:
                bad.append((child.line, sub))
    return found, bad


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


def _fields(c: Candidate, url: str, placed: tuple[str, int | None, str | None], kind: str) -> dict[str, Any]:
    topic, tier, group = placed
    return ordered({
        "title": c.title, "url": url, "type": kind, "topic": topic, "tier": tier, "group": group,
        "arxiv": arxiv_id(url), "doi": doi(url), "notes": c.notes, "links": c.links, "added": today(),
        "favorite": True if c.favorite else None,
    })


def _import_one(c: Candidate, catalog: Catalog, known: Known, taken: set[str], options: ImportOptions,
                report: ImportReport) -> None:
    url = canonical_url(c.url)
    duplicate = known.find(url, arxiv_id(url), doi(url))
    if duplicate:
        report.duplicates.append((c.line, f"already listed as {duplicate[0]} ({duplicate[1].describe()})"))
        return
    placed = _place(c, catalog, options)
    if isinstance(placed, str):
        report.unplaced.append((c.line, placed))
        return
    kind = c.type or infer_type(url) or options.type  # the list author's own marker knows best
    report.guessed_type += kind is None
    folder = options.data / "resources"
    entry_id = free_id(derive_id(c.title), folder, taken)
    path = folder / f"{entry_id}.yml"
    text = render(_fields(c, url, placed, kind or DEFAULT_TYPE), modeline_for(path))
    try:
        refuse_invalid(catalog, path, text)
    except DataError as exc:
        report.unparseable.append((c.line, exc.problems[0].message))
        return
    if not options.dry_run:
        write_new(path, text)
    taken.add(entry_id)
    known.add(url_keys(url), f"line {c.line} of this list")
    report.imported.append((c.line, display_path(path)))


def read_list(path: Path) -> str:
    """The list to import, through the same guard as data files: it may come with a pull request too."""
    try:
        return read_guarded(path, size_limit()).decode("utf-8-sig")
    except FileNotFoundError:
        raise UsageError(f"no such file: {path}") from None
    except Refused as exc:
        raise UsageError(f"{display_path(path)}: {exc.message} [{exc.rule}]") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None


def run_import(source: Path, options: ImportOptions) -> ImportReport:
    text = read_list(source)
    catalog, _ = load_catalog(options.data)
    _check_flags(catalog, options)
    known, taken = Known.from_catalog(catalog), {r.id for r in catalog.resources}
    found, bad = candidates(text)
    report = ImportReport(unparseable=bad)
    for candidate in found:
        _import_one(candidate, catalog, known, taken, options, report)
    report.unparseable.sort()
    if report.imported and not options.dry_run:
        report.problems = [p for p in validate(options.data)[1] if p.is_error]
    return report
