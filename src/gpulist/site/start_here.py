"""Start here: the reading paths first, then the guide's own order, tier by tier.

The paths (data/paths.yml) are the curated routes; below them, Tier 1 of every topic in the
guide's order, then Tier 2, then Tier 3. Grouped topics (The Big Picture) have no tiers;
they close the page as further reading.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.path_page import path_index
from gpulist.site.reader import next_steps, progress_tools
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.text import escape_text, front_matter

PAGE = "start-here.md"
STEPS = (("step_1", "Step 1: Tier 1 of every topic"), ("step_2", "Step 2: Tier 2"), ("step_3", "Step 3: Tier 3"))


def steps(view: SiteView) -> list[list[Entry]]:
    return [[e for t in view.topics for s in t.sections if s.tier == tier for e in s.entries] for tier in (1, 2, 3)]


def render_start_here(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Start here", **SEARCH_EXCLUDED})]
    out.append("# Start here\n\nPick a reading path: each takes you through the list in the order a learner "
               "needs it, with a line on why each step comes when it does. Mark entries as read as you go; "
               "your progress stays in this browser, and you can export it to another.\n")
    index = path_index(view, PAGE, config)
    if index:
        out.append("## Reading paths { #paths }\n")
        out.append(index)
    # Below the paths, not above them: the script fills and reveals these after the first
    # paint, and anything they pushed down in view would count as a layout shift.
    out.append(next_steps() + "\n")
    out.append(progress_tools() + "\n")
    out.append("## The guide's tiers { #tiers }\n\nOr read as the guide is written: the first tier of every "
               "topic, then the second, then the third. Each link opens the entry's card.\n")
    for tier, (key, title) in enumerate(STEPS, 1):
        out.append(f"## {title} {{ #{key} }}\n")
        for t in view.topics:
            section = next((s for s in t.sections if s.tier == tier), None)
            if section and section.entries:
                out.append(f"### {escape_text(t.topic.title)}: {escape_text(section.subtitle)}\n")
                out.append(entry_list(section.entries, view, PAGE, config))
    grouped = [(t, s) for t in view.topics for s in t.sections if s.group and s.entries]
    if grouped:
        out.append("## Further reading { #further }\n")
        for t, s in grouped:
            out.append(f"### {escape_text(t.topic.title)}: {escape_text(s.subtitle)}\n")
            out.append(entry_list(s.entries, view, PAGE, config))
    return "\n".join(out)
