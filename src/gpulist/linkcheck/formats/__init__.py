"""Reports of a run: text for people, JSON for tools and merging, Markdown, GitHub annotations."""

from __future__ import annotations

from collections.abc import Callable

from gpulist.linkcheck.formats.github import as_github
from gpulist.linkcheck.formats.json import as_json, read_report
from gpulist.linkcheck.formats.markdown import as_markdown
from gpulist.linkcheck.formats.text import as_text
from gpulist.linkcheck.model import Result

FORMATS = ("text", "json", "markdown", "github")
Formatter = Callable[[list[Result]], str]
FORMATTERS: dict[str, Formatter] = {"json": as_json, "markdown": as_markdown, "github": as_github}

__all__ = ["FORMATS", "FORMATTERS", "as_github", "as_json", "as_markdown", "as_text", "read_report"]
