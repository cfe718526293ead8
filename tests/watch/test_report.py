"""Reports: strangers' titles are inert in Markdown, commands are exact, the body fits an issue."""

from __future__ import annotations

import datetime as dt
import re

from gpulist.watch.candidates import Candidate
from gpulist.watch.report import MARKER, accept_command, as_markdown, as_text, md_text, safe_url
from gpulist.watch.runner import Run, SourceReport
from gpulist.watch.sources import Hint

NOW = dt.datetime(2025, 6, 10, tzinfo=dt.timezone.utc)


def _candidate(url: str = "https://example.org/post", title: str = "A post", hint: Hint = Hint()) -> Candidate:
    return Candidate(url, title, "src", dt.datetime(2025, 6, 1, tzinfo=dt.timezone.utc), (), "", hint, f"url:{url}")


def test_the_accept_command_has_every_hint_and_a_quoted_url() -> None:
    c = _candidate("https://example.org/watch?v=1&t=2", hint=Hint("attention", 2, ("cuda", "fp8")))
    assert accept_command(c) == "gpulist new 'https://example.org/watch?v=1&t=2' --topic attention --tier 2 --tags cuda,fp8"


def test_urls_lose_what_markdown_or_a_code_span_would_read() -> None:
    assert safe_url("https://example.org/a b(c)`d`<e>") == "https://example.org/a%20b%28c%29%60d%60%3Ce%3E"
    assert "`" not in accept_command(_candidate("https://example.org/`rm -rf`"))


def test_titles_cannot_link_embed_or_mention() -> None:
    hostile = "![x](https://evil.example/p.png) <img src=x> [click](javascript:x) @maintainer | `code`"
    shown = md_text(hostile)
    assert re.findall(r"(?<!\\)[\[\]<>`|!]", shown) == []  # every character Markdown acts on is escaped
    assert shown.startswith("\\!\\[x\\]") and "@maintainer" not in shown and "@\u2060maintainer" in shown


def test_markdown_starts_with_the_marker_and_says_when_nothing_is_new() -> None:
    run = Run(NOW, None, [], [SourceReport("a", "https://a.example/feed", "not_modified", answered=True)])
    text = as_markdown(run)
    assert text.startswith(MARKER + "\n## Candidates for the list: 0 candidate(s) from 1 source(s) (1 not modified)")
    assert "Nothing new since the last run." in text and "- [ ]" not in text


def test_markdown_stays_within_an_issue_body() -> None:
    many = [_candidate(f"https://example.org/{i}", "T" * 250) for i in range(2000)]
    text = as_markdown(Run(NOW, None, many, []))
    assert len(text) < 65_536
    assert "more (see the JSON report)." in text


def test_text_lists_candidates_errors_and_a_summary() -> None:
    run = Run(NOW, None, [_candidate()], [SourceReport("a", "https://a.example/feed", "ok", 3, 1, answered=True),
                                          SourceReport("b", "https://b.example/feed", "error", detail="HTTP 500")])
    assert as_text(run).splitlines() == [
        "+ A post", "  https://example.org/post", "  src · 2025-06-01", "  gpulist new https://example.org/post", "",
        "! b: HTTP 500  (https://b.example/feed)", "watch: 1 candidate(s) from 2 source(s) (1 ok, 1 error(s))"]
