"""The cited figures as the page gets them: in the GPU table's order, each with its peak; a figure
the checks report (unknown GPU or source, no vendor peak) is left out rather than shown unsourced."""

from __future__ import annotations

import shutil
from pathlib import Path

from gpulist.load import load_catalog
from gpulist.view.cited import build_cited, cited_gpus
from gpulist.view.gpus import build_gpus
from tests.site.conftest import FIXTURE

EXTRA = """\
  - gpu: {gpu}
    metric: {metric}
    value: 100
    unit: TFLOPS
    source: {source}
    where: a row
    conditions:
      notes: a note
    date: "2026-01-01"
    date_of: measurement
"""


def _cited(tmp_path: Path, *extra: dict[str, str]):
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    path = root / "measured-elsewhere.yml"
    path.write_text(path.read_text(encoding="utf-8") + "".join(EXTRA.format(**e) for e in extra), encoding="utf-8")
    catalog, _ = load_catalog(root)
    return build_cited(catalog, build_gpus(catalog))


def test_rows_follow_the_gpu_table_then_its_columns(tmp_path: Path) -> None:
    rows = _cited(tmp_path, {"gpu": "h100-sxm", "metric": "dense.tf32", "source": "someone-table"})
    assert [(c.row.gpu.id, c.figure.metric) for c in rows] == [
        ("h100-sxm", "dense.tf32"), ("h100-sxm", "dense.bf16"), ("mi300x", "dense.bf16")]
    assert rows[1].peak == 989.0 and round(rows[1].share, 4) == 0.8033
    assert cited_gpus(rows) == ["h100-sxm", "mi300x"]


def test_a_figure_without_its_gpu_source_or_peak_is_left_out(tmp_path: Path) -> None:
    rows = _cited(tmp_path, {"gpu": "no-such-gpu", "metric": "dense.bf16", "source": "someone-table"},
                  {"gpu": "h100-sxm", "metric": "dense.fp16", "source": "no-such-source"},
                  {"gpu": "mi300x", "metric": "dense.tf32", "source": "someone-table"})  # the fixture has no MI300X tf32
    assert [(c.row.gpu.id, c.figure.metric) for c in rows] == [("h100-sxm", "dense.bf16"), ("mi300x", "dense.bf16")]


def test_without_a_gpu_file_nothing_is_cited(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    (root / "gpus.yml").unlink()
    catalog, _ = load_catalog(root)
    assert catalog.cited is not None and build_cited(catalog, build_gpus(catalog)) == ()
