"""The Review page (`review/`) and what it reads: the check questions as spaced review.

The page holds one empty hook, `<div data-gpulist-review>`, which the reader's review.js
fills: the questions due today from the concepts the reader has covered (read, or known),
or from a path or an area the reader chooses; each is answered, revealed and graded (again,
hard, good, easy), and FSRS (ts-fsrs, vendored) says when it comes back. The schedule lives
in the browser with the rest of the reader's progress (schedule.js). Without JavaScript
there is no schedule to keep, so the page says so and offers the Anki deck, which works
without this site at all.

review-data.json holds the questions' text, fetched by the Review page only (reader-data.json,
which every planning page fetches, carries just each concept's question ids and area):

    {"version": 1,
     "concepts": [["kv-cache", "KV Cache", "serving", "concepts/kv-cache/"], ...],
     "questions": [["kv-cache-llama-3-1", concept index, "question", "answer",
                    "source title", "topics/serving/#vllm"], ...]}

Site paths are relative to the site's root; the source title and path are "" where the
catalog lacks the entry (a catalog with errors, previewed). The areas' names are on the hook
itself (`data-gpulist-areas`, `[["hardware", "Hardware"], ...]`), for the scope menu, which
a reader with nothing due sees without fetching the questions.
"""

from __future__ import annotations

import json
from typing import Any

from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.review import APKG_PATH, AREA_NAMES, TEXT_PATH, review_cards
from gpulist.view.links import href
from gpulist.view.text import escape_attr, front_matter, html_text

PAGE = "review.md"
DATA_PATH = "review-data.json"
VERSION = 1


def review_data(view: SiteView) -> dict[str, Any]:
    cards = review_cards(view)
    concepts: dict[str, int] = {}
    rows: list[list[Any]] = []
    for card in cards:
        index = concepts.setdefault(card.concept, len(concepts))
        rows.append([card.id, index, card.question, card.answer, card.source_title, card.source_path])
    first = {card.concept: card for card in cards}
    return {"version": VERSION,
            "concepts": [[c, first[c].concept_title, first[c].area, first[c].concept_path] for c in concepts],
            "questions": rows}


def render_review_data(view: SiteView) -> str:
    return json.dumps(review_data(view), ensure_ascii=False, separators=(",", ":")) + "\n"


def published_link(config: SiteConfig, page: str, name: str) -> str:
    """A file published beside the built site (gpulist.publish.render), never through the
    engine: a raw HTML link from `page`, which the engines neither check nor refuse, so it works
    with or without a site URL. Both engines read a link to README.md as one to the home page (a
    folder's README is its index) and rewrite it, so its dot is written %2E: the engines leave
    that link alone, and a web server reads the name as README.md."""
    target = name.replace(".md", "%2Emd") if name.endswith(".md") else name
    return f'<a href="{escape_attr(href(page, target, config.link_style))}">{html_text(name)}</a>'


def anki_links(config: SiteConfig, page: str) -> str:
    """Where the deck for Anki is: the package, and the text file with Anki's import headers."""
    return (f"{published_link(config, page, APKG_PATH)} (a deck for Anki: importing a newer one updates your cards in place) · "
            f"{published_link(config, page, TEXT_PATH)} (the same notes as text, with Anki's import headers)")


def render_review(view: SiteView, config: SiteConfig) -> str:
    count = len(review_cards(view))
    out = [front_matter({"title": "Review", **SEARCH_EXCLUDED})]
    out.append("# Review\n\nThe check questions of the concepts you have covered, each when it is due: answer it, "
               "show the answer, and say how well you knew it; FSRS, a spaced-repetition scheduler, brings it back "
               "just before you would forget it. Your schedule stays in this browser with the rest of your "
               "progress, and travels in progress files and links.\n")
    areas = escape_attr(json.dumps([[a, AREA_NAMES[a]] for a in AREA_NAMES], ensure_ascii=False, separators=(",", ":")))
    out.append(f'<div class="gpulist-review" data-gpulist-review data-gpulist-areas="{areas}">'
               f"<p>Review needs JavaScript to keep your schedule. The {count} questions are on their concepts' pages "
               "under \u201cCheck yourself\u201d, and in the deck for Anki below.</p></div>\n")
    out.append(f"## Review in Anki {{ #anki }}\n\n{anki_links(config, PAGE)}\n")
    return "\n".join(out)
