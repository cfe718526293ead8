"""`gpulist watch` through the real command line: formats, exit codes, the state file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.catalogs import make_catalog, run_cli
from tests.linkcheck.server import free_port
from tests.watch.conftest import feed_server, feeds  # noqa: F401 - the loopback feed server
from tests.watch.server import FeedServer


def _sources(server: FeedServer, *routes: str) -> str:
    return "".join(f"- id: {route.strip('/').replace('/', '-').replace('.', '-')}\n  kind: feed\n"
                   f"  url: http://127.0.0.1:{server.port}{route}\n" for route in routes)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.gpulist.watch]\ntimeout = 2\nhost_interval = 0\n")
    return tmp_path


def _watch(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run_cli(capsys, "watch", "--allow-private", "--since", "2025-05-01", *args)


def test_json_report_has_the_documented_shape(here: Path, feeds: FeedServer, capsys: pytest.CaptureFixture[str]) -> None:
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/rss.xml", "/missing")})
    code, out, _ = _watch(capsys, "--format", "json")
    report = json.loads(out)
    assert code == 0
    assert list(report) == ["candidates", "sources", "summary"]
    first = report["candidates"][0]
    assert list(first) == ["url", "title", "source", "published", "authors", "summary", "hint"]
    assert first == {"url": "https://kernels.example.org/posts/fast-softmax/",
                     "title": "Writing a <fast> softmax & why it matters", "source": "feeds-rss-xml",
                     "published": "2025-06-02T09:00:00+00:00", "authors": ["Jane Kernel"],
                     "summary": "We fuse the max and the sum.", "hint": {"topic": None, "tier": None, "tags": []}}
    assert [(s["id"], s["status"], s["items"], s["new"], s["detail"]) for s in report["sources"]] == [
        ("feeds-rss-xml", "ok", 3, 2, ""), ("missing", "error", 0, 0, "HTTP 404 Not Found")]
    assert list(report["sources"][0]) == ["id", "url", "status", "items", "new", "detail"]
    summary = report["summary"]
    assert {k: summary[k] for k in ("sources", "ok", "not_modified", "error", "items", "candidates")} == {
        "sources": 2, "ok": 1, "not_modified": 0, "error": 1, "items": 3, "candidates": 2}
    assert summary["since"] == "2025-05-01T00:00:00+00:00"


def test_second_run_exits_0_with_no_candidates(here: Path, feeds: FeedServer, capsys: pytest.CaptureFixture[str]) -> None:
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/atom.xml")})
    assert _watch(capsys)[0] == 0
    code, out, _ = _watch(capsys, "--format", "json")
    report = json.loads(out)
    assert (code, report["candidates"], report["sources"][0]["status"]) == (0, [], "not_modified")


def test_markdown_is_one_issue_body_with_a_command_per_candidate(
    here: Path, feeds: FeedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/rss.xml")})
    code, out, _ = _watch(capsys, "--format", "markdown", "--output", "report/watch.md")
    text = (here / "report" / "watch.md").read_text(encoding="utf-8")
    assert (code, out) == (0, "")
    assert text.splitlines()[0] == "<!-- gpulist-watch-report -->"
    boxes = [line for line in text.splitlines() if line.startswith("- [ ] ")]
    assert boxes == [
        "- [ ] [Writing a \\<fast\\> softmax & why it matters](https://kernels.example.org/posts/fast-softmax/) · "
        "feeds-rss-xml · 2025-06-02 · Jane Kernel · `gpulist new https://kernels.example.org/posts/fast-softmax/`",
        "- [ ] [Thoughts on occupancy](https://kernels.example.org/posts/occupancy/) · feeds-rss-xml · 2025-05-29 · "
        "`gpulist new https://kernels.example.org/posts/occupancy/`",
    ]


def test_github_format_annotates_and_writes_the_job_summary(
    here: Path, feeds: FeedServer, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(here / "summary.md"))
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/atom.xml", "/feeds/page")})
    code, out, _ = _watch(capsys, "--format", "github")
    assert code == 0
    assert out.splitlines()[0].startswith("::warning title=watch%3A feeds-page::http://127.0.0.1:")
    assert "an HTML page, not a feed" in out.splitlines()[0]
    assert out.splitlines()[1] == ("::notice title=candidate from feeds-atom-xml::Tiling in Triton, part 2 "
                                   "https://compilers.example.org/2025/06/tiling-2.html")
    assert (here / "summary.md").read_text(encoding="utf-8").startswith("<!-- gpulist-watch-report -->")


def test_exit_3_when_no_source_answers_and_the_state_is_left_alone(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = free_port()
    make_catalog(here, {"watch.yml": f"- id: a\n  kind: feed\n  url: http://127.0.0.1:{port}/a\n"
                                     f"- id: b\n  kind: feed\n  url: http://127.0.0.1:{port}/b\n"})
    code, out, err = _watch(capsys, "--state-file", "state.json")
    assert code == 3
    assert "nothing could be reached at all" in err
    assert "watch: 0 candidate(s) from 2 source(s) (2 error(s))" in out
    assert not (here / "state.json").exists()


def test_one_answer_even_a_404_means_the_network_is_up(here: Path, feeds: FeedServer,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    port = free_port()
    make_catalog(here, {"watch.yml": _sources(feeds, "/missing") + f"- id: b\n  kind: feed\n"
                                                                   f"  url: http://127.0.0.1:{port}/b\n"})
    assert _watch(capsys)[0] == 0


def test_loopback_is_refused_without_allow_private(here: Path, feeds: FeedServer,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/rss.xml")})
    code, out, _ = run_cli(capsys, "watch", "--format", "json")
    [source] = json.loads(out)["sources"]
    assert code == 3
    assert source["status"] == "error" and "loopback address" in source["detail"] and "--allow-private" in source["detail"]
    assert feeds.hits["/feeds/rss.xml"] == 0


def test_exit_2_for_an_invalid_watch_file_with_located_errors(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_catalog(here, {"watch.yml": "- id: a\n  kind: podcast\n  url: https://example.org/feed\n"})
    code, out, err = run_cli(capsys, "watch")
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == ("data/watch.yml:2:9: error: kind must be one of feed, arxiv, github-releases "
                                   "or youtube (found 'podcast') [invalid-value]")
    assert "nothing was fetched" in err


@pytest.mark.parametrize(("args", "message"), [
    (["--since", "last week"], "not a date: 'last week'"),
    (["--format", "yaml"], "invalid choice: 'yaml'"),
])
def test_exit_2_for_bad_usage(here: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    make_catalog(here)
    with pytest.raises(SystemExit) as exc:
        run_cli(capsys, "watch", *args)
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_exit_2_for_an_unknown_setting(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    make_catalog(here)
    (here / "pyproject.toml").write_text("[tool.gpulist.watch]\ntimout = 3\n")
    code, _, err = run_cli(capsys, "watch")
    assert code == 2 and "unknown key 'timout'" in err


def test_state_file_is_replaced_atomically(here: Path, feeds: FeedServer, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails half-way leaves the previous state whole, and no temporary file behind."""
    make_catalog(here, {"watch.yml": _sources(feeds, "/feeds/rss.xml")})
    assert _watch(capsys, "--state-file", "cache/state.json")[0] == 0
    before = (here / "cache" / "state.json").read_text(encoding="utf-8")
    assert json.loads(before)["format"] == "gpulist-watch-state"

    def interrupted(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", interrupted)
    code, _, err = _watch(capsys, "--state-file", "cache/state.json", "--all")
    assert code == 0 and "cannot write the state file" in err
    assert (here / "cache" / "state.json").read_text(encoding="utf-8") == before
    assert sorted(p.name for p in (here / "cache").iterdir()) == ["state.json"]
