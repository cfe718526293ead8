"""From gathered facts to a draft entry: fields, id, the final check and what is left to fill."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gpulist.checks import TO_FILL, run_advice, run_checks
from gpulist.checks.unsafe_markdown import unsafe_reason
from gpulist.load import Catalog, Entry, display_path, read_yaml
from gpulist.load.messages import problems_from_validation
from gpulist.models import FIELD_ORDER, Resource
from gpulist.models.fields import slugify
from gpulist.problems import DataError, Problem, has_errors

MAX_ID_WORDS = 6
_TAG = re.compile(r"<[^>]*>")


def derive_id(title: str) -> str:
    """'FlashAttention-2: Faster Attention with...' -> 'flashattention-2': the name before a
    colon when there is one, else the first few words; short ids make good anchors."""
    head, _, rest = title.partition(":")
    subtitle = len(rest.split()) >= 2  # 'arXiv:2402.13499' has no subtitle to drop
    slug = slugify(head) if subtitle and len(slugify(head)) >= 3 else slugify(title)
    words = slug.split("-")[:MAX_ID_WORDS]
    return "-".join(words)[:60].strip("-") or "resource"


def free_id(wanted: str, folder: Path, taken: set[str]) -> str:
    """`wanted`, or `wanted-2`, `wanted-3`...: two resources can share a title, never a file."""
    candidate, n = wanted, 1
    while candidate in taken or (folder / f"{candidate}.yml").exists() or (folder / f"{candidate}.yaml").exists():
        n += 1
        candidate = f"{wanted}-{n}"
    return candidate


def safe_text(text: str) -> str | None:
    """Page titles and descriptions may carry HTML; notes are Markdown and refuse it."""
    stripped = " ".join(_TAG.sub("", text).split())
    return stripped if stripped and unsafe_reason(stripped) is None else None


def ordered(fields: dict[str, Any]) -> dict[str, Any]:
    """Canonical order, empty values dropped (a lean file is easier to review); `url` stays,
    as `url: null` is how an entry says its link is wanted."""
    return {k: fields[k] for k in FIELD_ORDER if k in fields and (k == "url" or fields[k] not in (None, [], ""))}


def _alone(catalog: Catalog, path: Path, text: str) -> tuple[Catalog | None, list[Problem]]:
    """The new file as a catalog of its own (the real topics and concepts), or the problems that
    stop it from loading at all."""
    doc, problems = read_yaml(display_path(path), text.encode("utf-8"))
    if doc is None:
        return None, problems
    try:
        resource = Resource.model_validate({**doc.data, "id": path.stem})
    except ValidationError as exc:
        return None, problems_from_validation(exc, doc, (), list(Resource.model_fields))
    return Catalog(root=catalog.root, topics=catalog.topics, concepts=catalog.concepts,
                   entries=[Entry(resource, doc)]), problems


def check_entry(catalog: Catalog, path: Path, text: str) -> list[Problem]:
    """Exactly the problems `gpulist validate` would report for this one new file."""
    alone, problems = _alone(catalog, path, text)
    shown = display_path(path)
    return problems if alone is None else [p for p in run_checks(alone) if p.path == shown]


def refuse_invalid(catalog: Catalog, path: Path, text: str) -> list[Problem]:
    """Refuse a draft with a mistake in it; what is only left to fill (TO_FILL) is returned, not refused."""
    problems = check_entry(catalog, path, text)
    if has_errors([p for p in problems if p.rule not in TO_FILL]):
        raise DataError(problems)
    return problems


def left_to_fill(catalog: Catalog, path: Path, text: str) -> list[Problem]:
    """What a draft still lacks: the errors `gpulist validate` will report until they are written
    (title, note, effort), then its warnings and the advice that would make it more useful
    (a year, `requires`, a longer note), so a contributor sees the whole list at once."""
    alone, problems = _alone(catalog, path, text)
    if alone is None:
        return problems
    shown = display_path(path)
    found = [p for p in run_checks(alone) + run_advice(alone) if p.path == shown]
    return sorted(found, key=lambda p: (not p.is_error, p.line, p.col, p.rule))


def today() -> dt.date:
    return dt.date.today()
