"""The catalog as `gpulist watch` needs it: its sources valid, the rest good enough.

An invalid data/watch.yml stops the run (exit 2) with every problem located, as
`gpulist validate` would show them. Problems elsewhere in data/ do not: the entries that
load still say what is listed, and validate is where the rest is reported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gpulist.checks import duplicate_source, watch_hint
from gpulist.files import display_path
from gpulist.load import Catalog, load_catalog
from gpulist.load.loader import WATCH
from gpulist.problems import Problem


def load_sources(data: Path, warn: Callable[[str], None]) -> tuple[Catalog, list[Problem]]:
    catalog, problems = load_catalog(data)
    problems += watch_hint.check(catalog) + duplicate_source.check(catalog)
    watch_file = display_path(data / WATCH)
    blocking = sorted(p for p in problems if p.is_error and p.path == watch_file)
    others = sum(p.is_error and p.path != watch_file for p in problems)
    if others and not blocking:
        warn(f"{others} error(s) elsewhere in {data} (run `gpulist validate`); entries that failed to load "
             "are not known as listed, and their feeds are not followed")
    return catalog, blocking
