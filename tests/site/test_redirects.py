"""The old tag addresses redirect to the concept pages they grew into."""

from __future__ import annotations

import re

from gpulist.site.redirects import INDEX, redirect_page, tag_redirects
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

from tests.site.conftest import CONFIG


def test_one_redirect_per_concept_and_one_for_the_tag_index(view: SiteView) -> None:
    pages = tag_redirects(view, CONFIG)
    assert set(pages) == {f"tags/{c.id}/index.html" for c in view.concepts} | {INDEX}
    assert 'content="0; url=../../concepts/kv-cache/"' in pages["tags/kv-cache/index.html"]
    assert 'content="0; url=../concepts/"' in pages[INDEX]


def test_a_redirect_page_refreshes_links_and_is_not_indexed() -> None:
    html = redirect_page("../../concepts/x/", 'A "quoted" <title>', "About it.", SiteConfig(), "concepts/x/")
    assert re.search(r'<meta http-equiv="refresh" content="0; url=../../concepts/x/">', html)
    assert '<link rel="canonical" href="../../concepts/x/">' in html and 'name="robots" content="noindex"' in html
    assert '<a href="../../concepts/x/">A "quoted" &lt;title&gt;</a>' in html
    assert 'property="og:title" content="A &quot;quoted&quot; &lt;title&gt;"' in html and "og:url" not in html


def test_a_shared_old_link_previews_the_concept() -> None:
    html = redirect_page("../../concepts/x/", "X", "About it.", CONFIG, "concepts/x/")
    assert '<link rel="canonical" href="https://example.test/gpulist/concepts/x/">' in html
    assert '<meta property="og:url" content="https://example.test/gpulist/concepts/x/">' in html
    assert '<meta property="og:description" content="About it.">' in html and 'content="summary"' in html
