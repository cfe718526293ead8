"""Which source knows a URL best, decided by the same identity rules as duplicates."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import httpx

from gpulist import identity
from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import arxiv, github, html, youtube
from gpulist.contribute.metadata.base import Metadata
from gpulist.contribute.metadata.http import client


# Hosts whose every page is one kind of resource. A host matches itself and its subdomains
# ("learning.oreilly.com" is "oreilly.com"); Amazon's shops are matched by name below.
_PAPER_HOSTS = ("dl.acm.org", "ieeexplore.ieee.org", "openreview.net", "proceedings.neurips.cc", "papers.nips.cc",
                "proceedings.mlr.press", "aclanthology.org", "semanticscholar.org", "researchgate.net")
_BOOK_HOSTS = ("oreilly.com", "manning.com", "nostarch.com", "pragprog.com", "packtpub.com", "informit.com",
               "elsevier.com", "wiley.com", "cambridge.org", "mitpress.mit.edu", "routledge.com", "apress.com")
_DOCS_HOSTS = ("readthedocs.io", "readthedocs.org", "docs.rs", "gitbook.io")
_DOCS_PREFIXES = ("docs.", "doc.", "documentation.")
_REPO_HOSTS = ("gitlab.com", "codeberg.org", "bitbucket.org")


def _on(host: str, domains: tuple[str, ...]) -> bool:
    return any(host == d or host.endswith("." + d) for d in domains)


def _by_host(host: str, path: str) -> str | None:
    """paper, book or docs from where the page lives; None when the host says nothing."""
    if _on(host, _PAPER_HOSTS) or (host.endswith("usenix.org") and "/presentation/" in path):
        return "paper"
    if _on(host, _BOOK_HOSTS) or re.fullmatch(r"(?:smile\.)?amazon\.(?:com|co\.[a-z]{2}|com?\.[a-z]{2}|[a-z]{2})", host):
        return "book"
    if _on(host, _DOCS_HOSTS) or host.startswith(_DOCS_PREFIXES) or (path + "/").startswith("/docs/"):
        return "docs"
    if host in _REPO_HOSTS and len(path.strip("/").split("/")) == 2:  # owner/repo
        return "code"
    return None


def infer_type(url: str) -> str | None:
    """The type a URL alone makes clear; None means ask (`new`) or use the default (`import`).

    Identifiers first (arXiv, DOI, a repository's front page, a YouTube video), then the
    host: ACM, IEEE and proceedings are papers, Amazon and publishers books, docs hosts docs.
    """
    if identity.arxiv_id(url) or identity.doi(url):
        return "paper"
    if identity.github_repo(url):
        return "code"
    if identity.youtube_id(url):
        return "video"
    parts = urlsplit(url.strip())
    return _by_host(identity.bare_host(parts), parts.path)


def canonical_url(url: str) -> str:
    """arXiv and YouTube have one preferred spelling; everything else is kept as given, less
    its tracking parameters (`utm_*`, `si`)."""
    paper, video = identity.arxiv_id(url), identity.youtube_id(url)
    if paper:
        return arxiv.abs_url(paper)
    if video:
        return youtube.watch_url(video)
    return identity.without_tracking(url)


def skeleton(url: str, failure: str | None = None) -> Metadata:
    """What the URL alone says, for offline use or when every lookup failed."""
    return Metadata(url=canonical_url(url), source="url", type=infer_type(url), arxiv=identity.arxiv_id(url),
                    doi=identity.doi(url), failure=failure)


def fetch_metadata(url: str, config: NetConfig, http: httpx.Client | None = None) -> Metadata:
    own = http is None
    http = http or client(config.timeout)
    try:
        if paper := identity.arxiv_id(url):
            return arxiv.fetch(paper, config, http)
        if repo := identity.github_repo(url):
            return github.fetch(repo, config, http)
        if video := identity.youtube_id(url):
            return youtube.fetch(video, config, http)
        found = html.fetch(url, config, http)
        found.doi = found.doi or identity.doi(url)
        found.type = infer_type(url) or found.type  # a docs host's pages say og:type 'article'
        return found
    finally:
        if own:
            http.close()


_SOCIAL = {"twitter.com": "Twitter", "mobile.twitter.com": "Twitter", "x.com": "X", "bsky.app": "Bluesky"}


def profile(url: str) -> str | None:
    """'Twitter profile @tri_dao' for a person's page, not a resource: a profile on Twitter,
    X or Bluesky, a GitHub account (github.com/USER, no repository). A post is not a profile."""
    parts = urlsplit(url.strip())
    host = identity.bare_host(parts)
    segments = [s for s in parts.path.split("/") if s]
    if host in _SOCIAL and len(segments) == 1 and segments[0] not in ("home", "search", "hashtag", "i"):
        return f"{_SOCIAL[host]} profile @{segments[0].lstrip('@')}"
    if host == "bsky.app" and len(segments) == 2 and segments[0] == "profile":
        return f"Bluesky profile @{segments[1]}"
    if identity.github_account(url):
        return f"GitHub account {segments[0]}"
    return None
