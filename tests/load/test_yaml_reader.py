"""read_yaml: plain data only, every value located, every refusal a located Problem."""

from __future__ import annotations

import datetime as dt

import pytest

from gpulist.load.yaml_reader import Marks, read_yaml
from gpulist.problems import Problem



def _read(text: str | bytes) -> tuple[object, list[Problem]]:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    doc, problems = read_yaml("f.yml", raw)
    return (doc.data if doc else None), problems


def _only(text: str | bytes) -> tuple[int, int, str, str]:
    """The single problem for `text`, as (line, col, rule, message)."""
    data, problems = _read(text)
    assert data is None, "a file with a problem must not also yield data"
    assert len(problems) == 1, problems
    p = problems[0]
    assert p.path == "f.yml" and p.severity == "error"
    return p.line, p.col, p.rule, p.message


# --- what is accepted --------------------------------------------------------------------


def test_plain_data_keeps_yaml_types() -> None:
    data, problems = _read("s: text\ni: 3\nf: 1.5\nb: true\nn: null\nd: 2025-01-31\nl: [a, 1]\nm: {k: v}\n")
    assert problems == []
    assert data == {"s": "text", "i": 3, "f": 1.5, "b": True, "n": None, "d": dt.date(2025, 1, 31),
                    "l": ["a", 1], "m": {"k": "v"}}


def test_utf8_bom_is_ignored() -> None:
    data, problems = _read("\ufefftitle: Gordić → notes\n".encode("utf-8"))
    assert (data, problems) == ({"title": "Gordić → notes"}, [])


def test_explicit_standard_scalar_tags_are_plain_data() -> None:
    data, problems = _read("a: !!str 2024\nb: !!int '7'\n")
    assert (data, problems) == ({"a": "2024", "b": 7}, [])


def test_an_anchor_is_refused_where_it_is_written_even_if_never_used() -> None:
    """Refusing anchors, not just aliases, sends the contributor to where the fix starts."""
    assert _only("title: &t Kernels\n")[:3] == (1, 8, "yaml-alias")


def test_marks_locate_keys_and_values_one_based() -> None:
    doc, _ = read_yaml("f.yml", b"title: T\nnotes:\n  - first\n  - second\nlinks:\n  - {title: x, url: y}\n")
    assert doc is not None
    assert doc.marks.at(("title",)) == (1, 8)
    assert doc.marks.at(("title",), key=True) == (1, 1)
    assert doc.marks.at(("notes", 1)) == (4, 5)
    assert doc.marks.at(("links", 0, "url")) == (6, 21)


def test_marks_fall_back_to_the_nearest_located_ancestor() -> None:
    """A missing field is reported on the mapping that should have held it."""
    doc, _ = read_yaml("f.yml", b"title: T\nlinks:\n  - title: x\n")
    assert doc is not None
    assert doc.marks.at(("links", 0, "url")) == (3, 5)
    assert doc.marks.at(("nowhere", 3)) == (1, 1)
    assert Marks().at(("x",)) == (1, 1)


# --- what is refused ---------------------------------------------------------------------


@pytest.mark.parametrize(("text", "line", "col", "rule", "fragment"), [
    pytest.param("", 1, 1, "empty-file", "file is empty", id="empty"),
    pytest.param("# only a comment\n", 1, 1, "empty-file", "file is empty", id="comments-only"),
    pytest.param("title: [a\nurl: b\n", 2, 4, "yaml-syntax", "YAML syntax error: did not find expected ','",
                 id="unclosed-flow"),
    pytest.param("title: a\n  url: b\n", 2, 6, "yaml-syntax", "YAML syntax error", id="bad-indent"),
    pytest.param("a: 1\n---\na: 2\n", 2, 1, "yaml-syntax", "more than one YAML document", id="two-documents"),
    pytest.param("a: 1\nb: 2\na: 3\n", 3, 1, "duplicate-key", "duplicate key 'a' (first defined on line 1)",
                 id="duplicate-key"),
    pytest.param("links:\n  - {title: a, title: b}\n", 2, 16, "duplicate-key", "duplicate key 'title'",
                 id="nested-duplicate-key"),
    pytest.param("a: !!python/object:os.system {}\n", 1, 4, "yaml-tag", "!!python/object:os.system", id="python-object"),
    pytest.param("a: !!python/object/apply:os.system [ls]\n", 1, 4, "yaml-tag", "!!python/object/apply", id="apply"),
    pytest.param("a: !!python/name:os.system ''\n", 1, 4, "yaml-tag", "!!python/name:os.system", id="python-name"),
    pytest.param("a: !!python/tuple [1, 2]\n", 1, 4, "yaml-tag", "!!python/tuple", id="python-tuple"),
    pytest.param("a: !foo bar\n", 1, 4, "yaml-tag", "unsupported YAML tag !foo", id="custom-scalar"),
    pytest.param("a: !foo {b: c}\n", 1, 4, "yaml-tag", "unsupported YAML tag !foo", id="custom-mapping"),
    pytest.param("a: !foo [b]\n", 1, 4, "yaml-tag", "unsupported YAML tag !foo", id="custom-sequence"),
    pytest.param("!foo {a: b}\n", 1, 1, "yaml-tag", "unsupported YAML tag !foo", id="custom-root"),
    pytest.param("a: !!binary aGVsbG8=\n", 1, 4, "yaml-tag", "!!binary", id="binary"),
    pytest.param("a: !!set {x, y}\n", 1, 4, "yaml-tag", "!!set", id="set"),
    pytest.param("a: !!omap [{x: 1}]\n", 1, 4, "yaml-tag", "!!omap", id="omap"),
    pytest.param("a: &x [1]\nb: *x\n", 1, 4, "yaml-alias", "anchors and aliases are not allowed", id="alias"),
    pytest.param("a: &x [*x]\n", 1, 4, "yaml-alias", "anchors and aliases are not allowed", id="recursive-alias"),
    pytest.param("a: *nowhere\n", 1, 4, "yaml-alias", "anchors and aliases are not allowed", id="undefined-alias"),
    pytest.param("&k title: T\nvenue: *k\n", 1, 1, "yaml-alias", "anchors and aliases", id="anchored-key"),
    pytest.param("url: &k notes\n*k : [a]\n", 1, 6, "yaml-alias", "anchors and aliases", id="alias-as-key"),
    pytest.param("title: T\n<<: {x: 1}\n", 2, 1, "yaml-key", "merge keys (<<) are not allowed", id="merge-key"),
    pytest.param("? [a, b]\n: c\n", 1, 3, "yaml-key", "keys must be plain words", id="complex-key"),
])
def test_refusals_are_located(text: str, line: int, col: int, rule: str, fragment: str) -> None:
    found_line, found_col, found_rule, message = _only(text)
    assert (found_line, found_col, found_rule) == (line, col, rule), message
    assert fragment in message


def test_every_duplicate_key_is_reported_not_just_the_first() -> None:
    _, problems = _read("a: 1\nb: 2\na: 3\nb: 4\n")
    assert [(p.line, p.rule) for p in problems] == [(3, "duplicate-key"), (4, "duplicate-key")]


def test_billion_laughs_is_refused_at_its_first_anchor() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{name}: &{name} [{','.join(['*' + prev] * 9)}]")
    assert _only("\n".join(lines) + "\n")[:3] == (1, 4, "yaml-alias")


@pytest.mark.parametrize(("raw", "line", "col"), [
    pytest.param(b"title: caf\xe9\n", 1, 11, id="latin-1"),
    pytest.param(b"a: 1\nb: 2\nc: \x93quoted\x94\n", 3, 4, id="cp1252-quotes-line-3"),
    pytest.param(b"\xff\xfea\x00:\x00", 1, 1, id="utf-16"),
])
def test_non_utf8_bytes_are_located(raw: bytes, line: int, col: int) -> None:
    found = _only(raw)
    assert found[:3] == (line, col, "encoding")
    assert "save it as UTF-8" in found[3]


# --- hostile or odd input: each once escaped as a traceback or a misplaced report ---------


def test_tab_indentation_is_named() -> None:
    assert _only("title: T\nauthors:\n\t- Someone\n")[:3] == (3, 1, "yaml-tab")


def test_impossible_date_is_a_located_problem() -> None:
    line, col, _, message = _only("title: T\nadded: 2025-13-45\n")
    assert (line, col) == (2, 8)
    assert "2025-13-45" in message


@pytest.mark.parametrize("value", ["!!int abc", "!!float abc", "!!bool maybe", "!!timestamp soon"])
def test_explicit_tag_with_an_impossible_value_is_a_located_problem(value: str) -> None:
    assert _only(f"title: T\nyear: {value}\n")[:2] == (2, 7)


def test_deep_nesting_is_a_problem_not_a_recursion_error() -> None:
    depth = 5000
    _only("title: " + "[" * depth + "]" * depth + "\n")


def test_control_character_is_located_on_one_line() -> None:
    line, col, rule, message = _only("title: T\nnotes: [a\x01b]\n")
    assert (line, col, rule) == (2, 10, "yaml-syntax")
    assert "\n" not in message


def test_non_utf8_column_counts_characters() -> None:
    assert _only("title: Gordić ".encode("utf-8") + b"\xe6\n")[:2] == (1, 15)


# --- property: whatever the bytes, an answer and never an exception ----------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_KEYS = st.sampled_from(["title", "url", "tags", "added", "<<", "? a", "&k title", "*k", "- a", "", "a b"])
_VALUES = st.sampled_from([
    "x", "'q'", '"d"', "2025-01-31", "2025-13-45", "!!int x", "!!binary aGk=", "!foo x", "&a x", "*a", "*b",
    "[a, b", "{a: 1}", "[", "]", "|", ">", "- x", "\t- x", "null", "~", "yes", "0x1F", ".nan", "\x01", "é",
    "!!python/object:os.system", "---", "...", "%YAML 1.1", "#c", ":", "? ", "@x", "`x`", "[[[[[[[[[[]]]]]]]]]]",
])
_LINES = st.lists(st.tuples(st.sampled_from(["", "  ", "    ", "\t"]), _KEYS, _VALUES), max_size=8)


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_LINES, st.binary(max_size=4))
def _never_raises(lines: list[tuple[str, str, str]], tail: bytes) -> None:
    text = "".join(f"{indent}{key}: {value}\n" for indent, key, value in lines)
    doc, problems = read_yaml("f.yml", text.encode("utf-8") + tail)
    assert (doc is None) == bool(problems)
    assert all(p.line >= 1 and p.col >= 1 and "\n" not in p.message for p in problems)


def test_any_yaml_like_input_gets_problems_or_data_never_an_exception() -> None:
    """Lines built from YAML's sharp edges (tags, anchors, tabs, bad dates, flow brackets), plus stray bytes."""
    _never_raises()


# --- the resolver fast path agrees with PyYAML ---------------------------------------------

_PLAIN_WORDS = [
    "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "OFF", "true", "True", "FALSE", "null", "Null", "NULL",
    "y", "n", "Y", "N", "nO", "oN", "yes please", "tensor-cores", "fp8", "nvidia", "nan", ".nan", ".inf", "-.inf",
    "0x1F", "0o17", "0b101", "1_000", "2025-01-01", "2025-01-01 10:00:00", "12:30", "190:20:30", "~", "+1",
    "-1.5e3", "1e3", "Off-by-one", "Nullable", "Trueish",
]


@pytest.mark.parametrize("word", _PLAIN_WORDS)
def test_plain_scalars_resolve_as_pyyaml_does(word: str) -> None:
    """Skipping the resolver for most words must never change what a value means."""
    import yaml

    expected = yaml.safe_load(f"k: {word}\n")["k"]
    data, problems = _read(f"k: {word}\n")
    assert problems == []
    assert repr(data["k"]) == repr(expected)


def test_scalar_spans_are_character_offsets_of_every_scalar() -> None:
    from gpulist.load.yaml_reader import scalar_spans

    text = "a: 'é✨ #x'  # c\nb: |\n  # text\n"
    assert [text[start:end] for start, end in scalar_spans(text)] == ["a", "'é✨ #x'", "b", "|\n  # text\n"]
