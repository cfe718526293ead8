"""reader-data.json: what the reader's scripts need to plan a reader's next step, and nothing more.

"Your next step", "Continue" and "Ready for you" (home, start here), the cards' "Know first"
chips and the path pages need, for every entry, its title, its card, its tier, the concepts
it requires, its effort and access as a card shows them, for every concept the entries whose
reading covers it, and for every path its steps with why each comes now. resources.json holds all that and far more (notes,
links, authors, edit links); this file is the compact part, written from the view, fetched
by the script from the site's root (same origin, once per visit: it is kept in memory
across instant navigation) and only on pages that use it.

Shape (version 1; keys are only ever added within a version):

    {"version": 1,
     "pages": ["topics/attention/", ...],              the topic pages, site paths
     "concepts": [["cuda", [entry indexes], ["question id", ...], "area"], ...],
                                                       the entries that cover each concept, its
                                                       check questions' ids and its area
     "entries": [["flashattention-2", "Title", page index, tier or 0, [concept indexes],
                  "≈ 3 h" or "", "paid" or ""], ...],
     "paths": [[entry indexes], ...],
     "path_info": [["path-id", "Title", "paths/path-id/", "who it is for", ["why", ...]], ...]}

Each concept's question ids and area (added within version 1) are what the Review page and
the home page's due count need to know which questions a reader's covered concepts, path or
area hold, without fetching the questions' text (review-data.json, gpulist.site.review_page).
`path_info` (added within version 1, as were each entry's effort and access) runs beside
`paths`, one item per path, its reasons one per step; "who it is for" is the path's
`audience`, else its description.

Entries come in the guide's order, which is also the order "Ready for you" falls back to;
the concept indexes of an entry are those it requires. A concept is covered when one of its
covering entries is read: its `start` entries, or, when none of those is listed, every
entry tagged with it. Indexes rather than ids keep the file small: ids are the bulk of it.
"""

from __future__ import annotations

import json
from typing import Any

from gpulist.load import Entry
from gpulist.models import Concept
from gpulist.view import effort
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import teaching
from gpulist.view.review import OTHER_AREA

PATH = "reader-data.json"
VERSION = 1


def covering(concept: Concept, view: SiteView, index: dict[str, int]) -> list[int]:
    """The entries whose reading covers `concept` (gpulist.view.concepts.teaching): its listed
    start entries, else its tagged ones. A start entry since removed is left out; when none is
    left, the tags decide."""
    tagged = (e.resource.id for e in view.by_concept.get(concept.id, ()))
    return [index[i] for i in teaching(concept, index, tagged) if i in index]


def progress_data(view: SiteView) -> dict[str, Any]:
    entries: list[Entry] = view.entries
    index = {e.resource.id: i for i, e in enumerate(entries)}
    concepts = {c.id: n for n, c in enumerate(view.concepts)}
    pages = {t.topic.id: n for n, t in enumerate(view.topics)}
    rows = []
    for e in entries:
        r = e.resource
        requires = [concepts[c] for c in dict.fromkeys(r.requires) if c in concepts]
        rows.append([r.id, r.title, pages[r.topic], r.tier or 0, requires, effort.label(r) or "",
                     effort.ACCESS_LABELS.get(r.access, "")])
    steps = [[s for s in p.steps if s.entry.resource.id in index] for p in view.paths]
    return {
        "version": VERSION,
        "pages": [f"topics/{t.topic.id}/" for t in view.topics],
        "concepts": [[c.id, covering(c, view, index), [q.id for q in c.check], c.area or OTHER_AREA] for c in view.concepts],
        "entries": rows,
        "paths": [[index[s.entry.resource.id] for s in mine] for mine in steps],
        "path_info": [[p.path.id, p.path.title, f"paths/{p.path.id}/", p.path.audience or p.path.description,
                       [s.why for s in mine]] for p, mine in zip(view.paths, steps, strict=True)],
    }


def render_progress_data(view: SiteView) -> str:
    """Compact JSON, as resources.json: every page that plans a next step fetches it."""
    return json.dumps(progress_data(view), ensure_ascii=False, separators=(",", ":")) + "\n"
