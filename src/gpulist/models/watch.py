"""The sources `gpulist watch` follows: data/watch.yml, one item per feed, channel or query.

Each source says what it is (`kind`) so the watcher knows how to read it, and may carry
hints (topic, tier, tags) that end up in the `gpulist new` command it proposes. An arXiv
source is a query of the arXiv API rather than a fixed feed: the watcher builds the URL
from its categories and keywords.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal
from urllib.parse import parse_qs, urlsplit

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text, TierNumber, Url

SourceKind = Literal["feed", "arxiv", "github-releases", "youtube"]
SOURCE_KINDS: tuple[str, ...] = SourceKind.__args__  # type: ignore[attr-defined]

# arXiv's category ids: cs.DC, stat.ML, math.OC, eess.SP, and archive-only ones like hep-th.
CATEGORY_PATTERN = r"^[a-z]+(?:-[a-z]+)?(?:\.[A-Za-z]{2,})?$"
_RELEASES_PATH = re.compile(r"^/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+/releases\.atom$")
_YOUTUBE_HOSTS = {"www.youtube.com", "youtube.com"}


class ArxivQuery(Strict):
    categories: Annotated[list[Annotated[str, Field(pattern=CATEGORY_PATTERN)]], Field(min_length=1)] = Field(
        description="arXiv categories, any of which matches, e.g. [cs.DC, cs.PF]."
    )
    keywords: list[Text] = Field(
        default=[], description="Words or phrases searched in title and abstract, any of which matches; none: the whole category."
    )
    max_results: Annotated[int, Field(ge=1, le=500)] = Field(
        default=100, description="Newest submissions asked for per run."
    )


class WatchSource(Strict):
    """One source `gpulist watch` follows: a feed, a channel, a repository's releases or an arXiv query."""

    # `kind` comes before `url` so the URL's check can depend on it: pydantic validates in order.
    id: Id = Field(description="Names the source in reports and in the state file; kebab-case.")
    kind: SourceKind = Field(description="feed (RSS or Atom), arxiv (an API query), github-releases or youtube.")
    url: Url = Field(description="The feed; for arxiv, the API endpoint (https://export.arxiv.org/api/query).")
    query: ArxivQuery | None = Field(default=None, validate_default=True,
                                     description="For kind: arxiv, what to ask the API for.")
    topic: Id | None = Field(default=None, description="Hint: the topic a candidate from here most likely joins.")
    tier: TierNumber | None = Field(default=None, description="Hint: the tier within `topic`.")
    tags: list[Ref] = Field(default=[], description="Hint: tags from data/concepts.yml.")

    @field_validator("url")
    @classmethod
    def _url_fits_kind(cls, url: str, info: ValidationInfo) -> str:
        _check_url_for(info.data.get("kind", ""), url)
        return url

    @field_validator("query")
    @classmethod
    def _query_iff_arxiv(cls, query: ArxivQuery | None, info: ValidationInfo) -> ArxivQuery | None:
        kind = info.data.get("kind")
        if kind == "arxiv" and query is None:
            raise PydanticCustomError("source-shape", "an arxiv source needs a `query` (categories and keywords)")
        if kind is not None and kind != "arxiv" and query is not None:
            raise PydanticCustomError("source-shape", "only arxiv sources have a `query`")
        return query


def _check_url_for(kind: str, url: str) -> None:
    """A releases or channel URL that is not one gets a clear message now, not a 404 weekly."""
    parts = urlsplit(url)
    if kind == "github-releases" and not (parts.hostname == "github.com" and _RELEASES_PATH.match(parts.path)):
        raise PydanticCustomError(
            "source-url", "a github-releases source is https://github.com/OWNER/REPO/releases.atom (found {url})",
            {"url": url},
        )
    if kind == "youtube":
        query = parse_qs(parts.query)
        if not (parts.hostname in _YOUTUBE_HOSTS and parts.path == "/feeds/videos.xml"
                and ("channel_id" in query or "playlist_id" in query)):
            raise PydanticCustomError(
                "source-url",
                "a youtube source is https://www.youtube.com/feeds/videos.xml?channel_id=... (found {url})",
                {"url": url},
            )
