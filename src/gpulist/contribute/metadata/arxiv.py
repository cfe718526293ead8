"""arXiv papers, from the arXiv API's Atom feed: the abstract page's own record.

abs, pdf and versioned URLs all name the same paper; the entry always gets the abs URL,
which is the one readers can follow to every version.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import httpx

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata.base import Metadata, clean, effort_band, year_of
from gpulist.contribute.metadata.http import Reply, get

_PAGES = re.compile(r"(\d{1,4})\s*pages?\b", re.IGNORECASE)
_NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom"}


def abs_url(paper: str) -> str:
    return f"https://arxiv.org/abs/{paper}"


def fetch(paper: str, config: NetConfig, http: httpx.Client) -> Metadata:
    skeleton = Metadata(url=abs_url(paper), source="arxiv", type="paper", arxiv=paper)
    reply = get(http, config.arxiv_api, config.max_bytes, params={"id_list": paper, "max_results": "1"})
    if not isinstance(reply, Reply):
        skeleton.failure = f"arXiv API: {reply}"
        return skeleton
    return parse(reply.body, skeleton)


def parse(body: bytes, skeleton: Metadata) -> Metadata:
    """Fill the skeleton from the feed; a feed without the paper is a failure, not a guess."""
    try:
        root = ET.fromstring(body)
    except ET.ParseError as exc:
        skeleton.failure = f"arXiv API: malformed XML ({exc})"
        return skeleton
    entry = root.find("atom:entry", _NS)
    title = clean(entry.findtext("atom:title", namespaces=_NS)) if entry is not None else None
    entry_id = entry.findtext("atom:id", default="", namespaces=_NS) if entry is not None else ""
    if entry is None or title is None or "/api/errors" in entry_id or title == "Error":
        skeleton.failure = f"arXiv API: no paper {skeleton.arxiv}"
        return skeleton
    skeleton.title = title
    names = (clean(a.findtext("atom:name", namespaces=_NS)) for a in entry.findall("atom:author", _NS))
    skeleton.authors = [n for n in names if n]
    skeleton.year = year_of(entry.findtext("atom:published", namespaces=_NS))
    skeleton.effort = effort_band(pages=_pages(entry.findtext("arxiv:comment", namespaces=_NS)))
    doi = clean(entry.findtext("arxiv:doi", namespaces=_NS))
    skeleton.doi = doi.lower() if doi and doi.startswith("10.") else None
    return skeleton


def _pages(comment: str | None) -> int | None:
    """The page count an arXiv comment states ("12 pages, 5 figures"), if any."""
    found = _PAGES.search(comment or "")
    return int(found.group(1)) if found else None
