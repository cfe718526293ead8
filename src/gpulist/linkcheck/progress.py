"""A progress bar for people at a terminal, silence for CI logs.

A bar redrawn in a CI log is thousands of lines of noise, so it appears only when stderr
is a terminal and no CI variable is set.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any


Advance = Callable[[], None]


def wanted() -> bool:
    return sys.stderr.isatty() and not os.environ.get("CI")


class Bar(AbstractContextManager):
    _progress: Any

    def __init__(self, total: int, enabled: bool) -> None:
        self._progress = None
        if enabled and total:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._progress = Progress(TextColumn("checking links"), BarColumn(), MofNCompleteColumn(),
                                      TimeElapsedColumn(), console=Console(stderr=True), transient=True)
        self._task = self._progress.add_task("links", total=total) if self._progress else None
        self._context = self._progress or nullcontext()

    def __enter__(self) -> Advance:
        self._context.__enter__()
        return self.advance

    def __exit__(self, *exc: object) -> None:
        self._context.__exit__(*exc)

    def advance(self) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task)
