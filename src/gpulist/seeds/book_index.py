"""Seed 002, the index of *AI Systems Performance Engineering*, as a `BookIndex`.

The pipeline is: recover the nesting from the repeated blocks (index_outline), split each
entry's cross references and comma pieces (index_entry), infer the book's section titles
from the whole index (section_titles), then split every entry into term and references
against those titles (index_refs). Titles are inferred from all entries at once because a
title seen alone in one entry is what disambiguates it inside a crowded one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.problems import Problem
from gpulist.seeds.index_entry import EntryText, pieces, split_cross_refs
from gpulist.seeds.index_outline import Bullet, parse_outline
from gpulist.seeds.index_refs import Ref, split_entry
from gpulist.seeds.section_titles import Entry, infer_titles

BOOK_ID = "ai-systems-performance-engineering"
RULE = "book-index-seed"


@dataclass(slots=True)
class _Parsed:
    cross: EntryText
    entry: Entry


def parse_book_index(text: str, path: str, book: str = BOOK_ID) -> tuple[BookIndex, set[str], list[Problem]]:
    """The index as data, the section titles it was split against, and anything doubtful."""
    letters, problems = parse_outline(text, path)
    bullets = [b for letter in letters for b in letter.bullets]
    parsed: dict[int, _Parsed] = {}
    for bullet in bullets:
        _collect(bullet, parsed)
    builder = _Builder(parsed, infer_titles([p.entry for p in parsed.values()]), path)
    terms = [t for b in bullets if (t := builder.term(b))]
    return BookIndex(book=book, title=_book_title(text), terms=terms), builder.titles, problems + builder.problems


def _collect(bullet: Bullet, parsed: dict[int, _Parsed]) -> None:
    cross = split_cross_refs(bullet.text)
    parsed[id(bullet)] = _Parsed(cross, Entry(pieces(cross.head), needs_ref=not bullet.children))
    for child in bullet.children:
        _collect(child, parsed)


@dataclass(slots=True)
class _Builder:
    parsed: dict[int, _Parsed]
    titles: set[str]
    path: str
    problems: list[Problem] = field(default_factory=list)

    def term(self, bullet: Bullet) -> IndexTerm | None:
        p = self.parsed[id(bullet)]
        if not p.cross.head:
            return None  # a bare "(see also X)" line: its parent takes it over
        split = split_entry(p.entry.parts, self.titles, needs_ref=p.entry.needs_ref)
        bare = [self.parsed[id(c)].cross for c in bullet.children if not self.parsed[id(c)].cross.head]
        see = [*p.cross.see, *(t for c in bare for t in c.see)]
        see_also = [*p.cross.see_also, *(t for c in bare for t in c.see_also)]
        subterms = [t for c in bullet.children if (t := self.term(c))]
        for ref in split.refs:
            if not ref.known:
                self._doubt(bullet, f"'{ref.section}' is not a known section title")
        if not split.refs and not see and not see_also and not subterms:
            self._doubt(bullet, f"'{split.term}' has no reference")
        return IndexTerm(term=split.term, refs=_refs(split.refs), see=_unique(see), see_also=_unique(see_also),
                         subterms=subterms)

    def _doubt(self, bullet: Bullet, message: str) -> None:
        self.problems.append(Problem(self.path, bullet.line, 1, message, RULE, "warning"))


def _refs(found: tuple[Ref, ...]) -> list[SectionRef]:
    """Exact titles, each reference once, in the book's order of mention."""
    seen: dict[tuple[str, str | None], SectionRef] = {}
    for ref in found:
        seen.setdefault((ref.section, ref.to), SectionRef(section=ref.section, to=ref.to))
    return list(seen.values())


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _book_title(text: str) -> str:
    first = next((line for line in text.splitlines() if line.startswith("# ")), "# Untitled")
    return first[2:].strip()
