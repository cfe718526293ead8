"""The site's tools in one row, near the top of the home page.

The home page leads with the paths, but a practitioner often comes for a tool: a concept's
page or the map, the review of check questions, a GPU's numbers, a calculator, a lab. One
row of links right under the lead line puts every tool in the first screen, at 412×915 as
at 1280×800, before "Your next step". Only the tools this build has: a fork without
data/gpus.yml has no GPU numbers or calculators, one without labs no Labs page. The
calculators live on their concept pages (gpulist.site.calculators), so each is a link to
its page's calculator.

Raw HTML (one block, no blank line), so Python-Markdown passes it through under either engine.
"""

from __future__ import annotations

from gpulist.site.calculators import HOOKS
from gpulist.site.concepts import PAGE as CONCEPTS_PAGE
from gpulist.site.review_page import PAGE as REVIEW_PAGE
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.gpus import GPU_PAGE
from gpulist.view.labs import LABS_PAGE
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text

LABEL = "The site's tools"
CALCULATOR_NAMES = {"roofline": "roofline", "kv_cache": "KV cache", "transformer": "transformer"}


def calculator_links(view: SiteView) -> list[tuple[str, str]]:
    """(name, target) of each calculator, to the calculator on its concept page."""
    calculators = view.gpus.calculators if view.gpus is not None else None
    if calculators is None:
        return []
    return [(CALCULATOR_NAMES[name], f"{concept_page(getattr(calculators, name).concept)}#calculator")
            for name in HOOKS]


def tools_row(view: SiteView, page: str, config: SiteConfig) -> str:
    """The row: a labelled navigation list, the calculators grouped in one of its items."""
    def a(label: str, target: str) -> str:
        return f'<a href="{escape_attr(href(page, target, config.link_style))}">{html_text(label)}</a>'
    items = [a("Concepts and map", CONCEPTS_PAGE), a("Review", REVIEW_PAGE)]
    if view.gpus is not None:
        items.append(a("GPU numbers", GPU_PAGE))
    if view.labs:
        items.append(a("Labs", LABS_PAGE))
    calcs = calculator_links(view)
    if calcs:  # last: the widest item, so the others share the first line on a phone
        items.append("Calculators: " + " ".join(a(name, target) for name, target in calcs))
    return (f'<nav class="gpulist-tools" aria-label="{LABEL}"><ul>'
            + "".join(f"<li>{item}</li>" for item in items) + "</ul></nav>\n")
