"""`gpulist new URL`: one command from a link to an entry that passes validation.

The order matters for the contributor: cheap refusals first (bad URL, already listed,
missing flags in CI) so nobody waits on the network to be told no; then the lookup; then
questions for whatever is still unknown; then one last validation before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.checks import possible_duplicate
from gpulist.contribute import vocabulary
from gpulist.contribute.config import NetConfig
from gpulist.checks.placeholder_title import placeholder_title
from gpulist.contribute.entry import derive_id, free_id, left_to_fill, ordered, refuse_invalid, safe_text, today
from gpulist.files import write_new
from gpulist.contribute.fmt import modeline_for, render
from gpulist.contribute.known import Known
from gpulist.contribute.metadata import Metadata, fetch_metadata
from gpulist.contribute.metadata.dispatch import skeleton
from gpulist.contribute.prompts import Prompter
from gpulist.load import Catalog, load_catalog
from gpulist.models import RESOURCE_TYPES, Topic
from gpulist.models.fields import _check_url
from gpulist.problems import GpulistError, Problem, UsageError


class AlreadyListed(GpulistError):
    """The resource is in the catalog under another spelling of its URL."""


@dataclass(slots=True)
class NewRequest:
    url: str
    data: Path = Path("data")
    topic: str | None = None
    tier: int | None = None
    group: str | None = None
    type: str | None = None
    tags: list[str] | None = None
    title: str | None = None
    id: str | None = None
    fetch: bool = True


@dataclass(slots=True)
class NewResult:
    path: Path
    fields: dict[str, Any]
    warnings: list[str] = field(default_factory=list)
    # What the file still lacks, as `gpulist validate` (errors) and `--advice` would say it.
    to_fill: list[Problem] = field(default_factory=list)


def _check_url_text(url: str) -> str:
    try:
        return _check_url(url.strip())
    except ValueError as exc:  # PydanticCustomError is a ValueError
        raise UsageError(str(exc)) from None


def _refuse_known(known: Known, url: str | None, arxiv: str | None = None, doi: str | None = None) -> None:
    found = known.find(url, arxiv, doi)
    if found:
        where, key = found
        raise AlreadyListed(f"already listed as {where} ({key.describe()})")


def _require(chosen: Topic | None, tier: int | None, group: str | None) -> Topic:
    """Without a terminal, every missing flag is named at once."""
    missing = [] if chosen else ["--topic"]
    if tier is None and group is None:
        missing.append(("--tier" if chosen.tiered else "--group") if chosen else "--tier or --group (as the topic needs)")
    if missing or chosen is None:
        raise UsageError(f"missing {', '.join(missing)}: stdin is not a terminal (or CI is set), so nothing is asked")
    return chosen


def _placement(req: NewRequest, catalog: Catalog, ask: Prompter | None) -> tuple[Topic, int | None, str | None]:
    chosen = vocabulary.topic(catalog, req.topic) if req.topic else None
    tier, group = vocabulary.placement(chosen, req.tier, req.group) if chosen else (req.tier, req.group)
    if ask is None:
        return _require(chosen, tier, group), tier, group
    if chosen is None:
        chosen = vocabulary.topic(catalog, ask.choose("Topic?", [(t.id, t.title) for t in catalog.topics]))
        tier, group = vocabulary.placement(chosen, req.tier, req.group)
    if chosen.tiered and tier is None:
        tier = int(ask.choose("Tier?", [(str(t.tier), t.title) for t in chosen.tiers]))
    if not chosen.tiered and group is None:
        group = ask.choose("Group?", [(g.id, g.title) for g in chosen.groups])
    return chosen, tier, group


def _resource_type(req: NewRequest, meta: Metadata, ask: Prompter | None) -> str:
    if req.type:
        return vocabulary.resource_type(req.type)
    if meta.type:
        return meta.type
    if ask is None:
        raise UsageError("missing --type: the page does not make it clear, and nothing is asked without a terminal")
    return ask.choose("Type?", [(t, "") for t in RESOURCE_TYPES])


def _title(req: NewRequest, meta: Metadata, ask: Prompter | None, warnings: list[str]) -> str:
    found = req.title or (safe_text(meta.title) if meta.title else None)
    if found:
        return found
    fallback = placeholder_title(meta.url)
    if ask is not None:
        return ask.text("Title?", fallback)
    warnings.append(f"no title found: wrote '{fallback}' as a placeholder; edit it (or pass --title)")
    return fallback


def _tags(req: NewRequest, catalog: Catalog, ask: Prompter | None) -> list[str]:
    if req.tags is not None:
        return vocabulary.tags(catalog, req.tags)
    if ask is None or not catalog.concepts:
        return []
    choices = [(t.id, t.title) for t in catalog.concepts]
    return ask.many("Tags? (from data/concepts.yml)", choices, lambda w: vocabulary.tag(catalog, w))


def _lookup(req: NewRequest, config: NetConfig) -> Metadata:
    if not req.fetch:
        return skeleton(req.url, "--offline: nothing looked up")
    return fetch_metadata(req.url.strip(), config)


def create(req: NewRequest, config: NetConfig, ask: Prompter | None) -> NewResult:
    url = _check_url_text(req.url)
    catalog, _ = load_catalog(req.data)
    known = Known.from_catalog(catalog)
    _refuse_known(known, url)
    early = _placement(req, catalog, None) if ask is None else None  # in CI, fail before the network
    resource_type = vocabulary.resource_type(req.type) if req.type else None
    tags = vocabulary.tags(catalog, req.tags) if req.tags is not None else None
    meta = _lookup(req, config)
    _refuse_known(known, meta.url, meta.arxiv, meta.doi)
    warnings = [f"no metadata ({meta.failure}): wrote what the URL alone says"] if meta.failure else []
    if ask is not None:
        ask.say(f"{meta.url}: " + (f"'{meta.title}'" if meta.title else f"no metadata ({meta.failure})"))
    chosen, tier, group = early or _placement(req, catalog, ask)
    fields = {
        "title": _title(req, meta, ask, warnings), "url": meta.url,
        "type": resource_type or _resource_type(req, meta, ask), "topic": chosen.id, "tier": tier, "group": group,
        "tags": tags if tags is not None else _tags(req, catalog, ask), "authors": meta.authors, "year": meta.year,
        "venue": meta.venue, "arxiv": meta.arxiv, "doi": meta.doi, "effort": meta.effort,
        "notes": [n for n in (safe_text(x) for x in meta.notes) if n], "links": meta.links, "added": today(),
    }
    similar = known.find_title(fields["title"], fields["type"])
    warnings += [f"{similar}: check it is not the same resource [{possible_duplicate.RULE}]"] if similar else []
    return _write(catalog, req, ordered(fields), warnings)


def _write(catalog: Catalog, req: NewRequest, fields: dict[str, Any], warnings: list[str]) -> NewResult:
    folder = req.data / "resources"
    wanted = req.id or derive_id(fields["title"])
    if req.id:
        vocabulary.entry_id(wanted)
    entry_id = free_id(wanted, folder, {r.id for r in catalog.resources})
    if req.id and entry_id != wanted:
        raise UsageError(f"id '{wanted}' is taken: choose another with --id")
    path = folder / f"{entry_id}.yml"
    text = render(fields, modeline_for(path))
    refuse_invalid(catalog, path, text)
    write_new(path, text)
    return NewResult(path, fields, warnings, left_to_fill(catalog, path, text))


__all__ = ["AlreadyListed", "NewRequest", "NewResult", "create"]
