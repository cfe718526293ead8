"""Which source knows a URL best, decided by the same identity rules as duplicates."""

from __future__ import annotations

import httpx

from gpulist import identity
from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import arxiv, github, html, youtube
from gpulist.contribute.metadata.base import Metadata
from gpulist.contribute.metadata.http import client


def infer_type(url: str) -> str | None:
    """The type a URL alone makes clear; None means ask."""
    if identity.arxiv_id(url) or identity.doi(url):
        return "paper"
    if identity.github_repo(url):
        return "code"
    if identity.youtube_id(url):
        return "video"
    return None


def canonical_url(url: str) -> str:
    """arXiv and YouTube have one preferred spelling; everything else is kept as given."""
    paper, video = identity.arxiv_id(url), identity.youtube_id(url)
    if paper:
        return arxiv.abs_url(paper)
    if video:
        return youtube.watch_url(video)
    return url.strip()


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
        found.type = found.type or infer_type(url)
        return found
    finally:
        if own:
            http.close()
