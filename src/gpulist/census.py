"""The canon census: how much of what independent expert lists assign the catalog holds.

Issue 45 grows the list from what many experts agree on, not from any one list, so the
figure that matters is coverage per list, per area, and over the works two or more lists
share. Works are placed by identity, strongest key first (arXiv id, DOI, repository,
normalised URL: gpulist.identity, the same keys the duplicate check uses), then by an
entry's secondary link, then by title. A work whose keys name two different entries is
reported as unplaceable, never settled by a guess; a work nothing matches is reported missing.
"""

from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from gpulist.identity import Key, TitleIndex, by_strength, identity_keys, title_keys, url_keys
from gpulist.load.loader import load_resource, read_document, resource_files
from gpulist.load.messages import problems_from_validation
from gpulist.models.census import CENSUS_AREAS, CensusList, CensusWork
from gpulist.models.resource import Resource
from gpulist.problems import Problem

CENSUS_SUFFIXES = (".yml", ".yaml")


def load_census(folder: Path) -> tuple[list[CensusList], list[Problem]]:
    """Every list of the folder that validates; each broken one is reported where it is broken."""
    problems: list[Problem] = []
    lists: list[CensusList] = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(CENSUS_SUFFIXES):
            found = _load_list(folder / name, problems)
            if found is not None:
                lists.append(found)
    return lists, problems


def _load_list(path: Path, problems: list[Problem]) -> CensusList | None:
    doc = read_document(path, problems)
    if doc is None:
        return None
    if not isinstance(doc.data, dict):
        problems.append(Problem(doc.path, 1, 1, "expected a mapping (id: ..., works: [...])", "file-shape"))
        return None
    try:
        found = CensusList.model_validate(doc.data)
    except ValidationError as exc:
        problems.extend(problems_from_validation(exc, doc, (), list(CensusList.model_fields)))
        return None
    if found.id != path.stem:
        problems.append(Problem(doc.path, *doc.marks.at(("id",)), f"id '{found.id}' must match the file name "
                                f"{path.name}: rename the file or the id", "file-name"))
        return None
    return found


@dataclass(slots=True)
class CatalogIndex:
    """The catalog's entries by key: own keys, secondary links' keys, and titles."""

    own: dict[Key, set[str]] = field(default_factory=lambda: defaultdict(set))
    links: dict[Key, set[str]] = field(default_factory=lambda: defaultdict(set))
    titles: TitleIndex[str] = field(default_factory=TitleIndex)

    def add(self, resource: Resource) -> None:
        for key in identity_keys(resource.url, resource.arxiv, resource.doi):
            self.own[key].add(resource.id)
        for link in resource.links:
            for key in url_keys(link.url):
                self.links[key].add(resource.id)
        self.titles.add(resource.title, resource.id)


def index_catalog(data: Path) -> tuple[CatalogIndex, list[Problem]]:
    """The resources of data/resources; a broken one is reported and left out of the index."""
    problems: list[Problem] = []
    index = CatalogIndex()
    for path in resource_files(data):
        entry = load_resource(Path(path), problems)
        if entry is not None:
            index.add(entry.resource)
    return index, problems


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a work landed: an entry and how, or no entry and why."""

    entry: str | None
    how: str

    @property
    def placed(self) -> bool:
        return self.entry is not None


def work_keys(work: CensusWork) -> set[Key]:
    return identity_keys(work.url, work.arxiv, work.doi)


def place(work: CensusWork, index: CatalogIndex) -> Placement:
    """The entry this work is, by its keys, then a secondary link, then its title. Keys that name
    two different entries make the work unplaceable: which one the list meant is not guessed."""
    keys = by_strength(work_keys(work))
    for table, label in ((index.own, ""), (index.links, "secondary link, ")):
        found = {key: table[key] for key in keys if table.get(key)}
        entries = set().union(*found.values()) if found else set()
        if len(entries) > 1:
            named = "; ".join(f"{k.describe()}: {', '.join(sorted(v))}" for k, v in found.items())
            return Placement(None, f"unplaceable: {label or 'own key, '}its keys name {len(entries)} entries ({named})")
        if entries:
            return Placement(next(iter(entries)), label + next(iter(found)).describe())
    hit = index.titles.find(work.title)
    if hit is not None and not _one_word(work.title):
        return Placement(hit[0], hit[1])
    if hit is not None:  # 'Triton' (the language or the server?) names a product, not which one
        return Placement(None, f"unplaceable: no key matches and a one-word title only names {hit[0]}")
    return Placement(None, "missing: no key and no title of the catalog matches")


def _one_word(title: str) -> bool:
    """A one-word title ('Triton', 'CUDA') names several resources; only a key can say which."""
    return all(len(key.split()) < 2 for key in title_keys(title)[0])


@dataclass(slots=True)
class Tally:
    """Placed out of all, with the unplaceable counted apart (they are neither placed nor missing)."""

    placed: int = 0
    total: int = 0
    unplaceable: int = 0

    def count(self, placement: Placement) -> None:
        self.total += 1
        self.placed += placement.placed
        self.unplaceable += placement.how.startswith("unplaceable")

    def line(self, label: str, width: int) -> str:
        share = f"{100 * self.placed / self.total:5.1f}%" if self.total else "    -"
        extra = f"  ({self.unplaceable} unplaceable)" if self.unplaceable else ""
        return f"  {label:<{width}} {self.placed:4d} / {self.total:<4d} {share}{extra}"


@dataclass(frozen=True, slots=True)
class Placed:
    """One work of one list, with where it landed."""

    list_id: str
    area: str
    work: CensusWork
    placement: Placement


def place_all(lists: Iterable[CensusList], index: CatalogIndex) -> list[Placed]:
    """Every work of every list, placed; a work a list gives twice counts once for that list."""
    placed: list[Placed] = []
    for census in lists:
        seen: set[object] = set()
        for work in census.works:
            marks = work_keys(work) or {work.title.casefold()}
            if not marks & seen:
                seen |= marks
                placed.append(Placed(census.id, work.area or census.area, work, place(work, index)))
    return placed


def shared_works(placed: list[Placed]) -> list[list[Placed]]:
    """Groups of the same work across lists (a shared key or the same title), kept when two or
    more lists assign it: the canon the issue measures at 90%."""
    parent = list(range(len(placed)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[object, int] = {}
    for i, item in enumerate(placed):
        for mark in _marks(item.work):
            j = first.setdefault(mark, i)
            parent[root(i)] = root(j)
    groups: dict[int, list[Placed]] = defaultdict(list)
    for i, item in enumerate(placed):
        groups[root(i)].append(item)
    return [g for g in groups.values() if len({p.list_id for p in g}) >= 2]


def _marks(work: CensusWork) -> set[object]:
    """What makes two list items one work: any identity key (normalised URL included), or the whole
    title when it has two words or more."""
    keys: set[object] = set(work_keys(work))
    return keys if _one_word(work.title) else keys | {("title", t) for t in title_keys(work.title)[0]}


def report(lists: list[CensusList], placed: list[Placed], missing: bool = True) -> list[str]:
    """The printed figures: per list, per area, shared by 2+, then every work not placed."""
    width = max([len(c.id) for c in lists] + [len(a) for a in CENSUS_AREAS] + [12])
    lines = [f"census: {len(lists)} lists, {len(placed)} works"]
    for title, label_of in (("per list", lambda p: p.list_id), ("per area", lambda p: p.area)):
        lines.append(f"{title}:")
        tallies: dict[str, Tally] = defaultdict(Tally)
        for item in placed:
            tallies[label_of(item)].count(item.placement)
        lines += [tallies[k].line(k, width) for k in sorted(tallies)]
    lines += _shared_lines(shared_works(placed), width)
    if missing:
        lines.append("not placed (missing or unplaceable):")
        lines += [f"  {p.list_id}: {p.work.title} <{p.work.url or '-'}>: {p.placement.how}"
                  for p in placed if not p.placement.placed]
    return lines


def _shared_lines(groups: list[list[Placed]], width: int) -> list[str]:
    tally = Tally()
    lines = []
    for group in groups:
        hit = next((p.placement for p in group if p.placement.placed), group[0].placement)
        tally.count(hit)
        lists = sorted({p.list_id for p in group})
        lines.append(f"    [{'x' if hit.placed else ' '}] {group[0].work.title} ({len(lists)} lists: {', '.join(lists)})"
                     + (f" -> {hit.entry}" if hit.placed else ""))
    return ["shared by 2+ lists:", tally.line("works", width), *lines]
