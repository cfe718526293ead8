"""`gpulist validate` end to end: the broken-file corpus, output formats and exit codes.

Each case of tests/fixtures/broken/ is one mistake a contributor can make. The promise of
issue 2 is that every one of them is answered with one precise line (file, line, column,
rule, a message saying what to write) and never with a traceback or a hang, so these
tests go through the real command line, as a contributor or CI would.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.catalogs import BROKEN, VALID_RESOURCE, add_broken, error_lines, make_catalog, resource, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

R = "data/resources/"

# (case, where, rule, message fragment): `where` is the path:line:col a contributor is sent to.
CORPUS = [
    ("yaml-syntax.yml", R + "yaml-syntax.yml:3:4", "yaml-syntax", "YAML syntax error: did not find expected ','"),
    pytest.param("tab-indentation.yml", R + "tab-indentation.yml:8:1", "yaml-tab", "indent with spaces",
                 id="tab-indentation.yml"),
    ("duplicate-key.yml", R + "duplicate-key.yml:7:1", "duplicate-key", "duplicate key 'title' (first defined on line 2)"),
    ("non-utf8.yml", R + "non-utf8.yml:7:23", "encoding", "not valid UTF-8 (byte 0xe6); save it as UTF-8"),
    ("empty.yml", R + "empty.yml:1:1", "empty-file", "file is empty"),
    pytest.param("comments-only.yml", R + "comments-only.yml:1:1", "empty-file", "file is empty", id="comments-only.yml"),
    ("list-not-mapping.yml", R + "list-not-mapping.yml:1:1", "file-shape", "expected a mapping of fields"),
    ("scalar-file.yml", R + "scalar-file.yml:1:1", "file-shape", "found a text"),
    ("python-object-tag.yml", R + "python-object-tag.yml:2:8", "yaml-tag",
     "unsupported YAML tag !!python/object/apply:os.system"),
    ("python-name-tag.yml", R + "python-name-tag.yml:7:9", "yaml-tag", "unsupported YAML tag !!python/name:os.system"),
    ("custom-tag.yml", R + "custom-tag.yml:4:7", "yaml-tag", "unsupported YAML tag !foo"),
    ("binary-tag.yml", R + "binary-tag.yml:8:5", "yaml-tag", "unsupported YAML tag !!binary"),
    ("set-tag.yml", R + "set-tag.yml:7:7", "yaml-tag", "unsupported YAML tag !!set"),
    ("recursive-alias.yml", R + "recursive-alias.yml:7:8", "yaml-alias", "anchors and aliases are not allowed"),
    ("merge-key.yml", R + "merge-key.yml:4:1", "yaml-key", "merge keys (<<) are not allowed"),
    ("multiple-documents.yml", R + "multiple-documents.yml:8:1", "yaml-syntax", "more than one YAML document"),
    ("unknown-field.yml", R + "unknown-field.yml:7:1", "unknown-field", "unknown field 'autors': did you mean 'authors'?"),
    ("title-boolean.yml", R + "title-boolean.yml:2:8", "wrong-type", "title must be text, not the boolean false"),
    ("year-quoted.yml", R + "year-quoted.yml:7:7", "wrong-type", "year must be a whole number, not the text '2024' (remove the quotes)"),
    ("added-quoted.yml", R + "added-quoted.yml:7:8", "wrong-type", "added must be a date like 2025-01-31, not the text '2025-01-01' (remove the quotes)"),
    ("missing-title.yml", R + "missing-title.yml:2:1", "missing-field", "missing required field 'title'"),
    ("missing-url.yml", R + "missing-url.yml:2:1", "missing-field", "missing required field 'url' (write `url: null`"),
    ("missing-type.yml", R + "missing-type.yml:2:1", "missing-field", "missing required field 'type'"),
    ("missing-topic.yml", R + "missing-topic.yml:2:1", "missing-field", "missing required field 'topic'"),
    ("missing-added.yml", R + "missing-added.yml:2:1", "missing-field", "missing required field 'added'"),
    ("url-javascript.yml", R + "url-javascript.yml:3:6", "url-scheme", "must start with http:// or https:// (found 'javascript:')"),
    ("url-data.yml", R + "url-data.yml:3:6", "url-scheme", "(found 'data:')"),
    ("url-ftp.yml", R + "url-ftp.yml:3:6", "url-scheme", "(found 'ftp:')"),
    ("url-relative.yml", R + "url-relative.yml:3:6", "url-scheme", "(found no scheme)"),
    ("url-bad-port.yml", R + "url-bad-port.yml:3:6", "bad-url", "'https://example.org:8o8o/kernels' is not a valid URL"),
    ("url-whitespace.yml", R + "url-whitespace.yml:3:6", "bad-url", "'https://example.org/with space' is not a valid URL"),
    ("url-credentials.yml", R + "url-credentials.yml:3:6", "url-credentials", "credentials in a public URL"),
    ("link-credentials.yml", R + "link-credentials.yml:10:10", "url-credentials", "credentials in a public URL"),
    ("unknown-topic.yml", R + "unknown-topic.yml:5:8", "unknown-topic", "unknown topic 'fundamental': did you mean 'fundamentals'?"),
    ("topic-title.yml", R + "topic-title.yml:5:8", "unknown-topic",
     "unknown topic 'Fundamentals': topic ids are lowercase kebab-case, write 'fundamentals'"),
    ("unknown-tag.yml", R + "unknown-tag.yml:7:14", "unknown-tag", "unknown tag 'tritonn': did you mean 'triton'?"),
    ("unknown-requires.yml", R + "unknown-requires.yml:7:12", "unknown-tag", "unknown concept 'cudaa': did you mean 'cuda'?"),
    ("effort-outside-bands.yml", R + "effort-outside-bands.yml:7:9", "invalid-value",
     "effort must be one of quick, hour, afternoon, days or weeks (found 'an evening')"),
    ("access-outside-bands.yml", R + "access-outside-bands.yml:7:9", "invalid-value",
     "access must be one of free, paid, paywall or login (found 'free-ish')"),
    ("year-in-future.yml", R + "year-in-future.yml:7:7", "year-in-future", "year 2099 is in the future"),
    ("continued-by-itself.yml", R + "continued-by-itself.yml:7:16", "continued-by",
     "'continued-by-itself' names itself in `continued_by`"),
    ("continued-by-unknown.yml", R + "continued-by-unknown.yml:7:16", "continued-by",
     "unknown entry 'flashattention-3' in `continued_by`: did you mean 'flashattention-2'?"),
    ("continued-by-loop", R + "loop-second.yml:7:16", "continued-by",
     "`continued_by` loops: loop-first → loop-second → loop-first"),
    ("position-zero.yml", R + "position-zero.yml:7:11", "invalid-value",
     "position: input should be greater than or equal to 1 (found 0)"),
    ("position-taken", R + "place-second.yml:7:11", "position-taken",
     "position 1 of tier 1 of 'fundamentals' is already taken by 'place-first'"),
    ("tag-alias.yml", R + "tag-alias.yml:7:8", "unknown-tag", "it is an alias, write 'cuda'"),
    ("tag-twice.yml", R + "tag-twice.yml:7:22", "unknown-tag", "tag 'cuda' is listed twice"),
    ("tier-missing.yml", R + "tier-missing.yml:5:8", "tier-group", "topic 'fundamentals' is tiered: add `tier: 1`"),
    ("group-in-tiered.yml", R + "group-in-tiered.yml:6:8", "tier-group", "is tiered: use `tier: 1|2|3`, not `group`"),
    ("tier-in-untiered.yml", R + "tier-in-untiered.yml:6:7", "tier-group", "topic 'big-picture' has no tiers: use `group:`"),
    ("unknown-group.yml", R + "unknown-group.yml:6:8", "tier-group", "unknown group 'community' in topic 'big-picture': did you mean 'communities'?"),
    ("Foo_Bar.yml", R + "Foo_Bar.yml:1:1", "file-name", "file name 'Foo_Bar.yml' is not a valid id: use kebab-case, e.g. foo-bar.yml"),
    ("id-mismatch.yml", R + "id-mismatch.yml:2:1", "file-name", "rename to something-else.yml or drop `id:`"),
    ("notes-script.yml", R + "notes-script.yml:9:5", "unsafe-markdown", "raw HTML is not allowed"),
    ("notes-onerror.yml", R + "notes-onerror.yml:9:5", "unsafe-markdown", "raw HTML is not allowed"),
    ("notes-javascript-link.yml", R + "notes-javascript-link.yml:9:5", "unsafe-markdown", "script and data URLs are not allowed"),
    ("notes-relative-link.yml", R + "notes-relative-link.yml:9:5", "relative-link", "link to '../matmul/#tiling' is not a full"),
    ("notes-curation-talk.yml", R + "notes-curation-talk.yml:8:5", "curation-talk",
     "'per its title' speaks of how the list was made, not of the resource"),
    ("title-curation-talk.yml", R + "title-curation-talk.yml:2:8", "curation-talk", "'sibling list' speaks of how"),
    ("link-title-curation-talk.yml", R + "link-title-curation-talk.yml:10:12", "curation-talk",
     "'Stored copy' speaks of how"),
    ("provenance-markup.yml", R + "provenance-markup.yml:8:13", "provenance-markup",
     "`provenance` is plain text (found '](')"),
    ("language-not-a-tag.yml", R + "language-not-a-tag.yml:7:11", "invalid-value",
     "language has an unexpected format: 'Chinese'"),
    ("reviewed-not-boolean.yml", R + "reviewed-not-boolean.yml:8:11", "wrong-type",
     "reviewed must be true or false, not the text 'no'"),
    ("duplicate-id-extension", R + "x.yml:1:1", "duplicate-id", f"id 'x' is already used by {R}x.yaml"),
    ("duplicate-arxiv-pdf", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same arXiv id 2205.14135)"),
    ("duplicate-arxiv-versioned", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same arXiv id 2205.14135)"),
    ("duplicate-arxiv-field", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same arXiv id 2205.14135)"),
    ("duplicate-doi", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same DOI 10.1145/3458817.3476209)"),
    ("duplicate-github-case", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same GitHub repository nvidia/cutlass)"),
    ("duplicate-github-dotgit", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same GitHub repository nvidia/cutlass)"),
    ("duplicate-youtube", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same YouTube video dQw4w9WgXcQ)"),
    ("duplicate-www", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same URL example.org/post)"),
    ("duplicate-trailing-slash", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same URL example.org/post)"),
    ("duplicate-http-https", R + "b-second.yml:3:6", "duplicate", f"duplicate of {R}a-first.yml (same URL example.org/post)"),
    ("placeholder-title.yml", R + "placeholder-title.yml:2:8", "placeholder-title",
     "placeholder title 'arXiv:2502.01234': write the resource's own title"),
    ("note-missing.yml", R + "note-missing.yml:2:8", "note-missing", "note missing: add `notes:`"),
    ("effort-missing.yml", R + "effort-missing.yml:4:7", "effort-missing",
     "effort missing: how long does a reader need for it?"),
    ("topics-tiers-and-groups", "data/topics.yml:27:3", "topic-shape", "either `tiers` or `groups`, not both"),
    ("topics-bad-tiers", "data/topics.yml:34:14", "invalid-value", "tiers[2].tier must be one of 1, 2 or 3 (found 4)"),
    ("tags-duplicate-alias", "data/concepts.yml:22:13", "duplicate-id", "concept or alias 'cuda-c++' is declared twice"),
]
# Inputs that crash or could hang: run in a subprocess, asserting only what any fix must
# give (exit 1, no traceback, the file named at the right line), not a rule id the fix
# might choose.
CRASHERS = [
    pytest.param("impossible-date.yml", R + "impossible-date.yml:7:", id="impossible-date"),
    pytest.param("explicit-tag-bad-value.yml", R + "explicit-tag-bad-value.yml:6:", id="explicit-tag-bad-value"),
    pytest.param("deep-nesting.yml", R + "deep-nesting.yml:", id="deep-nesting"),
    pytest.param("control-character.yml", R + "control-character.yml:2:", id="control-character"),
    pytest.param("billion-laughs.yml", R + "billion-laughs.yml:2:4:", id="billion-laughs"),
]
IN_SUBPROCESS = {c.values[0] for c in CRASHERS}


def _case_id(case: object) -> str:
    return case.values[0] if hasattr(case, "values") else case[0]  # type: ignore[index,attr-defined]


def _params(cases: list) -> list:
    """Name each parametrized case after its fixture, so a failure says which mistake regressed."""
    return [c if hasattr(c, "values") else pytest.param(*c, id=c[0]) for c in cases]


def _parse_text_line(line: str) -> tuple[str, str, str, str]:
    """`path:line:col: severity: message [rule]` -> (path:line:col, severity, message, rule)."""
    match = re.fullmatch(r"(.+?:\d+:\d+): (error|warning): (.*) \[([a-z-]+)\]", line)
    assert match, f"not in path:line:col: severity: message [rule] form: {line!r}"
    return match.group(1), match.group(2), match.group(3), match.group(4)


def test_every_broken_fixture_has_a_case() -> None:
    """A fixture nobody asserts on is a failure mode nobody checks."""
    named = {_case_id(c) for c in CORPUS} | IN_SUBPROCESS
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(named)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), _params(CORPUS))
def test_broken_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    add_broken(data, case)
    code, out, err = run_cli(capsys, "validate")
    assert "Traceback" not in err
    lines = error_lines(out)
    assert len(lines) == 1, f"expected exactly one problem, got:\n{out}"
    located, severity, message, found_rule = _parse_text_line(lines[0])
    assert (located, severity, found_rule) == (where, "error", rule), lines[0]
    assert fragment in message
    assert code == 1
    assert "1 error(s)" in err


def test_alias_bomb_answers_promptly(data: Path) -> None:
    """Billion laughs must be refused, not expanded: run it where a hang cannot stall the suite."""
    add_broken(data, "billion-laughs.yml")
    proc = subprocess.run(
        [sys.executable, "-m", "gpulist", "validate"], cwd=data.parent, capture_output=True, text=True, timeout=10
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert error_lines(proc.stdout) == [
        f"{R}billion-laughs.yml:2:4: error: YAML anchors and aliases are not allowed: write the value out [yaml-alias]"
    ]


@pytest.mark.parametrize(("case", "where"), CRASHERS)
def test_hostile_input_gets_an_answer_not_a_traceback(data: Path, case: str, where: str) -> None:
    add_broken(data, case)
    proc = subprocess.run(
        [sys.executable, "-m", "gpulist", "validate"], cwd=data.parent, capture_output=True, text=True, timeout=10
    )
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 1
    [line] = error_lines(proc.stdout)
    assert line.startswith(where) and ": error: " in line


def test_backticked_angle_brackets_in_notes_are_accepted(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "generic-code.yml").write_text(
        resource(notes=["Uses `std::vector<T>` and `<<<grid, block>>>` launches"]), encoding="utf-8"
    )
    code, out, _ = run_cli(capsys, "validate")
    assert (code, out) == (0, "")


def test_all_problems_in_one_file_are_reported_at_once(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "five-mistakes.yml").write_text(
        "title: no\nurl: ftp://example.org/x\ntype: blogg\ntopic: fundamentals\ntier: 4\nadded: 2025-01-01\nautor: x\n",
        encoding="utf-8",
    )
    code, out, _ = run_cli(capsys, "validate")
    found = [(_parse_text_line(line)[0], _parse_text_line(line)[3]) for line in error_lines(out)]
    assert found == [
        (f"{R}five-mistakes.yml:1:8", "wrong-type"),
        (f"{R}five-mistakes.yml:1:8", "note-missing"),  # the cross-checks run on the fields that passed
        (f"{R}five-mistakes.yml:2:6", "url-scheme"),
        (f"{R}five-mistakes.yml:3:7", "invalid-value"),
        (f"{R}five-mistakes.yml:5:7", "invalid-value"),
        (f"{R}five-mistakes.yml:7:1", "unknown-field"),
    ]
    assert code == 1


def test_all_broken_files_are_reported_at_once(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One run over the whole single-file corpus finds every case's problem, not just the first file's."""
    singles = [c for c in CORPUS if not hasattr(c, "marks") and not (BROKEN / c[0]).is_dir()]
    for case, *_ in singles:
        add_broken(data, case)
    code, out, _ = run_cli(capsys, "validate")
    reported = {(loc, rule) for loc, _, _, rule in map(_parse_text_line, error_lines(out))}
    missing = [(where, rule) for _, where, rule, _ in singles if (where, rule) not in reported]
    assert missing == []
    assert code == 1


def test_problems_are_sorted_by_file_then_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for case in ("unknown-topic.yml", "duplicate-key.yml", "added-quoted.yml"):
        add_broken(data, case)
    _, out, _ = run_cli(capsys, "validate")
    assert [line.split(":")[0] for line in error_lines(out)] == [
        f"{R}added-quoted.yml", f"{R}duplicate-key.yml", f"{R}unknown-topic.yml"
    ]


def test_the_summary_counts_broken_entries_and_the_advice_it_lists(data: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """A file that failed validation is still an entry (with errors); with --advice, the advice listed is counted."""
    add_broken(data, "missing-title.yml")
    add_broken(data, "note-missing.yml")
    code, out, err = run_cli(capsys, "validate")
    assert code == 1 and "4 entries invalid: 2 error(s) in 2 file(s), 0 warning(s)" in err
    (data / "resources" / "missing-title.yml").unlink()
    (data / "resources" / "note-missing.yml").unlink()
    code, out, err = run_cli(capsys, "validate", "--advice")
    assert code == 0 and f"2 entries valid: 0 error(s), {len(error_lines(out))} warning(s)" in err
    assert error_lines(out) and all(": warning: " in line for line in error_lines(out))


def test_valid_catalog_exits_0_with_summary(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "validate")
    assert (code, out) == (0, "")
    assert "2 entries valid: 0 error(s), 0 warning(s)" in err


def test_link_wanted_is_a_warning_and_exits_0(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "no-link.yml").write_text(
        VALID_RESOURCE.replace("url: https://example.org/valid", "url: null"), encoding="utf-8"
    )
    code, out, err = run_cli(capsys, "validate")
    assert error_lines(out) == [
        f"{R}no-link.yml:2:6: warning: link wanted: 'A valid entry' has no canonical URL yet [link-wanted]"
    ]
    assert code == 0
    assert "0 error(s), 1 warning(s)" in err


def test_missing_data_folder_exits_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "validate", "--data", "nowhere")
    assert code == 2
    assert out == ""
    assert err.strip() == "gpulist validate: error: no data folder at nowhere"


def test_missing_topics_and_tags_are_reported(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "topics.yml").unlink()
    (data / "concepts.yml").unlink()
    code, out, _ = run_cli(capsys, "validate")
    lines = error_lines(out)
    assert "data/concepts.yml:1:1: error: missing concepts.yml [missing-file]" in lines
    assert "data/topics.yml:1:1: error: missing topics.yml [missing-file]" in lines
    assert code == 1


def test_data_option_reports_paths_relative_to_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = make_catalog(tmp_path)
    add_broken(data, "unknown-topic.yml")
    monkeypatch.chdir(data / "resources")
    _, out, _ = run_cli(capsys, "validate", "--data", "..")
    assert error_lines(out)[0].startswith("unknown-topic.yml:5:8: error:")


# --- --format github --------------------------------------------------------------------

_ANNOTATION = re.compile(r"::(error|warning) file=([^,:]*),line=(\d+),col=(\d+),title=([^,:]*)::(.*)")


def test_github_format_is_one_workflow_command_per_problem(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for case in ("unknown-topic.yml", "duplicate-key.yml"):
        add_broken(data, case)
    code, out, err = run_cli(capsys, "validate", "--format", "github")
    lines = out.splitlines()
    parsed = [_ANNOTATION.fullmatch(line) for line in lines]
    assert all(parsed), lines
    assert [m.groups()[:5] for m in parsed] == [  # type: ignore[union-attr]
        ("error", f"{R}duplicate-key.yml", "7", "1", "duplicate-key"),
        ("error", f"{R}unknown-topic.yml", "5", "8", "unknown-topic"),
    ]
    assert parsed[1].group(6) == "unknown topic 'fundamental': did you mean 'fundamentals'?"  # type: ignore[union-attr]
    assert code == 1
    assert err == ""  # the summary is for people; annotations go to the log alone


def test_github_format_escapes_properties_and_message(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A path with ',' or ':' must not end the property early; a newline must not end the command."""
    odd = data / "resources" / "a,b:c%d"
    odd.mkdir()
    (odd / "odd-name.yml").write_text(VALID_RESOURCE.replace("topic: fundamentals", "topic: nowhere"), encoding="utf-8")
    _, out, _ = run_cli(capsys, "validate", "--format", "github")
    [line] = out.splitlines()
    assert line.startswith(f"::error file={R}a%2Cb%3Ac%25d/odd-name.yml,line=4,col=8,title=unknown-topic::")


def test_github_format_warning_for_link_wanted(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "no-link.yml").write_text(
        VALID_RESOURCE.replace("url: https://example.org/valid", "url: null"), encoding="utf-8"
    )
    code, out, _ = run_cli(capsys, "validate", "--format", "github")
    assert out.startswith(f"::warning file={R}no-link.yml,line=2,col=6,title=link-wanted::link wanted:")
    assert code == 0


# --- --format json ----------------------------------------------------------------------


def test_json_format_parses_and_carries_every_field(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_broken(data, "unknown-tag.yml")
    code, out, _ = run_cli(capsys, "validate", "--format", "json")
    report = json.loads(out)
    assert report == {"problems": [{
        "path": f"{R}unknown-tag.yml", "line": 7, "col": 14, "severity": "error", "rule": "unknown-tag",
        "message": "unknown tag 'tritonn': did you mean 'triton'?",
    }]}
    assert code == 1


def test_json_format_for_a_clean_catalog_is_an_empty_list(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(capsys, "validate", "--format", "json")
    assert (code, json.loads(out)) == (0, {"problems": []})


def test_json_keeps_non_ascii_text_readable(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "gordic.yml").write_text(
        VALID_RESOURCE.replace("url: https://example.org/valid", "url: null").replace("A valid entry", "Gordić →"),
        encoding="utf-8",
    )
    _, out, _ = run_cli(capsys, "validate", "--format", "json")
    assert "Gordić →" in out
    assert json.loads(out)["problems"][0]["message"] == "link wanted: 'Gordić →' has no canonical URL yet"


def test_unknown_format_is_a_usage_error(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_cli(capsys, "validate", "--format", "xml")
    assert exit_info.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err


def test_an_entry_that_fails_validation_still_gets_its_cross_checks(data: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 42: a wrong type, an unknown topic, a placeholder title and no note, all in one run, not one per fix."""
    (data / "resources" / "many.yml").write_text(
        "title: arXiv:2502.01234\nurl: https://arxiv.org/abs/2502.01234\ntype: blogg\ntopic: fundamental\n"
        "tier: 1\ntags: [tritonn]\nadded: 2025-01-01\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "validate")
    found = [(_parse_text_line(line)[0], _parse_text_line(line)[3]) for line in error_lines(out)]
    assert sorted(found) == sorted([
        (f"{R}many.yml:1:8", "placeholder-title"), (f"{R}many.yml:1:8", "note-missing"),
        (f"{R}many.yml:3:7", "invalid-value"), (f"{R}many.yml:4:8", "unknown-topic"),
        (f"{R}many.yml:6:8", "unknown-tag"),
    ])  # no effort-missing: whether it is wanted depends on the type, which failed
    assert code == 1 and "3 entries invalid: 5 error(s) in 1 file(s)" in err


def test_a_failed_field_is_not_reported_twice(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing title gets its missing-field error and nothing read from a stand-in for it."""
    add_broken(data, "missing-title.yml")
    _, out, _ = run_cli(capsys, "validate")
    assert [_parse_text_line(line)[3] for line in error_lines(out)] == ["missing-field"]
