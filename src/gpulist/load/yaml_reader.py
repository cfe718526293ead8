"""Strict, located YAML reading.

PyYAML on its own is too forgiving for contributor data: it silently keeps the last of two
duplicate keys, expands aliases without bound ("billion laughs"), and builds Python objects
for `!!python/...` tags on the unsafe loaders. We read the parser's event stream (libyaml's,
when available) and build plain values ourselves: an alias is refused the moment it
appears, so no expansion ever happens; only plain-data tags are accepted; and every value
keeps the mark of where it was written, so later errors can name file, line and column.
Skipping PyYAML's composer and resolver also makes this about twice as fast as
`yaml.safe_load`, which matters at 10,000 files.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.events import (
    AliasEvent, DocumentStartEvent, Event, MappingEndEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent,
    StreamEndEvent,
)
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from gpulist.files import DEFAULT_MAX_BYTES, Refused, display_path, read_guarded
from gpulist.problems import Problem

try:  # libyaml's parser is several times faster; fall back where it was not compiled in.
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

Loc = tuple[str | int, ...]
# Real entries nest three levels (links -> item -> field); the bound keeps hostile input
# from exhausting Python's recursion limit.
MAX_DEPTH = 32

_TAG = "tag:yaml.org,2002:"
_STR = _TAG + "str"
_PLAIN_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_CONSTRUCTOR = SafeConstructor()
_KIND_NAMES = {_TAG + "timestamp": "date (write YYYY-MM-DD)", _TAG + "int": "whole number",
               _TAG + "float": "number", _TAG + "bool": "boolean (true or false)", _TAG + "null": "null"}
_RESOLVER = Resolver()
# A plain scalar resolves to something other than text only if it starts like a number,
# date or `~`, or is one of YAML 1.1's words for booleans and null (PyYAML's resolver).
_MAYBE_NUMERIC = frozenset("0123456789-+.~")
_TYPED_WORDS = frozenset(
    spelling
    for word in ("yes", "no", "true", "false", "on", "off", "null")
    for spelling in (word, word.title(), word.upper())
)


@dataclass(slots=True)
class Marks:
    """Where each value (and each mapping key) of a document sits, by its location path.

    PyYAML's mark objects are stored as they come; turning them into 1-based (line,
    column) pairs is left to `at`, which only runs for the few values reported.
    """

    values: dict[Loc, yaml.Mark] = field(default_factory=dict)
    keys: dict[Loc, yaml.Mark] = field(default_factory=dict)
    # As written, for plain scalars YAML turned into numbers, dates or booleans: messages
    # quote `2307.08690`, not the float 2307.0869 it became.
    raw: dict[Loc, str] = field(default_factory=dict)

    def at(self, loc: Loc, *, key: bool = False) -> tuple[int, int]:
        """Best position for `loc`: the exact one, else its nearest located ancestor."""
        table = self.keys if key else self.values
        for end in range(len(loc), -1, -1):
            prefix = loc[:end]
            mark = table.get(prefix) or self.values.get(prefix)
            if mark is not None:
                return mark.line + 1, mark.column + 1
        return (1, 1)


@dataclass(slots=True)
class Document:
    """One parsed file: its data, its text, and where each value was written.

    `marks` are rebuilt from `text` on first use when the parse that produced `data` did not
    keep them: one done in a worker process (gpulist.load.read_many), since marks are costly to
    send between processes and are only needed for the few values a problem points at.
    """

    path: str
    data: Any
    text: str
    _marks: Marks | None = None

    @property
    def marks(self) -> Marks:
        if self._marks is None:
            builder = _Builder(self.path, self.text)
            builder.document()
            self._marks = builder.marks
        return self._marks

    def without_marks(self) -> Document:
        return Document(self.path, self.data, self.text)


class _Reject(Exception):
    """Stops reading a file that uses something we refuse; carries where and why."""

    def __init__(self, event: Event | None, message: str, rule: str) -> None:
        super().__init__(message)
        self.line, self.col = (event.start_mark.line + 1, event.start_mark.column + 1) if event else (1, 1)
        self.message, self.rule = message, rule


def read_yaml(path: str, raw: bytes) -> tuple[Document | None, list[Problem]]:
    """Parse one file into plain data, or explain precisely why it cannot be used."""
    text, problem = _decode(path, raw)
    if problem:
        return None, [problem]
    try:
        builder = _Builder(path, text)
        data = builder.document()
    except _Reject as exc:
        return None, [*builder.problems, Problem(path, exc.line, exc.col, exc.message, exc.rule)]
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_problem(path, text, exc)]
    except yaml.reader.ReaderError as exc:
        return None, [_reader_problem(path, text, exc)]
    except yaml.YAMLError as exc:
        return None, [Problem(path, 1, 1, f"cannot parse YAML: {exc}", "yaml-syntax")]
    if builder.problems:
        return None, builder.problems
    return Document(path, data, text, builder.marks), []


def read_yaml_file(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[Document | None, list[Problem]]:
    """`read_yaml` on a file, named in problems as `display_path` shows it.

    The one way data files are read: symbolic links, FIFOs, devices and files over
    `max_bytes` are refused before a byte is read (`gpulist.files.read_guarded`).
    """
    shown = display_path(path)
    try:
        raw = read_guarded(path, max_bytes)
    except Refused as exc:
        return None, [Problem(shown, 1, 1, exc.message, exc.rule)]
    except OSError as exc:
        return None, [Problem(shown, 1, 1, f"cannot read file: {exc.strerror}", "unreadable")]
    return read_yaml(shown, raw)


def scalar_spans(text: str) -> list[tuple[int, int]]:
    """Where each scalar (plain, quoted or block) of `text` starts and ends, as character
    offsets, by the same scanner `read_yaml` uses: a `#` inside one of them is text, not a
    comment. `text` must scan, as any text `read_yaml` accepted does."""
    return [(t.start_mark.index, t.end_mark.index)
            for t in yaml.scan(text, Loader=_Loader) if isinstance(t, yaml.ScalarToken)]


def _decode(path: str, raw: bytes) -> tuple[str, Problem | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line_start = before.rfind(b"\n") + 1
        line = before.count(b"\n") + 1
        col = len(raw[line_start: exc.start].decode("utf-8", errors="replace")) + 1
        msg = f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save it as UTF-8"
        return "", Problem(path, line, col, msg, "encoding")
    return text.removeprefix("\ufeff"), None


def _reader_problem(path: str, text: str, exc: yaml.reader.ReaderError) -> Problem:
    """Characters YAML forbids (control codes): PyYAML knows where, but says it on two lines."""
    before = text[: exc.position]
    line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
    code = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
    msg = f"control character U+{code:04X} is not allowed in YAML: remove it"
    return Problem(path, line, col, msg, "yaml-syntax")


def _syntax_problem(path: str, text: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    detail = exc.problem or exc.context or "invalid YAML"
    # libyaml does not always name the tab it trips over, so look at the character itself.
    at_tab = mark is not None and text[mark.index: mark.index + 1] == "\t"
    if at_tab or "tab" in detail or "\t" in detail:
        return Problem(path, line, col, "tab character in indentation: indent with spaces", "yaml-tab")
    return Problem(path, line, col, f"YAML syntax error: {detail}", "yaml-syntax")


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


class _Builder:
    """Turns the event stream of one document into dicts, lists and scalars, recording marks.

    Events are pulled straight from the parser (`get_event`) and dispatched on their exact
    type: at 10,000 files the generator wrapper and isinstance chains were a third of the cost.
    """

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.next: Callable[[], Event] = _Loader(text).get_event
        self.marks = Marks()
        self.problems: list[Problem] = []

    def document(self) -> Any:
        self.next()  # StreamStart
        start = self.next()
        if type(start) is StreamEndEvent:  # nothing but comments, or nothing at all
            raise _Reject(None, "file is empty: expected a mapping of fields", "empty-file")
        data = self.value(self.next(), ())
        if data is None:
            raise _Reject(start, "file is empty: expected a mapping of fields", "empty-file")
        self.next()  # DocumentEnd
        extra = self.next()
        if type(extra) is DocumentStartEvent:
            raise _Reject(extra, "more than one YAML document (---): keep one per file", "yaml-syntax")
        return data

    def value(self, event: Event, loc: Loc) -> Any:
        kind = type(event)
        if kind is AliasEvent or event.anchor is not None:
            raise _Reject(event, "YAML anchors and aliases are not allowed: write the value out", "yaml-alias")
        self.marks.values[loc] = event.start_mark
        if kind is ScalarEvent:
            result = self.scalar(event)
            if result is not None and type(result) is not str:
                self.marks.raw[loc] = event.value
            return result
        if len(loc) >= MAX_DEPTH:
            raise _Reject(event, f"values are nested more than {MAX_DEPTH} levels deep", "yaml-depth")
        if kind is SequenceStartEvent:
            self._check_tag(event, "seq")
            return self.sequence(loc)
        self._check_tag(event, "map")
        return self.mapping(loc)

    def _check_tag(self, event: Event, kind: str) -> None:
        if event.tag not in (None, "!", _TAG + kind):
            raise _Reject(event, f"unsupported YAML tag {_short(event.tag)}: only plain data is allowed", "yaml-tag")

    def scalar(self, event: ScalarEvent) -> Any:
        tag, value = event.tag, event.value
        if tag is None or tag == "!":
            if not event.implicit[0]:
                return value  # quoted: always text
            if not value:
                return None
            first = value[0]
            if first not in _MAYBE_NUMERIC and value not in _TYPED_WORDS:
                return value  # plain text that cannot be a number, date, bool or null
            tag = _RESOLVER.resolve(ScalarNode, value, (True, False))
        if tag == _STR:
            return value
        if tag not in _PLAIN_TAGS:
            raise _Reject(event, f"unsupported YAML tag {_short(tag)}: only plain data is allowed", "yaml-tag")
        try:
            return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, ScalarNode(tag, value, event.start_mark))
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError, yaml.YAMLError):
            kind = _KIND_NAMES.get(tag, _short(tag))
            raise _Reject(event, f"'{value}' is not a valid {kind}", "yaml-value") from None

    def sequence(self, loc: Loc) -> list[Any]:
        items: list[Any] = []
        event = self.next()
        while type(event) is not SequenceEndEvent:
            items.append(self.value(event, loc + (len(items),)))
            event = self.next()
        return items

    def mapping(self, loc: Loc) -> dict[str, Any]:
        result: dict[str, Any] = {}
        first_seen: dict[str, int] = {}
        key_event = self.next()
        while type(key_event) is not MappingEndEvent:
            key = self._key(key_event)
            mark = key_event.start_mark
            if key in first_seen:
                msg = f"duplicate key '{key}' (first defined on line {first_seen[key]})"
                self.problems.append(Problem(self.path, mark.line + 1, mark.column + 1, msg, "duplicate-key"))
                self.value(self.next(), loc + (f"{key} (line {mark.line + 1})",))
            else:
                first_seen[key] = mark.line + 1
                self.marks.keys[loc + (key,)] = mark
                result[key] = self.value(self.next(), loc + (key,))
            key_event = self.next()
        return result

    def _key(self, event: Event) -> str:
        if type(event) is AliasEvent or event.anchor is not None:
            raise _Reject(event, "YAML anchors and aliases are not allowed: write the value out", "yaml-alias")
        if type(event) is not ScalarEvent:
            raise _Reject(event, "keys must be plain words, not lists or mappings", "yaml-key")
        if event.value == "<<" and event.implicit[0]:
            raise _Reject(event, "merge keys (<<) are not allowed: write the fields out", "yaml-key")
        return str(self.scalar(event))
