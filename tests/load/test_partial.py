"""What is left of a file that failed validation: its good fields, the rest marked bad."""

from __future__ import annotations

from pathlib import Path

from tests.catalogs import load, resource


def test_good_fields_are_kept_and_failed_ones_marked(tmp_path: Path) -> None:
    text = resource(type="blogg", year="2024", tags=["cuda"])
    catalog, problems = load(tmp_path, {"resources/a.yml": text})
    assert catalog.entries == [] and {p.rule for p in problems} == {"invalid-value", "wrong-type"}
    [partial] = catalog.partial
    assert partial.bad == {"type", "year"}
    r = partial.entry.resource
    assert (r.id, r.title, r.topic, r.tags, r.effort) == ("a", "A valid entry", "fundamentals", ["cuda"], "hour")


def test_a_missing_required_field_gets_a_stand_in_marked_bad(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"resources/a.yml": resource(title=None, topic=None)})
    [partial] = catalog.partial
    assert partial.bad == {"title", "topic"}


def test_a_valid_file_leaves_no_partial(tmp_path: Path) -> None:
    catalog, problems = load(tmp_path, {"resources/a.yml": resource()})
    assert (problems, catalog.partial, len(catalog.entries)) == ([], [], 1)


def test_a_file_whose_id_differs_from_its_name_leaves_none(tmp_path: Path) -> None:
    """Its findings would be located under an id that is not the file's: the file-name error says enough."""
    catalog, _ = load(tmp_path, {"resources/a.yml": resource(id="b", type="blogg")})
    assert catalog.partial == []
