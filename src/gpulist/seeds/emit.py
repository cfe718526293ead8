"""Write a resource record as the YAML a contributor would write by hand.

A generic YAML dumper would reorder fields, fold long notes and quote unpredictably;
files written here keep FIELD_ORDER, the schema modeline, flow lists for short lists,
and quote only what YAML would otherwise misread (`no`, `2307.08691`, `a: b`).
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import yaml

from gpulist.models import FIELD_ORDER

MODELINE = "# yaml-language-server: $schema=../../schemas/resource.schema.json"
_FLOW_FIELDS = ("tags", "authors")
_PLAIN_UNSAFE_START = tuple("!&*-?:,[]{}#|>@`\"'%")


def scalar(value: Any) -> str:
    """The plain form when YAML reads it back unchanged, else a JSON (double-quoted) string."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, dt.date)):
        return str(value)
    text = str(value)
    if _needs_quotes(text):
        return json.dumps(text, ensure_ascii=False)
    return text


def _needs_quotes(text: str) -> bool:
    if not text or text != text.strip() or text.startswith(_PLAIN_UNSAFE_START):
        return True
    if ": " in text or " #" in text or text.endswith(":") or "\n" in text:
        return True
    try:
        return yaml.safe_load(text) != text
    except yaml.YAMLError:
        return True


def _flow_item(text: str) -> str:
    """Inside [a, b] a comma or bracket ends the item, so those need quotes too."""
    rendered = scalar(text)
    if rendered == text and any(c in text for c in ",[]{}"):
        return json.dumps(text, ensure_ascii=False)
    return rendered


def dump_resource(record: dict[str, Any]) -> str:
    unknown = set(record) - set(FIELD_ORDER)
    if unknown:
        raise ValueError(f"fields not in FIELD_ORDER: {sorted(unknown)}")
    lines = [MODELINE]
    for name in (f for f in FIELD_ORDER if f in record):
        lines += _field(name, record[name])
    return "\n".join(lines) + "\n"


def _field(name: str, value: Any) -> list[str]:
    if name in _FLOW_FIELDS:
        return [f"{name}: [{', '.join(_flow_item(v) for v in value)}]"]
    if name == "links":
        out = [f"{name}:"]
        for link in value:
            out += [f"  - title: {scalar(link['title'])}", f"    url: {scalar(link['url'])}"]
        return out
    if isinstance(value, list):
        return [f"{name}:"] + [f"  - {scalar(item)}" for item in value]
    return [f"{name}: {scalar(value)}"]
