"""How prose names a concept: a name's words, the distinctive-name rule, and first mentions.

One reading of a concept's names serves three readers: the concept pages, which link the
first mention of each other concept in a definition; the book's index, whose terms are
matched to the concept spelled the same way; and `gpulist validate`, which refuses a name
two concepts share and advises on definitions that link too little. A name is read as
words: case-folded, split at spaces and punctuation (but `.`, `+` and `_` stay inside a
word: `cp.async`, `sm_90`, `__syncthreads`), a plural `s` and a final `e` folded, so
"kernel launches" is found by the alias "kernel launch" and "Tensor Cores" by "tensor core".

**The distinctive-name rule.** A concept's id, title and aliases all name it, but a name
that is an ordinary word would link everywhere ("memory", "kernel", "warp"). So:

- a name of two or more words links wherever its words appear in order, in any case
  ("shared memory", "KV cache", "kernel launch");
- a one-word name links only where the text writes that word as only a name is written:
  with a digit (FP8, H100, sm_90), with `.`, `+` or `_` inside it (cp.async,
  __syncthreads), or with a capital after its first letter (HBM, NVLink, cuBLAS, SMs);
- or, for a name the vocabulary itself spells with a capital (the titles Hopper, Triton,
  Pallas), where the text writes it capitalised in mid-sentence: at the start of a
  sentence every word is capitalised, so there it proves nothing.

A plain lower-case word never links, whatever concept it names (tests/test_concept_names.py
holds a list of such words). The rule judges the word as the text writes it, so the id
`tma` links the text's "TMA", and "MLPerf" finds the concept `mlperf`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from gpulist.models import Concept

RULE = "the distinctive-name rule"
_WORD = re.compile(r"[0-9a-z_]+(?:[.+][0-9a-z_]+)*")
_TOKEN = re.compile(r"[0-9A-Za-z_]+(?:[.+][0-9A-Za-z_]+)*")
# What may stand between the words of one name in running text: "memory-bound", "load/store",
# "Little's law". Never a full stop, comma or bracket: a name does not run across them.
_BETWEEN = re.compile(r"[\s\-/'’]+")
_SENTENCE_END = ".!?:;"
_MARKED = re.compile(r"[0-9._+]|.[A-Z]")  # a digit, punctuation inside, or a capital after the first letter
_CODE = re.compile(r"`+[^`]*`+")
# "FP16xINT4", "4x8": an `x` between a number and what follows reads "by", and parts a word.
_BY = re.compile(r"(?<=[0-9])x(?=[0-9A-Z])")


def words(text: str) -> tuple[str, ...]:
    """A name or a phrase as the matcher reads it (see the module's docstring)."""
    return tuple(_fold(w) for w in _WORD.findall(text.casefold()))


@lru_cache(maxsize=65536)  # prose repeats its words
def _fold(word: str) -> str:
    """A plural `s`, then a final `e`, dropped from longer words: "launches" and "launch",
    "caches" and "cache", "cores" and "core" read alike; "class" and "bus" stay."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def written_as_name(word: str) -> bool:
    """True when a one-word name, as written, can only be a name: see the rule above."""
    return bool(_MARKED.search(word))


def capitalised(word: str) -> bool:
    return word[:1].isupper() and word[1:].islower()


@dataclass(frozen=True, slots=True)
class Mention:
    """Where a text names a concept: text[start:end] is the name as written."""

    start: int
    end: int
    concept: str


class Names:
    """Every concept's id, title and aliases, read as words, to find mentions in prose.

    Built once per build (gpulist.view) or per check. A name that two concepts share is
    left out of matching: `gpulist validate` reports it (concept-alias-shared), and a
    preview of broken data links neither rather than guessing.
    """

    def __init__(self, concepts: Iterable[Concept]) -> None:
        owners: dict[tuple[str, ...], set[str]] = {}
        proper: dict[tuple[str, ...], set[str]] = {}
        for concept in concepts:
            for name in names_of(concept):
                key = words(name)
                if not key:
                    continue
                owners.setdefault(key, set()).add(concept.id)
                tokens = _TOKEN.findall(name)
                if len(tokens) == 1 and capitalised(tokens[0]):
                    proper.setdefault(key, set()).add(tokens[0])
        self._owner = {key: next(iter(ids)) for key, ids in owners.items() if len(ids) == 1}
        self._proper = proper
        self._longest = max(map(len, self._owner), default=0)
        self._first = {key[0] for key in self._owner}  # most words start no name: skipped at once

    def concept(self, name: str) -> str | None:
        """The concept a name (an index term, say) spells, if exactly one does."""
        return self._owner.get(words(name))

    def mentions(self, text: str, itself: str = "") -> list[Mention]:
        """The first mention of each other concept in `text`, in order, never inside a
        code span; the longest name wins where names overlap ("shared memory bank
        conflicts" is Bank Conflicts, not Shared Memory). Mentions of `itself` are passed
        over, and so never linked."""
        tokens = list(_tokens(text))
        folded = [_fold(t.group().casefold()) for t in tokens]
        # joined[i]: token i and token i + 1 may belong to one name (only spaces, hyphens between)
        joined = [_joins(text[a.end():b.start()]) for a, b in zip(tokens, tokens[1:])]
        found: list[Mention] = []
        seen = {itself}
        i = 0
        while i < len(tokens):
            size, concept = self._match(text, tokens, folded, joined, i) if folded[i] in self._first else (1, None)
            if concept and concept not in seen:
                seen.add(concept)
                found.append(Mention(tokens[i].start(), tokens[i + size - 1].end(), concept))
            i += size
        return found

    def _match(self, text: str, tokens: list[re.Match[str]], folded: list[str], joined: list[bool],
               i: int) -> tuple[int, str | None]:
        """(tokens used, concept) for the longest name starting at token i; (1, None) if none."""
        run = 1
        while run < min(self._longest, len(tokens) - i) and joined[i + run - 1]:
            run += 1
        for size in range(run, 0, -1):
            concept = self._owner.get(tuple(folded[i:i + size]))
            if concept and (size > 1 or self._one_word(text, tokens[i], folded[i])):
                return size, concept
        return 1, None

    def _one_word(self, text: str, token: re.Match[str], key: str) -> bool:
        word = token.group()
        if written_as_name(word):
            return True
        return word in self._proper.get((key,), ()) and not _sentence_start(text, token.start())


def names_of(concept: Concept) -> Iterator[str]:
    """A concept's names: its id (read as its words), its title and its aliases."""
    yield concept.id.replace("-", " ")
    yield concept.title
    yield from concept.aliases


def _tokens(text: str) -> Iterator[re.Match[str]]:
    """The words of `text` outside code spans (offsets are the text's own)."""
    text = _BY.sub(" ", text)
    last = 0
    for code in _CODE.finditer(text):
        yield from _TOKEN.finditer(text, last, code.start())
        last = code.end()
    yield from _TOKEN.finditer(text, last)


def _joins(gap: str) -> bool:
    return gap == " " or bool(_BETWEEN.fullmatch(gap))


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip(" \t\n\"'“‘(")
    return not before or before[-1] in _SENTENCE_END
