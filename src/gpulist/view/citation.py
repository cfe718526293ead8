"""An entry as a BibTeX record, keyed by its id: for gpulist.bib and each card's "cite".

Below both the export (`gpulist.export.bibtex` writes every record into gpulist.bib) and
the site (paper and book cards carry their record for the cite control), so the two always
show the same citation. Keys are entry ids, so a citation stays valid when an entry is retitled or moves between
topics. Record types:

- papers: `@inproceedings` when the venue is a conference (`OSDI 2022`), `@article` when it
  is a journal (`ACM Computing Surveys`), `@misc` otherwise (preprints: arXiv's own export
  uses `@misc` too); with `eprint` + `archivePrefix = {arXiv}` for arXiv and `doi` if known;
- books: `@book`, the venue as publisher (and edition, when written "..., 4th edition");
- everything else: `@misc` with `url`. `@misc` rather than biblatex's `@online`, because
  classic BibTeX styles know `@misc` and biblatex reads it too.

Every value is escaped here, so no title or author can leave its field: BibTeX counts
braces without regard to backslashes (`\\{` still opens a group), so the LaTeX specials
become commands whose own braces are balanced (`\\textbraceleft{}`), and the verbatim
fields (url, doi) percent-encode what a URL may not hold anyway (braces, backslash, spaces).
"""

from __future__ import annotations

import re
from gpulist.models import Resource

_LATEX = {
    "\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}",
    "%": r"\%", "&": r"\&", "#": r"\#", "$": r"\$", "_": r"\_",
    "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "@": r"\symbol{64}",
    # Classic LaTeX fonts (OT1) print these as other glyphs unless named.
    "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}",
}
_LATEX_RE = re.compile("[" + re.escape("".join(_LATEX)) + "]")
_SPACE_RE = re.compile(r"\s+")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_VERBATIM_RE = re.compile(r"[{}\\\s\x00-\x1f\x7f]")
_JOURNAL_WORDS = ("journal", "transactions", "surveys", "letters", "magazine", "review", "communications")
_EDITION_RE = re.compile(r"^(?P<publisher>.+?),\s*(?P<edition>\d+)(?:st|nd|rd|th) edition$", re.IGNORECASE)
# A name with one of these words names a group, not a person: kept whole, never split
# into first and last names (BibTeX would file "FlashInfer team" under "team").
# Camel case inside a word ("DeepMind", "FlashInfer") is a brand, rarely a person (McDonald aside).
_BRAND_RE = re.compile(r"(?<!^Mc)(?<!^Mac)[a-z][A-Z]")
_GROUP_WORDS = frozenset({"project", "team", "research", "lab", "labs", "ai", "inc", "community", "university",
                          "institute", "group", "foundation", "corporation", "blog", "and", "face"})


def latex_text(text: str) -> str:
    """Plain text as the content of a braced BibTeX field: one line, no syntax."""
    flat = _SPACE_RE.sub(" ", _CONTROL_RE.sub("", text)).strip()
    return _LATEX_RE.sub(lambda m: _LATEX[m.group(0)], flat)


def verbatim(value: str) -> str:
    """A URL or DOI for a verbatim field: what could end the field is percent-encoded."""
    return _VERBATIM_RE.sub(lambda m: "".join(f"%{b:02X}" for b in m.group(0).encode("utf-8")), value.strip())


def person(name: str) -> str:
    """One author: a person's name as BibTeX splits it, or a group's name kept whole in braces."""
    words = name.split()
    is_person = 2 <= len(words) <= 5 and not any(_group_word(w) for w in words)
    return latex_text(name) if is_person else "{" + latex_text(name) + "}"


def _group_word(word: str) -> bool:
    """An organisation's word: "team", an acronym ("GPU", not the initial "W."), a brand."""
    return (word.lower().strip(".,") in _GROUP_WORDS or (len(word.rstrip(".")) > 1 and word.isupper())
            or bool(_BRAND_RE.search(word)))


def record_type(resource: Resource) -> str:
    if resource.type == "book":
        return "book"
    if resource.type != "paper" or not resource.venue:
        return "misc"
    venue = resource.venue.lower()
    return "article" if any(word in venue for word in _JOURNAL_WORDS) else "inproceedings"


def fields(resource: Resource, kind: str) -> list[tuple[str, str]]:
    """(name, braced content) in the order people expect to read a record."""
    r = resource
    out = [("title", "{" + latex_text(r.title) + "}")]  # inner braces: styles must not recase it
    if r.authors:
        out.append(("author", " and ".join(person(a) for a in r.authors)))
    out += _venue_fields(r, kind)
    if r.year:
        out.append(("year", str(r.year)))
    if r.doi:
        out.append(("doi", verbatim(r.doi)))
    if r.arxiv:
        out += [("eprint", verbatim(r.arxiv)), ("archivePrefix", "arXiv")]
    if r.url:
        out.append(("url", verbatim(r.url)))
    return out


def _venue_fields(r: Resource, kind: str) -> list[tuple[str, str]]:
    if not r.venue:
        return []
    if kind == "book":
        match = _EDITION_RE.match(r.venue)
        if match:
            return [("publisher", latex_text(match["publisher"])), ("edition", match["edition"])]
        return [("publisher", latex_text(r.venue))]
    name = {"inproceedings": "booktitle", "article": "journal"}.get(kind, "howpublished")
    return [(name, latex_text(r.venue))]


def render_record(resource: Resource) -> str:
    kind = record_type(resource)
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields(resource, kind))
    return f"@{kind}{{{resource.id},\n{body}\n}}\n"

