"""Canonical identity: when are two entries the same resource?

One implementation serves `gpulist validate` (duplicate check), `gpulist new` (refusing a
resource already listed) and `gpulist import` (skipping known entries), so they can never
disagree. A resource has several keys; two resources sharing any key are duplicates.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Generic, TypeVar
from urllib.parse import SplitResult, parse_qsl, urlencode, urlsplit

_ARXIV_HOSTS = {"arxiv.org", "export.arxiv.org"}
_ARXIV_PATH = re.compile(r"^/(?:abs|pdf|html)/(\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?/?$")
_DOI_PATH = re.compile(r"^/(10\.\d{4,9}/\S+)$")
_GITHUB_REPO = re.compile(r"^/([A-Za-z0-9_.-]+)/([A-Za-z0-9_.-]+?)(?:\.git)?(?:/tree/[^/]+)?/?$")
_YOUTUBE_ID = re.compile(r"^[A-Za-z0-9_-]{11}$")
_TRACKING = re.compile(r"^(utm_\w+|ref|ref_src|fbclid|gclid|si)$")
_GITHUB_RESERVED = {"orgs", "topics", "search", "marketplace", "sponsors", "settings", "features", "about"}


@dataclass(frozen=True, slots=True, order=True)
class Key:
    """One identity: `kind` says what matched, for messages like 'same arXiv id 2307.08691'."""

    kind: str
    value: str

    def describe(self) -> str:
        labels = {"url": "URL", "arxiv": "arXiv id", "doi": "DOI", "github": "GitHub repository",
                  "youtube": "YouTube video"}
        return f"same {labels[self.kind]} {self.value}"


def bare_host(parts: SplitResult) -> str:
    """The host as identity and type inference compare it: lowercased, without `www.`."""
    return (parts.hostname or "").lower().removeprefix("www.")


def normalize_url(url: str) -> str:
    """Scheme, `www.`, default ports, trailing slashes, fragments and tracking parameters don't matter."""
    return _normalize(urlsplit(url.strip()))


def _normalize(parts: SplitResult, host: str | None = None) -> str:
    number = _port(parts) if ":" in parts.netloc else None
    port = f":{number}" if number not in (None, 80, 443) else ""
    path = parts.path.rstrip("/")
    query = ""
    if parts.query:
        pairs = sorted((k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _TRACKING.match(k))
        query = "?" + urlencode(pairs) if pairs else ""
    return f"{bare_host(parts) if host is None else host}{port}{path}{query}"


def _port(parts: SplitResult) -> int | None:
    """The explicit port; None when absent or unusable (urlsplit raises lazily for `:abc`)."""
    try:
        return parts.port
    except ValueError:
        return None


# Each finder gets the split URL and its host (lowercase, without www.), already known
# to be one of the finder's hosts: URLs are split once and dispatched by host.


def _arxiv(parts: SplitResult, host: str) -> str | None:
    match = _ARXIV_PATH.match(parts.path)
    return match.group(1) if match else None


def _doi(parts: SplitResult, host: str) -> str | None:
    match = _DOI_PATH.match(parts.path)
    return match.group(1).lower() if match else None


def _repo_parts(parts: SplitResult) -> tuple[str, str] | None:
    match = _GITHUB_REPO.match(parts.path)
    if not match or match.group(1).lower() in _GITHUB_RESERVED:
        return None
    return match.group(1), match.group(2)


def _github(parts: SplitResult, host: str) -> str | None:
    found = _repo_parts(parts)
    return "/".join(found).lower() if found else None


def _youtube(parts: SplitResult, host: str) -> str | None:
    candidate = None
    if host == "youtu.be":
        candidate = parts.path.strip("/").split("/")[0]
    elif parts.path == "/watch":
        candidate = dict(parse_qsl(parts.query)).get("v")
    else:
        segments = parts.path.strip("/").split("/")
        if len(segments) >= 2 and segments[0] in ("embed", "shorts", "live", "v"):
            candidate = segments[1]
    return candidate if candidate and _YOUTUBE_ID.match(candidate) else None


Finder = Callable[[SplitResult, str], str | None]
_FINDERS: dict[str, tuple[str, Finder]] = {
    **{h: ("arxiv", _arxiv) for h in _ARXIV_HOSTS},
    **{h: ("doi", _doi) for h in ("doi.org", "dx.doi.org")},
    "github.com": ("github", _github),
    **{h: ("youtube", _youtube) for h in ("youtu.be", "youtube.com", "m.youtube.com", "youtube-nocookie.com")},
}


def _find(url: str, kind: str) -> str | None:
    parts = urlsplit(url.strip())
    host = bare_host(parts)
    found = _FINDERS.get(host)
    return found[1](parts, host) if found and found[0] == kind else None


def arxiv_id(url: str) -> str | None:
    return _find(url, "arxiv")


def doi(url: str) -> str | None:
    return _find(url, "doi")


def github_repo_parts(url: str) -> tuple[str, str] | None:
    """(owner, name) of a repository's front page as the URL writes them (case kept, `.git` and
    `/tree/<branch>` dropped), for what is shown or linked rather than compared: the
    publishing settings' origin remote and the site header's repository name."""
    parts = urlsplit(url.strip())
    return _repo_parts(parts) if bare_host(parts) == "github.com" else None


def github_repo(url: str) -> str | None:
    """owner/repo for a repository's front page; deeper paths (a file, an issue) are other resources."""
    parts = github_repo_parts(url)
    return "/".join(parts).lower() if parts else None


def github_account(url: str) -> str | None:
    """The user or organisation of a github.com/NAME page (no repository), lowercased."""
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    if bare_host(parts) != "github.com" or len(segments) != 1 or segments[0].lower() in _GITHUB_RESERVED:
        return None
    return segments[0].lower() if re.fullmatch(r"[A-Za-z0-9-]+", segments[0]) else None


def youtube_id(url: str) -> str | None:
    return _find(url, "youtube")


def url_keys(url: str) -> set[Key]:
    parts = urlsplit(url.strip())
    host = bare_host(parts)
    keys = {Key("url", _normalize(parts, host))}
    found = _FINDERS.get(host)
    if found:
        value = found[1](parts, host)
        if value:
            keys.add(Key(found[0], value))
    return keys


def identity_keys(url: str | None, arxiv: str | None = None, doi_value: str | None = None) -> set[Key]:
    """All keys of a resource, from its URL and its explicit identifiers."""
    keys = url_keys(url) if url else set()
    if arxiv:
        keys.add(Key("arxiv", arxiv))
    if doi_value:
        keys.add(Key("doi", doi_value.lower()))
    return keys


# Which key names a clash or a match: an arXiv id or a DOI says more than a repository or a URL.
KEY_PREFERENCE = ("arxiv", "doi", "github", "youtube", "url")


def by_strength(keys: Iterable[Key]) -> list[Key]:
    """The keys, strongest first (ties keep their order)."""
    return sorted(keys, key=lambda k: KEY_PREFERENCE.index(k.kind))


def without_tracking(url: str) -> str:
    """The URL as written, less its tracking parameters (`utm_*`, `si`, ...): the same
    resource, one spelling a list can share. Untouched when it has none."""
    parts = urlsplit(url.strip())
    if not parts.query:
        return url.strip()
    kept = [p for p in parts.query.split("&") if not _TRACKING.match(p.split("=", 1)[0])]
    if len(kept) == len(parts.query.split("&")):
        return url.strip()
    return parts._replace(query="&".join(kept)).geturl()


# Titles. Two entries whose titles differ only in case, punctuation, a leading article, a
# trailing "(PMPP)" or a subtitle are probably one resource listed twice under different
# URLs (a publisher's page and a shop's): worth a warning, never an error.

_SUBTITLE = re.compile(r":\s|\s[-–—|]\s")
_PAREN_TAIL = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")
_ARTICLE = ("the", "a", "an")
_COMBINING = re.compile("[\u0300-\u036f]")
_WORD = re.compile(r"[^\W_]+")
T = TypeVar("T")


def _title_words(text: str) -> str:
    if not text.isascii():  # 'Über' is 'uber'; most titles are ASCII and skip this
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    words = _WORD.findall(text.casefold())
    if len(words) > 1 and words[0] in _ARTICLE:
        words = words[1:]
    return " ".join(words)


@lru_cache(maxsize=256)  # validate and import look a title up, then add it: keys computed once
def title_keys(title: str) -> tuple[frozenset[str], frozenset[str]]:
    """(whole, short): the title normalized; and, when it has them, the title without its
    subtitle (`: ...`, ` - ...`) or without a trailing parenthesis ('(PMPP)', '(2nd ed.)')."""
    whole = frozenset({_title_words(title)} - {""})
    marked = ":" in title or "-" in title or "–" in title or "—" in title or "|" in title  # cheaper than the regex
    head = _SUBTITLE.split(title, maxsplit=1)[0] if marked else title
    shorter = {head} | {_PAREN_TAIL.sub("", t) for t in (title, head) if t.endswith((")", "]"))}
    shorter.discard(title)
    return whole, frozenset({_title_words(t) for t in shorter} - whole - {""})


@dataclass(slots=True)
class TitleIndex(Generic[T]):
    """Titles seen so far, bucketed by normalized key, so finding a near-identical title is a
    few dictionary lookups, not a comparison with every entry. Two titles match when they are
    the same, or one is the other without its subtitle or trailing parenthesis. Two different
    subtitles after one name ('CUDA: X', 'CUDA: Y'; 'notes (151)', 'notes (152)') do not match."""

    whole: dict[str, list[T]] = field(default_factory=dict)
    short: dict[str, list[T]] = field(default_factory=dict)

    def find(self, title: str, accept: Callable[[T], bool] = lambda _: True,
             equal: bool = False) -> tuple[T, str] | None:
        """The first title added that matches this one and is accepted, and how it matches;
        with `equal`, only a title that is the same once normalized."""
        whole, short = title_keys(title)
        lookups = ((whole, self.whole, "same title"), (whole, self.short, "same title but for a subtitle"),
                   (short, self.whole, "same title but for a subtitle"))
        for keys, buckets, how in lookups[:1] if equal else lookups:
            for key in sorted(keys) if len(keys) > 1 else keys:
                for value in buckets.get(key, ()):
                    if accept(value):
                        return value, how
        return None

    def add(self, title: str, value: T) -> None:
        whole, short = title_keys(title)
        for key in whole:
            self.whole.setdefault(key, []).append(value)
        for key in short:
            self.short.setdefault(key, []).append(value)
