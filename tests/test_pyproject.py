"""Reading `[tool.gpulist.<name>]`: absent is empty, broken is a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.problems import UsageError
from gpulist.files import DEFAULT_MAX_BYTES
from gpulist.pyproject import size_limit, tool_section


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


def test_the_size_limit_is_read_from_pyproject(tmp_path: Path) -> None:
    assert size_limit(tmp_path) == DEFAULT_MAX_BYTES
    (tmp_path / "pyproject.toml").write_text("[tool.gpulist.files]\nmax_bytes = 2048\n")
    (tmp_path / "sub").mkdir()
    assert size_limit(tmp_path / "sub") == 2048


@pytest.mark.parametrize(("section", "error"), [
    ("max_bytes = 0", "max_bytes must be a positive whole number"),
    ("max_bytes = '1 MB'", "max_bytes must be a positive whole number"),
    ("max_byte = 10", r"unknown setting\(s\) in \[tool.gpulist.files\]: max_byte"),
])
def test_a_bad_size_limit_is_a_usage_error(tmp_path: Path, section: str, error: str) -> None:
    (tmp_path / "pyproject.toml").write_text(f"[tool.gpulist.files]\n{section}\n")
    with pytest.raises(UsageError, match=error):
        size_limit(tmp_path)
