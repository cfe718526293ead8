"""Writing the parsed book index to data/book-index.yml, and the command that does it.

The file is generated once from the seed and committed, so its layout is chosen for
review: fixed key order, no empty lists, one line per section reference, a
single section as its bare title. Regenerate with

    python -m gpulist.seeds.book_index_yaml tests/fixtures/seeds/002_<hash>.txt -o data/book-index.yml
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml

from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.schema import modeline
from gpulist.seeds.book_index import parse_book_index
from gpulist.seeds.front_matter import without_front_matter

SCHEMA_FILE = "book-index.schema.json"
REGENERATE = "python -m gpulist.seeds.book_index_yaml tests/fixtures/seeds/{seed} -o data/book-index.yml"


class _OneLine(dict):  # type: ignore[type-arg]
    """A mapping written in flow style: `{section: ..., to: ...}`."""


class _Dumper(yaml.SafeDumper):
    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        """Indent lists under their key, as the hand-written data files do."""
        super().increase_indent(flow, False)


_Dumper.add_representer(_OneLine, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))


def _ref(ref: SectionRef) -> str | _OneLine:
    """The bare title for one section, the mapping only for a range (see models.book)."""
    return _OneLine(section=ref.section, to=ref.to) if ref.to else ref.section


def _term(term: IndexTerm) -> dict[str, Any]:
    """Key order is the model's; empty lists are left out, the model defaults them."""
    out: dict[str, Any] = {"term": term.term}
    if term.refs:
        out["refs"] = [_ref(r) for r in term.refs]
    for key in ("see", "see_also"):
        if getattr(term, key):
            out[key] = list(getattr(term, key))
    if term.subterms:
        out["subterms"] = [_term(t) for t in term.subterms]
    return out


def render(index: BookIndex, seed_name: str) -> str:
    """The data file: the parsed index (the seed, whole: its tests hold it line by line) less the
    entries that index the book's own preface rather than a term (gpulist.seeds.front_matter)."""
    header = [
        modeline(SCHEMA_FILE, 1),
        f"# Generated from the seed {seed_name} (the book's index as extracted from the ebook).",
        "# Do not edit by hand: fix the parser in src/gpulist/seeds/ and regenerate with",
        "#   " + REGENERATE.format(seed=seed_name),
    ]
    terms = without_front_matter(index.terms)
    body = {"book": index.book, "title": index.title, "terms": [_term(t) for t in terms]}
    text = yaml.dump(body, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000, indent=2)
    return "\n".join(header) + "\n" + text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpulist.seeds.book_index_yaml",
                                     description="Parse the book index seed into data/book-index.yml.")
    parser.add_argument("seed", type=Path)
    parser.add_argument("-o", "--out", type=Path, help="output file (default: standard output)")
    args = parser.parse_args(argv)
    index, _, problems = parse_book_index(args.seed.read_text(encoding="utf-8"), str(args.seed))
    for p in problems:
        print(f"{p.path}:{p.line}:{p.col}: {p.severity}: {p.message} [{p.rule}]", file=sys.stderr)
    text = render(index, args.seed.name)
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
