"""From a Markdown item to a candidate entry, or the reason it is none.

One item, one entry: the item's first substantive link is the entry (a named link before a
"paper" or "code" link), its other links are the entry's `links`, and the rest of its text
is the note. Link text that names nothing ("Blog", "paper", "here", a bare URL) is no
title: the title is built from the item's own words, the item it sits under, or the section
heading, and when none of them helps the candidate says so, for the report. A note never
keeps the debris its removed links leave ("(part of commercial  by )"): it is rebuilt from
the link texts or dropped; a version in brackets ("(V8.3)") belongs to the title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from gpulist.checks.placeholder_title import placeholder_title
from gpulist.contribute.entry import safe_text
from gpulist.contribute.markdown_list import Item, Link, Run
from gpulist.contribute.metadata.dispatch import infer_type
from gpulist.identity import arxiv_id, bare_host, github_repo_parts

EMOJI_TYPES = {"📄": "paper", "📝": "blog", "🎥": "video", "📚": "book", "💻": "code"}
FAVORITE = "🔥"
# Words that say what a link is, not which resource: a link role, never a title.
ROLES = frozenset("""paper papers pdf arxiv code github gh repo repository source slides deck video videos talk
recording youtube poster demo notebook colab website site homepage home blog post wiki docs doc documentation
here link this article tutorial course channel newsletter podcast lecture lectures project thread tweet
forum discord page html abstract preprint""".split())
# Roles that name a kind of site: 'Hazy Research' + 'Blog' is 'Hazy Research blog'.
SITE_ROLES = frozenset("blog wiki docs documentation website site homepage course channel newsletter podcast forum".split())
_GLUE = frozenset("see via and or by also on at the in".split())
# Headings that describe every item below them, never one: 'Further reading', 'Papers'.
_SECTION_WORDS = ROLES | _GLUE | frozenset("""further reading more misc miscellaneous other others resources resource
links useful related references reference people tools list contents table of""".split())
_ROLE_PREFIX = re.compile(r"^(wiki|blog|paper|docs|video|slides|code|talk)\s*:\s*(.+)$", re.I)
_SHORTCODE = re.compile(r":[\w+-]+:")
_DECOR = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\uFE0F\u2728]")
_SEPARATORS = " \t-–—:|,;·•：/"
_MARK = "\x00"  # where a link was, while a note is cleaned
_BRACKETED = re.compile(r"[\[(]([^\[\]()]*)[\])]")
_ROLE_LABEL = re.compile(r"\b([A-Za-z]+)\s*[:=]?\s*(?=\x00)")
_SEPARATOR_RUN = re.compile(r"\s*([,;|·•/])(?:\s*[,;|·•/])+\s*")
# What removed links leave behind: brackets with nothing in them, a joining word with nothing
# after it ('by' before a ')' or the end), no word at all.
_EMPTY_BRACKETS = re.compile(r"[(\[][\s,;:|·•/-]*[)\]]")
_DANGLING = re.compile(r"(?:^|(?<=[\s(\[]))(?:by|of|and|or|with|from|via|for)\s*(?=[)\],;:|]|$)"
                       r"|\w:\s*(?=[,;|]|$)", re.I)  # or a label ('impl:') with nothing after it
_VERSION = re.compile(r"^[(\[]\s*(?:v|ver\.?|version)\s*(\d+(?:\.\d+)*[a-z]?)\s*[)\]]", re.I)
_KIND_LABELS = {"paper": "Paper", "code": "Code", "video": "Video", "book": "Book", "docs": "Docs"}


@dataclass(slots=True)
class Candidate:
    line: int
    title: str
    url: str
    notes: list[str] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)
    type: str | None = None
    favorite: bool = False
    headings: tuple[str, ...] = ()
    title_from: str = "link text"  # or 'item text', 'parent item', 'heading'
    weak_title: str | None = None  # why the title could not be improved, for the report


@dataclass(frozen=True, slots=True)
class Skip:
    """An item that is not an entry: `kind` groups the report (profile, prose, badge, no link)."""

    line: int
    kind: str
    reason: str
    url: str = ""


def plain(text: str) -> str:
    """Title text without emphasis, emoji, shortcodes, HTML or edge punctuation."""
    text = _DECOR.sub("", _SHORTCODE.sub("", text)).replace("**", "").replace("__", "")
    text = re.sub(r"\[\s*\]|\(\s*\)", "", safe_text(text) or "").strip(_SEPARATORS + "*_")
    if text.startswith("[") and text.endswith("]") and text.count("[") == 1:
        text = text[1:-1].strip()  # '[KAUST]'
    return " ".join(text.split())


def is_web(link: Link) -> bool:
    return link.url.startswith(("http://", "https://"))


def _looks_like_url(text: str) -> bool:
    return " " not in text.strip() and ("." in text or "/" in text)


def _only_roles(text: str) -> bool:
    """Every word a link role or glue ('code and slides', 'paper, video'); true for no words."""
    return all(w in ROLES or w in _GLUE for w in re.findall(r"[\w'-]+", text.lower()))


def generic(text: str) -> bool:
    """Text that names no resource: empty, a role word ('Blog', 'paper', 'here'), a URL."""
    shown = plain(text).lower()
    return not re.search(r"[\w'-]", shown) or _looks_like_url(shown) or _only_roles(shown)


def is_role_link(link: Link) -> bool:
    """A link that names no resource: a bare URL, or text such as 'code' or 'slides'."""
    return link.auto or generic(link.text)


def _before(item: Item, link: Link) -> str:
    """The item's words before the link: its bold text if any (the guide's `**Title**`)."""
    runs: list[Run] = []
    for run in item.runs:
        if run.link is link:
            break
        runs.append(run)
    bold = [r.text for r in runs if r.strong and r.link is None]
    return plain(" ".join(bold)) or plain("".join(r.text for r in runs if r.link is None))


def _section(heading: str) -> str:
    """The heading's words, unless they only name kinds of links ('Papers', 'Further reading')."""
    words = plain(heading)
    generic = all(w in _SECTION_WORDS or w.rstrip("s") in ROLES or w.isdigit() for w in words.lower().split())
    return "" if generic else words


def _with_role(context: str, link: Link) -> str:
    role = plain(link.text).lower()
    if link.auto or role not in SITE_ROLES or role in context.lower().split():
        return context
    return f"{context} {role}"


def _fallback(link: Link) -> str:
    role = "" if link.auto else plain(link.text).lower()
    host = (urlsplit(link.url).hostname or "").removeprefix("www.")
    return f"{host} {role}" if role in SITE_ROLES else placeholder_title(link.url)


def title_for(item: Item, link: Link, parent: str, heading: str) -> tuple[str, str, str | None]:
    """(title, where it came from, why it is weak): the link text when it names something,
    else the best context; 'Wiki: Thread Block' is 'Thread Block (Wikipedia)'."""
    text = plain(link.text)
    prefixed = _ROLE_PREFIX.match(text)
    if prefixed and not link.auto:
        host = urlsplit(link.url).hostname or ""
        site = "Wikipedia" if host.endswith("wikipedia.org") else prefixed.group(1).lower()
        return f"{plain(prefixed.group(2))} ({site})", "link text", None
    if not is_role_link(link):
        return text, "link text", None
    sources = (("item text", _before(item, link)), ("parent item", plain(parent)),
               ("heading", _section(heading)))
    for where, context in sources:
        if context and not generic(context):
            check = f"taken from the heading '{context}': check it names this resource" if where == "heading" else None
            return _with_role(context, link), where, check
    shown = "a bare URL" if link.auto else f"link text '{text}'"
    return _fallback(link), "URL", f"{shown} and nothing around it names the resource"


def clean_note(runs: list[Run]) -> str:
    """The item's words once its links are gone: no empty brackets, no 'code:' labels left
    in front of a removed link, no separators in a row, no leading punctuation. Should that
    leave debris ('(part of commercial by)'), the note is rebuilt with the links' own words
    in their places ('(part of commercial MAX Platform by Modular)'), or else dropped."""
    note = _tidy(runs, keep_names=False)
    if note and debris(note):
        note = _tidy(runs, keep_names=True)
    return "" if not note or debris(note) else note


def debris(note: str) -> bool:
    """Empty brackets, a dangling 'by', 'of' or 'and' (or 'impl:'), or nothing but punctuation."""
    return bool(_EMPTY_BRACKETS.search(note) or _DANGLING.search(note)) or not re.search(r"\w", note)


def _tidy(runs: list[Run], keep_names: bool) -> str:
    """The note's text, each link removed, or with `keep_names` replaced by its words unless
    they are only role words ('code') or a bare URL: in a sentence, 'owner/repo' is a name."""
    text = "".join(_MARK if r.link is not None and (not keep_names or r.link.auto or _only_roles(plain(r.text)))
                   else plain(r.text) if r.link is not None else r.text for r in runs)
    text = _ROLE_LABEL.sub(lambda m: "" if m.group(1).lower() in ROLES else m.group(0), text)
    text = _BRACKETED.sub(_bracket, text).replace(_MARK, " ")
    text = _SEPARATOR_RUN.sub(lambda m: f"{m.group(1)} ", text)
    text = " ".join(text.split()).lstrip(_SEPARATORS + ".)]").rstrip(_SEPARATORS + "([")
    return "" if _only_roles(text) else safe_text(text) or ""


def with_version(title: str, note: str) -> tuple[str, str]:
    """'(V8.3)' right after the link is the resource's version, part of its name:
    ('PTX ISA', '(V8.3)') -> ('PTX ISA (version 8.3)', '')."""
    found = _VERSION.match(note)
    if found is None:
        return title, note
    return f"{title} (version {found.group(1)})", note[found.end():].strip(_SEPARATORS + ".")


def _bracket(match: re.Match[str]) -> str:
    """A bracket that held only links (and role words, separators) goes with its links."""
    inside = match.group(1)
    if inside.strip() and _MARK not in inside:
        return match.group(0)
    return "" if _only_roles(inside.replace(_MARK, " ")) else match.group(0)


def markdown_of(runs: list[Run]) -> str:
    """Runs back to Markdown for a note: links kept as links."""
    parts = [f"<{r.link.url}>" if r.link and r.link.auto else f"[{r.text}]({r.link.url})" if r.link else r.text
             for r in runs]
    return " ".join("".join(parts).split())


def emoji_type(text: str) -> str | None:
    return next((kind for mark, kind in EMOJI_TYPES.items() if mark in text), None)


def secondary(links: list[Link], primary: Link) -> list[dict[str, str]]:
    """The item's other links, each titled by its own words or by what it is (see link_title)."""
    out: list[dict[str, str]] = []
    for link in links:
        if link is not primary and link.url != primary.url and all(o["url"] != link.url for o in out):
            out.append({"title": link_title(link), "url": link.url})
    return out


def link_title(link: Link) -> str:
    """A secondary link's title: its own words when they say something ('code', 'slides', 'Nsight
    docs'); else what it is, and which: 'Code: facebookresearch/HolisticTraceAnalysis', 'Paper:
    arXiv 2307.08691', 'Docs: docs.nvidia.com/cuda'. Never a bare host name: on a card, 'github.com'
    says nothing about where it leads."""
    text = "" if link.auto else plain(link.text)
    if text and not _looks_like_url(text):
        return text
    repo, paper, parts = github_repo_parts(link.url), arxiv_id(link.url), urlsplit(link.url)
    if repo:
        return "Code: " + "/".join(repo)
    if paper:
        return f"Paper: arXiv {paper}"
    if bare_host(parts) == "github.com":  # a folder or a file of a repository
        return "Code: " + parts.path.strip("/")
    return f"{_KIND_LABELS.get(infer_type(link.url) or '', 'Link')}: {bare_host(parts)}{parts.path.rstrip('/')}"
