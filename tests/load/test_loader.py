"""load_catalog: every file read, every problem collected, everything valid kept for the checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.load import load_catalog, resource_files
from gpulist.problems import UsageError
from tests.catalogs import VALID_RESOURCE, make_catalog, resource


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _load(root: Path, files: dict[str, str | bytes], base: bool = False):  # type: ignore[no-untyped-def]
    catalog, problems = load_catalog(make_catalog(root, files, base=base))
    return catalog, [(p.path, p.line, p.col, p.rule, p.message) for p in problems]


def test_missing_data_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no data folder at"):
        load_catalog(tmp_path / "nowhere")


def test_valid_catalog_loads_with_ids_from_file_names(here: Path) -> None:
    catalog, problems = _load(here, {}, base=True)
    assert problems == []
    assert [t.id for t in catalog.topics] == ["fundamentals", "attention", "big-picture"]
    assert [t.id for t in catalog.concepts] == ["cuda", "triton", "flashattention"]
    assert sorted(r.id for r in catalog.resources) == ["flashattention-2", "semianalysis"]
    assert catalog.book_index is None and catalog.repos == {}


def test_resource_files_are_yml_and_yaml_at_any_depth_sorted(here: Path) -> None:
    data = make_catalog(here, {
        "resources/b.yml": "", "resources/a.yaml": "", "resources/sub/c.yml": "", "resources/README.md": "",
        "resources/notes.json": "", "resources/folder.yml/d.yml": "",
    }, base=False)
    assert [p.relative_to(data / "resources").as_posix() for p in resource_files(data)] == [
        "a.yaml", "b.yml", "folder.yml/d.yml", "sub/c.yml"
    ]


def test_no_resources_folder_means_no_entries(here: Path) -> None:
    data = make_catalog(here, base=False)
    (data / "resources").rmdir()
    assert resource_files(data) == []
    assert load_catalog(data)[1] == []


def test_invalid_entries_are_reported_and_valid_ones_kept(here: Path) -> None:
    catalog, problems = _load(here, {"resources/bad.yml": resource(title=False), "resources/good.yml": VALID_RESOURCE})
    assert [r.id for r in catalog.resources] == ["good"]
    assert [(p[0], p[3]) for p in problems] == [("data/resources/bad.yml", "wrong-type")]


def test_bad_file_name_still_reports_the_files_other_mistakes(here: Path) -> None:
    catalog, problems = _load(here, {"resources/My Paper.yml": resource(title=False)})
    assert catalog.entries == []
    assert sorted((p[3], p[4]) for p in problems) == [
        ("file-name", "file name 'My Paper.yml' is not a valid id: use kebab-case, e.g. my-paper.yml"),
        ("wrong-type", "title must be text, not the boolean false "
                       "(YAML reads yes/no/on/off/true/false as booleans: put the text in quotes)"),
    ]


def test_file_name_without_any_usable_character_gets_a_placeholder_suggestion(here: Path) -> None:
    _, problems = _load(here, {"resources/___.yml": VALID_RESOURCE})
    assert problems == [("data/resources/___.yml", 1, 1, "file-name",
                         "file name '___.yml' is not a valid id: use kebab-case, e.g. my-resource.yml")]


def test_id_equal_to_the_file_name_is_accepted(here: Path) -> None:
    catalog, problems = _load(here, {"resources/same.yml": "id: same\n" + VALID_RESOURCE})
    assert (problems, [r.id for r in catalog.resources]) == ([], ["same"])


def test_id_different_from_the_file_name_is_located_on_the_id_key(here: Path) -> None:
    catalog, problems = _load(here, {"resources/same.yml": VALID_RESOURCE + "id: other\n"})
    assert catalog.entries == []
    assert problems == [("data/resources/same.yml", 10, 1, "file-name",
                         "file name must match the id: rename to other.yml or drop `id:`")]


@pytest.mark.parametrize(("name", "content", "rule", "message"), [
    ("topics.yml", "fundamentals: {}\n", "file-shape", "expected a list of topics, found a mapping"),
    ("concepts.yml", "cuda\n", "file-shape", "expected a list of concepts, found a text"),
    ("concepts.yml", "", "empty-file", "file is empty: expected a mapping of fields"),
])
def test_vocabulary_files_must_be_lists(here: Path, name: str, content: str, rule: str, message: str) -> None:
    _, problems = _load(here, {name: content})
    assert problems == [(f"data/{name}", 1, 1, rule, message)]


def test_missing_vocabulary_files_are_reported(here: Path) -> None:
    data = make_catalog(here, base=False)
    (data / "topics.yml").unlink()
    assert [(p.path, p.rule) for p in load_catalog(data)[1]] == [("data/topics.yml", "missing-file")]


def test_a_folder_where_a_file_belongs_is_a_problem_not_a_crash(here: Path) -> None:
    data = make_catalog(here, base=False)
    (data / "concepts.yml").unlink()
    (data / "concepts.yml").mkdir()
    assert [(p.path, p.rule, p.message) for p in load_catalog(data)[1]] == [
        ("data/concepts.yml", "not-regular-file", "not a regular file: a directory; nothing read")
    ]


def test_valid_topics_survive_an_invalid_sibling(here: Path) -> None:
    topics = (make_catalog(here / "x", base=False) / "topics.yml").read_text(encoding="utf-8")
    catalog, problems = _load(here, {"topics.yml": topics.replace("number: 2", "number: 0")})
    assert [t.id for t in catalog.topics] == ["fundamentals", "big-picture"]
    assert [(p[1], p[3]) for p in problems] == [(12, "invalid-value")]


BOOK_INDEX = """\
book: ai-systems-performance-engineering
title: AI Systems Performance Engineering
terms:
  - term: occupancy
    refs: [{section: Occupancy}]
    subterms:
      - term: and registers
        refs: [{section: Register Pressure, to: Spilling}]
"""


def test_optional_book_index_is_loaded_when_present(here: Path) -> None:
    catalog, problems = _load(here, {"book-index.yml": BOOK_INDEX})
    assert problems == []
    assert catalog.book_index is not None
    assert catalog.book_index.terms[0].subterms[0].refs[0].to == "Spilling"


def test_broken_book_index_is_reported(here: Path) -> None:
    catalog, problems = _load(here, {"book-index.yml": BOOK_INDEX.replace("term: occupancy", "trem: occupancy")})
    assert catalog.book_index is None
    assert [(p[1], p[3]) for p in problems] == [(4, "missing-field"), (4, "unknown-field")]


def test_generated_repo_health_is_loaded_and_checked(here: Path) -> None:
    good = "repos:\n  nvidia/cutlass: {stars: 5, archived: false, fetched_at: 2025-01-01T00:00:00Z}\n"
    catalog, problems = _load(here, {"generated/repos.yml": good})
    assert (problems, catalog.repos["nvidia/cutlass"].stars) == ([], 5)
    _, problems = _load(here / "again", {"generated/repos.yml": good.replace("stars: 5", "stars: -1")})
    assert [p[3] for p in problems] == ["invalid-value"]


# --- links anywhere in data/ are refused, never followed ---------------------------------------

LINKED = "a symbolic link"


def test_a_linked_resources_folder_is_refused_not_walked(here: Path) -> None:
    outside = make_catalog(here / "outside", {"resources/secret.yml": VALID_RESOURCE})
    data = make_catalog(here, base=False)
    (data / "resources").rmdir()
    (data / "resources").symlink_to(outside / "resources")
    catalog, problems = load_catalog(data)
    assert catalog.entries == []
    assert [(p.path, p.line, p.rule) for p in problems] == [("data/resources", 1, "symlink")]
    assert LINKED in problems[0].message


def test_a_linked_folder_inside_resources_is_refused(here: Path) -> None:
    outside = make_catalog(here / "outside", {"resources/secret.yml": VALID_RESOURCE})
    data = make_catalog(here, {"resources/good.yml": VALID_RESOURCE}, base=False)
    (data / "resources" / "more").symlink_to(outside / "resources")
    catalog, problems = load_catalog(data)
    assert [r.id for r in catalog.resources] == ["good"]
    assert [(p.path, p.rule) for p in problems] == [("data/resources/more", "symlink")]


def test_a_linked_generated_folder_is_refused(here: Path) -> None:
    data = make_catalog(here, base=False)
    (here / "elsewhere").mkdir()
    (here / "elsewhere" / "repos.yml").write_text("repos: {}\n")
    (data / "generated").symlink_to(here / "elsewhere")
    assert [(p.path, p.rule) for p in load_catalog(data)[1]] == [("data/generated", "symlink")]


def test_linked_vocabulary_files_are_refused_even_when_the_target_is_missing(here: Path) -> None:
    data = make_catalog(here, base=False)
    (data / "concepts.yml").unlink()
    (data / "concepts.yml").symlink_to(here / "no-such-file")
    assert [(p.path, p.rule) for p in load_catalog(data)[1]] == [("data/concepts.yml", "symlink")]


def test_a_linked_data_folder_is_refused(here: Path) -> None:
    data = make_catalog(here / "real", {"resources/good.yml": VALID_RESOURCE})
    (here / "data").symlink_to(data)
    catalog, problems = load_catalog(here / "data")
    assert catalog.entries == [] and [(p.path, p.rule) for p in problems] == [("data", "symlink")]
