"""The real catalog must always validate cleanly: this is the contract CI enforces."""

from __future__ import annotations

from gpulist.checks import validate

from tests.conftest import DATA


def test_real_data_has_no_errors() -> None:
    catalog, problems = validate(DATA)
    errors = [p for p in problems if p.is_error]
    assert errors == [], "\n".join(f"{p.path}:{p.line}: {p.message}" for p in errors)
    assert catalog.entries, "the catalog should not be empty"
    assert len(catalog.topics) == 11


def test_real_data_files_carry_schema_modeline() -> None:
    files = [DATA / "topics.yml", DATA / "tags.yml", *sorted((DATA / "resources").glob("*.yml"))]
    missing = [f.name for f in files if not f.read_text(encoding="utf-8").startswith("# yaml-language-server: $schema=")]
    assert missing == []

