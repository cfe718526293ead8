"""A concept page's jump links: one line under its name to each of its main parts.

A concept page runs long (its cards, charts and calculator come before "Check yourself",
which sat 6,100 px down at 412 px), and the theme's table of contents is in a drawer on a
phone. So the page opens with plain in-page links to the parts it has, in page order:
Definition, Calculator, Measured, Practise, Check yourself. Plain anchors, so they work without
JavaScript and under instant navigation in both engines; each target keeps clear of the
sticky header (`scroll-margin-top`, gpulist.css). A part the page lacks has no link.
"""

from __future__ import annotations

from gpulist.site.check_section import ANCHOR as CHECK_ANCHOR
from gpulist.site.check_section import HEADING as CHECK_HEADING

DEFINITION_ID = "definition"  # the definition paragraph's id (gpulist.site.concept_page)
# (anchor, label) in page order; the anchors are the sections' own heading ids.
PARTS = ((DEFINITION_ID, "Definition"), ("calculator", "Calculator"), ("measured", "Measured"),
         ("practise", "Practise"), (CHECK_ANCHOR, CHECK_HEADING))
LABEL = "On this page"


def jump_links(definition: bool, calculator: bool, measured: bool, check: bool, practise: bool = False) -> str:
    """The line of links to the parts present, or nothing for a page with none of them."""
    present = (definition, calculator, measured, practise, check)
    links = [f'<a href="#{anchor}">{label}</a>' for (anchor, label), here in zip(PARTS, present) if here]
    if not links:
        return ""
    return (f'<nav class="gpulist-jump" aria-label="{LABEL}" data-search-exclude><ul>'
            + "".join(f"<li>{link}</li>" for link in links) + "</ul></nav>\n")
