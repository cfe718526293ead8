from __future__ import annotations

import pytest

from gpulist.linkcheck.model import Target
from gpulist.linkcheck.shard import parse_shard, select, shard_of
from gpulist.problems import UsageError


def test_shards_partition_by_host() -> None:
    targets = [Target(f"https://host{i % 13}.org/page/{i}") for i in range(200)]
    shards = [select(targets, i, 4) for i in range(1, 5)]
    assert sorted(t.url for s in shards for t in s) == sorted(t.url for t in targets)
    hosts = [{t.url.split("/")[2] for t in s} for s in shards]
    assert all(not (a & b) for i, a in enumerate(hosts) for b in hosts[i + 1:])


def test_shard_is_stable_and_case_blind() -> None:
    assert shard_of("https://Example.org/a", 7) == shard_of("https://example.org/b", 7)
    assert 1 <= shard_of("https://example.org/", 7) <= 7


@pytest.mark.parametrize("spec", ["0/3", "4/3", "1/0", "a/b", "1-3", ""])
def test_bad_shard_specs(spec: str) -> None:
    with pytest.raises(UsageError):
        parse_shard(spec)


def test_one_based() -> None:
    assert parse_shard("1/1") == (1, 1) and parse_shard(" 3/4 ") == (3, 4)
