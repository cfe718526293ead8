"""Reads data/ into a Catalog, collecting every problem instead of stopping at the first."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gpulist.files import DEFAULT_MAX_BYTES, display_path, walk_files
from gpulist.load.catalog import Catalog, Entry, Record
from gpulist.load.messages import problems_from_validation
from gpulist.load.partial import Partial, partial_entry
from gpulist.load.read_many import read_documents
from gpulist.load.traces import read_traces
from gpulist.load.yaml_reader import Document, read_yaml_file
from gpulist.memory import gc_paused
from gpulist.models import (
    BookIndex, CitedFile, Concept, CounterFile, GpuFile, LabFile, Measurement, MeasurementV2, PracticeFile, ReadingPath,
    RepoHealthFile, Resource, Style, Topic, WatchSource,
)
from gpulist.models.fields import ID_RE, slugify
from gpulist.problems import Problem, UsageError
from gpulist.pyproject import size_limit

M = TypeVar("M", bound=BaseModel)
RESOURCE_SUFFIXES = (".yml", ".yaml")
BOOK_INDEX = "book-index.yml"
REPO_HEALTH = "generated/repos.yml"
WATCH = "watch.yml"
PATHS = "paths.yml"
CONCEPTS = "concepts.yml"
STYLE = "style.yml"
GPUS = "gpus.yml"
LABS = "labs.yml"
PRACTICE = "practice.yml"
COUNTERS = "counters.yml"
MEASUREMENTS = "measurements"
MEASURED_ELSEWHERE = "measured-elsewhere.yml"


def load_catalog(root: Path, max_bytes: int | None = None) -> tuple[Catalog, list[Problem]]:
    """Everything that parses and validates is kept, so cross-checks can still run on it.

    `max_bytes` caps each file (default: `[tool.gpulist.files]`, see `gpulist.files`).
    """
    if not root.is_dir():
        raise UsageError(f"no data folder at {root}")
    limit = size_limit() if max_bytes is None else max_bytes
    if os.path.islink(root):
        return Catalog(root=root), [Problem(display_path(root), 1, 1, _LINKED_DATA, "symlink")]
    with gc_paused():
        return _load(root, limit)


_LINKED_DATA = "the data folder is a symbolic link, which is never followed: commit the folder itself"


def _load(root: Path, limit: int) -> tuple[Catalog, list[Problem]]:
    catalog = Catalog(root=root)
    problems: list[Problem] = []
    catalog.topics_doc, catalog.topics = _load_list(root / "topics.yml", Topic, problems, limit=limit)
    catalog.concepts_doc, catalog.concepts = _load_list(root / CONCEPTS, Concept, problems, limit=limit)
    catalog.book_index_doc, catalog.book_index = _load_optional(root / BOOK_INDEX, BookIndex, problems, root, limit)
    catalog.paths_doc, catalog.paths = _load_list(root / PATHS, ReadingPath, problems, required=False, limit=limit)
    _, health = _load_optional(root / REPO_HEALTH, RepoHealthFile, problems, root, limit)
    catalog.style_doc, style = _load_optional(root / STYLE, Style, problems, root, limit)
    catalog.style = style or Style()
    catalog.repos = dict(health.repos) if health else {}
    catalog.gpus_doc, catalog.gpus = _load_optional(root / GPUS, GpuFile, problems, root, limit)
    catalog.labs_doc, labs = _load_optional(root / LABS, LabFile, problems, root, limit)
    catalog.labs = list(labs.labs) if labs else []
    catalog.practice_doc, practice = _load_optional(root / PRACTICE, PracticeFile, problems, root, limit)
    catalog.practice = list(practice.problems) if practice else []
    catalog.counters_doc, catalog.counters = _load_optional(root / COUNTERS, CounterFile, problems, root, limit)
    catalog.cited_doc, catalog.cited = _load_optional(root / MEASURED_ELSEWHERE, CitedFile, problems, root, limit)
    _load_records(root, catalog, problems, limit)
    # optional: a list without it simply watches nothing
    catalog.watch_doc, catalog.watch = _load_list(root / WATCH, WatchSource, problems, "watched sources",
                                                  required=False, limit=limit)
    paths = resource_files(root)
    catalog.resource_files = len(paths)
    for path, (doc, found) in zip(paths, read_documents(paths, limit), strict=True):
        problems.extend(found)
        entry = resource_entry(path, doc, problems, catalog.partial) if doc else None
        if entry:
            catalog.entries.append(entry)
        elif doc is not None:
            catalog.unloaded[path.stem] = doc
    return catalog, problems


def _load_records(root: Path, catalog: Catalog, problems: list[Problem], limit: int) -> None:
    """The labs' records (data/measurements/<gpu>/<lab>.yml): absent is none measured yet."""
    paths = walk_files(os.path.join(root, MEASUREMENTS), RESOURCE_SUFFIXES)
    for path, (doc, found) in zip(paths, read_documents(paths, limit), strict=True):
        problems.extend(found)
        if doc is None:
            continue
        catalog.record_docs.append(doc)
        if not isinstance(doc.data, dict):
            problems.append(_shape_problem(doc, "a mapping of fields (lab: ..., gpu: ...)"))
            continue
        version = doc.data.get("schema")
        traces = read_traces(doc.path, doc.data) if version is not None else {}
        catalog.trace_files.update({(doc.path, name): t for name, t in traces.items()})
        # Version 1 (no `schema` key) is validated as it always was; any other version as version 2,
        # whose model names the one version it takes.
        model: type[Measurement] | type[MeasurementV2] = Measurement if version is None else MeasurementV2
        measurement = _validate(model, doc.data, doc, (), problems)
        if measurement is not None:
            catalog.records.append(Record(measurement, doc, traces))


def resource_files(root: Path) -> list[Path]:
    """Every resource file, in a stable order; linked folders are listed so the reader refuses them."""
    return walk_files(os.path.join(root, "resources"), RESOURCE_SUFFIXES)


def read_document(path: Path, problems: list[Problem], max_bytes: int = DEFAULT_MAX_BYTES) -> Document | None:
    """The guarded way to read any data file (see `read_yaml_file`); problems go to `problems`."""
    doc, found = read_yaml_file(path, max_bytes)
    problems.extend(found)
    return doc


def load_resource(path: Path, problems: list[Problem]) -> Entry | None:
    doc = read_document(path, problems)
    return resource_entry(path, doc, problems) if doc else None


def resource_entry(path: Path, doc: Document, problems: list[Problem],
                   partials: list[Partial] | None = None) -> Entry | None:
    """The file's entry, or None; a file that failed validation adds what is left of it to `partials`."""
    if not isinstance(doc.data, dict):
        problems.append(_shape_problem(doc, "a mapping of fields (title: ..., url: ...)"))
        return None
    stem_ok = _check_file_name(path, doc, problems)
    data = {**doc.data, "id": doc.data.get("id", path.stem) if stem_ok else slugify(path.stem) or "x"}
    resource = _validate_resource(data, doc, problems, partials if stem_ok and data["id"] == path.stem else None)
    if resource and stem_ok and resource.id != path.stem:
        msg = f"file name must match the id: rename to {resource.id}{path.suffix} or drop `id:`"
        problems.append(Problem(doc.path, *doc.marks.at(("id",), key=True), msg, "file-name"))
        return None
    return Entry(resource, doc) if resource and stem_ok else None


def _validate_resource(data: dict[str, Any], doc: Document, problems: list[Problem],
                       partials: list[Partial] | None) -> Resource | None:
    try:
        return Resource.model_validate(data)
    except ValidationError as exc:
        problems.extend(problems_from_validation(exc, doc, (), [f for f in Resource.model_fields if f != "id"]))
        found = partial_entry(data, doc, exc) if partials is not None else None
        if found is not None:
            partials.append(found)
        return None


def _check_file_name(path: Path, doc: Document, problems: list[Problem]) -> bool:
    """The file stem is the entry's id and permalink anchor, so it must be kebab-case."""
    if ID_RE.match(path.stem):
        return True
    suggestion = slugify(path.stem) or "my-resource"
    msg = f"file name '{path.name}' is not a valid id: use kebab-case, e.g. {suggestion}{path.suffix}"
    problems.append(Problem(doc.path, 1, 1, msg, "file-name"))
    return False


def _load_list(path: Path, model: type[M], problems: list[Problem], noun: str | None = None, *,
               required: bool = True, limit: int = DEFAULT_MAX_BYTES) -> tuple[Document | None, list[M]]:
    """A file holding a list of items; each valid item is kept, each broken one reported."""
    if not os.path.lexists(path):  # a link to nowhere is not missing: the reader refuses it
        if required:
            problems.append(Problem(display_path(path), 1, 1, f"missing {path.name}", "missing-file"))
        return None, []
    doc = read_document(path, problems, limit)
    if doc is None:
        return None, []
    if not isinstance(doc.data, list):
        problems.append(_shape_problem(doc, f"a list of {noun or path.stem}"))
        return doc, []
    items = (_validate(model, item, doc, (i,), problems) for i, item in enumerate(doc.data))
    return doc, [m for m in items if m is not None]


def _load_optional(path: Path, model: type[M], problems: list[Problem], root: Path,
                   limit: int) -> tuple[Document | None, M | None]:
    """Files the catalog can live without: absent is fine, broken (or behind a link) is reported."""
    linked = linked_folder(root, path)
    if linked is not None:
        problems.append(Problem(display_path(linked), 1, 1, _LINKED_FOLDER, "symlink"))
        return None, None
    if not os.path.lexists(path):
        return None, None
    doc = read_document(path, problems, limit)
    if doc is None:
        return None, None
    if not isinstance(doc.data, dict):
        problems.append(_shape_problem(doc, "a mapping"))
        return doc, None
    return doc, _validate(model, doc.data, doc, (), problems)


_LINKED_FOLDER = "a symbolic link to a folder, which is never followed: commit the folder itself"


def linked_folder(root: Path, path: Path) -> Path | None:
    """The first folder between `root` and `path` that is a symbolic link, if any.

    O_NOFOLLOW only guards a path's last component; for data files in sub-folders of
    data/ (generated/repos.yml) the folders on the way are checked here.
    """
    folder = root
    for part in path.relative_to(root).parts[:-1]:
        folder = folder / part
        if os.path.islink(folder):
            return folder
    return None


def _validate(model: type[M], data: Any, doc: Document, loc: tuple, problems: list[Problem]) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        known = [f for f in model.model_fields if f != "id" or model is not Resource]
        problems.extend(problems_from_validation(exc, doc, loc, known))
        return None


def _shape_problem(doc: Document, expected: str) -> Problem:
    found = type(doc.data).__name__.replace("dict", "mapping").replace("str", "text")
    return Problem(doc.path, 1, 1, f"expected {expected}, found a {found}", "file-shape")

