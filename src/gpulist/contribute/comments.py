"""Moving comments with the keys they describe while `fmt` reorders a resource file.

ruamel.yaml attaches a full-line comment to the value *before* it, so a naive reorder
would carry `# why this tier` away from `tier:`. Here each top-level key gets back its own
comments: the lines written above it and the one at the end of its line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

FLOW_KEYS = ("tags", "authors", "requires", "continued_by", "aliases", "related", "book_terms", "start")


@dataclass(slots=True)
class KeyComments:
    above: list[str] = field(default_factory=list)
    eol: str | None = None


def _slot(container: Any) -> int:
    return 2 if isinstance(container, CommentedMap) else 0


def _split(token: CommentToken | None) -> tuple[str | None, list[str]]:
    """A token holds the end-of-line comment, then the full-line comments below it."""
    if token is None:
        return None, []
    first, *rest = token.value.split("\n")
    eol = first.strip() or None
    return eol, [line.strip() for line in rest if line.strip()]


def _tail(container: Any, key: Any) -> tuple[Any, Any]:
    """Where the comments after this value are kept: its last nested element."""
    value = container[key]
    if isinstance(value, (CommentedMap, CommentedSeq)) and len(value) and not _is_flow(value):
        last = len(value) - 1 if isinstance(value, CommentedSeq) else list(value)[-1]
        return _tail(value, last)
    return container, key


def _is_flow(value: Any) -> bool:
    return bool(value.fa.flow_style())


def _take(container: Any, key: Any) -> CommentToken | None:
    slots = container.ca.items.get(key)
    if not slots:
        return None
    token = slots[_slot(container)]
    slots[_slot(container)] = None
    return token


def _put(container: Any, key: Any, eol: str | None, below: list[str]) -> None:
    if eol is None and not below:
        return
    text = (eol or "") + "\n" + "".join(line + "\n" for line in below)
    token = CommentToken((" " if eol else "") + text, CommentMark(0), None)
    slots = container.ca.items.setdefault(key, [None, None, None, None])
    slots[_slot(container)] = token


def _lines(tokens: Any) -> list[str]:
    """Full comment lines from a token or a list of tokens, whatever slot they came from."""
    found = tokens if isinstance(tokens, list) else [tokens]
    return [line.strip() for t in found if t is not None for line in t.value.split("\n") if line.strip()]


def _drain(doc: CommentedMap, key: Any) -> list[str]:
    """Every comment inside a list about to become `[a, b]`, as full lines.

    A comment between `tags:` and the first item is filed twice by ruamel (on the key and
    on the list); it is kept once."""
    seq = doc[key]
    slots = doc.ca.items.get(key) or []
    above: list[Any] = list(slots[3] or []) if len(slots) > 3 else []
    above += [t for t in ((seq.ca.comment or [None, None])[1] or []) if all(t is not a for a in above)]
    if len(slots) > 3:
        slots[3] = None
    lines = _lines(above)
    for index in list(seq.ca.items):
        eol, below = _split(_take(seq, index))
        lines += ([eol] if eol else []) + below
    seq.ca.comment = None
    return lines


def move_into(seq: CommentedSeq, index: int, mapping: CommentedMap) -> None:
    """A `- {title: ..., url: ...}  # note` item becomes a block mapping: the note moves to
    its last line, since ruamel would otherwise write it between `-` and the first key."""
    eol, below = _split(_take(seq, index))
    if not len(mapping) or (eol is None and not below):
        return
    last = list(mapping)[-1]
    old_eol, old_below = _split(_take(mapping, last))
    _put(mapping, last, old_eol or eol, ([eol] if old_eol and eol else []) + old_below + below)


def _take_above(doc: CommentedMap, key: Any) -> list[str]:
    """Comment lines ruamel filed as 'before this key' (it does so after `[]` and `{}`)."""
    slots = doc.ca.items.get(key)
    if not slots or not slots[1]:
        return []
    tokens, slots[1] = slots[1], None
    return [line.strip() for t in tokens for line in t.value.split("\n") if line.strip()]


def collect(doc: CommentedMap) -> tuple[list[str], dict[Any, KeyComments], list[str]]:
    """Header lines, each key's own comments, and the comments after the last key."""
    tokens = (doc.ca.comment[1] if doc.ca.comment else None) or []
    header = [line.strip() for t in tokens for line in t.value.split("\n") if line.strip()]
    after_flow = _split(doc.ca.comment[0] if doc.ca.comment else None)  # `{title: ...}  # like this`
    doc.ca.comment = None
    keys = list(doc)
    own = {key: KeyComments() for key in keys}
    footer: list[str] = []
    for i, key in enumerate(keys):
        value = doc[key]
        own[key].above += _take_above(doc, key)
        drained = _drain(doc, key) if key in FLOW_KEYS and isinstance(value, CommentedSeq) else []
        if isinstance(value, (CommentedMap, CommentedSeq)) and (_is_flow(value) or not value):
            value.ca.comment = None  # a flow list's comment is also on its key: keep one copy
        eol, below = _split(_take(doc, key))
        tail = _tail(doc, key)
        if tail != (doc, key):
            tail_eol, tail_below = _split(_take(*tail))
            _put(*tail, tail_eol, [])
            below = below + tail_below
        own[key].eol = eol
        (own[keys[i + 1]].above if i + 1 < len(keys) else footer).extend(drained + below)
    footer += ([after_flow[0]] if after_flow[0] else []) + after_flow[1]
    return header, own, footer


def attach(doc: CommentedMap, header: list[str], own: dict[Any, KeyComments], footer: list[str]) -> None:
    """Write the comments back around the keys in their new order."""
    keys = list(doc)
    start = header + (own[keys[0]].above if keys else [])
    if start:
        doc.ca.comment = [None, [CommentToken(line + "\n", CommentMark(0), None) for line in start]]
    for i, key in enumerate(keys):
        below = own[keys[i + 1]].above if i + 1 < len(keys) else footer
        eol = own[key].eol if key in own else None
        tail = _tail(doc, key)
        if tail == (doc, key):
            _put(doc, key, eol, below)
            continue
        _put(doc, key, eol, [])
        tail_eol, _ = _split(_take(*tail))
        _put(*tail, tail_eol, below)


def tidy(node: Any) -> None:
    """Nested comments keep their place; only their spacing becomes canonical."""
    if not isinstance(node, (CommentedMap, CommentedSeq)):
        return
    keys = list(node) if isinstance(node, CommentedMap) else range(len(node))
    for key in keys:
        tidy(node[key])
        if key in node.ca.items and node.ca.items[key][_slot(node)] is not None:
            _put(node, key, *_split(_take(node, key)))
