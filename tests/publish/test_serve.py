"""Regenerating while serving: once per batch of changes, stopping with the server."""

from __future__ import annotations

from gpulist.publish.serve import regenerate_on_change


def test_regenerates_once_per_non_empty_batch() -> None:
    calls: list[int] = []
    batches = regenerate_on_change([set(), {"a"}, set(), {"b", "c"}], lambda: calls.append(1), lambda: True)
    assert batches == 2 and len(calls) == 2


def test_stops_when_the_server_stops() -> None:
    alive = iter([True, False])
    calls: list[int] = []
    batches = regenerate_on_change([{"a"}, {"b"}, {"c"}], lambda: calls.append(1), lambda: next(alive, False))
    assert batches == 1 and len(calls) == 1
