"""The garbage collector during batch work: loading, checking and rendering a catalog.

A 10,000-entry catalog is millions of small objects (parsed values, models, page strings)
and almost no reference cycles, so the cyclic collector finds nothing to free, yet it walks
that growing heap again and again: about a third of load time, and as much again while
rendering. Reference counting still frees everything as usual while the collector rests.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic collector, then restore it as it was, even on errors.

    On the way out, what the work built is frozen (moved out of the collector's view) before
    the collector resumes: otherwise its first pass would walk every object built meanwhile,
    only to find them all alive. Frozen objects are still freed when no longer referenced.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.freeze()
            gc.enable()
