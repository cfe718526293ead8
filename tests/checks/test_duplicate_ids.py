"""duplicate-id: an id is a file name and a permalink anchor, so it must be unique."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import duplicate_ids
from tests.catalogs import BASE_CATALOG, load, resource

TAGS = (BASE_CATALOG / "concepts.yml").read_text(encoding="utf-8")
# The line of the `aliases:` of a concept appended to the fixture's vocabulary.
APPENDED_ALIASES = TAGS.count("\n") + 4
TOPICS = (BASE_CATALOG / "topics.yml").read_text(encoding="utf-8")
EXTRA_TOPIC = """\
- id: {id}
  number: 9
  title: Extra
  description: Another section.
  tiers:
    - {{tier: 1, title: One}}
    - {{tier: 2, title: Two}}
    - {{tier: 3, title: Three}}
"""


def _found(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, int, str]]:
    catalog, _ = load(tmp_path, files)
    problems = duplicate_ids.check(catalog)
    assert {p.rule for p in problems} <= {duplicate_ids.RULE}
    return [(Path(p.path).name, p.line, p.col, p.message) for p in problems]


def test_distinct_ids_pass(tmp_path: Path) -> None:
    files = {"resources/a.yml": resource(url="https://example.org/a"), "resources/b.yaml": resource()}
    assert _found(tmp_path, files) == []


def test_same_stem_with_both_extensions_names_the_other_file(tmp_path: Path) -> None:
    files = {"resources/x.yml": resource(url="https://example.org/a"), "resources/x.yaml": resource()}
    [(name, line, col, message)] = _found(tmp_path, files)
    assert (name, line, col) == ("x.yml", 1, 1)
    assert message.startswith("id 'x' is already used by ") and message.endswith("resources/x.yaml")


def test_same_stem_in_a_subfolder_is_a_duplicate(tmp_path: Path) -> None:
    files = {"resources/x.yml": resource(url="https://example.org/a"), "resources/more/x.yml": resource()}
    assert [m[0] for m in _found(tmp_path, files)] == ["x.yml"]


def test_topic_declared_twice_is_located_at_the_repeat(tmp_path: Path) -> None:
    files = {"topics.yml": TOPICS + EXTRA_TOPIC.format(id="attention")}
    assert _found(tmp_path, files) == [("topics.yml", 27, 7, "topic 'attention' is declared twice")]


def test_alias_repeating_another_tags_alias_in_other_case_is_located_at_the_repeat(tmp_path: Path) -> None:
    files = {"concepts.yml": TAGS + "- id: cutlass\n  title: CUTLASS\n  description: Templates.\n  aliases: [CUDA-C++]\n"}
    assert _found(tmp_path, files) == [("concepts.yml", APPENDED_ALIASES, 13, "concept or alias 'cuda-c++' is declared twice")]


def test_alias_equal_to_a_tag_id_is_a_duplicate(tmp_path: Path) -> None:
    files = {"concepts.yml": TAGS + "- id: cutlass\n  title: CUTLASS\n  description: Templates.\n  aliases: [Triton]\n"}
    assert _found(tmp_path, files) == [("concepts.yml", APPENDED_ALIASES, 13, "concept or alias 'triton' is declared twice")]


def test_every_repeat_is_reported_where_it_is_written(tmp_path: Path) -> None:
    files = {"topics.yml": TOPICS + EXTRA_TOPIC.format(id="matmul") + EXTRA_TOPIC.format(id="matmul")
             + EXTRA_TOPIC.format(id="matmul")}
    assert [(line, col) for _, line, col, _ in _found(tmp_path, files)] == [(35, 7), (43, 7)]


def test_a_repeat_is_located_even_after_an_invalid_item(tmp_path: Path) -> None:
    """Models of invalid items are dropped; locations must still come from the file as written."""
    broken_first = TOPICS.replace("  number: 1\n", "  number: one\n", 1)
    files = {"topics.yml": broken_first + EXTRA_TOPIC.format(id="attention")}
    assert _found(tmp_path, files) == [("topics.yml", 27, 7, "topic 'attention' is declared twice")]
