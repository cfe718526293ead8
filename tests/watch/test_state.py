"""The state file: round trip, a foreign or broken file set aside, old proposals forgotten."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from gpulist.watch.state import SourceState, State, load_state

NOW = dt.datetime(2025, 6, 10, tzinfo=dt.timezone.utc)


def test_round_trip(tmp_path: Path) -> None:
    state = State(NOW, {"a": SourceState("https://a.example/feed", '"x"', "Sat, 07 Jun 2025 00:00:00 GMT", NOW)},
                  {"arxiv:2506.01234": NOW})
    state.save(tmp_path / "s.json", NOW)
    warnings: list[str] = []
    assert load_state(tmp_path / "s.json", warnings.append) == state
    assert warnings == []


def test_a_missing_file_is_a_first_run(tmp_path: Path) -> None:
    assert load_state(tmp_path / "none.json", print) == State()


def test_a_broken_or_foreign_file_is_ignored_with_a_warning(tmp_path: Path) -> None:
    for text in ("{not json", json.dumps({"format": "gpulist-link-state", "version": 1}),
                 json.dumps({"format": "gpulist-watch-state", "version": 1, "sources": {"a": {}}})):
        (tmp_path / "s.json").write_text(text, encoding="utf-8")
        warnings: list[str] = []
        assert load_state(tmp_path / "s.json", warnings.append) == State()
        assert len(warnings) == 1 and "ignoring the state file" in warnings[0]


def test_proposals_older_than_a_year_are_forgotten(tmp_path: Path) -> None:
    old, recent = NOW - dt.timedelta(days=401), NOW - dt.timedelta(days=30)
    State(NOW, {}, {"url:old.example": old, "url:recent.example": recent}).save(tmp_path / "s.json", NOW)
    assert load_state(tmp_path / "s.json", print).proposed == {"url:recent.example": recent}


def test_validators_belong_to_one_url() -> None:
    state = State(sources={"a": SourceState("https://a.example/feed", '"x"')})
    assert state.validators("a", "https://a.example/feed") is not None
    assert state.validators("a", "https://a.example/other") is None
    assert state.validators("b", "https://a.example/feed") is None


def test_a_state_file_that_is_a_fifo_is_refused_unread(tmp_path) -> None:
    """A committed FIFO would block a plain open(); the guard refuses it without opening."""
    import os
    fifo = tmp_path / "watch-state.json"
    os.mkfifo(fifo)
    warnings: list[str] = []
    state = load_state(fifo, warnings.append)
    assert state.sources == {} and len(warnings) == 1 and "not a regular file" in warnings[0]
