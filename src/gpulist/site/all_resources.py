"""The All-resources page: the container the table script fills, and what shows before it.

Contract with docs/assets/javascripts/resources-table.js (see gpulist.site):
the element `#gpulist-table` carries `data-src`, the URL of resources.json relative to
this page. The script replaces the element's children with the interactive table.

The page itself holds no entries. A static table of every entry, as a no-JS fallback, made
the page 2 MB at 10,000 entries, downloaded by every reader before the script replaced it,
and cost MkDocs two seconds to pass through. Readers without JavaScript are pointed to the
topic pages, which list every entry tier by tier, and to resources.json.
"""

from __future__ import annotations

from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.reader import filters
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import href
from gpulist.view.text import escape_attr, front_matter, html_text, n_entries

PAGE = "all-resources.md"
CONTAINER_ID = "gpulist-table"
DATA_SRC = "../resources.json"  # the page is served at all-resources/ (directory URLs)


def render_all_resources(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "All resources", **SEARCH_EXCLUDED, "hide": ["toc"]})]
    out.append(f"# All resources\n\nEvery entry of the list ({len(view.entries)}), in the guide's order. "
               "Filter by topic, tier, type, tag and year, or type to search; the filters are kept "
               "in the address so a filtered view can be shared.\n")
    out.append(filters() + "\n")
    out.append(f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}">\n{without_script(view, config)}\n</div>\n')
    return "\n".join(out)


def without_script(view: SiteView, config: SiteConfig) -> str:
    """What the container shows until the script has built the table, or if it cannot."""
    style = config.link_style
    topics = " · ".join(f'<a href="{escape_attr(href(PAGE, t.page, style))}">{html_text(t.topic.title)}</a> '
                        f"({t.count})" for t in view.topics)
    return (f'<p class="gpulist-table-status">The table of {n_entries(len(view.entries))} needs JavaScript. '
            f"Every entry is also on its topic page: {topics}; and the whole catalog is in "
            f'<a href="{escape_attr(href(PAGE, "resources.json", style))}">resources.json</a>.</p>')
