"""Turning catalog text into Markdown that can only ever mean text.

Titles and authors come from contributors and are shown verbatim: every character that
Markdown, HTML or attr_list could read as syntax is escaped, so no value can open a tag,
add an attribute or start a link. Notes are Markdown on purpose; `gpulist validate`
refuses unsafe ones, and `note_markdown` neutralises the rest as a second line of defence.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import lru_cache

from gpulist.checks.unsafe_markdown import unsafe_reason

# Characters with inline meaning, limited to those Python-Markdown (with `tables`) accepts
# backslash escapes for, so the backslash never shows. `{` `}` stop attr_list attributes.
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#|])")
_CODE_SPAN = re.compile(r"(`+)(.+?)\1")
_REF_DEF = re.compile(r"^\s*\[([^\]]*)\]:")


@lru_cache(maxsize=65536)  # a title is escaped for up to six pages
def escape_text(text: str) -> str:
    """Plain text for an inline Markdown context (heading, link text, paragraph)."""
    return _MD_SPECIAL.sub(r"\\\1", html_text(text)).replace("\n", " ")


def html_text(text: str) -> str:
    """Plain text inside an HTML element we write ourselves (raw HTML blocks)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attr(text: str) -> str:
    """Text inside a double-quoted HTML attribute we write ourselves."""
    return html_text(text).replace('"', "&quot;")


def link_target(url: str) -> str:
    """A URL as a Markdown link destination; `<...>` keeps parentheses and quotes literal."""
    quoted = url.replace("<", "%3C").replace(">", "%3E").replace(" ", "%20").replace("\n", "")
    return f"<{quoted}>"


def link(text: str, url: str) -> str:
    return f"[{escape_text(text)}]({link_target(url)})"


@lru_cache(maxsize=65536)  # each note is shown on its topic page and in the list
def note_markdown(note: str) -> str:
    """A note's Markdown, unless it could inject markup: then shown as plain text."""
    if unsafe_reason(_CODE_SPAN.sub("", note)) or _REF_DEF.match(note):
        return escape_text(note)
    parts = []
    last = 0
    for match in _CODE_SPAN.finditer(note):
        parts.append(_defuse(note[last:match.start()]))
        parts.append(match.group(0))
        last = match.end()
    parts.append(_defuse(note[last:]))
    return "".join(parts).replace("\n", " ")


def _defuse(text: str) -> str:
    """Outside code spans: no raw HTML, no attr_list braces."""
    return text.replace("<", "&lt;").replace("{", "\\{").replace("}", "\\}")


def n_entries(n: int) -> str:
    return f"{n:,} {'entry' if n == 1 else 'entries'}"


def front_matter(meta: Mapping[str, object]) -> str:
    """YAML front matter from plain values; strings are JSON-quoted, which YAML reads as-is."""
    lines = ["---"]
    for key, value in meta.items():
        lines.extend(_yaml_lines(key, value, ""))
    lines.append("---")
    return "\n".join(lines) + "\n"


def _yaml_lines(key: str, value: object, indent: str) -> list[str]:
    if isinstance(value, Mapping):
        out = [f"{indent}{key}:"]
        for sub_key, sub_value in value.items():
            out.extend(_yaml_lines(sub_key, sub_value, indent + "  "))
        return out
    return [f"{indent}{key}: {json.dumps(value, ensure_ascii=False)}"]
