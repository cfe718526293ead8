"""A reading path's page and the index of paths on Start here and the home page."""

from __future__ import annotations

import dataclasses
import re

from gpulist.load import load_catalog
from gpulist.site.next_step import path_choices, who
from gpulist.site.path_page import INDEX, render_path, render_path_index
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.links import SOURCE
from tests.site.conftest import CONFIG, FIXTURE
from tests.view.test_paths import with_efforts


def test_steps_are_in_order_with_their_reasons(view: SiteView) -> None:
    first = view.paths[0]
    page = render_path(first, view, CONFIG)
    assert re.findall(r'<li data-gpulist-entry="([^"]+)"[^>]*>', page) == [
        "pmpp-book", "cuda-programming-guide", "flashattention-2", "vllm"]
    assert '<span class="gpulist-why">The execution model first.</span>' in page
    assert 'data-gpulist-ids="pmpp-book cuda-programming-guide flashattention-2 vllm"' in page
    assert 'href="../../topics/attention/#flashattention-2"' in page


def test_titles_and_reasons_are_escaped(view: SiteView) -> None:
    page = render_path(view.paths[1], view, CONFIG)
    assert "# Attention &lt;only&gt; &amp; more" in page
    assert "&lt;better&gt;" in page and "<better>" not in page


def test_the_index_links_each_path_from_where_it_is_shown(view: SiteView) -> None:
    assert 'href="paths/first-steps/"' in path_choices(view, "index.md", CONFIG)
    assert 'href="../paths/first-steps/"' in path_choices(view, "start-here.md", CONFIG)
    assert "· 4 steps" in path_choices(view, "index.md", CONFIG)


def test_a_path_says_who_it_is_for_and_counts_every_step(view: SiteView) -> None:
    page = render_path(view.paths[0], view, CONFIG)
    assert "**For someone who has never written a kernel.** From the textbook to a serving engine" in page
    assert 'data-gpulist-whole' in page and "data-gpulist-tally" in page
    assert '<span data-gpulist-path-choice="first-steps"></span>' in page
    without = render_path(view.paths[1], view, CONFIG)
    assert "**For" not in without and who(view.paths[1]) == "Two attention papers, in order."


def test_who_it_is_for_reads_as_a_sentence(view: SiteView) -> None:
    first = view.paths[0]
    for audience, sentence in (("An engineer who serves LLMs.", "For an engineer who serves LLMs."),
                               ("LLM engineers.", "For LLM engineers."), ("A programmer.", "For a programmer.")):
        changed = dataclasses.replace(first, path=first.path.model_copy(update={"audience": audience}))
        assert who(changed) == sentence


def test_links_follow_the_engines_link_style(view: SiteView) -> None:
    """Zensical rewrites docs-relative links in raw HTML itself (gpulist.view.links)."""
    source = dataclasses.replace(CONFIG, link_style=SOURCE)
    assert 'href="../topics/attention/#flashattention-2"' in render_path(view.paths[0], view, source)
    assert 'href="../../topics/attention/#flashattention-2"' in render_path(view.paths[0], view, CONFIG)


def test_no_paths_no_index() -> None:
    catalog, _ = load_catalog(FIXTURE)
    catalog.paths = []
    assert path_choices(build_view(catalog), "index.md", CONFIG) == ""


def test_paths_have_a_page_of_their_own(view: SiteView) -> None:
    """paths/ itself: each path with its description, length and progress, linked from its folder."""
    page = render_path_index(view, CONFIG)
    assert INDEX == "paths/index.md" and page.startswith('---\ntitle: "Reading paths"\ndescription: ')
    assert "search:\n  exclude: true" in page and "data-gpulist-progress-tools" in page
    assert 'href="../paths/first-steps/"' in page and "From the textbook to a serving engine, in four steps." in page
    assert 'data-gpulist-ids="flashattention-2 flashattention-3"' in page
    assert "· 4 steps · about 45 hours<br>" in page  # pmpp-book takes weeks, FlashAttention-2 an afternoon


def test_the_effort_of_a_path_adds_its_steps_bands_and_counts_its_exercises() -> None:
    view = with_efforts({"vllm": "hour", "pmpp-book": "weeks", "flashattention-2": "hour",
                         "cuda-programming-guide": "afternoon", "flashattention-3": "quick"})
    page = render_path_index(view, CONFIG)
    assert "· 4 steps · about 45 hours<br>" in page  # 1 + 40 + 1 + 3
    assert "· 2 steps · about 1 hour<br>" in page  # 1 + 0.25
    assert "≈ 1 h for 30–90 minutes" in page
    unrated = path_choices(with_efforts({"pmpp-book": None, "flashattention-2": None, "vllm": None}),
                           "index.md", CONFIG)
    assert "· 4 steps · about 1 hour<br>" in unrated  # the programming guide's hour alone: unjudged steps add nothing


def test_each_step_says_what_it_takes_and_whether_it_is_free(view: SiteView) -> None:
    """A paid step says so beside its effort, as "Your next step" does; a free one says free."""
    page = render_path(view.paths[0], view, CONFIG)
    pmpp = page.split('data-gpulist-entry="pmpp-book"')[1].split("</li>")[0]
    assert '<span class="gpulist-effort">(weeks · paid)</span>' in pmpp
    fa2 = page.split('data-gpulist-entry="flashattention-2"')[1].split("</li>")[0]
    assert re.search(r'<span class="gpulist-effort">\([^)]* · free\)</span>', fa2)
