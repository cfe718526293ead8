"""An entry's `provenance:` is plain text: the curator's record of how it was sourced.

Nothing renders it, so markup there is never needed; refusing it keeps the field a note
and not a way to smuggle HTML or a script link into a file that a later tool might show.
Bare http(s) addresses are welcome: they are the stored copies and listings a curator
cites. HTML tags, character entities, Markdown links and images, and script or data
schemes are refused, located at the field.
"""

from __future__ import annotations

import re

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "provenance-markup"
_MARKUP = re.compile(
    r"</?[a-z][a-z0-9-]*(?:[\s/][^>]*)?>|<!--"  # an HTML tag or comment (a < b in prose is not)
    r"|&#?\w+;|\]\(|^\s*\[[^\]]+\]:"  # an entity, a Markdown link or a reference definition
    r"|\b(?:javascript|vbscript):|\bdata:[a-z]+/",  # script and data URLs
    re.IGNORECASE | re.MULTILINE)


def markup_in(text: str) -> str | None:
    found = _MARKUP.search(text)
    return found.group(0).strip() if found else None


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for entry in catalog.entries:
        text = entry.resource.provenance
        found = markup_in(text) if text else None
        if found:
            problems.append(at(entry, ("provenance",), f"`provenance` is plain text (found '{found}'): no HTML, "
                               "entities, Markdown links or script URLs; write a bare https:// address", RULE))
    return problems
