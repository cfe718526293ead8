"""llms.txt: the site described for language models, at the site's root (llmstxt.org).

The convention's shape: the site's name as an H1, one line on what it is as a blockquote,
then H2 sections of Markdown links, each with a one-liner. The sections are the pages a
model should read to answer questions about the list: the topics, the concepts and the
reading paths, each described by its own one-liner from data/. Links are absolute when the
site address is known, else relative to the site's root, where the file sits.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.site.next_step import who
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.concepts import concept_page
from gpulist.view.guide import intro
from gpulist.view.links import built_url
from gpulist.view.paths import PathView

PATH = "llms.txt"
JSON_PATH = "resources.json"  # written by gpulist.export beside the pages (gpulist.publish.render)
CONCEPTS_JSON = "concepts.json"
Link = tuple[str, str, str]  # (title, docs page or site file, one-liner)


def render_llms_txt(view: SiteView, config: SiteConfig) -> str:
    text = intro(len(view.topics))
    summary = config.site_description or text.split(". ")[0] + "."
    details = text.removeprefix(summary).strip()  # the introduction, less what the summary said
    out = [f"# {_one_line(config.site_name)}", "", f"> {_one_line(summary)}", "", details, ""]
    out += _section("Topics", ((t.topic.title, t.page, t.topic.description) for t in view.topics), config)
    out += _section("Concepts", ((c.title, concept_page(c.id), c.description) for c in view.concepts), config)
    out += _section("Reading paths", ((p.path.title, p.page, _path_about(p)) for p in view.paths), config)
    out += _section("Optional", [("resources.json", JSON_PATH, "every entry of the list as JSON"),
                                 ("concepts.json", CONCEPTS_JSON, "every concept, its definition, prerequisites "
                                  "and entries, as JSON")], config)
    return "\n".join(out)


def _path_about(path: PathView) -> str:
    """Who the path is for, then where it leads: "For a programmer new to CUDA. From …"."""
    return f"{who(path)} {path.path.description}" if path.path.audience else path.path.description


def _section(heading: str, links: Iterable[Link], config: SiteConfig) -> list[str]:
    lines = [f"- [{_link_text(title)}]({_url(page, config)}): {_one_line(about)}" for title, page, about in links]
    return [f"## {heading}", "", *lines, ""] if lines else []


def _url(page: str, config: SiteConfig) -> str:
    """The page's built address (`topics/attention/`), absolute when the site address is known."""
    return config.page_url(built_url(page) if page.endswith(".md") else page)


def _link_text(text: str) -> str:
    """A title as link text: brackets and backslashes escaped, so it cannot end the link early."""
    return _one_line(text).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _one_line(text: str) -> str:
    return " ".join(text.split())
