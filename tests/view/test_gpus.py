"""The GPU table view: one row per GPU, each cell keeping the source and place of its number."""

from __future__ import annotations

from gpulist.checks import validate
from gpulist.view.gpus import COLUMNS, build_gpus
from tests.conftest import DATA
from tests.site.conftest import load_fixture


def test_every_number_of_the_file_becomes_one_cell_with_its_source() -> None:
    catalog, _ = validate(DATA)
    table = build_gpus(catalog)
    assert table is not None and len(table.rows) == len(catalog.gpus.gpus)
    for gpu, row in zip(catalog.gpus.gpus, table.rows, strict=True):
        numbers = {k: (v, f.source, f.where) for f in gpu.figures for k, v in f.numbers().items()}
        assert {k: (c.value, c.source.id, c.where) for k, c in row.cells.items() if k in numbers} == numbers
        assert all(k in numbers or k in ("target", "interconnect") for k in row.cells)


def test_a_row_answers_peaks_by_data_type_and_lists_what_it_has() -> None:
    table = build_gpus(load_fixture())
    h100, mi300x = table.row("h100-sxm"), table.row("mi300x")
    assert (h100.peak("bf16"), h100.peak("fp64")) == (989.0, None)
    assert h100.value("sparse.bf16") == 1979.0 and h100.peak("fp8") == 1979.0  # the dense one, never the sparse
    assert mi300x.dtypes() == ["fp64", "fp32", "bf16", "fp8"]
    assert [r.gpu.id for r in table.of_concept("cuda")] == ["h100-sxm", "small-card"]
    assert h100.anchor == "gpu-h100-sxm"


def test_columns_are_those_some_gpu_has_in_the_pages_order() -> None:
    table = build_gpus(load_fixture())
    keys = [c.key for c in table.columns()]
    assert keys == [c.key for c in COLUMNS if c.key in keys]
    assert "dense.bf16" in keys and "sparse.bf16" in keys and "boost_clock_mhz" not in keys
    # No fixture source gives an L2; the H100's lab record does (the device's 50 MiB), so the column is shown.
    assert "l2_mb" not in table.row("h100-sxm").cells and "l2_mb" in keys


def test_no_gpu_file_no_table(tmp_path) -> None:
    from tests.catalogs import load

    catalog, _ = load(tmp_path, base=True)
    assert build_gpus(catalog) is None
