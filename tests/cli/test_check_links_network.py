"""`gpulist check-links` when the network is down, and with an IPv6 loopback link, end to end.

Each run is a subprocess with a bounded timeout, under `tests/linkcheck/resolver_stub.py`:
a stub resolver that knows only the names a test gives it, so "no name resolves" holds
on a CI machine that has DNS as on one that has none, and no query leaves the machine.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.linkcheck.server import LocalServer

STUB = Path(__file__).resolve().parents[1] / "linkcheck" / "resolver_stub.py"
PYPROJECT = "[tool.gpulist.linkcheck]\ntimeout = 3\nretries = 1\nbackoff_base = 0.01\nbackoff_max = 0.02\n"
DEAD = [f"https://gone-{i}.invalid/paper" for i in range(5)]
STATE = {"format": "gpulist-linkcheck-state", "version": 1,
         "entries": {DEAD[0]: {"transient_runs": 2, "last": "2025-01-01", "detail": "timed out"}}}


@pytest.fixture(scope="module")
def srv() -> Iterator[LocalServer]:
    server = LocalServer(hosts=("127.0.0.1", "127.0.0.2", "127.0.0.3")).start()
    yield server
    server.stop()


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (tmp_path / "state.json").write_text(json.dumps(STATE), encoding="utf-8")
    return tmp_path


def gpulist(workdir: Path, *argv: str, hosts: dict[str, str] | None = None,
            dns: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GITHUB_STEP_SUMMARY"}
    env["GPULIST_STUB_HOSTS"] = ",".join(f"{k}={v}" for k, v in (hosts or {}).items())
    env["GPULIST_STUB_DNS"] = dns
    proc = subprocess.run([sys.executable, str(STUB), *argv], cwd=workdir, env=env, capture_output=True, text=True,
                          timeout=30, stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    return proc


def links(workdir: Path, urls: list[str], name: str = "links.txt") -> str:
    (workdir / name).write_text("\n".join(urls) + "\n", encoding="utf-8")
    return name


CHECK = ("check-links", "--cache-file", "cache.json", "--state-file", "state.json")


@pytest.mark.parametrize("dns", ["", "again"])  # NXDOMAIN-like, and "temporary failure"
def test_no_name_resolving_exits_3_reports_transient_and_remembers_nothing(workdir: Path, dns: str) -> None:
    proc = gpulist(workdir, *CHECK, links(workdir, DEAD), "--format", "json", "--output", "r.json", dns=dns)
    assert proc.returncode == 3
    report = json.loads((workdir / "r.json").read_text())
    assert report["summary"]["network"] == "down"
    assert report["summary"]["transient"] == len(DEAD) and report["summary"]["broken"] == 0
    for result in report["results"]:
        assert result["verdict"] == "transient"
        assert result["detail"].startswith(f"network unavailable (not one of the {len(DEAD)} host names of this "
                                           "run resolved); ")
    assert not (workdir / "cache.json").exists()
    assert json.loads((workdir / "state.json").read_text()) == STATE  # the streak of 2 did not become 3
    assert "gpulist check-links: warning: network unavailable:" in proc.stderr


def test_the_text_report_says_the_network_is_unavailable(workdir: Path) -> None:
    proc = gpulist(workdir, *CHECK, links(workdir, DEAD))
    assert proc.returncode == 3
    assert proc.stdout.splitlines()[-2:] == [
        f"{len(DEAD)} link(s) checked: {len(DEAD)} transient",
        f"network unavailable: not one of the {len(DEAD)} host names of this run resolved; the links were not "
        "judged, nothing was cached and no failure streak advanced (exit 3)"]


def test_github_format_fails_with_one_clear_error_and_no_broken_link_annotations(workdir: Path) -> None:
    proc = gpulist(workdir, *CHECK, links(workdir, DEAD), "--format", "github")
    assert proc.returncode == 3
    errors = [line for line in proc.stdout.splitlines() if line.startswith("::error")]
    assert errors == [f"::error title=network unavailable::not one of the {len(DEAD)} host names of this run "
                      "resolved: links not judged (exit 3)"]


def test_merging_a_network_down_shard_exits_3(workdir: Path, srv: LocalServer) -> None:
    assert gpulist(workdir, *CHECK, links(workdir, DEAD), "--format", "json", "--output", "a.json").returncode == 3
    ok = links(workdir, [srv.url("/ok")], "ok.txt")
    assert gpulist(workdir, *CHECK, ok, "--allow-private", "--format", "json", "--output", "b.json").returncode == 0
    proc = gpulist(workdir, "merge-link-reports", "a.json", "b.json", "--format", "markdown")
    assert proc.returncode == 3
    assert "## Link check: network unavailable" in proc.stdout


def test_one_dead_name_among_live_ones_is_broken(workdir: Path, srv: LocalServer) -> None:
    names = {f"live-{i}.test": f"127.0.0.{i}" for i in (1, 2, 3)}
    urls = [srv.url("/ok", name) for name in names] + ["https://dead.invalid/paper"]
    proc = gpulist(workdir, *CHECK, links(workdir, urls), "--allow-private", "--format", "json", "--output", "r.json",
                   hosts=names)
    assert proc.returncode == 1
    report = json.loads((workdir / "r.json").read_text())
    assert "network" not in report["summary"]
    assert {r["url"]: (r["verdict"], r["detail"]) for r in report["results"]}["https://dead.invalid/paper"] == (
        "broken", "DNS name dead.invalid does not exist")
    assert (workdir / "cache.json").exists()


def test_ipv6_loopback_in_markdown_is_extracted_and_excluded(workdir: Path) -> None:
    (workdir / "notes.md").write_text("The admin page is at [localhost](http://[::1]/admin) (see line 1).\n",
                                      encoding="utf-8")
    proc = gpulist(workdir, *CHECK, "notes.md", "--format", "json", "--output", "r.json")
    assert proc.returncode == 0
    [result] = json.loads((workdir / "r.json").read_text())["results"]
    assert (result["url"], result["verdict"], result["sources"]) == (
        "http://[::1]/admin", "excluded", [{"file": "notes.md", "line": 1}])
    assert result["detail"] == "not checked: ::1 is a loopback address (use --allow-private to check it)"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_host_that_answers_429_is_waited_for_and_the_wait_reported(workdir: Path, srv: LocalServer,
                                                                     fmt: str) -> None:
    host = "127.0.0.2" if fmt == "text" else "127.0.0.3"  # /busy says 429 once per host
    urls = [srv.url(f"/busy?{i}", host) for i in range(4)]
    proc = gpulist(workdir, *CHECK, links(workdir, urls), "--allow-private", "--no-cache", "--format", fmt,
                   "--output", "report")
    assert proc.returncode == 0
    told = srv.busy_at[f"{host}:{srv.port}"]
    assert told is not None and not [t for t in srv.arrivals[f"{host}:{srv.port}"] if told < t < told + 1.0]
    report = (workdir / "report").read_text()
    why = f"({host} answered HTTP 429, Retry-After 1s)"
    if fmt == "text":
        assert re.search(rf"^slowed down for {re.escape(host)}, which asked us to wait: 1\.\d s in all "
                         rf"{re.escape(why)}$", report, re.MULTILINE), report
    else:
        details = [r["detail"] for r in json.loads(report)["results"]]
        retried = [d for d in details if re.fullmatch(rf"HTTP 200 OK; waited \d\.\ds before requesting "
                                                      rf"{re.escape(why)}", d)]
        assert retried, details
