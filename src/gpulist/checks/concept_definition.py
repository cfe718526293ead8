"""A concept's definition is there, says enough, and is plain text.

Two to five sentences: fewer cannot say what the concept is, why it matters for performance
and the number to remember. The page escapes the text anyway, but markup or a link in it
would show as literal `<b>` or a dead `javascript:` string, so it is refused at the source.
"""

from __future__ import annotations

import re

from gpulist.checks._concepts import at_concept, written_concepts
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "concept-definition"
MIN_WORDS = 20
MIN_SENTENCES = 2
MAX_SENTENCES = 5
MARKUP = re.compile(r"<\s*/?\s*[a-z!]|javascript:|\]\(|https?://|&#?\w+;", re.IGNORECASE)
# A sentence ends at . ! or ? followed by white space and more text, unless the full stop
# closes an abbreviation ("e.g. ", "vs. ", "et al. "). Sentences may start in lower case:
# "im2col builds…", "nvcc compiles…".
_SENTENCE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)(?<!\bvs)(?<!\bal)(?<!\betc)[.!?](?=\s+\S)")


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, cid, item in written_concepts(catalog):
        text = item.get("definition")
        if not isinstance(text, str) or not text.strip():
            problems.append(at_concept(catalog, (i, "id"), f"concept '{cid}' has no `definition`: "
                                       f"write {MIN_SENTENCES} to {MAX_SENTENCES} sentences", RULE))
            continue
        message = definition_problem(text)
        if message:
            problems.append(at_concept(catalog, (i, "definition"), message, RULE))
    return problems


def sentences(text: str) -> int:
    return len(_SENTENCE_END.findall(text.strip())) + 1


def definition_problem(text: str) -> str | None:
    if MARKUP.search(text):
        return "a definition is plain text: no HTML, entities, Markdown links or URLs (link sources elsewhere)"
    words, count = len(text.split()), sentences(text)
    if words < MIN_WORDS or count < MIN_SENTENCES:
        return (f"definition too short ({words} words, {count} sentence{'s' if count > 1 else ''}): "
                f"say what it is, why it matters for performance, and the number to remember")
    if count > MAX_SENTENCES:
        return f"definition too long ({count} sentences): keep it to {MAX_SENTENCES}"
    return None
