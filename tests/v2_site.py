"""A scratch copy of the site fixture (tests/fixtures/site) with a version 2 record of the
coalescing lab on the H100 SXM written by the labs' harness (tests/fixtures/records_v2.py) and
the real counters' catalogue: for the view, site, build and browser tests of version 2. The
committed fixture stays as it is, so its golden pages do not move."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from tests.conftest import DATA
from tests.fixtures import records_v2
from tests.site.conftest import FIXTURE, load_fixture

LAB, GPU = "coalescing", "h100-sxm"
SECTION = f'[data-gpulist-measured="{LAB}"]'


def v2_data(root: Path, change: Callable[[dict], None] | None = None, merged: bool = False) -> Path:
    """The data folder, the record changed by `change` before the harness writes it."""
    data = root / "data"
    shutil.copytree(FIXTURE, data)
    shutil.copy(DATA / "counters.yml", data / "counters.yml")
    made = records_v2.merged(GPU) if merged else records_v2.record(GPU)
    if change:
        change(made)
    records_v2.write(data / "measurements", GPU, made)
    return data


def v2_view(root: Path, change: Callable[[dict], None] | None = None, merged: bool = False):  # type: ignore[no-untyped-def]
    from gpulist.view.catalog import build_view

    return build_view(load_fixture(v2_data(root, change, merged)))
