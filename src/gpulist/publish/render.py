"""Every generated file of the published site: the site's pages, resources.json, README.md, gpulist.bib,
the Anki deck (gpulist.apkg, gpulist-anki.txt).

Pure: the same catalog and config always give the same files. `pages` go into docs/ and
through the engine (resources.json among them: the All-resources table fetches it);
`exports` are published beside the built site without going through the engine: the README
in the guide's own format is Markdown that readers download as it is, and the engine would
turn any `.md` file in docs/ into a page (which cost four seconds at 10,000 entries, for a
page that repeated the topic pages); gpulist.bib is a download too, read by no page (cards
embed their own records, see gpulist.site.reader); the Anki deck (gpulist.export.anki) is
a download for Anki, which the home page and each concept's "Check yourself" link to; the
labs' profiler traces (labs/traces/<gpu>/<file>, gzipped) are downloads for Perfetto, which
the Measured sections' timelines link to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from gpulist import parallel
from gpulist.export.anki import APKG_PATH, TEXT_PATH, render_anki_text, render_apkg
from gpulist.export.bibtex import PATH as BIB_PATH
from gpulist.export.bibtex import render_bibtex
from gpulist.export.readme import render_readme
from gpulist.export.resources_json import PATH as JSON_PATH
from gpulist.export.resources_json import render_json
from gpulist.load import Catalog
from gpulist.export.concepts_json import PATH as CONCEPTS_JSON_PATH
from gpulist.export.concepts_json import render_concepts_json
from gpulist.site.pages import Files, catalog_pages, nav, reading_pages
from gpulist.site.redirects import tag_redirects
from gpulist.site.sitemap import PATH as SITEMAP_PATH
from gpulist.site.sitemap import local_sitemap
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.config import SiteConfig
from gpulist.view.labs import trace_downloads
from gpulist.view.review import review_cards

README_PATH = "README.md"
# From this many entries, the catalog-wide files render in a forked child while the
# reading pages render here (gpulist.parallel): about 0.6 s each at 10,000 entries.
PARALLEL_MIN = 2000


@dataclass(frozen=True, slots=True)
class Site:
    pages: Files
    nav: list[dict[str, object]]
    exports: dict[str, str | bytes]  # text, or bytes for the Anki package


def render_site(catalog: Catalog, config: SiteConfig) -> Site:
    view = build_view(catalog)
    whole: Callable[[], Files] = partial(_catalog_wide, view, config)
    if parallel.worker_count(len(view.entries), PARALLEL_MIN) > 1:
        whole = parallel.in_background(whole)
    pages = reading_pages(view, config)
    cards = review_cards(view)
    exports: dict[str, str | bytes] = {
        README_PATH: render_readme(view), BIB_PATH: render_bibtex(catalog.resources),
        APKG_PATH: render_apkg(cards, config), TEXT_PATH: render_anki_text(cards, config), **tag_redirects(view, config),
        **trace_downloads(view.labs)}
    pages = {**pages, **whole()}
    if not config.site_url:  # the engines' sitemap is empty: the themes' previews need one (gpulist.site.sitemap)
        exports[SITEMAP_PATH] = local_sitemap(pages)
    return Site(pages, nav(view), exports)


def _catalog_wide(view: SiteView, config: SiteConfig) -> Files:
    """resources.json, concepts.json, the feed and the concepts index: each covers the whole catalog."""
    return {JSON_PATH: render_json(view, config), CONCEPTS_JSON_PATH: render_concepts_json(view),
            **catalog_pages(view, config)}
