"""The catalog's identities, for refusing (new) or skipping (import) what is already listed.

The keys come from `gpulist.identity`, the same function the duplicate check of
`gpulist validate` uses, so a URL refused here is exactly one validate would flag.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.identity import Key, identity_keys
from gpulist.load import Catalog

_PREFERENCE = ("arxiv", "doi", "github", "youtube", "url")


@dataclass(slots=True)
class Known:
    """Key -> where it is listed (a file path, or 'line 12' of a list being imported)."""

    where: dict[Key, str] = field(default_factory=dict)

    @classmethod
    def from_catalog(cls, catalog: Catalog) -> Known:
        known = cls()
        for entry in catalog.entries:
            r = entry.resource
            known.add(identity_keys(r.url, r.arxiv, r.doi), entry.doc.path)
        return known

    def add(self, keys: set[Key], where: str) -> None:
        for key in keys:
            self.where.setdefault(key, where)

    def find(self, url: str | None, arxiv: str | None = None, doi: str | None = None) -> tuple[str, Key] | None:
        """Where this resource is already listed, and the strongest key that says so."""
        keys = sorted(identity_keys(url, arxiv, doi), key=lambda k: _PREFERENCE.index(k.kind))
        return next(((self.where[k], k) for k in keys if k in self.where), None)
