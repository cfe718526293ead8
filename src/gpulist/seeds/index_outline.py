"""The nesting of an ebook index extracted to Markdown, recovered from its repetitions.

The extraction flattens the index: a bullet carries its own text followed, with no
separator, by the full text of each of its sub-bullets; the sub-bullets are then repeated
as a block of their own after a blank line. Blocks come depth-first: a bullet's block of
children, then the blocks of those children that have children, and so on. Because a
child block's text is exactly the tail of its parent's line, matching that tail tells us
both which bullet owns the block and where the parent's own text ends, without guessing
where one run-together term stops and the next starts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpulist.problems import Problem

RULE = "book-index-outline"
_HEADING = re.compile(r"^### (.+)$")


@dataclass(slots=True)
class Bullet:
    """One bullet line: `text` is its own part, with the run-together children cut off."""

    text: str
    line: int
    children: list[Bullet] = field(default_factory=list)


@dataclass(slots=True)
class Letter:
    """A `### A` group of the index and its top-level bullets."""

    heading: str
    line: int
    bullets: list[Bullet] = field(default_factory=list)


Block = list[tuple[int, str]]


def parse_outline(text: str, path: str) -> tuple[list[Letter], list[Problem]]:
    """Every letter group of the index, with its bullets nested as the book has them."""
    letters: list[Letter] = []
    problems: list[Problem] = []
    for heading, line, body in _letter_groups(text.splitlines()):
        blocks = _blocks(body, path, problems)
        letter = Letter(heading, line)
        if blocks:
            letter.bullets, used = _nest(blocks)
            for block in blocks[used:]:
                problems.append(Problem(path, block[0][0], 1, "block of sub-entries matches no entry", RULE, "warning"))
        letters.append(letter)
    return letters, problems


def _letter_groups(lines: list[str]) -> list[tuple[str, int, list[tuple[int, str]]]]:
    """Letter headings and their lines; a rule (---) or another heading ends the index."""
    groups: list[tuple[str, int, list[tuple[int, str]]]] = []
    for number, line in enumerate(lines, start=1):
        heading = _HEADING.match(line)
        if heading:
            groups.append((heading.group(1).strip(), number, []))
        elif line.startswith(("---", "#")):
            if groups:
                break
        elif groups:
            groups[-1][2].append((number, line))
    return groups


def _blocks(body: list[tuple[int, str]], path: str, problems: list[Problem]) -> list[Block]:
    blocks: list[Block] = [[]]
    for number, line in body:
        if line.startswith("- "):
            blocks[-1].append((number, line[2:]))
        elif not line.strip():
            if blocks[-1]:
                blocks.append([])
        else:
            problems.append(Problem(path, number, 1, "line is neither a bullet nor blank", RULE, "warning"))
    return [b for b in blocks if b]


def _nest(blocks: list[Block]) -> tuple[list[Bullet], int]:
    """Depth-first: the first block is the top level; each later block belongs to the
    first bullet, in reading order, whose line ends with that block's text. An entry's
    own text never ends in a space, which rules out false tails: "NVIDIA GDS, Using
    NVIDIA GDS" ends with the text of the sub-entry "GDS, Using NVIDIA GDS" but owns it not."""
    cursor = 1

    def take(number: int, line: str) -> Bullet:
        nonlocal cursor
        if cursor < len(blocks):
            tail = "".join(text for _, text in blocks[cursor])
            if len(line) > len(tail) and line.endswith(tail) and not line[-len(tail) - 1].isspace():
                block = blocks[cursor]
                cursor += 1
                return Bullet(line[: -len(tail)], number, [take(n, t) for n, t in block])
        return Bullet(line, number)

    top = [take(number, line) for number, line in blocks[0]]
    return top, cursor
