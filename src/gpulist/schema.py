"""JSON Schema for the data files, generated from the models so the two cannot drift.

Editors with the YAML language server read the modeline at the top of each data file and
then autocomplete fields and flag mistakes while the contributor types.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter

from gpulist.files import current_text, write_plain
from gpulist.models import (
    BookIndex, CensusList, CitedFile, Concept, CounterFile, GpuFile, LabFile, Measurement, MeasurementV2, PracticeFile, ReadingPath, Resource,
    Style, Topic, WatchSource,
)

SCHEMA_DIR = "schemas"
FILES = {"resource": "resource.schema.json", "topics": "topics.schema.json", "concepts": "concepts.schema.json",
         "book-index": "book-index.schema.json", "watch": "watch.schema.json", "paths": "paths.schema.json",
         "style": "style.schema.json", "gpus": "gpus.schema.json", "labs": "labs.schema.json",
         "measurement": "measurement.schema.json", "counters": "counters.schema.json",
         "practice": "practice.schema.json", "measured-elsewhere": "measured-elsewhere.schema.json",
         "census": "census.schema.json"}


def resource_schema() -> dict[str, Any]:
    schema = Resource.model_json_schema(mode="validation")
    schema["properties"].pop("id")  # the file name is the id
    schema["required"] = [r for r in schema["required"] if r != "id"]
    return _finish(schema, "gpulist resource", "One entry of the list: data/resources/<id>.yml")


def list_schema(model: type[BaseModel], title: str, description: str) -> dict[str, Any]:
    item = model.model_json_schema(mode="validation")
    defs = item.pop("$defs", {})
    schema: dict[str, Any] = {"type": "array", "items": item}
    if defs:
        schema["$defs"] = defs
    return _finish(schema, title, description)


def _finish(schema: dict[str, Any], title: str, description: str) -> dict[str, Any]:
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": title,
            "description": description}


def measurement_schema() -> dict[str, Any]:
    """A record of either version: version 1 (no `schema` key) or version 2 (`schema: 2`), which the
    loader tells apart by that key (labs/RECORDS.md)."""
    schema = TypeAdapter(Measurement | MeasurementV2).json_schema(mode="validation")
    return _finish(schema, "gpulist measurement", "One lab's result on one GPU, written by labs/run.py: "
                   "data/measurements/<gpu>/<lab>.yml (version 1, or version 2 with `schema: 2`)")


def all_schemas() -> dict[str, str]:
    """File name -> JSON text, deterministic so a check can compare bytes."""
    schemas = {
        FILES["resource"]: resource_schema(),
        FILES["topics"]: list_schema(Topic, "gpulist topics", "The guide's sections, in order: data/topics.yml"),
        FILES["concepts"]: list_schema(Concept, "gpulist concepts", "The one vocabulary: the concepts entries name in `tags:`, data/concepts.yml"),
        FILES["book-index"]: _finish(BookIndex.model_json_schema(mode="validation"), "gpulist book index",
                                     "The book's index, generated from seed 002: data/book-index.yml"),
        FILES["watch"]: list_schema(WatchSource, "gpulist watch sources",
                                    "The feeds, channels and arXiv queries `gpulist watch` follows: data/watch.yml"),
        FILES["paths"]: list_schema(ReadingPath, "gpulist reading paths",
                                    "Named, ordered reading paths, each step an entry id and why: data/paths.yml"),
        FILES["style"]: _finish(Style.model_json_schema(mode="validation"), "gpulist house style",
                                "Words reader-facing text must not use: data/style.yml"),
        FILES["gpus"]: _finish(GpuFile.model_json_schema(mode="validation"), "gpulist GPU numbers",
                               "The numbers of the GPUs people use, each group with its source: data/gpus.yml"),
        FILES["labs"]: _finish(LabFile.model_json_schema(mode="validation"), "gpulist labs",
                               "The labs, one script under labs/ per effect: data/labs.yml"),
        FILES["measurement"]: measurement_schema(),
        FILES["counters"]: _finish(CounterFile.model_json_schema(mode="validation"), "gpulist counters",
                                   "The Nsight Compute metrics the labs read, with units: data/counters.yml"),
        FILES["practice"]: _finish(PracticeFile.model_json_schema(mode="validation"), "gpulist practice problems",
                                   "Kernels to write, graded against the reader's measured roof by labs/practice.py: "
                                   "data/practice.yml"),
        FILES["measured-elsewhere"]: _finish(CitedFile.model_json_schema(mode="validation"), "gpulist measured elsewhere",
                                             "Careful published measurements by others, each with its source, date and "
                                             "conditions, kept apart from our records: data/measured-elsewhere.yml"),
        FILES["census"]: _finish(CensusList.model_json_schema(mode="validation"), "gpulist census list",
                                 "One independent expert list and the works it assigns, for the canon census "
                                 "(scripts/census.py): provenance/census/<id>.yml"),
    }
    return {name: json.dumps(s, indent=2, ensure_ascii=False, sort_keys=False) + "\n" for name, s in schemas.items()}


def write_schemas(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in all_schemas().items():
        path = out / name
        if current_text(path, text) != text:
            write_plain(path, text.encode("utf-8"))
            written.append(path)
    return written


def stale_schemas(out: Path) -> list[Path]:
    return [out / n for n, text in all_schemas().items() if current_text(out / n, text) != text]


def modeline(schema_file: str, depth: int) -> str:
    """The comment that points an editor at the schema, relative to a file `depth` folders below the root."""
    return f"# yaml-language-server: $schema={'../' * depth}{SCHEMA_DIR}/{schema_file}"
