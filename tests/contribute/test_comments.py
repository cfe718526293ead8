"""Comments follow their keys when fmt reorders a file."""

from __future__ import annotations

import io

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap

from gpulist.contribute.comments import attach, collect


def _reorder(text: str, order: list[str]) -> str:
    y = YAML()
    doc = y.load(text)
    header, own, footer = collect(doc)
    out = CommentedMap()
    for key in order:
        out[key] = doc[key]
    attach(out, header, own, footer)
    buffer = io.StringIO()
    y.dump(out, buffer)
    return buffer.getvalue()


def test_comment_lines_and_end_of_line_comments_move_with_their_key() -> None:
    text = "# header\nb: 2  # about b\n# above a\na: 1\n# the end\n"
    assert _reorder(text, ["a", "b"]) == "# header\n# above a\na: 1\nb: 2  # about b\n# the end\n"


def test_comments_after_a_block_list_belong_to_the_next_key() -> None:
    text = "notes:\n  - one  # first\n# above title\ntitle: T\n"
    out = _reorder(text, ["title", "notes"])
    assert out.splitlines()[:2] == ["# above title", "title: T"]
    assert "- one  # first" in out


def test_comments_inside_a_list_that_becomes_flow_are_kept_as_lines() -> None:
    y = YAML()
    doc = y.load("tags:\n# why these\n- a  # first\n- b\ntitle: T\n")
    header, own, footer = collect(doc)
    assert own["title"].above == ["# why these", "# first"]
