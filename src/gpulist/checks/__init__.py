"""Cross-file checks on a loaded catalog: one rule per module, each a pure function.

Per-file validity (types, required fields) is the models' job and happens while loading;
what lives here needs the whole catalog at once: references between files, duplicates,
and advice. Each module exposes `RULE` (its id in reports) and `check(catalog)`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gpulist.checks import (
    book_index_book,
    duplicate_ids,
    duplicate_resource,
    duplicate_source,
    link_wanted,
    possible_duplicate,
    relative_link,
    path_duplicate_step,
    path_too_long,
    path_unknown_entry,
    repo_health,
    tier_group,
    unknown_tag,
    unknown_topic,
    unsafe_markdown,
    watch_hint,
)
from gpulist.load import Catalog, load_catalog
from gpulist.memory import gc_paused
from gpulist.problems import Problem

Check = Callable[[Catalog], list[Problem]]

ALL_CHECKS: tuple[Check, ...] = (
    duplicate_ids.check,
    unknown_topic.check,
    tier_group.check,
    unknown_tag.check,
    duplicate_resource.check,
    possible_duplicate.check,
    unsafe_markdown.check,
    relative_link.check,
    link_wanted.check,
    book_index_book.check,
    path_unknown_entry.check,
    path_duplicate_step.check,
    path_too_long.check,
    repo_health.check,
    watch_hint.check,
    duplicate_source.check,
)


def run_checks(catalog: Catalog) -> list[Problem]:
    return [problem for check in ALL_CHECKS for problem in check(catalog)]


def validate(root: Path) -> tuple[Catalog, list[Problem]]:
    """Load and cross-check: every problem in the data, sorted by file and line."""
    with gc_paused():
        catalog, problems = load_catalog(root)
        problems += run_checks(catalog)
    return catalog, sorted(problems)
