"""A concept page's jump links to its parts."""

from __future__ import annotations

import re

from gpulist.site.concept_page import render_concept
from gpulist.site.concept_parts import jump_links
from gpulist.view.catalog import SiteView
from tests.site.conftest import CONFIG


def _targets(nav: str) -> list[str]:
    return re.findall(r'<a href="#([^"]+)">', nav)


def test_links_only_to_the_parts_present_in_page_order() -> None:
    assert _targets(jump_links(True, True, True, True)) == ["definition", "calculator", "measured", "check"]
    assert _targets(jump_links(True, False, False, True)) == ["definition", "check"]
    assert jump_links(False, False, False, False) == ""
    assert _targets(jump_links(True, False, True, True, practise=True)) == ["definition", "measured", "practise", "check"]


def test_every_link_of_a_page_has_its_target_on_that_page(view: SiteView) -> None:
    """The anchors are the ids the page writes: the definition's, and its sections' headings."""
    for cv in view.concept_views:
        page = render_concept(cv, view, CONFIG)
        nav = page.split('<nav class="gpulist-jump"', 1)[1].split("</nav>")[0] if "gpulist-jump" in page else ""
        for target in _targets(nav):
            assert f'id="{target}"' in page or f"{{ #{target} " in page, (cv.concept.id, target)


def test_a_page_links_its_check_yourself_and_its_calculator(view: SiteView) -> None:
    attention = render_concept(view.concept_by_id["attention"], view, CONFIG)
    assert _targets(attention.split("</nav>")[0]) == ["definition", "calculator", "check"]
    assert attention.index('<nav class="gpulist-jump"') < attention.index('<p id="definition"')
    kv = render_concept(view.concept_by_id["kv-cache"], view, CONFIG)  # no questions in the fixture
    assert "#check" not in kv.split("</nav>")[0]
