"""Seed 002, the index of *AI Systems Performance Engineering*, as a `BookIndex`.

The pipeline is: recover the nesting from the repeated blocks (index_outline), split each
entry's cross references and comma pieces (index_entry), infer the book's section titles
from the whole index (section_titles), then split every entry into term and references
against those titles (index_refs). Titles are inferred from all entries at once because a
title seen alone in one entry is what disambiguates it inside a crowded one.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.problems import Problem
from gpulist.seeds.index_entry import EntryText, pieces, split_cross_refs
from gpulist.seeds.index_outline import Bullet, parse_outline
from gpulist.seeds.index_refs import split_entry
from gpulist.seeds.section_titles import Entry, infer_titles

BOOK_ID = "ai-systems-performance-engineering"
RULE = "book-index-seed"


@dataclass(slots=True)
class _Parsed:
    bullet: Bullet
    cross: EntryText
    entry: Entry


def parse_book_index(text: str, path: str, book: str = BOOK_ID) -> tuple[BookIndex, set[str], list[Problem]]:
    """The index as data, the section titles it was split against, and anything doubtful."""
    letters, problems = parse_outline(text, path)
    parsed: dict[int, _Parsed] = {}
    for letter in letters:
        for bullet in letter.bullets:
            _collect(bullet, parsed)
    titles = infer_titles([p.entry for p in parsed.values()])
    terms = [_term(b, parsed, titles, path, problems) for letter in letters for b in letter.bullets]
    index = BookIndex(book=book, title=_book_title(text), terms=[t for t in terms if t])
    return index, titles, problems


def _collect(bullet: Bullet, parsed: dict[int, _Parsed]) -> None:
    cross = split_cross_refs(bullet.text)
    parsed[id(bullet)] = _Parsed(bullet, cross, Entry(pieces(cross.head), needs_ref=not bullet.children))
    for child in bullet.children:
        _collect(child, parsed)


def _term(bullet: Bullet, parsed: dict[int, _Parsed], titles: Set[str], path: str,
          problems: list[Problem]) -> IndexTerm | None:
    p = parsed[id(bullet)]
    if not p.cross.head:
        return None  # a bare "(see also X)" line: its parent takes it over
    split = split_entry(p.entry.parts, titles, needs_ref=p.entry.needs_ref) if p.entry.parts != [""] else None
    see, see_also = list(p.cross.see), list(p.cross.see_also)
    for child in bullet.children:
        if not parsed[id(child)].cross.head:
            see += parsed[id(child)].cross.see
            see_also += parsed[id(child)].cross.see_also
    subterms = [t for c in bullet.children if (t := _term(c, parsed, titles, path, problems))]
    term = split.term if split else p.cross.head
    refs = _refs(split.refs if split else ())
    if not refs and not see and not subterms:
        problems.append(Problem(path, bullet.line, 1, f"'{term}' has no reference", RULE, "warning"))
    return IndexTerm(term=term.strip(), refs=refs, see=_unique(see), see_also=_unique(see_also), subterms=subterms)


def _refs(found: tuple) -> list[SectionRef]:
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
