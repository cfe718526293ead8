"""Which entries cover a concept: through tags (id, title, aliases), or title and notes.

Matching is on normalised words (case-folded, punctuation dropped, a plural `s` removed)
so "Tensor Cores" finds "tensor core". Text matching goes through an inverted index: a
book index has thousands of terms, and scanning every entry for each would not scale.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

from gpulist.load import Entry
from gpulist.models import Concept

_WORD = re.compile(r"[0-9a-z]+(?:[.+][0-9a-z]+)*")


def words(text: str) -> tuple[str, ...]:
    return tuple(_singular(w) for w in _WORD.findall(text.casefold()))


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


class ConceptMatcher:
    """Built once per catalog; `match(term)` returns entries in the catalog's order."""

    def __init__(self, entries: Sequence[Entry], tags: Sequence[Concept]) -> None:
        self._entries = list(entries)
        self._texts: list[str] = []
        self._postings: dict[str, set[int]] = defaultdict(set)
        self._by_tag: dict[str, set[int]] = defaultdict(set)
        for i, entry in enumerate(self._entries):
            r = entry.resource
            tokens = words(" ".join([r.title, *r.notes]))
            self._texts.append(" " + " ".join(tokens) + " ")
            for token in tokens:
                self._postings[token].add(i)
            for tag in r.tags:
                self._by_tag[tag].add(i)
        self._tag_names: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for tag in tags:
            for name in {tag.id.replace("-", " "), tag.title, *tag.aliases}:
                self._tag_names[words(name)].append(tag.id)

    def tags_for(self, term: str) -> list[str]:
        return list(self._tag_names.get(words(term), []))

    def match(self, term: str, *, text: bool = True) -> list[Entry]:
        key = words(term)
        if not key:
            return []
        found: set[int] = set()
        for tag in self._tag_names.get(key, []):
            found |= self._by_tag.get(tag, set())
        if text:
            found |= self._text_matches(key)
        return [self._entries[i] for i in sorted(found)]

    def _text_matches(self, key: tuple[str, ...]) -> set[int]:
        postings = [self._postings.get(w, set()) for w in key]
        candidates = set.intersection(*postings) if postings else set()
        phrase = " " + " ".join(key) + " "
        return {i for i in candidates if phrase in self._texts[i]}
