"""Reports of a run: text for people, JSON for tools and merging, Markdown, GitHub annotations.

Each format is imported only when asked for: rich alone costs more start-up time than a
pull-request run spends checking its two changed links.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpulist.linkcheck.model import Result

FORMATS = ("text", "json", "markdown", "github")
_RENDERERS = {"text": ("text", "as_text"), "json": ("json", "as_json"), "markdown": ("markdown", "as_markdown"),
              "github": ("github", "as_github")}


def render(fmt: str, results: list[Result], **options: object) -> str:
    module, name = _RENDERERS[fmt]
    return getattr(import_module(f"gpulist.linkcheck.formats.{module}"), name)(results, **options)
