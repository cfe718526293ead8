"""Home: the lead line, the next step and the paths first; then the topics, recent, favourites, the legend."""

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


def test_legend_lists_every_type_and_badge_after_the_topics(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    legend = text.split("## Legend")[1].split("## Exports")[0]
    assert all(icon in legend for icon in [*TYPE_ICONS.values(), NEW, FAVORITE])
    assert text.index("## Topics") < text.index("## Legend")


def test_recent_and_favourites(view: SiteView) -> None:
    text = render_home(view, CONFIG)
    recent = text.split("## Recently added")[1].split("\n\n[All recent")[0]
    assert recent.count("\n<li>") == min(RECENT_ON_HOME, len(view.entries)) == 5
    assert recent.count('<span class="gpulist-added">· added <time datetime="') == 5
    assert f'<li>{TYPE_ICONS["paper"]} <a href="topics/attention/#flashattention-3">FlashAttention-3' in \
        recent.split("</li>")[0]
    favourites = text.split("## Favourites")[1].split("## Legend")[0]
    assert favourites.count(FAVORITE) == sum(e.resource.favorite for e in view.entries)


def test_the_exports_are_linked_with_or_without_a_site_url(view: SiteView) -> None:
    """They were only named without a site URL. README.md's dot is written %2E: both engines
    read a link to README.md as one to the home page and rewrite it."""
    for config in (CONFIG, SiteConfig()):
        text = render_home(view, config)
        assert '<a href="README%2Emd">README.md</a>' in text and '<a href="gpulist.bib">gpulist.bib</a>' in text
        assert "beside the built site" not in text


def test_the_first_screen_is_the_line_the_tools_the_next_step_and_the_paths(view: SiteView) -> None:
    """In this order, before anything else: what the site is, its tools, the step to take, the paths."""
    text = render_home(view, CONFIG).split("\n---\n", 1)[1].strip()
    blocks = [b for b in text.split("\n\n") if b.strip()]
    assert blocks[0] == "# GPU performance engineering reading list"
    assert blocks[1].startswith('<p class="gpulist-lead">A curated reading list for GPU performance engineering: '
                                "10 entries in 3 topics")
    assert blocks[2].startswith('<nav class="gpulist-tools" aria-label="The site\'s tools">')
    assert blocks[3].startswith('<section class="gpulist-step" data-gpulist-next-step')
    assert blocks[4] == "## Choose a path { #paths }"
    assert blocks[5].startswith('<ul class="gpulist-paths">\n<li data-gpulist-path-choice="first-steps">'
                                '<a href="paths/first-steps/"><strong>First steps</strong></a> · 4 steps · about 45 hours')


def test_the_next_step_starts_the_first_path_for_a_reader_without_javascript(view: SiteView) -> None:
    card = render_home(view, CONFIG).split("data-gpulist-next-step", 1)[1].split("</section>")[0]
    assert '<a href="paths/first-steps/">First steps</a>, step 1 of 4' in card
    assert '<p class="gpulist-step-title"><a href="topics/fundamentals/#pmpp-book">Programming Massively' in card
    assert '<p class="gpulist-step-why">The execution model first.</p>' in card
    assert '<p class="gpulist-step-meta" data-gpulist-entry="pmpp-book">weeks · paid</p>' in card
