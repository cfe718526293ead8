"""Which items become candidates: new enough, not listed, not proposed before.

"Listed" is decided by `gpulist.identity`, the same keys `gpulist validate` uses for
duplicates and `gpulist new` for refusing a resource: an arXiv pdf link matches a listed
abs page, a repository matches however its URL is spelt. An entry's secondary links
count as listed too: a paper's code repository is already in the list through the paper.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field

from gpulist.identity import KEY_PREFERENCE, Key, identity_keys, url_keys
from gpulist.load import Catalog
from gpulist.watch.parse import Item
from gpulist.watch.sources import Hint, Source

@dataclass(frozen=True, slots=True)
class Candidate:
    url: str
    title: str
    source: str
    published: dt.datetime | None
    authors: tuple[str, ...]
    summary: str
    hint: Hint
    key: str  # the strongest identity key, `kind:value`: what the state remembers as proposed


def listed_keys(catalog: Catalog) -> set[Key]:
    keys: set[Key] = set()
    for r in catalog.resources:
        keys |= identity_keys(r.url, r.arxiv, r.doi)
        for link in r.links:
            keys |= url_keys(link.url)
    return keys


def strongest(keys: Iterable[Key]) -> Key:
    return min(keys, key=lambda k: (KEY_PREFERENCE.index(k.kind), k.value))


@dataclass(slots=True)
class Selection:
    """The run's judge: one instance sees every source's items, so the first source to offer an item keeps it."""

    listed: set[Key]
    proposed: set[str]  # by earlier runs
    include_proposed: bool = False  # --all
    taken: set[str] = field(default_factory=set)  # by this run

    def pick(self, source: Source, items: list[Item], since: dt.datetime | None) -> list[Candidate]:
        found = []
        for item in items:
            if item.url is None or (since is not None and item.published is not None and item.published < since):
                continue
            keys = url_keys(item.url)
            key = strongest(keys)
            name = f"{key.kind}:{key.value}"
            if keys & self.listed or name in self.taken or (name in self.proposed and not self.include_proposed):
                continue
            self.taken.add(name)
            found.append(Candidate(item.url, item.title or item.url, source.id, item.published, item.authors,
                                   item.summary, source.hint, name))
        return found
