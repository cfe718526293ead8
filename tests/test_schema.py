"""`gpulist schema`: JSON Schema for editors, generated from the models, checked for staleness.

jsonschema is not a dependency, so the generated schemas are checked against the real
data files with the small structural validator below (the keywords pydantic emits for
these models), rather than by adding a package only for the tests.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from gpulist.models import FIELD_ORDER, RESOURCE_TYPES
from gpulist.schema import FILES, all_schemas, modeline
from tests.catalogs import BASE_CATALOG, run_cli
from tests.conftest import DATA, REPO


@functools.cache
def _generated() -> dict[str, str]:
    """The schemas the models generate, once per process: 500 tests read them, and generating
    them all took 0.15 s each time."""
    return all_schemas()


def _schemas() -> dict[str, dict[str, Any]]:
    return {name: json.loads(text) for name, text in _generated().items()}


def _violations(value: Any, schema: dict[str, Any], root: dict[str, Any], where: str = "") -> list[str]:
    """The subset of JSON Schema that pydantic emits for our models; enough to catch drift."""
    if "$ref" in schema:
        schema = root["$defs"][schema["$ref"].rsplit("/", 1)[1]]
    if "anyOf" in schema:
        branches = [_violations(value, s, root, where) for s in schema["anyOf"]]
        return [] if any(not b for b in branches) else [f"{where}: matches no anyOf branch {branches}"]
    types = {"string": str, "integer": int, "number": (int, float), "boolean": bool, "array": list, "object": dict,
             "null": type(None)}
    kind = schema.get("type")
    if kind and not (isinstance(value, types[kind]) and not (kind == "integer" and isinstance(value, bool))):
        return [f"{where}: {value!r} is not {kind}"]
    found = []
    if "enum" in schema and value not in schema["enum"]:
        found.append(f"{where}: {value!r} not in enum")
    if "const" in schema and value != schema["const"]:
        found.append(f"{where}: {value!r} != const")
    if isinstance(value, str) and "pattern" in schema and not re.search(schema["pattern"], value):
        found.append(f"{where}: {value!r} does not match {schema['pattern']}")
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        found.append(f"{where}: too short")
    if isinstance(value, int) and not schema.get("minimum", value) <= value <= schema.get("maximum", value):
        found.append(f"{where}: {value} out of range")
    if isinstance(value, (int, float)) and "exclusiveMinimum" in schema and not value > schema["exclusiveMinimum"]:
        found.append(f"{where}: {value} not above {schema['exclusiveMinimum']}")
    if isinstance(value, list):
        for i, item in enumerate(value):
            found += _violations(item, schema.get("items", {}), root, f"{where}[{i}]")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        found += [f"{where}: missing {k}" for k in schema.get("required", []) if k not in value]
        if schema.get("additionalProperties") is False:
            found += [f"{where}: unexpected {k}" for k in value if k not in props]
        for key, item in value.items():
            if key in props:
                found += _violations(item, props[key], root, f"{where}.{key}")
    return found


def _as_editor_sees(path: Path) -> Any:
    """YAML as the YAML language server validates it: dates are strings."""
    def plain(v: Any) -> Any:
        if isinstance(v, dt.date):
            return v.isoformat()
        if isinstance(v, list):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {k: plain(x) for k, x in v.items()}
        return v
    return plain(yaml.safe_load(path.read_text(encoding="utf-8")))


def test_schema_writes_three_files_then_nothing_when_current(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "schemas"
    code, stdout, _ = run_cli(capsys, "schema", "--out", str(out))
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted(FILES.values())
    assert sorted(stdout.splitlines()) == sorted(f"wrote {out / name}" for name in FILES.values())
    assert run_cli(capsys, "schema", "--out", str(out))[:2] == (0, "")


def test_check_passes_when_current_and_fails_when_stale_or_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "schemas"
    run_cli(capsys, "schema", "--out", str(out))
    assert run_cli(capsys, "schema", "--out", str(out), "--check") == (0, "", "")
    (out / FILES["resource"]).write_text("{}\n", encoding="utf-8")
    (out / FILES["concepts"]).unlink()
    code, stdout, stderr = run_cli(capsys, "schema", "--out", str(out), "--check")
    assert (code, stdout) == (1, "")
    assert sorted(stderr.splitlines()) == sorted(
        f"{out / name}: out of date; run `gpulist schema`" for name in (FILES["resource"], FILES["concepts"])
    )
    assert (out / FILES["resource"]).read_text(encoding="utf-8") == "{}\n", "--check must not write"


def test_committed_schemas_match_the_models() -> None:
    """A model change without `gpulist schema` leaves editors validating against the old rules."""
    for name, text in all_schemas().items():
        assert (REPO / "schemas" / name).read_text(encoding="utf-8") == text, f"schemas/{name} is stale"


def test_output_is_deterministic() -> None:
    assert all_schemas() == all_schemas()


def test_resource_schema_mirrors_the_model_without_the_id() -> None:
    schema = _schemas()[FILES["resource"]]
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert list(schema["properties"]) == list(FIELD_ORDER)  # the order editors offer completions in
    assert schema["required"] == ["title", "url", "type", "topic", "added"]
    assert schema["additionalProperties"] is False
    assert schema["properties"]["type"]["enum"] == list(RESOURCE_TYPES)


@pytest.mark.parametrize(("field", "value"), [
    ("url", "javascript:alert(1)"), ("title", 5), ("tier", 4), ("year", "2024"), ("autors", ["x"]),
    ("tags", ["CUDA C++"]), ("favorite", "yes"),
])
def test_resource_schema_flags_what_validate_rejects(field: str, value: Any) -> None:
    schema = _schemas()[FILES["resource"]]
    entry = {**_as_editor_sees(BASE_CATALOG / "resources" / "flashattention-2.yml"), field: value}
    assert _violations(entry, schema, schema)


@pytest.mark.parametrize("path", [*sorted((DATA / "resources").glob("*.y*ml")),
                                  *sorted((BASE_CATALOG / "resources").glob("*.yml"))], ids=lambda p: p.name)
def test_real_resource_files_satisfy_the_resource_schema(path: Path) -> None:
    schema = _schemas()[FILES["resource"]]
    assert _violations(_as_editor_sees(path), schema, schema) == []


@pytest.mark.parametrize("name", ["topics", "concepts"])
def test_real_vocabulary_files_satisfy_their_schema(name: str) -> None:
    schema = _schemas()[FILES[name]]
    for folder in (DATA, BASE_CATALOG):
        assert _violations(_as_editor_sees(folder / f"{name}.yml"), schema, schema) == []


def test_topics_schema_rejects_a_fourth_tier() -> None:
    schema = _schemas()[FILES["topics"]]
    topics = _as_editor_sees(BASE_CATALOG / "topics.yml")
    topics[0]["tiers"][2]["tier"] = 4
    assert _violations(topics, schema, schema)


def test_modeline_points_up_to_the_schema_folder() -> None:
    assert modeline("resource.schema.json", 2) == "# yaml-language-server: $schema=../../schemas/resource.schema.json"
    assert modeline("concepts.schema.json", 1) == "# yaml-language-server: $schema=../schemas/concepts.schema.json"


def test_every_data_file_modeline_resolves_to_its_schema() -> None:
    expected = {"topics.yml": FILES["topics"], "concepts.yml": FILES["concepts"]}
    for path in [DATA / "topics.yml", DATA / "concepts.yml", *sorted((DATA / "resources").glob("*.yml"))]:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        target = (path.parent / first.split("$schema=", 1)[1]).resolve()
        assert target == (REPO / "schemas" / expected.get(path.name, FILES["resource"])).resolve(), path


def test_watch_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["watch"]]
    assert _violations(_as_editor_sees(DATA / "watch.yml"), schema, schema) == []
    first = (DATA / "watch.yml").read_text(encoding="utf-8").splitlines()[0]
    assert (DATA / first.split("$schema=", 1)[1]).resolve() == (REPO / "schemas" / FILES["watch"]).resolve()


@pytest.mark.parametrize(("field", "value"), [("kind", "podcast"), ("url", "ftp://x.example/feed"), ("tier", 4),
                                              ("feeds", "x"), ("query", {"categories": ["CS DC"]})])
def test_watch_schema_flags_what_validate_rejects(field: str, value: Any) -> None:
    schema = _schemas()[FILES["watch"]]
    source = {"id": "a", "kind": "arxiv", "url": "https://export.arxiv.org/api/query",
              "query": {"categories": ["cs.DC"]}, field: value}
    assert _violations([source], schema, schema)


def test_real_paths_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["paths"]]
    path = DATA / "paths.yml"
    assert _violations(_as_editor_sees(path), schema, schema) == []
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert (path.parent / first.split("$schema=", 1)[1]).resolve() == (REPO / "schemas" / FILES["paths"]).resolve()


def test_paths_schema_flags_a_step_without_its_reason() -> None:
    schema = _schemas()[FILES["paths"]]
    paths = _as_editor_sees(DATA / "paths.yml")
    del paths[0]["steps"][0]["why"]
    assert _violations(paths, schema, schema)


def test_style_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["style"]]
    for folder in (DATA, BASE_CATALOG):
        path = folder / "style.yml"
        assert _violations(_as_editor_sees(path), schema, schema) == []
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert (path.parent / first.split("$schema=", 1)[1]).resolve() == (REPO / "schemas" / FILES["style"]).resolve()
    assert _violations({"curation_talk": ["ok"]}, schema, schema)  # too short, as validate says


def test_real_gpus_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["gpus"]]
    path = DATA / "gpus.yml"
    assert _violations(_as_editor_sees(path), schema, schema) == []
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert (path.parent / first.split("$schema=", 1)[1]).resolve() == (REPO / "schemas" / FILES["gpus"]).resolve()


@pytest.mark.parametrize(("field", "value"), [("memory_bandwidth_gbs", "3.35 TB/s"), ("memory_bandwidth_gbs", -3350),
                                              ("tdp_w", 0), ("compute_capability", "9"), ("bandwidth", 3350),
                                              ("sparse", {"fp64": 60})])
def test_gpus_schema_flags_what_validate_rejects(field: str, value: Any) -> None:
    schema = _schemas()[FILES["gpus"]]
    gpus = _as_editor_sees(DATA / "gpus.yml")
    gpus["gpus"][0]["figures"][0][field] = value
    assert _violations(gpus, schema, schema)


def test_records_of_both_versions_satisfy_the_measurement_schema() -> None:
    """Version 1 as data/measurements/ holds it, version 2 as labs/harness writes it (merged, too)."""
    from tests.fixtures import records_v2

    schema = _schemas()[FILES["measurement"]]
    for path in sorted((DATA / "measurements").glob("*/*.yml")):
        assert _violations(_as_editor_sees(path), schema, schema) == [], path
    for made in (records_v2.record(), records_v2.merged()):
        assert _violations(yaml.safe_load(records_v2.dump(made)), schema, schema) == []


@pytest.mark.parametrize("change", ["no-quartiles", "no-count", "term-source", "ratio-kind", "version"])
def test_measurement_schema_flags_a_v2_record_validate_rejects(change: str) -> None:
    from tests.fixtures import records_v2

    schema = _schemas()[FILES["measurement"]]
    made = yaml.safe_load(records_v2.dump(records_v2.record()))
    point = made["series"][0]["points"][0]
    if change == "no-quartiles":
        del point["q1"]
    elif change == "no-count":
        del point["n"]
    elif change == "term-source":
        made["models"][0]["terms"][0]["source"] = "guessed"
    elif change == "ratio-kind":
        made["summary"][0]["ratio_kind"] = "share"
    else:
        made["schema"] = 3
    assert _violations(made, schema, schema)


def test_counters_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["counters"]]
    path = DATA / "counters.yml"
    assert _violations(_as_editor_sees(path), schema, schema) == []
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert (path.parent / first.split("$schema=", 1)[1]).resolve() == (REPO / "schemas" / FILES["counters"]).resolve()


def test_real_measured_elsewhere_file_satisfies_its_schema_and_points_at_it() -> None:
    schema = _schemas()[FILES["measured-elsewhere"]]
    path = DATA / "measured-elsewhere.yml"
    cited = _as_editor_sees(path)
    assert _violations(cited, schema, schema) == []
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert (path.parent / first.split("$schema=", 1)[1]).resolve() == (
        REPO / "schemas" / FILES["measured-elsewhere"]).resolve()
    cited["figures"][0]["unit"] = "TFLOP/s"
    assert _violations(cited, schema, schema)
