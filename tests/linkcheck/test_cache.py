from __future__ import annotations

import json
from pathlib import Path

from gpulist.linkcheck.cache import Cache
from gpulist.linkcheck.model import Result, Source, Verdict

TTL = {"ok": 100.0, "redirected": 100.0}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_round_trip_with_this_runs_sources(tmp_path: Path) -> None:
    clock = Clock()
    cache = Cache(tmp_path / "c.json", TTL, clock)
    cache.put(Result("https://a.org/", Verdict.OK, 200, None, "HTTP 200 OK", 1, 5, [Source("old.yml", 1)]))
    cache.save()
    again = Cache(tmp_path / "c.json", TTL, clock)
    again.load(lambda m: None)
    hit = again.get("https://a.org/", [Source("new.yml", 3)])
    assert hit is not None and hit.verdict is Verdict.OK and hit.cached
    assert hit.sources == [Source("new.yml", 3)]


def test_verdicts_expire_by_their_own_ttl(tmp_path: Path) -> None:
    clock = Clock()
    cache = Cache(tmp_path / "c.json", TTL, clock)
    cache.put(Result("https://a.org/", Verdict.OK))
    clock.now += 99
    assert cache.get("https://a.org/", []) is not None
    clock.now += 2
    assert cache.get("https://a.org/", []) is None


def test_broken_and_transient_are_never_cached(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "c.json", TTL, Clock())
    cache.put(Result("https://b.org/", Verdict.BROKEN))
    cache.put(Result("https://t.org/", Verdict.TRANSIENT))
    assert cache.get("https://b.org/", []) is None and cache.get("https://t.org/", []) is None


def test_corrupt_cache_is_ignored_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text('{"format": "gpulist-linkcheck-cache", "vers', encoding="utf-8")
    warnings: list[str] = []
    cache = Cache(path, TTL, Clock())
    cache.load(warnings.append)
    assert len(warnings) == 1 and "ignoring" in warnings[0]
    assert cache.get("https://a.org/", []) is None


def test_foreign_cache_is_ignored_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"https://a.org/": {"verdict": "ok"}}), encoding="utf-8")
    warnings: list[str] = []
    Cache(path, TTL, Clock()).load(warnings.append)
    assert warnings and "not a gpulist-linkcheck-cache" in warnings[0]


def test_damaged_entries_are_misses(tmp_path: Path) -> None:
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": "gpulist-linkcheck-cache", "version": 1,
                                "entries": {"https://a.org/": {"verdict": "nonsense", "checked": "x"}}}))
    cache = Cache(path, TTL, Clock())
    cache.load(lambda m: None)
    assert cache.get("https://a.org/", []) is None


def test_written_atomically_leaving_no_temporary_files(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "sub" / "c.json", TTL, Clock())
    cache.put(Result("https://a.org/", Verdict.OK))
    cache.save()
    assert [p.name for p in (tmp_path / "sub").iterdir()] == ["c.json"]
    assert json.loads((tmp_path / "sub" / "c.json").read_text())["entries"]
