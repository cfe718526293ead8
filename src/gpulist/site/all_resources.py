"""The All-resources page: the container the table script fills, with a no-JS fallback.

Contract with docs/assets/javascripts/resources-table.js (see gpulist.site):
the element `#gpulist-table` carries `data-src`, the URL of resources.json relative to
this page. The script replaces the element's children with the interactive table; without
JavaScript the plain table below stays.
"""

from __future__ import annotations

from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.text import escape_text, front_matter
from gpulist.site.view import TYPE_ICONS, SiteView, entry_page, rel_link

PAGE = "all-resources.md"
CONTAINER_ID = "gpulist-table"
DATA_SRC = "../resources.json"  # the page is served at all-resources/ (directory URLs)


def render_all_resources(view: SiteView) -> str:
    entries = view.entries
    out = [front_matter({"title": "All resources", **SEARCH_EXCLUDED, "hide": ["toc"]})]
    out.append(f"# All resources\n\nEvery entry of the list ({len(entries)}), in the guide's order. "
               "Filter by topic, tier, type, tag and year, or type to search; the filters are kept "
               "in the address so a filtered view can be shared.\n")
    out.append(f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}" markdown>\n')
    out.append("| Title | Topic | Tier | Type | Year |\n|---|---|---|---|---:|")
    titles = {t.topic.id: escape_text(t.topic.title) for t in view.topics}
    for t in view.topics:
        for s in t.sections:
            level = escape_text(s.subtitle) if s.group else str(s.tier)
            for e in s.entries:
                r = e.resource
                target = rel_link(PAGE, f"{entry_page(r)}#{r.id}")
                out.append(f"| [{escape_text(r.title)}]({target}) | {titles[r.topic]} | {level} "
                           f"| {TYPE_ICONS[r.type]} {r.type} | {r.year or ''} |")
    out.append("\n</div>\n")
    return "\n".join(out)
