"""The sitemap a build without a site URL publishes, so that the themes' previews work."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from gpulist.publish.render import render_site
from gpulist.site.sitemap import PATH, PLACEHOLDER, local_sitemap, page_path
from tests.site.conftest import CONFIG, load_fixture


def test_pages_are_listed_by_their_directory_urls() -> None:
    assert [page_path(d) for d in ("index.md", "gpus.md", "book/index.md", "concepts/kv-cache/index.md",
                                   "resources.json")] == ["", "gpus/", "book/", "concepts/kv-cache/", None]
    text = local_sitemap(["index.md", "gpus.md", "feed.xml"])
    locs = [e.text for e in ET.fromstring(text).iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert locs == [PLACEHOLDER, PLACEHOLDER + "gpus/"]


def test_only_a_build_without_a_site_url_replaces_the_engines_sitemap() -> None:
    catalog = load_fixture()
    bare = render_site(catalog, dataclasses.replace(CONFIG, site_url=None))
    assert PATH in bare.exports and f"<loc>{PLACEHOLDER}concepts/kv-cache/</loc>" in bare.exports[PATH]
    assert bare.exports[PATH].count("<url>") == sum(1 for d in bare.pages if d.endswith(".md"))
    published = render_site(catalog, dataclasses.replace(CONFIG, site_url="https://example.org/gpulist/"))
    assert PATH not in published.exports
