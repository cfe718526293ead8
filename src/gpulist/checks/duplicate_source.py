"""Each watched source once: one id per source, one source per feed.

A source's id keys its conditional-GET validators in the state file, so two sources with
one id would overwrite each other's; two ids for one feed would fetch it twice and
propose its posts twice. Blog entries with a `feed` are sources too, under their own id.
"""

from __future__ import annotations

from gpulist.checks._util import at_doc, list_items
from gpulist.identity import normalize_url
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Document
from gpulist.problems import Problem

RULE = "duplicate-source"


def check(catalog: Catalog) -> list[Problem]:
    doc = catalog.watch_doc
    seen_ids: dict[str, str] = {}
    seen_urls: dict[str, str] = {}
    for entry in catalog.entries:
        if entry.resource.feed:
            seen_ids[entry.resource.id] = entry.doc.path
            seen_urls.setdefault(normalize_url(entry.resource.feed), entry.doc.path)
    if doc is None:
        return []
    problems: list[Problem] = []
    for index, item in enumerate(list_items(doc)):
        if not isinstance(item, dict):
            continue
        problems += _clash(doc, (index, "id"), item.get("id"), seen_ids, "id '{}' is already used by {}")
        url = item.get("url") if item.get("kind") != "arxiv" else None  # one API endpoint, many queries
        key = normalize_url(url) if isinstance(url, str) else None
        problems += _clash(doc, (index, "url"), key, seen_urls, "this feed is already watched by {1}", url)
    return problems


def _clash(doc: Document, loc: tuple, key: object, seen: dict[str, str], template: str, shown: object = None) -> list[Problem]:
    if not isinstance(key, str):
        return []
    if key in seen:
        return [at_doc(doc, loc, template.format(shown or key, seen[key]), RULE)]
    seen[key] = f"{doc.path}:{doc.marks.at(loc)[0]}"  # the first one, named by each repeat
    return []
