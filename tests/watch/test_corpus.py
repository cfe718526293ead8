"""The broken data/watch.yml corpus: one located error each, from validate and from watch.

Each case of tests/fixtures/broken-watch/ is one mistake a maintainer can make in
data/watch.yml. `gpulist validate` reports it on its line; `gpulist watch` refuses to
run (exit 2) with the same line, before fetching anything.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, make_catalog, run_cli

BROKEN_WATCH = FIXTURES / "broken-watch"
W = "data/watch.yml:"

CORPUS = {  # case -> (where, rule, message fragment)
    "unknown-kind": (W + "2:9", "invalid-value", "kind must be one of feed, arxiv, github-releases or youtube"),
    "missing-url": (W + "1:3", "missing-field", "missing required field 'url'"),
    "arxiv-without-query": (W + "1:3", "source-shape", "an arxiv source needs a `query`"),
    "query-on-feed": (W + "5:5", "source-shape", "only arxiv sources have a `query`"),
    "releases-url-not-github": (W + "3:8", "source-url", "https://github.com/OWNER/REPO/releases.atom"),
    "youtube-url-not-feed": (W + "3:8", "source-url", "videos.xml?channel_id="),
    "bad-category": (W + "5:25", "invalid-value", "query.categories[1] has an unexpected format: 'CS DC'"),
    "max-results-zero": (W + "6:18", "invalid-value", "query.max_results"),
    "unknown-field": (W + "4:3", "unknown-field", "unknown field 'topics': did you mean 'topic'?"),
    "url-javascript": (W + "3:8", "url-scheme", "(found 'javascript:')"),
    "bad-id": (W + "1:7", "bad-id", "'GPU_Blog' is not a valid id"),
    "not-a-list": (W + "1:1", "file-shape", "expected a list of watched sources, found a mapping"),
    "yaml-syntax": (W + "4:1", "yaml-syntax", "YAML syntax error"),
    "unknown-topic-hint": (W + "4:10", "watch-hint", "unknown topic 'atention': did you mean 'attention'?"),
    "unknown-tag-hint": (W + "4:16", "watch-hint", "unknown tag 'tritonn': did you mean 'triton'?"),
    "tier-without-topic": (W + "4:9", "watch-hint", "a `tier` hint needs a `topic` hint"),
    "tier-in-untiered-topic": (W + "5:9", "watch-hint", "topic 'big-picture' has no tiers"),
    "duplicate-id": (W + "4:7", "duplicate-source", "id 'gpu-blog' is already used by data/watch.yml:1"),
    "duplicate-url": (W + "6:8", "duplicate-source", "this feed is already watched by data/watch.yml:3"),
}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return make_catalog(tmp_path)


def test_every_fixture_has_a_case() -> None:
    assert sorted(p.stem for p in BROKEN_WATCH.iterdir()) == sorted(CORPUS)


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_validate_reports_one_located_error(data: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    shutil.copy(BROKEN_WATCH / f"{case}.yml", data / "watch.yml")
    where, rule, fragment = CORPUS[case]
    code, out, _ = run_cli(capsys, "validate")
    [line] = error_lines(out)
    assert code == 1
    assert line.startswith(f"{where}: error: ") and line.endswith(f"[{rule}]") and fragment in line, line


@pytest.mark.parametrize("case", sorted(CORPUS))
def test_watch_refuses_with_the_same_error(data: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    shutil.copy(BROKEN_WATCH / f"{case}.yml", data / "watch.yml")
    code, out, err = run_cli(capsys, "watch", "--state-file", "state.json")
    assert (code, out) == (2, "")
    assert err.splitlines()[0].startswith(f"{CORPUS[case][0]}: error: ")
    assert not Path("state.json").exists()


def test_a_blog_feed_clashing_with_a_watched_source(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "watch.yml").write_text("- id: semianalysis\n  kind: feed\n  url: https://other.example.org/feed\n"
                                    "- id: kernels\n  kind: feed\n  url: https://kernels.example.org/feed.xml\n")
    (data / "resources" / "kernel-blog.yml").write_text(
        "title: Kernels\nurl: https://kernels.example.org/\ntype: blog\ntopic: fundamentals\ntier: 1\n"
        "feed: https://kernels.example.org/feed.xml\nadded: 2025-01-01\neffort: hour\n"
        "notes:\n  - Shows where a GPU kernel spends its time and what to optimise first.\n")
    shown = (data / "resources" / "semianalysis.yml").read_text().replace("added:", "feed: https://semi.example/feed\nadded:")
    (data / "resources" / "semianalysis.yml").write_text(shown)
    _, out, _ = run_cli(capsys, "validate")
    assert error_lines(out) == [
        "data/watch.yml:1:7: error: id 'semianalysis' is already used by data/resources/semianalysis.yml "
        "[duplicate-source]",
        "data/watch.yml:6:8: error: this feed is already watched by data/resources/kernel-blog.yml [duplicate-source]",
    ]


def test_feed_is_only_for_blogs(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (data / "resources" / "flashattention-2.yml").read_text()
    (data / "resources" / "flashattention-2.yml").write_text(text.replace("added:", "feed: https://x.example/f\nadded:"))
    _, out, _ = run_cli(capsys, "validate")
    assert error_lines(out) == ["data/resources/flashattention-2.yml:14:7: error: feed: only a blog has a `feed` "
                                "(this entry's type is paper) [feed-not-blog]"]
