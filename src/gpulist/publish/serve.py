"""Keeping docs/ in step with data/ while `mkdocs serve` runs.

gpulist regenerates pages when data/ changes; MkDocs, watching docs/, then rebuilds and
reloads the browser. The writer only rewrites changed pages, so an edit to one entry
touches one topic page and a few listings, not the whole site. An edit to one of the
stylesheets or scripts regenerates too: the engine serves their joined copy (gpulist.publish.joined).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from gpulist.publish.joined import KINDS, sources


def watched(data: Path, docs: Path, mkdocs: Mapping[str, Any]) -> tuple[list[Path], set[str]]:
    """The folders to watch (data/, the joined stylesheets' and scripts' folders) and the files
    of ours to ignore there: the joined files, which regenerating writes."""
    folders = {(docs / rel.lstrip("/")).parent for kind in KINDS for rel in sources(docs, mkdocs, kind)}
    return [data, *sorted(folders)], {str(docs / kind.target) for kind in KINDS}


def regenerate_on_change(
    changes: Iterable[set[object]], regenerate: Callable[[], object], alive: Callable[[], bool]
) -> int:
    """Regenerate once per batch of changes; stop when the server stops. Returns batches seen.

    `changes` yields an empty set on idle timeouts so a server that exits is noticed.
    """
    batches = 0
    for batch in changes:
        if not alive():
            break
        if batch:
            batches += 1
            regenerate()
    return batches
