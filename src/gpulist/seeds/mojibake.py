"""Undo UTF-8 text that was decoded with a single-byte code page which dropped bytes.

The seed guide was UTF-8 decoded as cp1254, and the bytes cp1254 leaves undefined were
silently dropped. Most characters survive the round trip and come back mechanically:
encode with the code page, decode as UTF-8. A character whose UTF-8 form contained a
dropped byte comes back one byte short, and several characters fit the hole (📝 and 📍
differ only in the lost byte). ftfy guesses there, and guesses wrong for the guide's
legend (it reads "📝 " as 📠 and eats the space), so this module fills each hole only
with a character the caller says to expect, and marks anything else with U+FFFD.
"""

from __future__ import annotations

CP1254_UNDEFINED = bytes([0x81, 0x8D, 0x8E, 0x8F, 0x90, 0x9D, 0x9E])
# The guide's markers: the legend, the status icons and the contribution checklist.
GUIDE_SYMBOLS = "📄📝🎥📚💻✨🔥✅❌"
REPLACEMENT = "\ufffd"


def repair(
    text: str,
    codepage: str = "cp1254",
    dropped: bytes = CP1254_UNDEFINED,
    expected: str = GUIDE_SYMBOLS,
) -> str:
    """The text as it was before the bad decode, with holes filled from `expected`."""
    return _decode(_original_bytes(text, codepage), dropped, set(expected))


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


def _decode(raw: bytes, dropped: bytes, expected: set[str]) -> str:
    out: list[str] = []
    i = 0
    while i < len(raw):
        length = _sequence_length(raw[i])
        tail = 0
        while tail < length - 1 and i + 1 + tail < len(raw) and _is_continuation(raw[i + 1 + tail]):
            tail += 1
        chunk = raw[i:i + 1 + tail]
        out.append(_char(chunk, length, dropped, expected))
        i += len(chunk)
    return "".join(out)


def _char(chunk: bytes, length: int, dropped: bytes, expected: set[str]) -> str:
    if len(chunk) == length:
        try:
            return chunk.decode("utf-8")
        except UnicodeDecodeError:
            return REPLACEMENT
    fits = [c for c in _candidates(chunk, length, dropped) if c in expected]
    return fits[0] if len(fits) == 1 else REPLACEMENT


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
