"""The loaded catalog: validated models, each still knowing where in which file it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gpulist.load.yaml_reader import Document
from gpulist.models import (
    BookIndex, CitedFile, Concept, CounterFile, GpuFile, Lab, Measurement, MeasurementV2, PracticeProblem, ReadingPath, RepoHealth,
    Resource, Style, Topic, WatchSource,
)


@dataclass(frozen=True, slots=True)
class Entry:
    resource: Resource
    doc: Document


@dataclass(frozen=True, slots=True)
class TraceFile:
    """A profiler trace a version 2 record names, as found beside it: `data` is None where the file
    is missing (`size` None) or larger than the limit (read no further than that)."""

    path: Path
    size: int | None
    data: bytes | None


@dataclass(frozen=True, slots=True)
class Record:
    """A lab's result on one GPU (data/measurements/<gpu>/<lab>.yml), with its document and, for a
    version 2 record, the trace files it names (by file name)."""

    measurement: Measurement | MeasurementV2
    doc: Document
    traces: dict[str, TraceFile] = field(default_factory=dict)


@dataclass(slots=True)
class Catalog:
    root: Path
    topics: list[Topic] = field(default_factory=list)
    concepts: list[Concept] = field(default_factory=list)  # data/concepts.yml: what `tags:` name
    entries: list[Entry] = field(default_factory=list)
    book_index: BookIndex | None = None
    repos: dict[str, RepoHealth] = field(default_factory=dict)
    paths: list[ReadingPath] = field(default_factory=list)
    book_index_doc: Document | None = None
    topics_doc: Document | None = None
    concepts_doc: Document | None = None
    watch: list[WatchSource] = field(default_factory=list)  # data/watch.yml; absent is none
    watch_doc: Document | None = None
    paths_doc: Document | None = None
    style: Style = field(default_factory=Style)  # data/style.yml; absent is no house-style words
    style_doc: Document | None = None
    gpus: GpuFile | None = None  # data/gpus.yml; absent is none
    gpus_doc: Document | None = None
    labs: list[Lab] = field(default_factory=list)  # data/labs.yml; absent is none
    labs_doc: Document | None = None
    practice: list[PracticeProblem] = field(default_factory=list)  # data/practice.yml; absent is none
    practice_doc: Document | None = None
    records: list[Record] = field(default_factory=list)  # data/measurements/<gpu>/<lab>.yml, valid ones
    counters: CounterFile | None = None  # data/counters.yml: the metrics a record's counters may name
    counters_doc: Document | None = None
    # data/measured-elsewhere.yml: published measurements by others, never mixed into `records`
    cited: CitedFile | None = None
    cited_doc: Document | None = None
    # The traces each version 2 record names, by the record's path and the trace's file name.
    trace_files: dict[tuple[str, str], TraceFile] = field(default_factory=dict)
    # Every record file that parsed, valid or not: the record rules read them as written, so a
    # record dropped for one mistake still has its lab, GPU and path checked.
    record_docs: list[Document] = field(default_factory=list)
    # Resource files that were read but failed validation, by id (file stem): their entries
    # are not in the catalog, yet what they name (tags, an id a concept's `start` points
    # at) still exists in the data, so the concept rules do not report a second,
    # spurious problem for one broken file.
    unloaded: dict[str, Document] = field(default_factory=dict)
    # Every resource file found, loaded or not: the count of entries a contributor has written,
    # which `gpulist validate` reports (a broken file is an entry with errors, not no entry).
    resource_files: int = 0
    # What is left of those unloaded files (`gpulist.load.partial.Partial`): the field checks
    # still run on their good fields, so one pass reports all of an entry's mistakes.
    partial: list = field(default_factory=list)

    @property
    def resources(self) -> list[Resource]:
        return [e.resource for e in self.entries]

    def topic(self, topic_id: str) -> Topic | None:
        return next((t for t in self.topics if t.id == topic_id), None)

    def concept(self, concept_id: str) -> Concept | None:
        return next((c for c in self.concepts if c.id == concept_id), None)
