"""Reports: the text editors link up, GitHub workflow annotations, and JSON for tools."""

from __future__ import annotations

import json

import pytest

from gpulist.problems import Problem, has_errors
from gpulist.report import FORMATS, FORMATTERS, as_github, as_json, as_text, for_build, summary, warnings_in_brief

ERR = Problem("data/resources/a.yml", 4, 8, "unknown topic 'x'", "unknown-topic")
WARN = Problem("data/resources/b.yml", 2, 6, "link wanted: 'B' has no canonical URL yet", "link-wanted", "warning")


def test_text_is_path_line_col_severity_message_rule() -> None:
    assert as_text([ERR, WARN]).splitlines() == [
        "data/resources/a.yml:4:8: error: unknown topic 'x' [unknown-topic]",
        "data/resources/b.yml:2:6: warning: link wanted: 'B' has no canonical URL yet [link-wanted]",
    ]


@pytest.mark.parametrize("fmt", ["text", "github"])
def test_no_problems_print_nothing(fmt: str) -> None:
    assert FORMATTERS[fmt]([]) == ""


def test_github_annotation_carries_file_line_col_and_rule_as_title() -> None:
    assert as_github([ERR, WARN]).splitlines() == [
        "::error file=data/resources/a.yml,line=4,col=8,title=unknown-topic::unknown topic 'x'",
        "::warning file=data/resources/b.yml,line=2,col=6,title=link-wanted::link wanted: 'B' has no canonical URL yet",
    ]


def test_github_escapes_percent_colon_and_comma_in_properties() -> None:
    odd = Problem("data/a,b:c%d.yml", 1, 1, "m", "r")
    assert as_github([odd]) == "::error file=data/a%2Cb%3Ac%25d.yml,line=1,col=1,title=r::m"


def test_github_escapes_percent_and_newlines_in_the_message_but_keeps_colons() -> None:
    """A raw newline would end the workflow command and print the rest as a log line."""
    odd = Problem("f.yml", 1, 1, "100% wrong:\nsecond line\r\nthird", "r")
    line = as_github([odd])
    assert "\n" not in line and "\r" not in line
    assert line.endswith("::100%25 wrong:%0Asecond line%0D%0Athird")


def test_github_output_round_trips_through_the_runner_unescaping() -> None:
    """What GitHub shows must be exactly the message: unescape as the runner does and compare."""
    message = "a%0A is not a newline, 50% is a percent,\nand this is line two"
    line = as_github([Problem("p.yml", 3, 2, message, "r")])
    shown = line.split("::", 2)[2]
    for code, char in (("%0D", "\r"), ("%0A", "\n"), ("%25", "%")):
        shown = shown.replace(code, char)
    assert shown == message


def test_json_parses_and_keeps_every_field_and_non_ascii_text() -> None:
    gordic = Problem("data/resources/g.yml", 1, 8, "title: 'Gordić →' is fine", "r", "warning")
    text = as_json([ERR, gordic])
    assert "Gordić →" in text  # readable, not \\u escapes
    assert json.loads(text) == {"problems": [
        {"path": "data/resources/a.yml", "line": 4, "col": 8, "severity": "error", "rule": "unknown-topic",
         "message": "unknown topic 'x'"},
        {"path": "data/resources/g.yml", "line": 1, "col": 8, "severity": "warning", "rule": "r",
         "message": "title: 'Gordić →' is fine"},
    ]}


def test_every_format_has_a_formatter() -> None:
    assert set(FORMATS) == set(FORMATTERS)


@pytest.mark.parametrize(("problems", "entries", "text"), [
    ([], 113, "113 entries valid: 0 error(s), 0 warning(s)"),
    ([WARN], 1, "1 entry valid: 0 error(s), 1 warning(s)"),
    ([ERR, ERR, WARN], 2, "2 entries invalid: 2 error(s) in 1 file(s), 1 warning(s)"),
    ([ERR, Problem("data/resources/b.yml", 1, 1, "m", "r"), WARN], 2, "2 entries invalid: 2 error(s) in 2 file(s), 1 warning(s)"),
])
def test_summary(problems: list[Problem], entries: int, text: str) -> None:
    assert summary(problems, entries) == text


def test_only_errors_count_as_errors() -> None:
    assert (has_errors([WARN]), has_errors([WARN, ERR]), has_errors([])) == (False, True, False)


def test_problems_sort_by_path_then_line_then_column() -> None:
    problems = [Problem("b", 1, 1, "m", "r"), Problem("a", 10, 1, "m", "r"), Problem("a", 2, 9, "m", "r"),
                Problem("a", 2, 3, "z", "r")]
    assert [(p.path, p.line, p.col) for p in sorted(problems)] == [("a", 2, 3), ("a", 2, 9), ("a", 10, 1), ("b", 1, 1)]


def _warning(rule: str, n: int) -> Problem:
    return Problem(f"data/resources/w{n}.yml", 2, 6, f"a {rule} warning", rule, "warning")


def test_no_warnings_in_brief_is_empty() -> None:
    assert warnings_in_brief([]) == "" and warnings_in_brief([ERR]) == ""


def test_one_warning_in_brief_is_singular() -> None:
    assert warnings_in_brief([WARN]) == "1 warning (1 link-wanted): run `gpulist validate` to list them"


def test_warnings_in_brief_are_counted_by_rule_most_first_and_ignore_errors() -> None:
    problems = [_warning("unknown-tag", 1), ERR, *(_warning("link-wanted", n) for n in range(3)), _warning("a-rule", 9)]
    assert warnings_in_brief(problems) == (
        "5 warnings (3 link-wanted, 1 a-rule, 1 unknown-tag): run `gpulist validate` to list them"
    )


def test_for_build_prints_errors_in_full_and_warnings_as_one_line() -> None:
    other = Problem("data/resources/c.yml", 1, 1, "unknown topic 'y'", "unknown-topic")
    assert for_build([WARN, ERR, _warning("link-wanted", 1), other]).splitlines() == [
        "data/resources/a.yml:4:8: error: unknown topic 'x' [unknown-topic]",
        "data/resources/c.yml:1:1: error: unknown topic 'y' [unknown-topic]",
        "2 warnings (2 link-wanted): run `gpulist validate` to list them",
    ]


def test_for_build_without_warnings_is_the_error_list() -> None:
    assert for_build([ERR]) == as_text([ERR]) and for_build([]) == ""
