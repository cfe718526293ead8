"""Where URLs come from, and the file:line of every use.

A data folder (or one resource file) contributes each resource's `url` and `links[].url`
at the YAML line that holds them, and its concepts.yml every URL it holds (the Modal and AMD
glossary pages, the vendors' metric pages, the graded problems), each at its line. Any other file contributes every URL in its text, as
lychee reads its inputs; a plain list of URLs, one a line, is such a file.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from gpulist.files import Refused, display_path, read_guarded, walk_files
from gpulist.pyproject import size_limit
from gpulist.linkcheck.model import Source, Target
from gpulist.problems import UsageError

YAML_SUFFIXES = (".yml", ".yaml")
TEXT_SUFFIXES = (".md", ".markdown", ".txt", ".html", ".htm", ".rst", ".yml", ".yaml", ".toml", ".json")
# A URL in prose: a scheme, then anything but whitespace, quotes and brackets that end it;
# square brackets only around an IPv6 host (http://[::1]/), which must reach the SSRF guard
# like any other address rather than vanish from the report.
_URL_CHARS = r"""[^\s<>"'`\]\[{}|\\^]"""
_USERINFO = r"""[^\s<>"'`\]\[{}|\\^@/]*@"""
_IPV6_HOST = r"\[[0-9A-Fa-f:.]+(?:%25[\w.~-]+)?\]"
_URL = re.compile(rf"\b[a-zA-Z][a-zA-Z0-9+.-]{{1,15}}://(?:(?:{_USERINFO})?{_IPV6_HOST}{_URL_CHARS}*|{_URL_CHARS}+)")
_TRAILING = ".,;:!?*_~"
_IGNORED_SCHEMES = ("urn", "xmlns")

Warn = Callable[[str], None]
Found = Iterator[tuple[str, Source]]


def collect(inputs: Iterable[Path], only: Callable[[Path], bool] | None = None,
            warn: Warn = lambda _: None) -> list[Target]:
    """Distinct URLs in first-seen order; `only` skips files early (the --changed-since fast path)."""
    targets: dict[str, Target] = {}
    limit = size_limit()
    for path in _files(inputs):
        if only is not None and not only(path):
            continue
        for url, source in _urls_in(path, warn, limit):
            target = targets.get(url)
            if target is None:
                target = targets[url] = Target(url)
            target.sources.append(source)
    return list(targets.values())


def _files(inputs: Iterable[Path]) -> Iterator[Path]:
    """Anything that exists and is not a real folder (a link, a FIFO) goes on to the guarded reader."""
    for path in inputs:
        if path.is_dir() and not path.is_symlink():
            yield from _folder(path)
        elif os.path.lexists(path):
            yield path
        else:
            raise UsageError(f"no such file or folder: {path}")


def _folder(path: Path) -> list[Path]:
    """A data folder yields its resources; any other folder its text files, hidden ones skipped."""
    from gpulist.load import resource_files

    if path.name == "resources":
        return resource_files(path.parent)
    if (path / "resources").is_dir():
        concepts = path / "concepts.yml"
        return [*resource_files(path), *([concepts] if concepts.is_file() else [])]
    return walk_files(path, TEXT_SUFFIXES, hidden=False)


def _urls_in(path: Path, warn: Warn, limit: int) -> Found:
    """A file the guard refuses (link, FIFO, device, too large) is skipped with a located warning."""
    shown = display_path(path)
    try:
        raw = read_guarded(path, limit)
    except Refused as exc:
        warn(f"{shown}:1:1: {exc.message} [{exc.rule}]; skipped")
        return
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    if path.suffix in YAML_SUFFIXES:
        found = _resource_urls(shown, raw, warn)
        if found is not None:
            yield from found
            return
    yield from text_urls(shown, raw.decode("utf-8", errors="replace"))


def _resource_urls(shown: str, raw: bytes, warn: Warn) -> list[tuple[str, Source]] | None:
    """None when the YAML is not a resource, so its text is scanned like any other file."""
    from gpulist.load import read_yaml  # pydantic models and the YAML reader: only for YAML inputs

    doc, problems = read_yaml(shown, raw)
    if doc is None:
        warn(f"{shown}: skipped, not valid YAML ({problems[0].message if problems else 'empty'})")
        return []
    data = doc.data
    if not isinstance(data, dict) or not ("url" in data or "links" in data):
        return None
    found = []
    if isinstance(data.get("url"), str):
        found.append((data["url"].strip(), Source(shown, doc.marks.at(("url",))[0])))
    links = data.get("links")
    for i, link in enumerate(links if isinstance(links, list) else []):
        if isinstance(link, dict) and isinstance(link.get("url"), str):
            found.append((link["url"].strip(), Source(shown, doc.marks.at(("links", i, "url"))[0])))
    return found


def text_urls(shown: str, text: str) -> Found:
    for number, line in enumerate(text.splitlines(), start=1):
        if "://" not in line:
            continue
        for match in _URL.finditer(line):
            url = _trim(match.group(0))
            if url.split(":", 1)[0].lower() not in _IGNORED_SCHEMES and "://" in url and len(url) > 10:
                yield url, Source(shown, number)


def _trim(url: str) -> str:
    """Prose punctuation and an unbalanced closing parenthesis (Markdown links) are not the URL's."""
    while True:
        stripped = url.rstrip(_TRAILING)
        if stripped.endswith(")") and stripped.count("(") < stripped.count(")"):
            stripped = stripped[:-1]
        if stripped == url:
            return url
        url = stripped
