"""One-line entries for listings: a link to the card, badges, year and (optionally) topic."""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.site.icons import NEW, TYPE_ICONS
from gpulist.site.listing import entry_line, entry_list
from gpulist.view.catalog import SiteView
from gpulist.view.links import BUILT, SOURCE
from gpulist.view.text import html_text

from tests.site.conftest import CONFIG


def entry(catalog: Catalog, entry_id: str):
    return next(e for e in catalog.entries if e.resource.id == entry_id)


def test_entry_line(catalog: Catalog, view: SiteView) -> None:
    line = entry_line(entry(catalog, "flashattention-3"), view, "tags/fp8.md", BUILT, topic=True)
    assert line == (f'<li>{TYPE_ICONS["paper"]} <a href="../../topics/attention/#flashattention-3">FlashAttention-3: '
                    f"Fast and Accurate Attention with Asynchrony and Low-precision</a> {NEW} — 2024, "
                    "Attention &amp; Memory-Bound Kernels</li>")
    assert entry_line(entry(catalog, "semianalysis"), view, "index.md", BUILT) == \
        f'<li>{TYPE_ICONS["blog"]} <a href="topics/big-picture/#semianalysis">SemiAnalysis</a></li>'


def test_entry_line_for_zensical_links_the_card_source(catalog: Catalog, view: SiteView) -> None:
    """Zensical rewrites raw HTML links from the source file's folder to the built page's."""
    line = entry_line(entry(catalog, "semianalysis"), view, "tags/fp8.md", SOURCE)
    assert 'href="../topics/big-picture/#semianalysis"' in line


def test_entry_line_takes_attributes_and_a_tail_inside_its_item(catalog: Catalog, view: SiteView) -> None:
    """A path's step is the same line with its id on the item and its reason after the line."""
    e = entry(catalog, "flashattention-3")
    plain = entry_line(e, view, "paths/first-steps.md", BUILT, topic=True)
    step = entry_line(e, view, "paths/first-steps.md", BUILT, topic=True, attrs=' data-x="1"', tail="<br>why")
    assert step == '<li data-x="1">' + plain.removeprefix("<li>").removesuffix("</li>") + "<br>why</li>"


def test_titles_are_escaped(catalog: Catalog, view: SiteView) -> None:
    line = entry_line(entry(catalog, "tricky-title"), view, "recent.md", BUILT)
    title = entry(catalog, "tricky-title").resource.title
    assert "&" in title and html_text(title) in line and title not in line


def test_a_list_is_one_html_block(catalog: Catalog, view: SiteView) -> None:
    block = entry_list(catalog.entries[:2], view, "tags/cuda.md", CONFIG)
    assert block.startswith('<ul class="gpulist-list">\n<li>') and block.endswith("</li>\n</ul>\n")
    assert "\n\n" not in block, "a blank line would end the HTML block early"


def test_empty_list(view: SiteView) -> None:
    assert entry_list([], view, "index.md", CONFIG) == "*None yet.*\n"
