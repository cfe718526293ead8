"""The way in: the paths a reader chooses from, and "Your next step" on the home page.

Both are written for a reader without JavaScript, or one who has chosen nothing yet: the
paths as links, each with who it is for, its steps, hours and exercises; and the first step
of the first path as the step to start with. The reader's scripts then offer "Follow this
path" on each and rewrite the step for the reader's path and marks (the hooks are in
gpulist.site.reader; paths.js and step.js write the same markup as `step_html` here, so the
card does not move when the script takes it over).
"""

from __future__ import annotations

from gpulist.site.reader import next_step, path_choice, progress
from gpulist.view import effort
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import entry_href, href
from gpulist.view.paths import PathView
from gpulist.view.text import escape_attr, html_text


def who(path: PathView) -> str:
    """"For a programmer new to CUDA.": the path's `audience` in a sentence, else its description."""
    audience = path.path.audience
    if not audience:
        return path.path.description
    word = audience.split()[0]
    keep = len(word) > 1 and word.isupper()  # "An engineer" reads "an engineer"; "LLM engineers" stays
    return f"For {audience if keep else audience[:1].lower() + audience[1:]}"


def size(path: PathView) -> str:
    """"15 steps · about 60 hours, 3 exercises"."""
    total = effort.summary(s.entry.resource for s in path.steps)
    return f"{len(path.steps)} steps" + (f" · {total}" if total else "")


def path_choices(view: SiteView, page: str, config: SiteConfig, *, described: bool = False) -> str:
    """Every path as a choice: its title (linked), its size, who it is for, where it leads when
    `described` (paths/, where there is room for it), then a line for the reader's progress and
    the script's "Follow this path", kept open for them (reader.css) so nothing moves."""
    if not view.paths:
        return ""
    items = []
    for p in view.paths:
        link = f'<a href="{escape_attr(href(page, p.page, config.link_style))}"><strong>{html_text(p.path.title)}</strong></a>'
        items.append(f"<li{path_choice(p.path.id)}>{link} · {size(p)}"
                     f'<br><span class="gpulist-path-for">{html_text(who(p))}</span>{_leads(p, described)}'
                     f'<span class="gpulist-path-act">{progress(p.ids, whole=True)}</span></li>')
    return '<ul class="gpulist-paths">\n' + "\n".join(items) + "\n</ul>\n"


def _leads(path: PathView, described: bool) -> str:
    if not described or not path.path.audience:
        return ""  # without an audience, `who` was the description already
    return f" {html_text(path.path.description)}"


def step_html(path: PathView, n: int, page: str, config: SiteConfig) -> str:
    """Step `n` of `path` as the card shows it: where it stands, the entry, why now, effort and access."""
    step = path.steps[n]
    r = step.entry.resource
    where = (f'<p class="gpulist-step-where"><span class="gpulist-step-lead">First step</span> · '
             f'<a href="{escape_attr(href(page, path.page, config.link_style))}">{html_text(path.path.title)}</a>, '
             f"step {n + 1} of {len(path.steps)}</p>")
    title = (f'<p class="gpulist-step-title"><a href="{escape_attr(entry_href(page, r, config.link_style))}">'
             f"{html_text(r.title)}</a></p>")
    meta = effort.with_access(r)
    return (where + title + f'<p class="gpulist-step-why">{html_text(step.why)}</p>'
            f'<p class="gpulist-step-meta" data-gpulist-entry="{r.id}">{html_text(meta)}</p>')


def next_step_card(view: SiteView, page: str, config: SiteConfig) -> str:
    """The first step of the first path, in the card the script takes over; none without paths."""
    first = next((p for p in view.paths if p.steps), None)
    return next_step(step_html(first, 0, page, config)) + "\n" if first else ""
