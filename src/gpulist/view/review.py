"""The check questions as review cards: one list for the Anki deck and the Review page.

Every check question of every concept becomes one card, in the concepts' file order, with
what both outlets show beside the question and its worked answer: the concept (its title,
area and page) and the entry that teaches the answer (its title and card). A card is keyed
by the question's stable `id` (gpulist.contribute.question_ids), which is what the reader's
schedule, in Anki (each note's GUID) and in the browser, is kept under; a reworded question
keeps its schedule. A source the catalog does not have (a catalog with errors, previewed)
leaves the card without its source link rather than dropping the card.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpulist.models import AREA_TITLES
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.links import built_url, site_path

# Where the Anki deck is published beside the site (gpulist.export.anki writes both; the
# home page, the Review page and each "Check yourself" link them).
APKG_PATH = "gpulist.apkg"
TEXT_PATH = "gpulist-anki.txt"
# The deck a question of a concept without an area goes to, beside the areas' own.
OTHER_AREA = "other"
AREA_NAMES = {**AREA_TITLES, OTHER_AREA: "Other"}


@dataclass(frozen=True, slots=True)
class ReviewCard:
    id: str
    question: str
    answer: str
    concept: str
    concept_title: str
    area: str  # one of AREAS, or OTHER_AREA
    concept_path: str  # site path of the concept's page: concepts/<id>/
    source: str  # the teaching entry's id
    source_title: str  # "" when the catalog lacks the entry
    source_path: str  # site path of its card: topics/<topic>/#<id>, "" when the catalog lacks it


def review_cards(view: SiteView) -> list[ReviewCard]:
    cards = []
    for cv in view.concept_views:
        c = cv.concept
        for q in c.check:
            entry = view.entry_by_id.get(q.source)
            cards.append(ReviewCard(
                id=q.id, question=q.question, answer=q.answer, concept=c.id, concept_title=c.title,
                area=c.area or OTHER_AREA, concept_path=built_url(concept_page(c.id)), source=q.source,
                source_title=entry.resource.title if entry else "", source_path=site_path(entry.resource) if entry else ""))
    return cards
