"""The network-down rule shared by check-links and watch, and check-links' DNS evidence for it."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from gpulist.linkcheck.config import parse_config
from gpulist.linkcheck.guard import LookupFailed, NameNotFound
from gpulist.linkcheck.model import Target, Verdict
from gpulist.linkcheck.network import MIN_HOSTS, NETWORK_DOWN, judge, network_down
from gpulist.linkcheck.runner import Dependencies, Options, check_run
from tests.linkcheck.conftest import FAST
from tests.linkcheck.server import LocalServer


def test_down_only_when_something_was_tried_and_nothing_answered() -> None:
    assert network_down([False, False]) is True
    assert network_down([False, True, False]) is False
    assert network_down([]) is False  # nothing to fetch is not an outage
    assert network_down(iter([False])) is True
    assert NETWORK_DOWN == 3


# check-links: the DNS evidence of the run itself (`judge`), also end to end through the runner.

DEAD = [f"http://dead-{i}.invalid/page" for i in range(4)]


def _resolver(live: dict[str, str], failure: type[Exception] = NameNotFound):  # type: ignore[no-untyped-def]
    async def resolve(host: str) -> list[str]:
        if host in live:
            return [live[host]]
        raise failure(host)
    return resolve


def _run(urls: list[str], tmp_path: Path, resolver, warnings: list[str] | None = None):  # type: ignore[no-untyped-def]
    options = Options(inputs=[], config=parse_config(FAST), use_cache=True, allow_private=True,
                      cache_file=tmp_path / "cache.json", state_file=tmp_path / "state.json")
    warn = (warnings.append if warnings is not None else lambda _: None)
    deps = Dependencies(resolver=resolver, rng=random.Random(0), warn=warn)
    return asyncio.run(check_run([Target(u) for u in urls], options, deps))


@pytest.mark.parametrize(("resolved", "unresolved", "down"), [
    (set(), {"a", "b", "c"}, True),
    (set(), {"a", "b"}, False),  # too little evidence: two dead domains can be just that
    ({"a"}, {"b", "c", "d", "e"}, False),  # one name resolved: DNS works, the others are dead
    ({"a"}, {"a", "b", "c"}, False),  # failed once, resolved on retry
    (set(), set(), False),
])
def test_judge(resolved: set[str], unresolved: set[str], down: bool) -> None:
    assert (judge(resolved, unresolved) is not None) is down


@pytest.mark.parametrize("failure", [NameNotFound, LookupFailed])
def test_no_name_resolving_is_a_network_down_run(tmp_path: Path, failure: type[Exception]) -> None:
    warnings: list[str] = []
    run = _run(DEAD, tmp_path, _resolver({}, failure), warnings)
    assert run.network_down == f"not one of the {len(DEAD)} host names of this run resolved"
    assert [r.verdict for r in run.results] == [Verdict.TRANSIENT] * len(DEAD)
    assert all(r.detail.startswith(f"network unavailable ({run.network_down}); ") for r in run.results)
    assert not (tmp_path / "cache.json").exists() and not (tmp_path / "state.json").exists()
    assert any(w.startswith("network unavailable:") for w in warnings)


def test_a_network_down_run_leaves_failure_streaks_where_they_were(tmp_path: Path) -> None:
    state = {"format": "gpulist-linkcheck-state", "version": 1,
             "entries": {DEAD[0]: {"transient_runs": 2, "last": "2025-01-01", "detail": "timed out"}}}
    (tmp_path / "state.json").write_text(json.dumps(state))
    run = _run(DEAD, tmp_path, _resolver({}, LookupFailed))
    assert run.results[0].verdict is Verdict.TRANSIENT  # a third transient run would have made it broken
    assert json.loads((tmp_path / "state.json").read_text()) == state


@pytest.fixture(scope="module")
def live() -> LocalServer:
    server = LocalServer(hosts=("127.0.0.1", "127.0.0.2", "127.0.0.3")).start()
    yield server
    server.stop()


def test_one_dead_name_among_live_ones_is_broken(tmp_path: Path, live: LocalServer) -> None:
    names = {f"live-{i}.test": f"127.0.0.{i}" for i in (1, 2, 3)}
    urls = [live.url("/ok", host) for host in names] + ["http://dead.invalid/page"]
    run = _run(urls, tmp_path, _resolver(names))
    assert run.network_down is None
    assert [r.verdict for r in run.results] == [Verdict.OK] * 3 + [Verdict.BROKEN]
    assert run.results[-1].detail == "DNS name dead.invalid does not exist"
    assert (tmp_path / "cache.json").exists()


def test_many_dead_names_beside_one_live_one_are_all_broken(tmp_path: Path, live: LocalServer) -> None:
    urls = [live.url("/ok", "live-1.test"), *DEAD]
    run = _run(urls, tmp_path, _resolver({"live-1.test": "127.0.0.1"}))
    assert run.network_down is None
    assert [r.verdict for r in run.results] == [Verdict.OK] + [Verdict.BROKEN] * len(DEAD)


def test_literal_addresses_are_no_evidence_either_way(tmp_path: Path, live: LocalServer) -> None:
    """Loopback answering says nothing about DNS; the names still decide."""
    run = _run([live.url("/ok"), *DEAD[:MIN_HOSTS]], tmp_path, _resolver({}))
    assert run.network_down is not None
    assert [r.verdict for r in run.results] == [Verdict.OK] + [Verdict.TRANSIENT] * MIN_HOSTS
    assert run.results[0].detail == "HTTP 200 OK"


def test_below_the_threshold_a_dead_name_is_broken(tmp_path: Path) -> None:
    run = _run(DEAD[: MIN_HOSTS - 1], tmp_path, _resolver({}))
    assert run.network_down is None
    assert {r.verdict for r in run.results} == {Verdict.BROKEN}
