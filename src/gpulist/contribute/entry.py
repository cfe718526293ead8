"""From gathered facts to a file that passes `gpulist validate`: fields, id, final check."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from pydantic import ValidationError

from gpulist.checks import run_checks
from gpulist.checks.unsafe_markdown import unsafe_reason
from gpulist.identity import arxiv_id
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


def placeholder_title(url: str) -> str:
    """A stand-in the contributor will see and fix: where the entry points, readably."""
    paper = arxiv_id(url)
    if paper:
        return f"arXiv:{paper}"
    parts = urlsplit(url)
    host = (parts.hostname or "link").removeprefix("www.")
    return f"{host}{unquote(parts.path.rstrip('/'))}" or url  # '%E6%BA%90' is read as '源'


def safe_text(text: str) -> str | None:
    """Page titles and descriptions may carry HTML; notes are Markdown and refuse it."""
    stripped = " ".join(_TAG.sub("", text).split())
    return stripped if stripped and unsafe_reason(stripped) is None else None


def ordered(fields: dict[str, Any]) -> dict[str, Any]:
    """Canonical order, empty values dropped (a lean file is easier to review); `url` stays,
    as `url: null` is how an entry says its link is wanted."""
    return {k: fields[k] for k in FIELD_ORDER if k in fields and (k == "url" or fields[k] not in (None, [], ""))}


def check_entry(catalog: Catalog, path: Path, text: str) -> list[Problem]:
    """Exactly the problems `gpulist validate` would report for this one new file."""
    shown = display_path(path)
    doc, problems = read_yaml(shown, text.encode("utf-8"))
    if doc is None:
        return problems
    try:
        resource = Resource.model_validate({**doc.data, "id": path.stem})
    except ValidationError as exc:
        return problems_from_validation(exc, doc, (), list(Resource.model_fields))
    alone = Catalog(root=catalog.root, topics=catalog.topics, concepts=catalog.concepts, entries=[Entry(resource, doc)])
    return [p for p in run_checks(alone) if p.path == shown]


def refuse_invalid(catalog: Catalog, path: Path, text: str) -> list[Problem]:
    problems = check_entry(catalog, path, text)
    if has_errors(problems):
        raise DataError(problems)
    return problems


def today() -> dt.date:
    return dt.date.today()
