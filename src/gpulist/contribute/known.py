"""The catalog's identities and titles, for refusing (new) or skipping (import) what is already listed.

The keys come from `gpulist.identity`, the same functions the `duplicate` and
`possible-duplicate` checks of `gpulist validate` use, so a URL refused here is exactly one
validate would flag, and a title skipped here one it would warn about. Two more matches
serve a list being imported, whose items carry their own links and whose types are guessed
from a URL: a title equal to a listed one (once normalized) matches whatever the two types,
and an item linking a listed entry's repository, paper or video is that entry. `gpulist new`,
told the type, keeps to validate's words: a talk may share its paper's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.checks.possible_duplicate import describe, same_kind
from gpulist.identity import Key, TitleIndex, by_strength, identity_keys
from gpulist.load import Catalog

# Keys that name one resource wherever they are linked from: a repository, a paper, a video.
# A plain URL key does not: an item may link a listed project's home page as context.
NAMING_KEYS = frozenset({"arxiv", "doi", "github", "youtube"})


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

    def find_named(self, url: str) -> tuple[str, Key] | None:
        """Where the repository, paper or video `url` names is already listed, if it is."""
        keys = by_strength(k for k in identity_keys(url) if k.kind in NAMING_KEYS)
        return next(((self.where[k], k) for k in keys if k in self.where), None)

    def find_title(self, title: str, kind: str, equal_any_kind: bool = False) -> str | None:
        """'possible duplicate of data/resources/pmpp.yml (same title: ...)', as validate words it.
        A near title counts for a resource of the same kind; with `equal_any_kind` (import), an
        equal one for any kind: 'Mojo' the docs is 'Mojo' the language, listed as code."""
        found = self.titles.find(title, lambda listed: same_kind(listed[1], kind))
        if found is None and equal_any_kind:
            found = self.titles.find(title, equal=True)
        if found is None:
            return None
        (where, _, listed), how = found
        return describe(where, how, listed)
