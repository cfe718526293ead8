"""A concept page's "Check yourself": questions with folded answers, graded problems, and the
control that marks the concept known.

Each answer sits in a `<details>` under its question, so a reader answers first and unfolds
second, with or without JavaScript (the theme draws it as a folded "question" box); it ends with a link to its source entry's card, where
the reading that teaches it is. The questions close with where to keep them: the Review
page (spaced review in the browser) and the deck for Anki (gpulist.site.review_page). The graded problems follow, each with what it asks, so a
reader picks one without opening them all.

The control is a contract with the reader scripts, not a script of its own here: the build
writes `<button type="button" class="gpulist-know" data-gpulist-know="<concept id>" hidden>`
(gpulist.site.reader.know_control), followed by the line that says what it does
[data-gpulist-know-effect]; the reader's know.js unhides and binds both. Hidden without
JavaScript, since without it there is no state to keep. It is the page's one "I know this":
the reader marks a concept known where the questions have just said so.

The whole section is raw HTML (one block, no blank line inside, so Python-Markdown passes it
through as written under either engine) under a heading kept out of the search index, like
the page's other later sections: its text is the concept's, not a result of its own.
"""

from __future__ import annotations

from gpulist.models import CheckQuestion, Concept, GradedProblem
from gpulist.site.reader import know_control
from gpulist.site.review_page import PAGE as REVIEW_PAGE
from gpulist.site.review_page import anki_links
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import entry_href, href
from gpulist.view.text import escape_attr, html_text

HEADING = "Check yourself"
ANCHOR = "check"  # the heading's id: a path step's questions link here (gpulist.site.step_checks)
KNOW_LABEL = "I know this"  # one name: concept_page.KNOW, where a concept without questions has it
PLATFORM_NAMES = {"gpu-mode": "GPU MODE", "leetgpu": "LeetGPU", "tensara": "Tensara", "kernelbench": "KernelBench"}


def check_section(concept: Concept, view: SiteView, config: SiteConfig, page: str, not_searched: str) -> str:
    """The section's Markdown, or nothing for a concept without questions or problems."""
    if not concept.check and not concept.problems:
        return ""
    lines = [f'<div class="gpulist-check" data-gpulist-check="{concept.id}">']
    lines += [_question(q, view, config, page) for q in concept.check]
    if concept.problems:
        lines.append('<p class="gpulist-problems-lead">Graded problems that practise it:</p>')
        lines.append('<ul class="gpulist-problems">')
        lines += [_problem(p) for p in concept.problems]
        lines.append("</ul>")
    if concept.check:
        lines.append(f'<p class="gpulist-know-line">{know_control(concept.id, KNOW_LABEL)}</p>')
        review = escape_attr(href(page, REVIEW_PAGE, config.link_style))
        lines.append(f'<p class="gpulist-check-review">Keep them: <a href="{review}">review them when they are due</a>, '
                     f"or in Anki: {anki_links(config, page)}.</p>")
    lines.append("</div>")
    return f"## {HEADING} {{ #{ANCHOR}{not_searched} }}\n\n" + "\n".join(lines) + "\n"


def _question(q: CheckQuestion, view: SiteView, config: SiteConfig, page: str) -> str:
    entry = view.entry_by_id.get(q.source)
    source = ""
    if entry is not None:  # `gpulist validate` refuses an unknown source; a partial view just omits it
        target = escape_attr(entry_href(page, entry.resource, config.link_style))
        source = (f' <a class="gpulist-check-source" href="{target}">'
                  f"Learn it in: {html_text(entry.resource.title)}</a>")
    return (f'<details class="question gpulist-check-q"><summary>{html_text(q.question)}</summary>'
            f"<p>{html_text(q.answer)}{source}</p></details>")


def _problem(p: GradedProblem) -> str:
    return (f'<li><a href="{escape_attr(p.url)}">{html_text(p.title)}</a> '
            f'<span class="gpulist-platform">({PLATFORM_NAMES[p.platform]})</span>: {html_text(p.asks)}</li>')
