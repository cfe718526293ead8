"""Every generated file of the site, as a mapping from docs-relative path to content.

Pure: the same catalog and config always give the same mapping, which is what lets the
writer skip unchanged files and lets golden tests compare pages one by one.

`exports` are files published beside the built site without going through MkDocs: the
README in the guide's own format is Markdown that readers download as it is, and MkDocs
would turn any `.md` file in docs/ into a page (which cost four seconds at 10,000 entries,
for a page that repeated the topic pages).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from gpulist import parallel
from gpulist.export.readme import render_readme
from gpulist.export.resources_json import PATH as JSON_PATH
from gpulist.export.resources_json import render_json
from gpulist.load import Catalog
from gpulist.models import BookIndex
from gpulist.site.all_resources import PAGE as ALL_PAGE
from gpulist.site.all_resources import render_all_resources
from gpulist.site.concepts import PAGE as CONCEPTS_PAGE
from gpulist.site.concepts import render_concepts
from gpulist.site.config import SiteConfig
from gpulist.site.feed import PATH as FEED_PATH
from gpulist.site.feed import render_feed
from gpulist.site.home import PAGE as HOME_PAGE
from gpulist.site.home import render_home
from gpulist.site.recent import PAGE as RECENT_PAGE
from gpulist.site.recent import render_recent
from gpulist.site.start_here import PAGE as START_PAGE
from gpulist.site.start_here import render_start_here
from gpulist.site.tags import INDEX as TAGS_INDEX
from gpulist.site.tags import render_tag, render_tag_index, tag_page
from gpulist.site.topic_page import render_topic
from gpulist.site.view import SiteView, build_view

README_PATH = "README.md"
# From this many entries, the catalog-wide pages render in a forked child while the
# reading pages render here (gpulist.parallel): about 0.6 s each at 10,000 entries.
PARALLEL_MIN = 2000

Files = dict[str, str]


@dataclass(frozen=True, slots=True)
class Site:
    pages: Files
    nav: list[dict[str, object]]
    exports: Files


def render_site(catalog: Catalog, config: SiteConfig) -> Site:
    view = build_view(catalog)
    whole: Callable[[], Files] = partial(_catalog_pages, catalog.book_index, view, config)
    if parallel.worker_count(len(view.entries), PARALLEL_MIN) > 1:
        whole = parallel.in_background(whole)
    pages = _reading_pages(view, config)
    exports = {README_PATH: render_readme(view)}
    return Site({**pages, **whole()}, nav(view, catalog.book_index is not None), exports)


def _reading_pages(view: SiteView, config: SiteConfig) -> Files:
    """The pages a reader browses: home, paths, topics, tags."""
    pages = {
        HOME_PAGE: render_home(view),
        START_PAGE: render_start_here(view),
        ALL_PAGE: render_all_resources(view),
        RECENT_PAGE: render_recent(view),
        TAGS_INDEX: render_tag_index(view),
    }
    for topic_view in view.topics:
        pages[topic_view.page] = render_topic(topic_view, view, config)
    for tag in view.tags:
        pages[tag_page(tag.id)] = render_tag(tag, view)
    return pages


def _catalog_pages(book: BookIndex | None, view: SiteView, config: SiteConfig) -> Files:
    """What covers the whole catalog at once: the JSON, the feed, the concept index."""
    pages = {JSON_PATH: render_json(view, config), FEED_PATH: render_feed(view, config)}
    if book is not None:
        pages[CONCEPTS_PAGE] = render_concepts(book, view)
    return pages


def nav(view: SiteView, has_concepts: bool) -> list[dict[str, object]]:
    """MkDocs navigation in the guide's order; tag pages are reached from the tag index."""
    browse: list[dict[str, object]] = [{"All resources": ALL_PAGE}, {"Tags": TAGS_INDEX}]
    if has_concepts:
        browse.append({"Concept index": CONCEPTS_PAGE})
    browse.append({"Recently added": RECENT_PAGE})
    topics = [{f"{t.topic.number}. {t.topic.title}": t.page} for t in view.topics]
    return [{"Home": HOME_PAGE}, {"Start here": START_PAGE}, {"Topics": topics}, {"Browse": browse}]
