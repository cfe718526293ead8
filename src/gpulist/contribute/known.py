"""The catalog's identities and titles, for refusing (new) or skipping (import) what is already listed.

The keys come from `gpulist.identity`, the same functions the `duplicate` and
`possible-duplicate` checks of `gpulist validate` use, so a URL refused here is exactly one
validate would flag, and a title skipped here one it would warn about.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.checks.possible_duplicate import describe, same_kind
from gpulist.identity import Key, TitleIndex, by_strength, identity_keys
from gpulist.load import Catalog

@dataclass(slots=True)
class Known:
    """Key -> where it is listed (a file path, or 'line 12' of a list being imported)."""

    where: dict[Key, str] = field(default_factory=dict)
    titles: TitleIndex[tuple[str, str, str]] = field(default_factory=TitleIndex)  # (where, type, title)

    @classmethod
    def from_catalog(cls, catalog: Catalog) -> Known:
        known = cls()
        for entry in catalog.entries:
            r = entry.resource
            known.add(identity_keys(r.url, r.arxiv, r.doi), entry.doc.path)
            known.titles.add(r.title, (entry.doc.path, r.type, r.title))
        return known

    def add(self, keys: set[Key], where: str) -> None:
        for key in keys:
            self.where.setdefault(key, where)

    def add_title(self, title: str, kind: str, where: str) -> None:
        self.titles.add(title, (where, kind, title))

    def find(self, url: str | None, arxiv: str | None = None, doi: str | None = None) -> tuple[str, Key] | None:
        """Where this resource is already listed, and the strongest key that says so."""
        return next(((self.where[k], k) for k in by_strength(identity_keys(url, arxiv, doi)) if k in self.where), None)

    def find_title(self, title: str, kind: str) -> str | None:
        """'possible duplicate of data/resources/pmpp.yml (same title: ...)', as validate words it."""
        found = self.titles.find(title, lambda listed: same_kind(listed[1], kind))
        if found is None:
            return None
        (where, _, listed), how = found
        return describe(where, how, listed)
