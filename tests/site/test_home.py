"""Home: legend, one card per topic with its count, the three steps, recent and favourites."""

from __future__ import annotations

import re

from gpulist.checks import validate
from gpulist.site.home import RECENT_ON_HOME, render_home
from gpulist.site.icons import FAVORITE, NEW, TYPE_ICONS
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.config import SiteConfig

from tests.conftest import DATA
from tests.site.conftest import CONFIG


def test_one_card_per_topic_with_counts(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    cards = re.findall(r'^<li><p><strong><a href="(topics/[a-z-]+/)">(.+?)</a></strong> · (\d+) entr', text, re.MULTILINE)
    assert [(page, int(n)) for page, _, n in cards] == [(f"topics/{t.topic.id}/", t.count) for t in view.topics]


def test_the_real_list_has_a_topic_card_per_topic_and_says_how_many() -> None:
    catalog, _ = validate(DATA)
    home = render_home(build_view(catalog), CONFIG)
    assert home.count("\n<li><p><strong><a") == len(catalog.topics) == 12
    assert "twelve topics, each read in three tiers" in home


def test_legend_lists_every_type_and_badge(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    assert all(icon in text.split("## Topics")[0] for icon in [*TYPE_ICONS.values(), NEW, FAVORITE])


def test_recent_and_favourites(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    recent = text.split("## Recently added")[1].split("\n\n[All recent")[0]
    assert recent.count("\n<li>") == min(RECENT_ON_HOME, len(view.entries))
    assert f'<li>{TYPE_ICONS["paper"]} <a href="topics/attention/#flashattention-3">FlashAttention-3' in \
        recent.split("</li>")[0]
    favourites = text.split("## Favourites")[1].split("## Exports")[0]
    assert favourites.count(FAVORITE) == sum(e.resource.favorite for e in view.entries)


def test_readme_is_linked_by_its_published_address(view: SiteView) -> None:
    """A relative link to a .md file is a page link to both engines, and README.md is no page."""
    assert '<a href="https://example.test/gpulist/README.md">README.md</a>' in render_home(view, CONFIG)
    text = render_home(view, SiteConfig())
    assert "README.md, beside the built site" in text and 'href="README.md"' not in text


def test_start_here_steps_link_to_the_path(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    assert "**[Step 1: Tier 1 of every topic](start-here.md#step_1)** (4 entries): " \
           "[Fundamentals](topics/fundamentals.md#tier_1) (2) · " in text
    assert "**[Step 2: Tier 2](start-here.md#step_2)** (1 entry): [Attention &amp; Memory-Bound Kernels]" \
           "(topics/attention.md#tier_2) (1)\n" in text
