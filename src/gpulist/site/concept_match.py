"""Matching a book index term to the concept it names, on normalised words.

Case-folded, punctuation dropped and a plural `s` removed, so the book's "Tensor Cores"
finds the concept titled "Tensor Cores" or aliased "tensor core".
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[0-9a-z]+(?:[.+][0-9a-z]+)*")


def words(text: str) -> tuple[str, ...]:
    return tuple(_singular(w) for w in _WORD.findall(text.casefold()))


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
