"""Strict, located YAML reading.

PyYAML on its own is too forgiving for contributor data: it silently keeps the last of two
duplicate keys, expands aliases without bound ("billion laughs"), and will build Python
objects for `!!python/...` tags on the unsafe loaders. We therefore let the (C, when
available) composer build the node tree once, then turn nodes into plain values ourselves,
refusing anything that is not plain data and recording where every value came from so
later errors can name file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from gpulist.problems import Problem

try:  # libyaml is ~6x faster; fall back silently where it was not compiled in.
    _Loader: type = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

Loc = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + t for t in ("str", "int", "float", "bool", "null", "timestamp")}
_STR = _TAG + "str"
_CONSTRUCTOR = SafeConstructor()


@dataclass(slots=True)
class Marks:
    """Where each value of a document sits, by its location path (1-based line and column)."""

    values: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    keys: dict[Loc, tuple[int, int]] = field(default_factory=dict)

    def at(self, loc: Loc, *, key: bool = False) -> tuple[int, int]:
        """Best position for `loc`: the exact one, else its nearest located ancestor."""
        table = self.keys if key else self.values
        for end in range(len(loc), -1, -1):
            prefix = loc[:end]
            if prefix in table:
                return table[prefix]
            if prefix in self.values:
                return self.values[prefix]
        return (1, 1)


@dataclass(slots=True)
class Document:
    path: str
    data: Any
    marks: Marks


class _Reject(Exception):
    def __init__(self, node: Node, message: str, rule: str) -> None:
        super().__init__(message)
        self.node, self.message, self.rule = node, message, rule


def read_yaml(path: str, raw: bytes) -> tuple[Document | None, list[Problem]]:
    """Parse one file into plain data, or explain precisely why it cannot be used."""
    text, problem = _decode(path, raw)
    if problem:
        return None, [problem]
    try:
        root = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        return None, [_syntax_problem(path, exc)]
    except yaml.YAMLError as exc:
        return None, [Problem(path, 1, 1, f"cannot parse YAML: {exc}", "yaml-syntax")]
    if root is None:
        return None, [Problem(path, 1, 1, "file is empty: expected a mapping of fields", "empty-file")]
    builder = _Builder(path, text)
    try:
        data = builder.build(root, ())
    except _Reject as exc:
        line, col = _mark(exc.node)
        if exc.rule == "yaml-alias":
            line, col = _first_alias(text) or (line, col)
        builder.problems.append(Problem(path, line, col, exc.message, exc.rule))
        return None, builder.problems
    if builder.problems:
        return None, builder.problems
    return Document(path, data, builder.marks), []


def _decode(path: str, raw: bytes) -> tuple[str, Problem | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        msg = f"file is not valid UTF-8 (byte 0x{raw[exc.start]:02x}); save it as UTF-8"
        return "", Problem(path, line, col, msg, "encoding")
    return text.removeprefix("\ufeff"), None


def _mark(node: Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _first_alias(text: str) -> tuple[int, int] | None:
    """Locate the first alias; only called once a file is already known to use one."""
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.AliasEvent):
                return event.start_mark.line + 1, event.start_mark.column + 1
    except yaml.YAMLError:
        return None
    return None


def _syntax_problem(path: str, exc: yaml.MarkedYAMLError) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    detail = exc.problem or exc.context or "invalid YAML"
    if "tab" in detail or "\\t" in detail:
        return Problem(path, line, col, "tab character in indentation: indent with spaces", "yaml-tab")
    if "expected a single document" in str(exc):
        return Problem(path, line, col, "more than one YAML document (---): keep one per file", "yaml-syntax")
    if "found undefined alias" in detail or "recursive" in detail:
        return Problem(path, line, col, "YAML anchors and aliases are not allowed", "yaml-alias")
    return Problem(path, line, col, f"YAML syntax error: {detail}", "yaml-syntax")


class _Builder:
    """Turns a composed node tree into dicts, lists and scalars, recording marks."""

    def __init__(self, path: str, text: str) -> None:
        self.path = path
        self.marks = Marks()
        self.problems: list[Problem] = []
        self._seen: set[int] = set()

    def build(self, node: Node, loc: Loc) -> Any:
        if id(node) in self._seen:
            raise _Reject(node, "YAML anchors and aliases are not allowed: write the value out", "yaml-alias")
        self._seen.add(id(node))
        self.marks.values[loc] = _mark(node)
        if isinstance(node, MappingNode):
            return self._mapping(node, loc)
        if isinstance(node, SequenceNode):
            if node.tag != _TAG + "seq":
                raise _Reject(node, f"unsupported YAML tag {_short(node.tag)}: only plain data is allowed", "yaml-tag")
            return [self.build(item, loc + (i,)) for i, item in enumerate(node.value)]
        return self._scalar(node)

    def _scalar(self, node: Node) -> Any:
        if node.tag == _STR:  # by far the commonest; its value needs no construction
            return node.value
        if node.tag not in _PLAIN_TAGS:
            raise _Reject(node, f"unsupported YAML tag {_short(node.tag)}: only plain data is allowed", "yaml-tag")
        return _CONSTRUCTOR.yaml_constructors[node.tag](_CONSTRUCTOR, node)

    def _mapping(self, node: MappingNode, loc: Loc) -> dict[str, Any]:
        if node.tag != _TAG + "map":
            raise _Reject(node, f"unsupported YAML tag {_short(node.tag)}: only plain data is allowed", "yaml-tag")
        result: dict[str, Any] = {}
        first_seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.tag == _TAG + "merge":
                raise _Reject(key_node, "keys must be plain words (no merge keys or complex keys)", "yaml-key")
            key = str(self._scalar(key_node))
            key_line, key_col = _mark(key_node)
            if key in first_seen:
                msg = f"duplicate key '{key}' (first defined on line {first_seen[key]})"
                self.problems.append(Problem(self.path, key_line, key_col, msg, "duplicate-key"))
                continue
            first_seen[key] = key_line
            self.marks.keys[loc + (key,)] = (key_line, key_col)
            result[key] = self.build(value_node, loc + (key,))
        return result


def _short(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag
