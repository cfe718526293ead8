"""Reading `[tool.gpulist.<name>]`: absent is empty, broken is a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.problems import UsageError
from gpulist.pyproject import tool_section


def test_section_is_read_and_absent_sections_are_empty(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.gpulist.new]\ntimeout = 3\n', encoding="utf-8")
    assert tool_section(path, "new") == {"timeout": 3}
    assert tool_section(path, "linkcheck") == {}


@pytest.mark.parametrize("content", [b"[tool.gpulist\n", b"\xff\xfe not utf-8"])
def test_unreadable_file_is_a_usage_error(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_bytes(content)
    with pytest.raises(UsageError, match="cannot read"):
        tool_section(path, "new")
