"""A path step's check questions: the questions of the concepts its entry teaches.

A path says what to read; the concepts' questions say whether it stuck. Each step of a path
page folds, under its reason, the check questions of the concepts its entry is tagged with,
each concept linked to its page's "Check yourself" (#check), where the answers are folded and
"I know this" marks the concept known. Folded (a `<details>`, drawn as the theme's "question" box like the concept page's own), so the path still reads as a
list of steps, and written as HTML, so it works the same without JavaScript and under either
engine. Only the questions are here: the answers stay on the concept page, one place to
answer, review and mark.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.check_section import ANCHOR
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import ConceptView
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text

NAMED = 3  # concepts named in a step's summary; the rest are counted



def step_concepts(entry: Entry, view: SiteView) -> list[ConceptView]:
    """The concepts the entry is tagged with that have check questions, in its tags' order."""
    found = (view.concept_by_id.get(tag) for tag in dict.fromkeys(entry.resource.tags))
    return [cv for cv in found if cv is not None and cv.concept.check]


def step_checks(entry: Entry, view: SiteView, page: str, style: str) -> str:
    """The folded questions for one step, or nothing when none of its concepts has any."""
    concepts = step_concepts(entry, view)
    if not concepts:
        return ""
    count = sum(len(cv.concept.check) for cv in concepts)
    names = _names([cv.concept.title for cv in concepts])
    groups = "".join(_group(cv, page, style) for cv in concepts)
    questions = "question" if count == 1 else "questions"
    return (f'<details class="question gpulist-step-check"><summary>Check yourself: {count} {questions} on {names}</summary>'
            f"{groups}</details>")


def _names(titles: list[str]) -> str:
    """"Roofline, Kernel Fusion, PyTorch", or past NAMED of them "… and 6 more": a summary is one
    line to decide on, and an entry can carry nine concepts."""
    shown = ", ".join(html_text(t) for t in titles[:NAMED])
    return shown if len(titles) <= NAMED else f"{shown} and {len(titles) - NAMED} more"


def _group(cv: ConceptView, page: str, style: str) -> str:
    """One concept's questions, under a link to where they are answered."""
    target = escape_attr(href(page, f"{cv.page}#{ANCHOR}", style))
    items = "".join(f"<li>{html_text(q.question)}</li>" for q in cv.concept.check)
    return (f'<p class="gpulist-step-check-concept"><a href="{target}">{html_text(cv.concept.title)}</a>: '
            f"answer them on its page, then mark it known.</p><ul>{items}</ul>")
