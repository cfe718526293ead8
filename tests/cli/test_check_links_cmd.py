"""`gpulist check-links` end to end: exit codes, formats, cache, state, shards and merging."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpulist.cli import main
from tests.linkcheck.server import LocalServer, free_port

PYPROJECT = """\
[tool.gpulist.linkcheck]
timeout = 3
retries = 1
backoff_base = 0.01
backoff_max = 0.02
retry_after_max = 0.1
host_interval = 0.0
"""
HOSTS = tuple(f"127.0.0.{i}" for i in range(1, 7))


@pytest.fixture(scope="module")
def srv() -> Iterator[LocalServer]:
    server = LocalServer(hosts=HOSTS).start()
    yield server
    server.stop()


@pytest.fixture
def workdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    return tmp_path


def urls_file(path: Path, urls: list[str]) -> Path:
    path.write_text("\n".join(urls) + "\n", encoding="utf-8")
    return path


def check(*args: str) -> int:
    return main(["check-links", "--allow-private", *args])


def report(path: Path) -> dict[str, str]:
    return {r["url"]: r["verdict"] for r in json.loads(path.read_text())["results"]}


def test_exit_0_without_broken_links(srv: LocalServer, workdir: Path) -> None:
    links = urls_file(workdir / "links.txt", [srv.url("/ok"), srv.url("/forbidden"), srv.url("/moved")])
    assert check(str(links), "--format", "json", "--output", "r.json") == 0
    assert report(workdir / "r.json") == {srv.url("/ok"): "ok", srv.url("/forbidden"): "blocked",
                                         srv.url("/moved"): "redirected"}


def test_exit_1_for_broken_links(srv: LocalServer, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    links = urls_file(workdir / "links.txt", [srv.url("/ok"), srv.url("/gone")])
    assert check(str(links)) == 1
    out = capsys.readouterr()
    assert srv.url("/gone") in out.out and "links.txt:2" in out.out
    assert out.err == ""  # no progress bar when stderr is not a terminal


def test_strict_fails_on_anything_but_ok_redirected_or_excluded(srv: LocalServer, workdir: Path) -> None:
    fine = urls_file(workdir / "fine.txt", [srv.url("/ok"), srv.url("/moved"), "http://127.0.0.1:9/"])
    assert main(["check-links", str(fine), "--strict"]) == 0  # the loopback one is excluded
    blocked = urls_file(workdir / "blocked.txt", [srv.url("/forbidden")])
    assert check(str(blocked)) == 0
    assert check(str(blocked), "--strict") == 1


@pytest.mark.parametrize("args", [
    ["missing.txt"], ["--shard", "4/3"], ["--changed-since", "main"], ["--config", "bad.toml"],
])
def test_exit_2_for_bad_usage(workdir: Path, args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "bad.toml").write_text("[tool.gpulist.linkcheck]\nretires = 3\n", encoding="utf-8")
    urls_file(workdir / "links.txt", ["https://example.org/"])
    if args[0] != "missing.txt":
        args = ["links.txt", *args]
    assert check(*args) == 2
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


def test_the_cache_answers_a_second_run(srv: LocalServer, workdir: Path) -> None:
    links = urls_file(workdir / "links.txt", [srv.url("/ok"), srv.url("/gone")])
    before = srv.hits["/ok"]
    check(str(links), "--format", "json", "--output", "1.json", "--cache-file", "c/links.json")
    check(str(links), "--format", "json", "--output", "2.json", "--cache-file", "c/links.json")
    assert srv.hits["/ok"] - before == 1
    second = {r["url"]: r["cached"] for r in json.loads((workdir / "2.json").read_text())["results"]}
    assert second == {srv.url("/ok"): True, srv.url("/gone"): False}  # broken is always rechecked
    check(str(links), "--no-cache", "--cache-file", "c/links.json")
    assert srv.hits["/ok"] - before == 2


def test_a_corrupt_cache_is_a_warning(srv: LocalServer, workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (workdir / "c.json").write_text("{{{", encoding="utf-8")
    links = urls_file(workdir / "links.txt", [srv.url("/ok")])
    assert check(str(links), "--cache-file", "c.json") == 0
    assert "warning: cache:" in capsys.readouterr().err


def test_transient_three_runs_in_a_row_fails_the_third(workdir: Path) -> None:
    links = urls_file(workdir / "links.txt", [f"http://127.0.0.1:{free_port()}/"])
    codes = [check(str(links), "--no-cache", "--state-file", "s.json") for _ in range(3)]
    assert codes == [0, 0, 1]


def test_github_format_writes_the_markdown_report_to_the_job_summary(
        srv: LocalServer, workdir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(workdir / "summary.md"))
    links = urls_file(workdir / "links.txt", [srv.url("/missing")])
    assert check(str(links), "--format", "github") == 1
    assert capsys.readouterr().out.startswith("::error file=links.txt,line=1,title=broken link::")
    assert "### Broken links (1)" in (workdir / "summary.md").read_text()


def test_shards_merged_give_the_same_verdicts_as_one_run(srv: LocalServer, workdir: Path) -> None:
    paths = ["/ok", "/gone", "/moved", "/forbidden", "/error", "/needs-login", "/page#nowhere", "/found"]
    urls = [srv.url(f"{p}", host=h) for h in HOSTS for p in paths]
    links = urls_file(workdir / "links.txt", urls)
    whole = check(str(links), "--no-cache", "--format", "json", "--output", "whole.json")
    shards = [check(str(links), "--no-cache", "--shard", f"{i}/3", "--format", "json", "--output", f"s{i}.json")
              for i in (1, 2, 3)]
    sizes = [len(report(workdir / f"s{i}.json")) for i in (1, 2, 3)]
    assert sum(sizes) == len(urls) and sizes.count(0) < 3
    merged = main(["merge-link-reports", "s1.json", "s2.json", "s3.json", "--format", "json", "--output", "m.json"])
    assert report(workdir / "m.json") == report(workdir / "whole.json")
    assert merged == whole == 1 and max(shards) == 1


def test_merge_exit_codes_and_formats(workdir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok = {"results": [{"url": "https://a.org/", "verdict": "ok", "status": 200, "final_url": None, "detail": "",
                       "attempts": 1, "elapsed_ms": 3, "sources": [{"file": "x.yml", "line": 3}]}], "summary": {}}
    blocked = {"results": [{**ok["results"][0], "url": "https://b.org/", "verdict": "blocked"}], "summary": {}}
    (workdir / "a.json").write_text(json.dumps(ok))
    (workdir / "b.json").write_text(json.dumps(blocked))
    assert main(["merge-link-reports", "a.json", "b.json", "--format", "markdown"]) == 0
    assert "Blocked" in capsys.readouterr().out
    assert main(["merge-link-reports", "a.json", "b.json", "--strict"]) == 1
    assert main(["merge-link-reports", "a.json", "nope.json"]) == 2


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                   capture_output=True)


def test_changed_since_checks_only_changed_lines(srv: LocalServer, workdir: Path) -> None:
    data = workdir / "data" / "resources"
    data.mkdir(parents=True)
    entry = "title: T\nurl: {url}\ntype: paper\ntopic: t\nadded: 2025-01-01\n"
    (data / "one.yml").write_text(entry.format(url=srv.url("/gone")), encoding="utf-8")
    (data / "two.yml").write_text(entry.format(url=srv.url("/ok")), encoding="utf-8")
    git(workdir, "init", "-q", "-b", "main")
    git(workdir, "add", ".")
    git(workdir, "commit", "-qm", "base")
    assert check("--changed-since", "main", "--no-cache") == 0  # the broken link is old news
    (data / "two.yml").write_text(entry.format(url=srv.url("/missing")), encoding="utf-8")
    assert check("--changed-since", "main", "--no-cache", "--format", "json", "--output", "r.json") == 1
    results = json.loads((workdir / "r.json").read_text())["results"]
    assert [(r["url"], r["sources"]) for r in results] == [
        (srv.url("/missing"), [{"file": "data/resources/two.yml", "line": 2}])]
