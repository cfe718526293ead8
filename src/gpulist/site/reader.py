"""The hooks that the reader's scripts turn into reading states, progress, next steps, filters and cite controls.

Pages carry data, never controls: the controls are made by the reader's scripts,
docs/assets/javascripts/reader/ (one module per concern; base.js lists them and how they are
loaded, and each module's head names the hooks it reads), so without JavaScript a page shows no toggle, no empty
progress figure, no filter form and no dead button, and every card shows. The contract,
which the script and readers' own tools rely on:

- `data-gpulist-entry="<id>"` on a card's meta line (or a listing line, or a path step):
  the script adds a read toggle `<button data-gpulist-read="<id>" aria-pressed="true|false">`
  (a shortcut between unread and read) and a native `<select data-gpulist-status="<id>">`
  whose options are `unread`, `reading`, `read` and `skipped`;
- `data-gpulist-type`, `data-gpulist-effort`, `data-gpulist-access` and `data-gpulist-tier`
  beside it (effort and tier left out when the entry has none): what the filters match;
- `data-gpulist-bib="<BibTeX record>"` beside it, on paper and book cards: the script adds
  a "cite" control that shows the record and copies it. The record is embedded rather than
  fetched from gpulist.bib: at most about 3 KB per topic page of the real list, against a
  38 KB file fetched on the first click (40 KB against 1.8 MB at 10,000 entries), and it
  works under `gpulist serve`, which does not publish gpulist.bib;
- `data-gpulist-progress` on an empty element: the script writes "N / M" into it, M being
  the ids in its `data-gpulist-ids` (space-separated), or without that attribute every
  `data-gpulist-entry` of the page; skipped entries leave both sides. It sits in a `hidden`
  label the script reveals;
- `data-gpulist-progress-tools` on an empty element: the script adds "Export progress",
  "Import progress" and "Copy my progress link" (`data-gpulist-share`);
- `data-gpulist-filters-host` on an empty element of a listing page: the script puts the
  filter form there, `<form data-gpulist-filters>` with checkbox fields named status, type,
  effort, access and tier (and on All resources a search box `text` and menus `topic`, `tag`
  and `year`), mirrored in the address (`?status=unread&effort=quick,hour&text=flash`); each
  option shows how many entries it would leave; cards and lines that do not match get the
  `hidden` attribute, and when none is left `[data-gpulist-filters-empty]` says so and offers
  "Clear filters";
- `data-gpulist-continue` and `data-gpulist-ready` in a `hidden` `data-gpulist-next` box
  (home, start here): the script lists the entries being read, latest first, and up to
  five unread entries whose required concepts are all covered, from reader-data.json
  (gpulist.site.progress_data), found beside the site's root from the script's own address;
- `data-gpulist-requires="<concept ids>"` on a card's "Know first" paragraph, whose links
  carry `data-gpulist-concept="<id>"`: the script hides the links of covered concepts, and
  the paragraph when none is left (the card itself is never hidden for it);
- `data-gpulist-shade` with `data-gpulist-ids` (a concept map's node): the script sets
  `data-gpulist-state` (none, some, all read; skipped ids leave the count) and the CSS
  property `--gpulist-read` (0 to 1).

Marks live in the browser's localStorage under `gpulist.progress.v2`; the read marks of
`gpulist.read.v1` are carried over, with their times, the first time the script runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from gpulist.models import ACCESSES, EFFORT_BANDS, EFFORTS, RESOURCE_TYPES, Resource
from gpulist.view.citation import render_record
from gpulist.view.text import escape_attr

CITED_TYPES = ("paper", "book")
TIERS = (1, 2, 3)


def entry_id(resource: Resource) -> str:
    """` data-gpulist-entry="<id>"`: the attribute the script gives a read toggle (a card's
    meta line, a path's step). Ids are slugs, so nothing in it needs escaping."""
    return f' data-gpulist-entry="{resource.id}"'


def filter_attrs(resource: Resource) -> str:
    """What the filters match, beside the id. Every value comes from a closed set of slugs
    (the model's literals and tier numbers), so none needs escaping; an entry without an
    effort or a tier leaves the attribute out, and matches no filter on it."""
    attrs = f' data-gpulist-type="{resource.type}"'
    if resource.effort:
        attrs += f' data-gpulist-effort="{resource.effort}"'
    attrs += f' data-gpulist-access="{resource.access}"'
    if resource.tier is not None:
        attrs += f' data-gpulist-tier="{resource.tier}"'
    return attrs


def entry_hooks(resource: Resource) -> str:
    """The id and the filter data: for a listing line or a path step."""
    return entry_id(resource) + filter_attrs(resource)


def entry_attrs(resource: Resource) -> str:
    """The attributes for a card's meta line: its id, its filter data, and its citation if it is citable."""
    attrs = entry_hooks(resource)
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


def filter_fields() -> list[list[object]]:
    """The form's checkbox fields but status (the script's own), each `[name, legend, [[value, label], ...]]`,
    from the models' closed sets: the script accepts no other value, in the form or the address.
    Tiers are "Tier N", as on every page that mixes topics."""
    efforts = [[e, EFFORT_BANDS[e] if EFFORT_BANDS[e].startswith(e) else f"{e} ({EFFORT_BANDS[e]})"] for e in EFFORTS]
    return [["type", "Type", [[t, t] for t in RESOURCE_TYPES]], ["effort", "Effort", efforts],
            ["access", "Access", [[a, a] for a in ACCESSES]], ["tier", "Tier", [[str(n), f"Tier {n}"] for n in TIERS]]]


def filters(extra: list[list[object]] | None = None) -> str:
    """Where a listing page's filter form goes, with the values each field offers: an empty
    element, so a page without JavaScript shows no form. `extra` fields follow the checkboxes,
    each `[name, legend, options, kind]`, kind "select" (one value of `options`) or "text" (a
    search box, no options): All resources adds its text, topic, concept and year fields."""
    given = filter_fields() + (extra or [])
    fields = escape_attr(json.dumps(given, ensure_ascii=False, separators=(",", ":")))
    return f'<div class="gpulist-filters" data-gpulist-filters-host data-gpulist-fields="{fields}"></div>'


def next_steps() -> str:
    """"Continue" and "Ready for you", hidden until the script has filled them: both need the
    reader's marks, which only the browser knows."""
    return ('<div class="gpulist-next" data-gpulist-next hidden>'
            '<section class="gpulist-continue" data-gpulist-continue></section>'
            '<section class="gpulist-ready" data-gpulist-ready></section></div>')
