"""Cross-file checks on a loaded catalog: one rule per module, each a pure function.

Per-file validity (types, required fields) is the models' job and happens while loading;
what lives here needs the whole catalog at once: references between files, duplicates,
and advice. Each module exposes `RULE` (its id in reports) and `check(catalog)`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

from gpulist.checks import (
    book_index_book,
    check_ids,
    cited_conditions,
    cited_gpu,
    cited_metric,
    cited_peak,
    cited_source,
    concept_alias_shared,
    concept_book_terms,
    concept_check,
    concept_cycle,
    concept_definition,
    concept_entries,
    concept_refs,
    continued_by,
    curation_talk,
    definition_links,
    duplicate_ids,
    duplicate_resource,
    duplicate_source,
    effort_missing,
    effort_wanted,
    gpu_duplicate,
    gpu_figure_twice,
    gpu_refs,
    gpu_sparse,
    gpu_text,
    lab_refs,
    practice_refs,
    link_wanted,
    measurement_bounds,
    measurement_counters,
    measurement_method,
    measurement_models,
    measurement_path,
    measurement_peak,
    measurement_refs,
    measurement_series,
    measurement_spread,
    measurement_throttle,
    measurement_traces,
    model_shape,
    note_missing,
    note_too_short,
    number_refs,
    position_taken,
    possible_duplicate,
    prose_numbers,
    provenance_markup,
    relative_link,
    path_duplicate_step,
    path_too_long,
    path_unknown_entry,
    placeholder_title,
    repo_health,
    requires_wanted,
    tier_group,
    unknown_tag,
    unknown_topic,
    unsafe_markdown,
    vendor_terms,
    watch_hint,
    year_future,
    year_wanted,
)
from gpulist.load import Catalog, load_catalog
from gpulist.memory import gc_paused
from gpulist.problems import Problem

Check = Callable[[Catalog], list[Problem]]

ALL_CHECKS: tuple[Check, ...] = (
    duplicate_ids.check,
    placeholder_title.check,
    note_missing.check,
    effort_missing.check,
    unknown_topic.check,
    tier_group.check,
    unknown_tag.check,
    duplicate_resource.check,
    possible_duplicate.check,
    unsafe_markdown.check,
    relative_link.check,
    curation_talk.check,
    provenance_markup.check,
    link_wanted.check,
    book_index_book.check,
    path_unknown_entry.check,
    path_duplicate_step.check,
    path_too_long.check,
    repo_health.check,
    watch_hint.check,
    duplicate_source.check,
    concept_refs.check,
    concept_alias_shared.check,
    concept_cycle.check,
    concept_definition.check,
    concept_entries.check,
    concept_book_terms.check,
    concept_check.check,
    vendor_terms.check,
    check_ids.check,
    continued_by.check,
    position_taken.check,
    year_future.check,
    gpu_refs.check,
    gpu_duplicate.check,
    gpu_figure_twice.check,
    gpu_sparse.check,
    model_shape.check,
    gpu_text.check,
    lab_refs.check,
    practice_refs.check,
    measurement_refs.check,
    measurement_path.check,
    measurement_peak.check,
    measurement_method.check,
    measurement_series.check,
    measurement_models.check,
    measurement_bounds.check,
    measurement_spread.check,
    measurement_counters.check,
    cited_gpu.check,
    cited_source.check,
    cited_metric.check,
    cited_peak.check,
    cited_conditions.check,
    measurement_throttle.check,
    measurement_traces.check,
    number_refs.check,
    prose_numbers.check,
)
# Advice: what would make an entry more useful to a learner (the length of an unread one, its
# year, a note that teaches), and a definition that links the concepts it builds on. Listed by `gpulist validate --advice`, counted in one line otherwise: a
# catalog can be valid before every entry has been read closely enough to say them.
ADVICE_CHECKS: tuple[Check, ...] = (
    requires_wanted.check,
    effort_wanted.check,
    year_wanted.check,
    note_too_short.check,
    definition_links.check,
)


# What a contributor still has to write, not a mistake in what they wrote: `gpulist new` and
# `gpulist import` write a draft with these left open and list them, where any other error
# refuses the file. `gpulist validate` reports them as errors like any other.
TO_FILL: frozenset[str] = frozenset({placeholder_title.RULE, note_missing.RULE, effort_missing.RULE})


# The checks that read one entry's own fields (and the vocabulary), by the fields they read: they
# also run on what is left of a file that failed validation (`Catalog.partial`) when none of
# those fields failed, so a contributor hears of all of an entry's mistakes in one pass.
FIELD_CHECKS: dict[Check, tuple[str, ...]] = {
    placeholder_title.check: ("title", "url", "arxiv"),
    note_missing.check: ("notes",),
    effort_missing.check: ("type", "effort", "reviewed"),
    unknown_topic.check: ("topic",),
    tier_group.check: ("topic", "tier", "group"),
    unknown_tag.check: ("tags", "requires"),
    unsafe_markdown.check: ("title", "notes"),
    relative_link.check: ("notes",),
    year_future.check: ("year",),
}


def run_checks(catalog: Catalog) -> list[Problem]:
    return [problem for check in ALL_CHECKS for problem in check(catalog)] + run_on_partial(catalog)


def run_on_partial(catalog: Catalog) -> list[Problem]:
    """The field checks on each failed file's good fields (see `gpulist.load.partial`)."""
    problems: list[Problem] = []
    for check, fields in FIELD_CHECKS.items():
        entries = [p.entry for p in catalog.partial if not p.bad & set(fields)]
        if entries:
            problems += check(dataclasses.replace(catalog, entries=entries, partial=[]))
    return problems


def run_advice(catalog: Catalog) -> list[Problem]:
    return sorted(problem for check in ADVICE_CHECKS for problem in check(catalog))


def validate(root: Path) -> tuple[Catalog, list[Problem]]:
    """Load and cross-check: every problem in the data, sorted by file and line."""
    with gc_paused():
        catalog, problems = load_catalog(root)
        problems += run_checks(catalog)
    return catalog, sorted(problems)
