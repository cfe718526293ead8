"""The hooks that the reader's scripts turn into reading states, progress, next steps, filters and cite controls.

Pages carry data, never controls: the controls are made by the reader's scripts,
docs/assets/javascripts/reader/ (one module per concern; base.js lists them and how they are
loaded, and each module's head names the hooks it reads), so without JavaScript a page shows no toggle, no empty
progress figure, no filter form and no dead button, and every card shows. The contract,
which the script and readers' own tools rely on:

- `data-gpulist-entry="<id>"` on a card's meta line (or a listing line, or a path step):
  the script adds the entry's one control, a native `<select data-gpulist-status="<id>">`
  whose options are `unread`, `reading`, `read` and `skipped` (its `data-gpulist-state`
  follows the value, for the stylesheet). Nothing else interactive is ever added inside
  the element: besides its own links, an entry has exactly that one control (a path step
  also folds its concepts' check questions in a `<details class="gpulist-step-check">`
  the build writes, gpulist.site.step_checks: text to unfold, not a control of the entry);
- `data-gpulist-type`, `data-gpulist-effort`, `data-gpulist-access` and `data-gpulist-tier`
  beside it (effort and tier left out when the entry has none): what the filters match;
- `<details class="gpulist-cite" data-gpulist-cite>` closing a paper or book card, outside
  the entry's element: "Cite" folds out the BibTeX record (a bare `<pre>`), without
  JavaScript too; the script copies it on opening and adds a "copy" button beside it. The
  record is embedded rather than fetched from gpulist.bib: at most about 3 KB per topic page
  of the real list, against a 38 KB file fetched on the first click (40 KB against 1.8 MB at
  10,000 entries), and it works under `gpulist serve`, which does not publish gpulist.bib.
  It is left out of the search index (`data-search-exclude`);
- `data-gpulist-progress` on an empty element: the script writes "N / M" into it, M being
  the ids in its `data-gpulist-ids` (space-separated), or without that attribute every
  `data-gpulist-entry` of the page; skipped entries leave both sides, except with
  `data-gpulist-whole` (a path's figure), where M is every id. `data-gpulist-tally` beside
  it, over the same ids, gets the count in words: "3 read, 1 skipped, 11 to go". Both sit in
  a `hidden` label the script reveals;
- `data-gpulist-path-choice="<path id>"` on what offers a path (its line on home, Start here
  and paths/, with the path's link; or its own page): the script adds a "Follow this path"
  button (`data-gpulist-follow`, `aria-pressed`) and marks the reader's chosen path
  `data-gpulist-chosen`. The choice is kept in localStorage under `gpulist.path.v1`; a chosen
  path that no longer exists counts as none chosen;
- `data-gpulist-next-step` (home): "Your next step", written by the build as the first step
  of the first path; the script rewrites it for the reader's path (chosen, else the first):
  its first step neither read nor skipped, with why it comes now, its effort and access, and
  the entry's control; once every step is read or skipped, that the path is done and the
  next path to follow. Its last child, a `hidden` `data-gpulist-due` paragraph, is kept
  through each rewrite: the script writes into it how many check questions are due for
  review, linked to the Review page, and shows it only when some are;
- `data-gpulist-review` (the Review page, gpulist.site.review_page): the script replaces
  its no-JavaScript note with the review of the questions due;
- on a path page, each step (`data-gpulist-entry` on its `<li>`) gets `data-gpulist-state`
  (its status), and the first neither read nor skipped `data-gpulist-current` and
  `aria-current="step"`: read and skipped steps look done;
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
  five entries ready for the reader, from reader-data.json (gpulist.site.progress_data),
  found beside the site's root from the script's own address. Ready means unread, in a tier,
  and every required concept covered (read, or known); an entry that requires nothing is
  ready only in tier 1. The reader's path's ready steps come first, in its order, then tier 1
  of the topics it passes through, then the rest, tier 1 first;
- `data-gpulist-requires="<concept ids>"` on a card's "Know first" paragraph, whose links
  carry `data-gpulist-concept="<id>"`: the script hides the links of covered concepts, and
  the paragraph when none is left (the card itself is never hidden for it);
- `<button type="button" class="gpulist-know" data-gpulist-know="<concept id>" hidden>` on a
  concept page, once ("I know this" under "Check yourself", or near the top of a concept
  without questions), followed by a `hidden` `data-gpulist-know-effect` line that says what
  marking does: the script shows both and binds every button, sets `aria-pressed` from the reader's known concepts,
  and a press marks the concept known or no longer known. A known concept counts as covered
  everywhere ("Know first" chips hide, what requires it can be ready); known concepts are
  kept under `gpulist.known.v1` and travel in progress files and links (`known`);
- `data-gpulist-shade` with `data-gpulist-ids` (a concept map's node): the script sets
  `data-gpulist-state` (none, some, all read; skipped ids leave the count) and the CSS
  property `--gpulist-read` (0 to 1).
- `data-gpulist-measured="<lab>"` (a Measured section's lab block, gpulist.site.measured): the
  script (compare.js) adds "Compare with your GPU" (`data-gpulist-compare`), and draws a
  reader's record of that lab, kept in localStorage under `gpulist-compare`, on the block's
  charts from their `data-gpulist-box`, `-x`, `-y` and `-units` (gpulist.site.chart) and
  beside the table rows that carry `data-gpulist-series` and `data-gpulist-x`.

Marks live in the browser's localStorage under `gpulist.progress.v2`; the read marks of
`gpulist.read.v1` are carried over, with their times, the first time the script runs.
Without JavaScript a page reads as a plain list: every card shows, the paths are links, and
"Your next step" names the first step of the first path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from gpulist.models import ACCESSES, EFFORT_BANDS, EFFORTS, RESOURCE_TYPES, Resource
from gpulist.view.citation import render_record
from gpulist.view.text import escape_attr, html_text

CITED_TYPES = ("paper", "book")
TIERS = (1, 2, 3)


def entry_id(resource: Resource) -> str:
    """` data-gpulist-entry="<id>"`: the attribute the script gives an entry's control (a card's
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


def cite(resource: Resource) -> str:
    """A paper's or book's BibTeX record, folded away; "" for other types. Outside the entry's
    element, so that element keeps one control; a `<details>`, so it works without JavaScript.

    The record is a bare `<pre>`, not `<pre><code>`: both themes mount a code-block component
    on every `pre > code` as the page loads, each measuring its block (a forced layout of the
    whole page) and adding buttons, one after another. At about 30 records a topic page,
    that was some 70 ms of Lighthouse's mobile blocking time for records nobody had opened.
    The script adds the one copy button a record needs."""
    if resource.type not in CITED_TYPES:
        return ""
    # One line: a raw HTML block must not contain a blank line, and `&#10;` is a newline again
    # inside <pre>, exactly as written.
    record = html_text(render_record(resource)).replace("\n", "&#10;")
    return (f'<details class="gpulist-cite" data-gpulist-cite data-search-exclude><summary>Cite</summary>'
            f'<pre class="gpulist-bibtex" tabindex="0">{record}</pre></details>')


def know(concept_id: str, label: str) -> str:
    """The control that marks a concept known, hidden until the script binds it: without
    JavaScript there is no state to keep. Concept ids are slugs: nothing to escape."""
    return f'<button type="button" class="gpulist-know" data-gpulist-know="{concept_id}" hidden>{html_text(label)}</button>'


# What "I know this" does, said beside it: what a reader gives up by pressing it is not obvious.
KNOW_EFFECT = ("Kept in this browser: the concept then counts as covered, so it leaves the cards' "
               "\u201cKnow first\u201d and the reads that need it become ready for you. Press again to undo.")


def know_control(concept_id: str, label: str) -> str:
    """The control and, after it, the line that says its effect [data-gpulist-know-effect]:
    both hidden until the script binds the control (know.js), as the control alone was."""
    return (know(concept_id, label) + f' <span class="gpulist-know-effect" data-gpulist-know-effect hidden>'
            f"{html_text(KNOW_EFFECT)}</span>")


def progress(ids: Iterable[str] | None = None, label: str = "Read:", *, whole: bool = False, tally: bool = False) -> str:
    """A hidden label with an empty figure, which the script fills with "N / M" and shows:
    over `ids`, or over every entry of the page. A path's figure is `whole`: its M is the
    path's length, skipped steps included. With `tally`, the label ends with the reader's
    count in words ("3 read, 1 skipped, 11 to go"), over the same ids."""
    listed = " ".join(ids) if ids is not None else None
    scope = "" if listed is None else f' data-gpulist-ids="{listed}"'
    words = f' · <span class="gpulist-tally" data-gpulist-tally{scope}></span>' if tally else ""
    return (f'<span class="gpulist-progress-line" hidden>{label} '
            f'<span class="gpulist-progress" data-gpulist-progress{scope}{" data-gpulist-whole" if whole else ""}>'
            f"</span>{words}</span>")


def path_choice(path_id: str) -> str:
    """` data-gpulist-path-choice="<id>"`, on what offers a path (its line on home, Start here and
    paths/, or its own page): the script adds "Follow this path" there. Path ids are slugs."""
    return f' data-gpulist-path-choice="{path_id}"'


def next_step(inner: str) -> str:
    """"Your next step": the build writes the first step of the first path inside, which is
    what a reader without JavaScript, or with no path chosen, is offered; the script rewrites
    it from the reader's chosen path and marks (gpulist.site.next_step)."""
    return (f'<section class="gpulist-step" data-gpulist-next-step aria-label="Your next step">{inner}'
            '<p class="gpulist-due" data-gpulist-due hidden></p></section>')


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
