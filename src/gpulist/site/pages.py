"""Every page of the site, as mappings from docs-relative path to content.

Pure: the same catalog and config always give the same mapping, which is what lets the
writer skip unchanged files and lets golden tests compare pages one by one. The pages come
in two parts, so that `gpulist.publish` can render the catalog-wide ones (with the exports
it adds beside them) in a forked child while the reading pages render in the parent.
"""

from __future__ import annotations

from gpulist.models import BookIndex
from gpulist.site.all_resources import PAGE as ALL_PAGE
from gpulist.site.all_resources import render_all_resources
from gpulist.site.concepts import PAGE as CONCEPTS_PAGE
from gpulist.site.concepts import render_concepts
from gpulist.site.feed import PATH as FEED_PATH
from gpulist.site.feed import render_feed
from gpulist.site.home import PAGE as HOME_PAGE
from gpulist.site.home import render_home
from gpulist.site.path_page import render_path
from gpulist.site.progress_data import PATH as PROGRESS_DATA
from gpulist.site.progress_data import render_progress_data
from gpulist.site.recent import PAGE as RECENT_PAGE
from gpulist.site.recent import render_recent
from gpulist.site.start_here import PAGE as START_PAGE
from gpulist.site.start_here import render_start_here
from gpulist.site.tags import INDEX as TAGS_INDEX
from gpulist.site.tags import render_tag, render_tag_index, tag_page
from gpulist.site.topic_page import render_topic
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

Files = dict[str, str]


def reading_pages(view: SiteView, config: SiteConfig) -> Files:
    """The pages a reader browses: home, paths, topics, tags."""
    pages = {
        HOME_PAGE: render_home(view, config),
        START_PAGE: render_start_here(view, config),
        ALL_PAGE: render_all_resources(view, config),
        RECENT_PAGE: render_recent(view, config),
        TAGS_INDEX: render_tag_index(view),
    }
    for path_view in view.paths:
        pages[path_view.page] = render_path(path_view, view, config)
    for topic_view in view.topics:
        pages[topic_view.page] = render_topic(topic_view, view, config)
    for tag in view.concepts:
        pages[tag_page(tag.id)] = render_tag(tag, view, config)
    return pages


def catalog_pages(book: BookIndex | None, view: SiteView, config: SiteConfig) -> Files:
    """What covers the whole catalog at once: the feed, the concept index and reader.js's data."""
    pages = {FEED_PATH: render_feed(view, config), PROGRESS_DATA: render_progress_data(view)}
    if book is not None:
        pages[CONCEPTS_PAGE] = render_concepts(book, view, config)
    return pages


def nav(view: SiteView, has_concepts: bool) -> list[dict[str, object]]:
    """The navigation in the guide's order; tag pages are reached from the tag index."""
    browse: list[dict[str, object]] = [{"All resources": ALL_PAGE}, {"Tags": TAGS_INDEX}]
    if has_concepts:
        browse.append({"Concept index": CONCEPTS_PAGE})
    browse.append({"Recently added": RECENT_PAGE})
    topics = [{f"{t.topic.number}. {t.topic.title}": t.page} for t in view.topics]
    start: object = START_PAGE
    if view.paths:
        start = [{"Start here": START_PAGE}, *({p.path.title: p.page} for p in view.paths)]
    return [{"Home": HOME_PAGE}, {"Start here": start}, {"Topics": topics}, {"Browse": browse}]
