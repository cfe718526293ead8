"""Every page of the site, as mappings from docs-relative path to content.

Pure: the same catalog and config always give the same mapping, which is what lets the
writer skip unchanged files and lets golden tests compare pages one by one. The pages come
in two parts, so that `gpulist.publish` can render the catalog-wide ones (with the exports
it adds beside them) in a forked child while the reading pages render in the parent.
"""

from __future__ import annotations

from gpulist.site.all_resources import PAGE as ALL_PAGE
from gpulist.site.all_resources import render_all_resources
from gpulist.site.book_page import PAGE as BOOK_PAGE
from gpulist.site.book_page import TITLE as BOOK_TITLE
from gpulist.site.book_page import render_book
from gpulist.site.concept_page import concept_pages
from gpulist.site.concepts import PAGE as CONCEPTS_PAGE
from gpulist.site.concepts import render_concepts
from gpulist.site.feed import PATH as FEED_PATH
from gpulist.site.feed import render_feed
from gpulist.site.home import PAGE as HOME_PAGE
from gpulist.site.home import render_home
from gpulist.site.gpus_page import PAGE as GPUS_PAGE
from gpulist.site.gpus_page import render_gpus
from gpulist.site.labs_page import PAGE as LABS_PAGE
from gpulist.site.labs_page import render_labs
from gpulist.site.llms import PATH as LLMS_PATH
from gpulist.site.llms import render_llms_txt
from gpulist.site.path_page import INDEX as PATHS_INDEX
from gpulist.site.path_page import render_path, render_path_index
from gpulist.site.practice_page import PAGE as PRACTICE_PAGE
from gpulist.site.practice_page import render_practice
from gpulist.site.progress_data import PATH as PROGRESS_DATA
from gpulist.site.progress_data import render_progress_data
from gpulist.site.recent import PAGE as RECENT_PAGE
from gpulist.site.recent import render_recent
from gpulist.site.review_page import DATA_PATH as REVIEW_DATA
from gpulist.site.review_page import PAGE as REVIEW_PAGE
from gpulist.site.review_page import render_review, render_review_data
from gpulist.site.search_index import PATH as SEARCH_INDEX
from gpulist.site.search_index import render_search_index
from gpulist.site.start_here import PAGE as START_PAGE
from gpulist.site.start_here import render_start_here
from gpulist.site.topic_page import INDEX as TOPICS_INDEX
from gpulist.site.topic_page import render_topic, render_topic_index
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

Files = dict[str, str]


def reading_pages(view: SiteView, config: SiteConfig) -> Files:
    """The pages a reader browses: home, paths, topics, concepts. Every folder has its index
    page, so an address trimmed to its folder (`topics/`, `paths/`) never ends in a 404."""
    pages = {
        HOME_PAGE: render_home(view, config),
        START_PAGE: render_start_here(view, config),
        ALL_PAGE: render_all_resources(view, config),
        RECENT_PAGE: render_recent(view, config),
        TOPICS_INDEX: render_topic_index(view),
        REVIEW_PAGE: render_review(view, config),
    }
    if view.paths:
        pages[PATHS_INDEX] = render_path_index(view, config)
    for path_view in view.paths:
        pages[path_view.page] = render_path(path_view, view, config)
    for topic_view in view.topics:
        pages[topic_view.page] = render_topic(topic_view, view, config)
    pages.update(concept_pages(view, config))
    if view.gpus is not None:
        pages[GPUS_PAGE] = render_gpus(view, config)
    if view.labs:
        pages[LABS_PAGE] = render_labs(view, config)
    if view.practice:
        pages[PRACTICE_PAGE] = render_practice(view, config)
    return pages


def catalog_pages(view: SiteView, config: SiteConfig) -> Files:
    """What covers the whole catalog at once: the feed, llms.txt, the concepts index with its
    map, the book's index, the reader's data for planning next steps and the search index."""
    pages = {FEED_PATH: render_feed(view, config), LLMS_PATH: render_llms_txt(view, config),
             CONCEPTS_PAGE: render_concepts(view, config), PROGRESS_DATA: render_progress_data(view),
             REVIEW_DATA: render_review_data(view), SEARCH_INDEX: render_search_index(view)}
    if view.book:
        pages[BOOK_PAGE] = render_book(view, config)
    return pages


def nav(view: SiteView) -> list[dict[str, object]]:
    """The navigation in the guide's order; concept pages are reached from the concepts index.

    Each page is named once: "Start here" is a page, not also a section holding itself, and
    the reading paths are a section of their own that opens with their index (`paths/`)."""
    browse: list[dict[str, object]] = [{"All resources": ALL_PAGE}, {"Concepts": CONCEPTS_PAGE},
                                       *([{BOOK_TITLE: BOOK_PAGE}] if view.book else []), {"Recently added": RECENT_PAGE}]
    if view.gpus is not None:
        browse.append({"GPU numbers": GPUS_PAGE})
    if view.labs:
        browse.append({"Labs": LABS_PAGE})
    if view.practice:
        browse.append({"Practice": PRACTICE_PAGE})
    topics = [{f"{t.topic.number}. {t.topic.title}": t.page} for t in view.topics]
    items: list[dict[str, object]] = [{"Home": HOME_PAGE}, {"Start here": START_PAGE}, {"Review": REVIEW_PAGE}]
    if view.paths:
        items.append({"Reading paths": [{"All reading paths": PATHS_INDEX},
                                        *({p.path.title: p.page} for p in view.paths)]})
    return [*items, {"Topics": topics}, {"Browse": browse}]
