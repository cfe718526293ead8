"""The catalog arranged as readers see it: topics in the guide's order, sections, tags.

Built once per build so every page and every export agrees on order, anchors and badges.
✨ "new" marks the latest additions, and says something only if it marks few: the newest
entries by `added` date (entries added the same day, most recently published first), at most
NEW_SHARE of the list, and only those added within NEW_DAYS of the newest addition. Both are
counted from the catalog, not from today, so the same data always renders the same site.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.identity import github_repo
from gpulist.load import Catalog, Entry
from gpulist.models import Concept, IndexTerm, PracticeProblem, RepoHealth, Resource, Topic
from gpulist.view.concepts import ConceptView, book_anchors, book_terms, build_concepts, teaching
from gpulist.view.cited import CitedRow, build_cited
from gpulist.view.gpus import GpuTable, build_gpus
from gpulist.view.labs import LabView, build_labs
from gpulist.view.numbers import resolved
from gpulist.view.order import learning_order
from gpulist.view.paths import PathView, build_paths
from gpulist.view.practice import build_practice

NEW_DAYS = 180
NEW_SHARE = 0.15


@dataclass(frozen=True, slots=True)
class Section:
    """A tier or a named group of one topic; `key` is also its H2 anchor (never an entry id)."""

    key: str
    heading: str
    subtitle: str
    tier: int | None
    group: str | None
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class TopicView:
    topic: Topic
    sections: tuple[Section, ...]

    @property
    def page(self) -> str:
        return f"topics/{self.topic.id}.md"

    @property
    def count(self) -> int:
        return sum(len(s.entries) for s in self.sections)


@dataclass(frozen=True, slots=True)
class SiteView:
    root: Path
    topics: tuple[TopicView, ...]
    concepts: tuple[Concept, ...]
    by_concept: dict[str, tuple[Entry, ...]]
    repos: dict[str, RepoHealth]
    new: frozenset[str]  # the ids ✨ marks
    concept_titles: dict[str, str]
    data_paths: dict[str, str]
    paths: tuple[PathView, ...] = ()
    concept_views: tuple[ConceptView, ...] = ()
    book: dict[str, IndexTerm] = field(default_factory=dict)  # top-level book index terms by text
    concept_by_id: dict[str, ConceptView] = field(default_factory=dict)
    entry_by_id: dict[str, Entry] = field(default_factory=dict)
    gpus: GpuTable | None = None  # data/gpus.yml, one row per GPU (gpulist.view.gpus)
    book_anchors: dict[str, str] = field(default_factory=dict)  # book term -> its anchor on the book's page
    book_entry: str = ""  # the resource id of the indexed book
    book_title: str = ""
    labs: tuple[LabView, ...] = ()  # data/labs.yml with the records of data/measurements/ (gpulist.view.labs)
    practice: tuple[PracticeProblem, ...] = ()  # data/practice.yml (gpulist.view.practice)
    # data/measured-elsewhere.yml beside the vendor peaks, apart from `labs` (gpulist.view.cited)
    cited: tuple[CitedRow, ...] = ()

    @property
    def entries(self) -> list[Entry]:
        return [e for t in self.topics for s in t.sections for e in s.entries]

    def is_new(self, resource: Resource) -> bool:
        return resource.id in self.new

    @property
    def newest_first(self) -> list[Entry]:
        """Every entry, the latest additions first (see `newest_first`)."""
        return newest_first(self.entries)

    def repo(self, resource: Resource) -> RepoHealth | None:
        if not self.repos or not resource.url:
            return None
        key = github_repo(resource.url)
        return self.repos.get(key) if key else None

    def data_path(self, entry: Entry) -> str:
        """The entry's file relative to data/, as the edit link needs it."""
        return self.data_paths.get(entry.resource.id) or f"resources/{entry.resource.id}.yml"


def _data_paths(catalog: Catalog) -> dict[str, str]:
    """Each entry's file relative to data/; computed once, since it needs the file system's view."""
    cwd = os.getcwd()
    root = os.path.normpath(os.path.join(cwd, catalog.root)) + os.sep
    paths = {}
    for entry in catalog.entries:
        absolute = os.path.normpath(os.path.join(cwd, entry.doc.path))
        if absolute.startswith(root):
            paths[entry.resource.id] = absolute[len(root):].replace(os.sep, "/")
    return paths


def newest_first(entries: list[Entry]) -> list[Entry]:
    """By `added`, newest first; entries added the same day (an import adds dozens) by year of
    publication, newest first, then title: of a day's additions, the newest work leads."""
    by_title = sorted(entries, key=lambda e: (e.resource.title.casefold(), e.resource.id))
    by_year = sorted(by_title, key=lambda e: e.resource.year or 0, reverse=True)
    return sorted(by_year, key=lambda e: e.resource.added, reverse=True)


def _new(placed: list[Entry]) -> frozenset[str]:
    """The ids ✨ marks: the newest additions, at most NEW_SHARE of the list, within NEW_DAYS."""
    ranked = newest_first(placed)
    if not ranked:
        return frozenset()
    since = ranked[0].resource.added - dt.timedelta(days=NEW_DAYS)
    return frozenset(e.resource.id for e in ranked[:int(len(ranked) * NEW_SHARE)] if e.resource.added >= since)


def _sort_key(entry: Entry) -> tuple:
    r = entry.resource
    return (r.year or 9999, r.title.casefold(), r.id)


def _teachers(catalog: Catalog) -> dict[str, frozenset[str]]:
    """Each concept's teaching entries (gpulist.view.concepts.teaching), for the learning order."""
    listed = {e.resource.id for e in catalog.entries}
    tagged: dict[str, list[str]] = {}
    for entry in catalog.entries:
        for tag in entry.resource.tags:
            tagged.setdefault(tag, []).append(entry.resource.id)
    return {c.id: frozenset(teaching(c, listed, tagged.get(c.id, ()))) for c in catalog.concepts}


def build_view(catalog: Catalog) -> SiteView:
    """The whole view, from the catalog with its prose's references written out (gpulist.view.numbers)."""
    catalog = resolved(catalog)
    by_topic: dict[str, list[Entry]] = {}
    for entry in sorted(catalog.entries, key=_sort_key):
        by_topic.setdefault(entry.resource.topic, []).append(entry)
    teachers = _teachers(catalog)
    topics = tuple(_topic_view(t, by_topic.get(t.id, []), teachers)
                   for t in sorted(catalog.topics, key=lambda t: t.number))
    placed = [e for t in topics for s in t.sections for e in s.entries]
    by_concept: dict[str, list[Entry]] = {t.id: [] for t in catalog.concepts}
    for entry in placed:
        for tag in entry.resource.tags:
            by_concept.setdefault(tag, []).append(entry)
    frozen = {k: tuple(v) for k, v in by_concept.items()}
    titles = {t.id: t.title for t in catalog.concepts}
    book = book_terms(catalog.book_index.terms) if catalog.book_index else {}
    concepts = build_concepts(catalog.concepts, placed, frozen)
    index = catalog.book_index
    gpus = build_gpus(catalog)
    return SiteView(catalog.root, topics, tuple(catalog.concepts), frozen, dict(catalog.repos), _new(placed), titles,
                    _data_paths(catalog), build_paths(catalog), concepts, book, {c.concept.id: c for c in concepts},
                    {e.resource.id: e for e in placed}, gpus,
                    book_anchors(sorted(book, key=str.casefold)), index.book if index else "",
                    index.title if index else "", build_labs(catalog, set(titles)), build_practice(catalog),
                    build_cited(catalog, gpus))


def _topic_view(topic: Topic, mine: list[Entry], teachers: dict[str, frozenset[str]]) -> TopicView:
    """Each tier or group in learning order (gpulist.view.order), `mine` coming sorted by year."""
    if topic.tiered:
        sections = [
            Section(f"tier_{t.tier}", f"Tier {t.tier}: {t.title}", t.title, t.tier, None,
                    tuple(learning_order([e for e in mine if e.resource.tier == t.tier], teachers)))
            for t in sorted(topic.tiers, key=lambda t: t.tier)
        ]
    else:
        sections = [
            Section(f"group_{g.id}", g.title, g.title, None, g.id,
                    tuple(learning_order([e for e in mine if e.resource.group == g.id], teachers)))
            for g in topic.groups
        ]
    return TopicView(topic, tuple(sections))
