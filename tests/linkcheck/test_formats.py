from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpulist.linkcheck.formats import render
from gpulist.linkcheck.formats.json import read_report
from gpulist.linkcheck.formats.markdown import MARKER
from gpulist.linkcheck.model import Result, Source, Verdict
from gpulist.problems import UsageError

RESULTS = [
    Result("https://ok.org/", Verdict.OK, 200, None, "HTTP 200 OK", 1, 12, [Source("data/resources/ok.yml", 3)]),
    Result("https://gone.org/x", Verdict.BROKEN, 404, None, "HTTP 404 Not Found", 1, 30,
           [Source("data/resources/flash-attn.yml", 3), Source("README.md", 12)]),
    Result("https://old.org/", Verdict.REDIRECTED, 200, "https://new.org/", "moved permanently to https://new.org/",
           1, 40, [Source("data/resources/moved.yml", 7)]),
    Result("https://linkedin.com/in/x", Verdict.BLOCKED, 999, None, "HTTP 999", 1, 9, [Source("data/resources/b.yml", 3)]),
    Result("https://slow.org/", Verdict.TRANSIENT, None, None, "timed out | really", 3, 900,
           [Source("data/resources/s.yml", 3)]),
]


def test_json_round_trip(tmp_path: Path) -> None:
    text = render("json", RESULTS)
    data = json.loads(text)
    assert set(data["results"][0]) >= {"url", "verdict", "status", "final_url", "detail", "attempts", "elapsed_ms",
                                       "sources"}
    assert data["summary"]["broken"] == 1 and data["summary"]["ok"] == 1
    path = tmp_path / "r.json"
    path.write_text(text)
    assert read_report(path) == RESULTS


@pytest.mark.parametrize("content", ["not json", '{"results": [{"url": 1}]}', '{"nothing": []}'])
def test_a_report_that_is_not_ours_is_a_usage_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "r.json"
    path.write_text(content)
    with pytest.raises(UsageError):
        read_report(path)


def test_markdown_puts_broken_first_then_redirects_and_folds_the_rest() -> None:
    md = render("markdown", RESULTS)
    assert md.startswith(MARKER)
    broken, redirects, blocked = md.index("### Broken links (1)"), md.index("### Redirects to update (1)"), \
        md.index("<details><summary>Blocked")
    assert broken < redirects < blocked
    assert "**flash-attn** `data/resources/flash-attn.yml:3`" in md and "`README.md:12`" in md
    assert "https://new.org/" in md
    assert "<details><summary>Transient failures (1)</summary>" in md
    assert "timed out \\| really" in md  # a | in a detail must not break the table
    assert "https://ok.org/" not in md


def test_markdown_stays_within_an_issue_body() -> None:
    many = [Result(f"https://gone.org/{i}", Verdict.BROKEN, 404, None, "HTTP 404 Not Found " + "x" * 200, 1, 1,
                   [Source(f"data/resources/e{i}.yml", 3)]) for i in range(2000)]
    md = render("markdown", many)
    assert len(md) < 65_536 and "more (see the JSON report)" in md


def test_github_annotations_on_each_line_of_each_broken_link() -> None:
    out = render("github", RESULTS).splitlines()
    errors = [line for line in out if line.startswith("::error")]
    assert errors == [
        "::error file=data/resources/flash-attn.yml,line=3,title=broken link::https://gone.org/x: HTTP 404 Not Found",
        "::error file=README.md,line=12,title=broken link::https://gone.org/x: HTTP 404 Not Found",
    ]
    assert any(line.startswith("::notice file=data/resources/moved.yml,line=7") for line in out)


def test_text_lists_what_needs_attention_not_the_ok_links() -> None:
    text = render("text", RESULTS)
    assert "https://gone.org/x" in text and "https://ok.org/" not in text
    assert "5 link(s) checked" in text
