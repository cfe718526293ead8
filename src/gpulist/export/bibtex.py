"""gpulist.bib: every entry of the list as a BibTeX record, keyed by its id.

The records themselves (types, fields, escaping) come from `gpulist.view.citation`, which
the site's cite control uses too. Published beside the site, like README.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.models import Resource
from gpulist.view.citation import render_record

PATH = "gpulist.bib"
HEADER = "% The GPU performance engineering reading list, as BibTeX: one record per entry, keyed by its id.\n"


def render_bibtex(resources: Iterable[Resource]) -> str:
    """Sorted by key, so the file diffs cleanly as entries come and go."""
    records = [render_record(r) for r in sorted(resources, key=lambda r: r.id)]
    return HEADER + "\n" + "\n".join(records)
