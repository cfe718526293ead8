"""The sources of one run: data/watch.yml, then every blog entry that carries a `feed`."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from gpulist.load import Catalog
from gpulist.models import ArxivQuery, Resource, WatchSource


@dataclass(frozen=True, slots=True)
class Hint:
    """What the proposed `gpulist new` command is told: a maintainer's best guess, reviewed on accepting."""

    topic: str | None = None
    tier: int | None = None
    tags: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Source:
    id: str
    kind: str
    url: str  # as written in the data
    hint: Hint
    query: ArxivQuery | None = None

    @property
    def request_url(self) -> str:
        """What is fetched: the URL itself, or for arXiv the API query built from it."""
        return arxiv_query_url(self.url, self.query) if self.query is not None else self.url


def sources_of(catalog: Catalog) -> list[Source]:
    return [*map(_from_watch, catalog.watch), *(_from_blog(r) for r in catalog.resources if r.feed)]


def _from_watch(source: WatchSource) -> Source:
    return Source(source.id, source.kind, source.url, Hint(source.topic, source.tier, tuple(source.tags)), source.query)


def _from_blog(resource: Resource) -> Source:
    """A whole blog sits in The Big Picture; its posts belong elsewhere, so only a tiered topic is a hint."""
    topic = resource.topic if resource.tier is not None else None
    return Source(resource.id, "feed", str(resource.feed), Hint(topic, resource.tier, tuple(resource.tags)))


def arxiv_query_url(endpoint: str, query: ArxivQuery) -> str:
    """The arXiv API's search: any category AND any keyword, newest submissions first.

    Anything but a plain word is quoted, so `GPU kernel` matches the phrase and
    `all-reduce` is not read as an operator; colons stay literal as the
    API's own examples write them (`cat:cs.DC`).
    """
    categories = " OR ".join(f"cat:{c}" for c in query.categories)
    search = f"({categories})"
    if query.keywords:
        words = " OR ".join(f"all:{k}" if k.isalnum() else f'all:"{k}"' for k in query.keywords)
        search += f" AND ({words})"
    params = {"search_query": search, "sortBy": "submittedDate", "sortOrder": "descending",
              "max_results": str(query.max_results)}
    return f"{endpoint}?{urlencode(params, safe=':')}"
