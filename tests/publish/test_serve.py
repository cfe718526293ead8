"""Regenerating while serving: once per batch of changes, stopping with the server; what is watched."""

from __future__ import annotations

from pathlib import Path

from gpulist.publish.serve import regenerate_on_change, watched
from gpulist.publish.joined import SCRIPT, STYLESHEET


def test_regenerates_once_per_non_empty_batch() -> None:
    calls: list[int] = []
    batches = regenerate_on_change([set(), {"a"}, set(), {"b", "c"}], lambda: calls.append(1), lambda: True)
    assert batches == 2 and len(calls) == 2


def test_stops_when_the_server_stops() -> None:
    alive = iter([True, False])
    calls: list[int] = []
    batches = regenerate_on_change([{"a"}, {"b"}, {"c"}], lambda: calls.append(1), lambda: next(alive, False))
    assert batches == 1 and len(calls) == 1


def test_watches_data_and_the_joined_files_folders_but_not_the_joined_copies(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    for rel in ("assets/css/a.css", "assets/js/reader/a.js", "assets/js/inline.js"):
        (docs / rel).parent.mkdir(parents=True, exist_ok=True)
        (docs / rel).write_text("/* x */\n", encoding="utf-8")
    mkdocs = {"extra_css": ["assets/css/a.css", "assets/gone/b.css", "https://cdn.example/c.css"],
              "extra_javascript": [{"path": "assets/js/reader/a.js", "defer": True}, "assets/js/inline.js"]}
    folders, ignored = watched(tmp_path / "data", docs, mkdocs)
    # not a missing file's folder, not an address, not a script that is not deferred (not joined)
    assert folders == [tmp_path / "data", docs / "assets" / "css", docs / "assets" / "js" / "reader"]
    assert ignored == {str(docs / STYLESHEET), str(docs / SCRIPT)}
