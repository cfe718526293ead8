"""The All-resources page: the container the table script fills, with a no-JS fallback.

Contract with docs/assets/javascripts/resources-table.js (see gpulist.site):
the element `#gpulist-table` carries `data-src`, the URL of resources.json relative to
this page. The script replaces the element's children with the interactive table; without
JavaScript the plain table below stays.
"""

from __future__ import annotations

import html

from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.text import front_matter
from gpulist.site.links import site_path
from gpulist.site.view import TYPE_ICONS, SiteView

PAGE = "all-resources.md"
CONTAINER_ID = "gpulist-table"
DATA_SRC = "../resources.json"  # the page is served at all-resources/ (directory URLs)


def render_all_resources(view: SiteView) -> str:
    entries = view.entries
    out = [front_matter({"title": "All resources", **SEARCH_EXCLUDED, "hide": ["toc"]})]
    out.append(f"# All resources\n\nEvery entry of the list ({len(entries)}), in the guide's order. "
               "Filter by topic, tier, type, tag and year, or type to search; the filters are kept "
               "in the address so a filtered view can be shared.\n")
    out.append(f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}">')
    out.append(fallback_table(view))
    out.append("</div>\n")
    return "\n".join(out)


def fallback_table(view: SiteView) -> str:
    """Plain HTML, not Markdown: Markdown would spend seconds parsing a 10,000-row table that
    the script replaces anyway. Every value is escaped here; links are site paths from this
    page (directory URLs), checked by tests since MkDocs does not check raw HTML."""
    rows = ["<table>", "<thead><tr><th>Title</th><th>Topic</th><th>Tier</th><th>Type</th><th>Year</th></tr></thead>",
            "<tbody>"]
    for t in view.topics:
        topic = html.escape(t.topic.title)
        for s in t.sections:
            level = html.escape(s.subtitle) if s.group else str(s.tier)
            for e in s.entries:
                r = e.resource
                rows.append(f'<tr><td><a href="../{html.escape(site_path(r))}">{html.escape(r.title)}</a></td>'
                            f"<td>{topic}</td><td>{level}</td><td>{TYPE_ICONS[r.type]} {r.type}</td>"
                            f"<td>{r.year or ''}</td></tr>")
    rows.append("</tbody>\n</table>")
    return "\n".join(rows)
