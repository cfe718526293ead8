"""Stable ids for check questions: `python -m gpulist.contribute.question_ids [--check] [FILE]`.

A question's `id` keys a reader's review schedule, in the browser and in Anki, so it must
survive any edit to the question's wording. It is therefore derived once, when a question
without one is first seen here (its concept's id and a slug of the first few content words
of the question, `-2`, `-3` after it on a clash), written into data/concepts.yml, and from
then on only read: this command never changes an id that is there, so rewording a question,
or running the command again after others have added questions, keeps every schedule.

Edited with ruamel.yaml's round trip, as `gpulist fmt` edits, so comments stay; the result
is laid out as `gpulist fmt` lays it out (`format_text`), and refused, untouched, wherever
`gpulist fmt` would refuse it. `--check` changes nothing and exits 1 if a question lacks an id.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from gpulist.contribute.fmt import format_text, list_yaml
from gpulist.files import write_atomic
from gpulist.problems import Problem
from gpulist.report import as_text

SLUG_WORDS = 3
# Words that say little about which question it is: left out of the slug.
_FILLER = frozenset(
    "a an and are as at be by can could did do does for from has have how if in into is it its of on or "
    "than that the their them then there these they this to was what when where which while who why will "
    "with would you your".split())


def slug(question: str, concept: str = "") -> str:
    """A few words naming the question, ASCII and hyphenated: the tail of a new id. Words of
    the concept's id are left out, since the id starts with them."""
    folded = unicodedata.normalize("NFKD", question).encode("ascii", "ignore").decode().lower()
    skip = _FILLER | set(concept.split("-"))
    words = [w for w in re.findall(r"[a-z0-9]+", folded) if w not in skip]
    return "-".join(words[:SLUG_WORDS]) or "question"


def new_id(concept: str, question: str, taken: set[str]) -> str:
    """The concept's id and the question's slug, made unique against `taken`."""
    base = f"{concept}-{slug(question, concept)}"
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return candidate


def _questions(doc: Any) -> Iterator[tuple[str, CommentedMap]]:
    """(concept id, question mapping) of every question as written; other shapes are the validator's."""
    for item in doc if isinstance(doc, list) else []:
        if not isinstance(item, dict) or not isinstance(item.get("id"), str):
            continue
        for q in item.get("check") if isinstance(item.get("check"), list) else []:
            if isinstance(q, CommentedMap):
                yield item["id"].strip(), q


def add_ids(text: str, shown: str) -> tuple[str | None, list[str], list[Problem]]:
    """The file's text with an id on every question, the ids added, and any problem that
    stopped it (then the text is None and the file must be left as it is)."""
    doc = list_yaml().load(text)
    found = list(_questions(doc))
    taken = {q["id"].strip() for _, q in found if isinstance(q.get("id"), str)}
    added: list[str] = []
    for concept, q in found:
        if "id" in q:
            continue
        qid = new_id(concept, q.get("question") if isinstance(q.get("question"), str) else "", taken)
        q.insert(0, "id", qid)
        taken.add(qid)
        added.append(qid)
    if not added:
        return text, [], []
    out = io.StringIO()
    list_yaml().dump(doc, out)
    result, problems = format_text(out.getvalue(), shown, concepts=True)
    return result, added, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpulist.contribute.question_ids", description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=Path("data/concepts.yml"))
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a question has no id")
    args = parser.parse_args(argv)
    text = args.file.read_text(encoding="utf-8")
    result, added, problems = add_ids(text, str(args.file))
    if problems or result is None:
        print(as_text(problems), file=sys.stderr)
        return 1
    if added and not args.check:
        write_atomic(args.file, result)
    verb = "would add" if args.check else "added"
    print(f"{args.file}: {verb} {len(added)} question id(s)" + "".join(f"\n  {qid}" for qid in added), file=sys.stderr)
    return 1 if added and args.check else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
