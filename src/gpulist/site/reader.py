"""The hooks that reader.js turns into read toggles, progress figures and cite controls.

Pages carry data, never controls: the controls are made by
docs/assets/javascripts/reader.js, so without JavaScript a page shows no toggle, no empty
progress figure and no dead button. The contract, which the script and readers' own tools
rely on:

- `data-gpulist-entry="<id>"` on a card's meta line (or a path step): the script adds a
  toggle `<button data-gpulist-read="<id>" aria-pressed="true|false">` to it;
- `data-gpulist-bib="<BibTeX record>"` beside it, on paper and book cards: the script adds
  a "cite" control that shows the record and copies it. The record is embedded rather than
  fetched from gpulist.bib: at most about 3 KB per topic page of the real list, against a
  38 KB file fetched on the first click (40 KB against 1.8 MB at 10,000 entries), and it
  works under `gpulist serve`, which does not publish gpulist.bib;
- `data-gpulist-progress` on an empty element: the script writes "N / M" into it, M being
  the ids in its `data-gpulist-ids` (space-separated), or without that attribute every
  `data-gpulist-entry` of the page. It sits in a `hidden` label the script reveals;
- `data-gpulist-progress-tools` on an empty element: the script adds "Export progress"
  and "Import progress" there.

Read marks live in the browser's localStorage under `gpulist.read.v1`, keyed by entry id.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.models import Resource
from gpulist.view.citation import render_record
from gpulist.view.text import escape_attr

CITED_TYPES = ("paper", "book")


def entry_id(resource: Resource) -> str:
    """` data-gpulist-entry="<id>"`: the attribute the script gives a read toggle (a card's
    meta line, a path's step). Ids are slugs, so nothing in it needs escaping."""
    return f' data-gpulist-entry="{resource.id}"'


def entry_attrs(resource: Resource) -> str:
    """The attributes for a card's meta line: its id, and its citation if it is citable."""
    attrs = entry_id(resource)
    if resource.type in CITED_TYPES:
        # One line: a raw HTML block must not contain a blank line, and newlines in an
        # attribute come back from `&#10;` exactly as written.
        record = escape_attr(render_record(resource)).replace("\n", "&#10;")
        attrs += f' data-gpulist-bib="{record}"'
    return attrs


def progress(ids: Iterable[str] | None = None, label: str = "Read:") -> str:
    """A hidden label with an empty figure, which the script fills with "N / M" and shows:
    over `ids`, or over every entry of the page."""
    scope = "" if ids is None else f' data-gpulist-ids="{" ".join(ids)}"'
    return (f'<span class="gpulist-progress-line" hidden>{label} '
            f'<span class="gpulist-progress" data-gpulist-progress{scope}></span></span>')


def progress_tools() -> str:
    return '<div class="gpulist-progress-tools" data-gpulist-progress-tools></div>'
