"""Canonical layout of resource files, so diffs show content changes and nothing else.

Why ruamel.yaml: PyYAML drops comments, and contributors leave notes to reviewers in
comments (`# tier 2 until the follow-up paper lands`). ruamel's round-trip mode keeps
them, and `comments.py` moves each one along with the key it sits on.

The canonical form: the editor modeline first; keys in `FIELD_ORDER`; `tags` and
`authors` as one-line flow lists when the line fits in `WIDTH` columns; other lists as
block lists; strings plain when PyYAML (what `gpulist validate` reads with) would read them
back unchanged, double-quoted otherwise; scalars are never wrapped, so a title stays
greppable on one line.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, FoldedScalarString, LiteralScalarString

from gpulist.contribute import comments
from gpulist.load.yaml_reader import read_yaml, scalar_spans
from gpulist.models import (
    CHECK_FIELD_ORDER, CONCEPT_FIELD_ORDER, FIELD_ORDER, METRIC_FIELD_ORDER, PROBLEM_FIELD_ORDER, VENDOR_TERM_FIELD_ORDER,
)
from gpulist.problems import Problem
from gpulist.schema import FILES, modeline

WIDTH = 100
MODELINE_PREFIX = "# yaml-language-server:"
DEFAULT_MODELINE = modeline(FILES["resource"], 2)
_LINK_ORDER = ("title", "url")
# The order of the fields of a list's items, by the list's key; a resource's `links` and
# anything unknown fall back to title, url.
_ITEM_ORDER = {"check": CHECK_FIELD_ORDER, "problems": PROBLEM_FIELD_ORDER, "vendor_terms": VENDOR_TERM_FIELD_ORDER,
               "metrics": METRIC_FIELD_ORDER}
_STR_TAG = "tag:yaml.org,2002:str"
_PyLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _yaml(sequence: int = 4, offset: int = 2) -> YAML:
    y = YAML(typ="rt")
    y.width = 4096  # never fold a scalar; flow lists are sized by hand against WIDTH
    y.indent(mapping=2, sequence=sequence, offset=offset)
    y.allow_unicode = True
    y.representer.add_representer(type(None), lambda r, _: r.represent_scalar("tag:yaml.org,2002:null", "null"))
    return y


_RT = _yaml()
_RT_LIST = _yaml(sequence=2, offset=0)  # a list file (data/concepts.yml): items at the margin


def list_yaml() -> YAML:
    """The round-trip reader and writer of a list file (data/concepts.yml), for the commands
    that edit it in place (gpulist.contribute.question_ids) before `format_text` lays it out."""
    return _RT_LIST


@lru_cache(maxsize=4096)
def needs_quotes(text: str, flow: bool = False) -> bool:
    """True unless both ruamel writes it plain and PyYAML's YAML 1.1 rules read it as text.

    ruamel follows YAML 1.2, where `no` and `1:20` are text; PyYAML reads them as a
    boolean and a number, so the plain form would change the data `validate` sees.
    """
    if not text or not text.isprintable():
        return True
    if yaml.resolver.Resolver().resolve(yaml.ScalarNode, text, (True, False)) != _STR_TAG:
        return True
    plain = f"[{text}]\n" if flow else f"k: {text}\n"
    out = io.StringIO()
    _RT.dump(_flow_seq(text) if flow else {"k": text}, out)
    if out.getvalue() != plain:
        return True
    try:  # PyYAML's scanner differs at the edges too, e.g. `[:0]` is a mapping to it
        return yaml.load(plain, Loader=_PyLoader) != ([text] if flow else {"k": text})
    except yaml.YAMLError:
        return True


def _flow_seq(text: str) -> CommentedSeq:
    seq = CommentedSeq([text])
    seq.fa.set_flow_style()
    return seq


def _scalar(value: Any, flow: bool = False) -> Any:
    if isinstance(value, (FoldedScalarString, LiteralScalarString)):
        return value  # a definition folded over lines (`>-`) stays readable in review
    if isinstance(value, str):
        plain = str(value)
        return DoubleQuotedScalarString(plain) if needs_quotes(plain, flow) else plain
    return value


def _style_list(key: str, seq: CommentedSeq) -> CommentedSeq:
    inline = key in comments.FLOW_KEYS and all(not isinstance(v, (dict, list)) for v in seq)
    order = _ITEM_ORDER.get(key, _LINK_ORDER)
    for i, item in enumerate(seq):
        seq[i] = _style_map(item, order) if isinstance(item, CommentedMap) else _style_value(item, flow=inline)
        if isinstance(seq[i], CommentedMap):
            comments.move_into(seq, i, seq[i])
    width = len(key) + 4 + sum(len(str(v)) + 2 + 2 * isinstance(v, DoubleQuotedScalarString) for v in seq)
    if not seq or (inline and width <= WIDTH):  # an empty block list would read back as null
        seq.fa.set_flow_style()
    else:
        seq.fa.set_block_style()
    return seq


def _style_map(mapping: CommentedMap, order: tuple[str, ...]) -> CommentedMap:
    styled = CommentedMap()
    for key in sorted(mapping, key=lambda k: (order.index(k) if k in order else len(order), 0)):
        styled[key] = _style_value(mapping[key], key=key)
        if key in mapping.ca.items:
            styled.ca.items[key] = mapping.ca.items[key]
    styled.fa.set_block_style()
    return styled


def _style_value(value: Any, key: str = "", flow: bool = False) -> Any:
    if isinstance(value, CommentedSeq):
        return _style_list(key, value)
    if isinstance(value, CommentedMap):
        return _style_map(value, _LINK_ORDER)
    return _scalar(value, flow)


def _canonical(doc: CommentedMap, default_modeline: str) -> CommentedMap:
    header, own, footer = comments.collect(doc)
    found: list[str] = []
    for lines in (header, *(c.above for c in own.values()), footer):
        found += [line for line in lines if line.startswith(MODELINE_PREFIX)]
        lines[:] = [line for line in lines if not line.startswith(MODELINE_PREFIX)]
    header = [found[0] if found else default_modeline, *header]
    for key in doc:
        comments.tidy(doc[key])
    out = CommentedMap()
    for key in sorted(doc, key=lambda k: FIELD_ORDER.index(k) if k in FIELD_ORDER else len(FIELD_ORDER)):
        out[key] = _style_value(doc[key], key=key)
    comments.attach(out, header, own, footer)
    return out


def _as_validate_reads(node: Any, data: Any) -> Any:
    """ruamel's tree with each scalar as PyYAML's YAML 1.1 rules read it.

    The two disagree at the edges: `0e-0` is a float to ruamel (YAML 1.2) and text to
    PyYAML, `yes` the other way round. `validate` reads with PyYAML, so its reading wins;
    comments stay on the containers, which are kept.
    """
    if isinstance(node, CommentedMap) and isinstance(data, dict):
        for key in node:
            if key in data:
                node[key] = _as_validate_reads(node[key], data[key])
        return node
    if isinstance(node, CommentedSeq) and isinstance(data, list) and len(node) == len(data):
        for i, item in enumerate(data):
            node[i] = _as_validate_reads(node[i], item)
        return node
    same = type(node) is type(data) or (isinstance(node, type(data)) and node == data)
    return node if same or isinstance(data, (dict, list)) else data


def _canonical_concepts(doc: CommentedSeq) -> CommentedSeq:
    """data/concepts.yml: each concept's fields in CONCEPT_FIELD_ORDER, short lists on one
    line; comments stay with their keys, and the file's own comments stay where they are."""
    for i, item in enumerate(doc):
        if isinstance(item, CommentedMap):
            doc[i] = _style_map(item, CONCEPT_FIELD_ORDER)
            doc[i].ca.comment = item.ca.comment
    return doc


def format_text(text: str, shown: str, default_modeline: str = DEFAULT_MODELINE,
                concepts: bool = False) -> tuple[str | None, list[Problem]]:
    """The canonical text, or the problems that stop a file from being formatted safely.
    `concepts`: the file is data/concepts.yml, a list of concepts, not a resource."""
    before, problems = read_yaml(shown, text.encode("utf-8"))
    if problems or before is None:
        return None, problems or [Problem(shown, 1, 1, "file is empty", "empty-file")]
    expected = list if concepts else dict
    if not isinstance(before.data, expected):
        what = "a list of concepts" if concepts else "a resource file (expected a mapping of fields)"
        return None, [Problem(shown, 1, 1, f"not {what}", "fmt")]
    try:
        doc = _as_validate_reads(_RT.load(text), before.data)
        out = io.StringIO()
        if concepts:
            _RT_LIST.dump(_canonical_concepts(doc), out)
        else:
            _RT.dump(_canonical(doc, default_modeline), out)
    except YAMLError as exc:  # pragma: no cover - read_yaml accepted it, so ruamel should too
        return None, [Problem(shown, 1, 1, f"cannot format: {exc}", "fmt")]
    result = out.getvalue()
    after, _ = read_yaml(shown, result.encode("utf-8"))
    if after is None or after.data != before.data:
        return None, [Problem(shown, 1, 1, "formatting would change the data; file left as is (a gpulist bug)", "fmt")]
    lost = lost_comments(text, result)
    if lost:
        msg = "formatting would drop this comment (ruamel.yaml does not keep it here); move it next to a key"
        return None, [Problem(shown, line, 1, msg, "fmt") for line in lost]
    return result, []


# A `#` at the start of a line or after a space or tab, to the end of its line.
_COMMENT = re.compile(r"(?:^|(?<=[ \t]))(#[^\n]*)", re.MULTILINE)


def lost_comments(source: str, result: str) -> list[int]:
    """Lines whose comment is nowhere in the result.

    A `#` inside a quoted or block string is text, not a comment (`title: 'Lecture #5'`):
    which `#`s are comments is the YAML scanner's call, so any within a scalar is skipped.
    """
    strings = scalar_spans(source)
    lines = []
    for found in _COMMENT.finditer(source):
        if any(start <= found.start() < end for start, end in strings):
            continue
        if found.group(1).strip() not in result:
            lines.append(source.count("\n", 0, found.start()) + 1)
    return lines


def render(fields: dict[str, Any], default_modeline: str = DEFAULT_MODELINE) -> str:
    """A new entry's file text, laid out exactly as `gpulist fmt` would leave it."""
    plain = yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=4096)
    text, problems = format_text(plain, "<new entry>", default_modeline)
    if text is None:  # pragma: no cover - plain data from safe_dump is always formattable
        raise ValueError(problems[0].message)
    return text


def modeline_for(path: Path) -> str:
    """The modeline's relative path depends on how deep under data/ the file sits."""
    parts = path.resolve().parts
    if "resources" not in parts[:-1]:
        return DEFAULT_MODELINE
    below = parts[::-1].index("resources")  # x.yml -> 1, sub/x.yml -> 2
    return modeline(FILES["resource"], below + 1)
