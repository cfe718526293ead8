"""The All-resources page: the container the table script fills, and what shows before it.

Contract with docs/assets/javascripts/resources-table.js (see gpulist.site):
the element `#gpulist-table` carries `data-src`, the URL of resources.json relative to
this page, and `data-gpulist-effort-labels`, the cards' effort labels by band
(gpulist.view.effort), for its effort column. The script replaces the element's children with
the table. The page has one filter form, the reader's (gpulist.site.reader.filters), with the
table's search box and its topic, concept and year menus added: the table lists what it leaves.

The page itself holds no entries. A static table of every entry, as a no-JS fallback, made
the page 2 MB at 10,000 entries, downloaded by every reader before the script replaced it,
and cost MkDocs two seconds to pass through. Readers without JavaScript are pointed to the
topic pages, which list every entry tier by tier, and to resources.json.
"""

from __future__ import annotations

import json

from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.reader import filters
from gpulist.view import effort
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import href
from gpulist.view.text import escape_attr, front_matter, html_text, n_entries

PAGE = "all-resources.md"
CONTAINER_ID = "gpulist-table"
DATA_SRC = "../resources.json"  # the page is served at all-resources/ (directory URLs)


def render_all_resources(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "All resources", **SEARCH_EXCLUDED, "hide": ["toc"]})]
    out.append(f"# All resources\n\nEvery entry of the list ({len(view.entries)}), topic by topic and tier by tier. "
               "Search, or filter by status, type, effort, tier, topic, concept and year; the filters are "
               "kept in the address so a filtered view can be shared.\n")
    out.append(filters(table_fields(view)) + "\n")
    labels = escape_attr(json.dumps(effort.LABELS, ensure_ascii=False, separators=(",", ":")))
    out.append(f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}" data-gpulist-effort-labels="{labels}">\n'
               f"{without_script(view, config)}\n</div>\n")
    return "\n".join(out)


def table_fields(view: SiteView) -> list[list[object]]:
    """The fields the table adds to the page's one filter form (gpulist.site.reader.filters):
    a search box, then one menu each of the topics (the guide's order), the concepts the entries
    name (by title) and their years (newest first). Only values some entry has are offered."""
    entries = [e.resource for e in view.entries]
    topics = [[t.topic.id, t.topic.title] for t in view.topics if t.count]
    tags = sorted({tag for r in entries for tag in r.tags}, key=lambda t: (view.concept_titles.get(t, t).casefold(), t))
    years = sorted({r.year for r in entries if r.year is not None}, reverse=True)
    return [["text", "Search", [], "text"], ["topic", "Topic", topics, "select"],
            ["tag", "Concept", [[t, view.concept_titles.get(t, t)] for t in tags], "select"],
            ["year", "Year", [[str(y), str(y)] for y in years], "select"]]


def without_script(view: SiteView, config: SiteConfig) -> str:
    """What the container shows until the script has built the table, or if it cannot."""
    style = config.link_style
    topics = " · ".join(f'<a href="{escape_attr(href(PAGE, t.page, style))}">{html_text(t.topic.title)}</a> '
                        f"({t.count})" for t in view.topics)
    return (f'<p class="gpulist-table-status">The table of {n_entries(len(view.entries))} needs JavaScript. '
            f"Every entry is also on its topic page: {topics}; and the whole catalog is in "
            f'<a href="{escape_attr(href(PAGE, "resources.json", style))}">resources.json</a>.</p>')
