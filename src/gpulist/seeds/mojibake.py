"""Undo UTF-8 text that was decoded with a single-byte code page which dropped bytes.

The seed guide was UTF-8 decoded as cp1254, and the bytes cp1254 leaves undefined were
silently dropped. Most characters survive the round trip and come back mechanically:
encode with the code page, decode as UTF-8. A character whose UTF-8 form contained a
dropped byte comes back one byte short, and several characters fit the hole (📝 and 📍
differ only in the lost byte). ftfy guesses there, and guesses wrong for the guide's
legend (it reads "📝 " as 📠 and eats the space), so this module fills each hole only
with a character the caller says to expect, and marks anything else with U+FFFD. When
several expected characters fit (sibling list 001 lost two bytes of every dash and
quote), a resolver picks one from the neighbouring characters.
"""

from __future__ import annotations

from collections.abc import Callable

# Chooses among several expected characters that fit a hole, from the characters around it.
Resolver = Callable[[list[str], str, str], str]

CP1254_UNDEFINED = bytes([0x81, 0x8D, 0x8E, 0x8F, 0x90, 0x9D, 0x9E])
# The guide's markers: the legend, the status icons and the contribution checklist.
GUIDE_SYMBOLS = "📄📝🎥📚💻✨🔥✅❌"
REPLACEMENT = "\ufffd"
# Sibling list 001: UTF-8 read as ISO-8859-7 with the C1 range (0x80-0x9F) dropped, which
# leaves only the lead byte of — ’ “ ”. Which one it was can only be told from context.
C1_CONTROLS = bytes(range(0x80, 0xA0))
PUNCTUATION = "—’“”"


def repair(
    text: str,
    codepage: str = "cp1254",
    dropped: bytes = CP1254_UNDEFINED,
    expected: str = GUIDE_SYMBOLS,
    resolve: Resolver | None = None,
) -> str:
    """The text as it was before the bad decode, with holes filled from `expected`."""
    return _decode(_original_bytes(text, codepage), dropped, set(expected), resolve)


def repair_greek(text: str) -> str:
    """Repair text damaged like sibling list 001, telling dashes from quotes by context."""
    return repair(text, "iso8859_7", C1_CONTROLS, PUNCTUATION, punctuation_by_context)


def punctuation_by_context(fits: list[str], before: str, after: str) -> str:
    """`NVIDIA?s` is an apostrophe, ` ? ` a dash, `?GPU` an opening and `work.?` a closing quote."""
    open_before = not before or before.isspace()
    open_after = not after or after.isspace()
    if before.isalnum() and after.isalnum():
        choice = "’"
    elif open_before and open_after:
        choice = "—"
    else:
        choice = "“" if open_before else "”"
    return choice if choice in fits else REPLACEMENT


def _original_bytes(text: str, codepage: str) -> bytes:
    """Characters the code page cannot encode were never mis-decoded: keep them as UTF-8."""
    out = bytearray()
    for char in text:
        try:
            out += char.encode(codepage)
        except UnicodeEncodeError:
            out += char.encode("utf-8")
    return bytes(out)


def _sequence_length(lead: int) -> int:
    if lead >= 0xF0:
        return 4
    if lead >= 0xE0:
        return 3
    if lead >= 0xC0:
        return 2
    return 1


def _is_continuation(byte: int) -> bool:
    return 0x80 <= byte <= 0xBF


def _decode(raw: bytes, dropped: bytes, expected: set[str], resolve: Resolver | None) -> str:
    out: list[str] = []
    i = 0
    while i < len(raw):
        length = _sequence_length(raw[i])
        tail = 0
        while tail < length - 1 and i + 1 + tail < len(raw) and _is_continuation(raw[i + 1 + tail]):
            tail += 1
        chunk = raw[i:i + 1 + tail]
        before = out[-1][-1:] if out else ""
        after = chr(raw[i + len(chunk)]) if i + len(chunk) < len(raw) and raw[i + len(chunk)] < 0x80 else ""
        out.append(_char(chunk, length, dropped, expected, (resolve, before, after)))
        i += len(chunk)
    return "".join(out)


def _char(
    chunk: bytes, length: int, dropped: bytes, expected: set[str], context: tuple[Resolver | None, str, str]
) -> str:
    if len(chunk) == length:
        try:
            return chunk.decode("utf-8")
        except UnicodeDecodeError:
            return REPLACEMENT
    fits = sorted(c for c in _candidates(chunk, length, dropped) if c in expected)
    resolve, before, after = context
    if len(fits) == 1:
        return fits[0]
    return resolve(fits, before, after) if fits and resolve else REPLACEMENT


def _candidates(chunk: bytes, length: int, dropped: bytes) -> set[str]:
    """Every character obtained by putting dropped bytes back into the gaps of `chunk`."""
    found: set[str] = set()
    partial = [chunk]
    for _ in range(length - len(chunk)):
        partial = [p[:k] + bytes([b]) + p[k:] for p in partial for k in range(1, len(p) + 1) for b in dropped]
    for candidate in partial:
        try:
            found.add(candidate.decode("utf-8"))
        except UnicodeDecodeError:
            continue
    return found
