"""A concept page's "Practise" part: the practice problems that list the concept, each linked to
its place on the Practice page, with the command that grades a solution on the reader's GPU.

One function, called once by gpulist.site.concept_page, so the concept page's own code does not
grow with the practice problems; a concept no problem lists gets nothing.
"""

from __future__ import annotations

from gpulist.view.catalog import SiteView
from gpulist.view.links import rel_link
from gpulist.view.practice import PRACTICE_PAGE, command, problems_of_concept
from gpulist.view.text import escape_text


def practice_section(concept_id: str, view: SiteView, page: str, not_searched: str) -> str:
    """The part, or "" where no problem lists the concept. `not_searched` is the concept page's
    attribute that keeps a later section out of the search index."""
    found = problems_of_concept(view.practice, concept_id)
    if not found:
        return ""
    target = rel_link(page, PRACTICE_PAGE)
    items = "\n".join(f"- [{escape_text(p.title)}]({target}#{p.id}): {escape_text(p.statement)}\n\n"
                      f"    `{command(p)}`" for p in found)
    return (f"## Practise {{ #practise{not_searched} }}\n\nWrite the kernel yourself and have it graded against the "
            f"measured roof of your own GPU ([how grading works]({target})).\n\n{items}\n")
