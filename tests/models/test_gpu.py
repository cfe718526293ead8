"""The GPU model (data/gpus.yml): numbers in their unit, sourced by construction, dense apart from sparse."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gpulist.models import Gpu, GpuFile, GpuSource, ModelShape

SOURCE = {"id": "sheet", "title": "A datasheet", "publisher": "NVIDIA", "url": "https://example.org/sheet.pdf"}
GROUP = {"source": "sheet", "where": "Table 1", "memory_bandwidth_gbs": 3350, "dense": {"bf16": 989}}
GPU = {"id": "h100-sxm", "name": "H100 SXM", "vendor": "NVIDIA", "architecture": "Hopper", "figures": [GROUP]}


def _error(field: str, value: Any) -> dict[str, Any]:
    with pytest.raises(ValidationError) as info:
        Gpu.model_validate({**GPU, "figures": [{**GROUP, field: value}]})
    (error,) = info.value.errors()
    return error


@pytest.mark.parametrize(("field", "value", "kind", "says"), [
    ("memory_bandwidth_gbs", "3350", "figure-type", "write 3350 without quotes"),
    ("memory_bandwidth_gbs", "3.35 TB/s", "figure-unit", "write 3350 (found '3.35 TB/s')"),
    ("memory_bandwidth_gbs", "3,350 GB/s", "figure-unit", "write 3350 (found"),
    ("l2_mb", "6144 KB", "figure-unit", "write 6 (found"),
    ("boost_clock_mhz", "1.83 GHz", "figure-unit", "write 1830 (found"),
    ("tdp_w", "1.4 kW", "figure-unit", "write 1400 (found"),
    ("memory_gb", "700 W", "figure-unit", "'700 W' is a power, but this field holds GB: a unit in the wrong field"),
    ("tdp_w", "80 GB", "figure-unit", "'80 GB' is a size, but this field holds W"),
    ("memory_gb", "lots", "figure-unit", "is a number of GB: write the number alone (found 'lots')"),
    ("memory_bandwidth_gbs", -3350, "figure-range", "must be a positive number of GB/s (found -3350)"),
    ("tdp_w", 0, "figure-range", "must be a positive number of W (found 0)"),
    ("tdp_w", True, "figure-type", "not the boolean true"),
    ("tdp_w", float("nan"), "figure-type", "finite"),
    ("compute_units", 13.5, "figure-type", "whole number"),
    ("compute_units", [132], "figure-type", "must be a number of units"),
])
def test_every_mistake_in_a_number_says_what_to_write(field: str, value: Any, kind: str, says: str) -> None:
    error = _error(field, value)
    assert error["type"] == kind
    assert says in error["msg"]


def test_numbers_lists_every_figure_of_a_group_by_field() -> None:
    gpu = Gpu.model_validate({**GPU, "figures": [{**GROUP, "compute_units": 132, "sparse": {"bf16": 1979}}]})
    assert gpu.figures[0].numbers() == {"compute_units": 132, "memory_bandwidth_gbs": 3350.0, "dense.bf16": 989.0,
                                        "sparse.bf16": 1979.0}
    assert isinstance(gpu.figures[0].compute_units, int)


def test_sparse_rates_have_fields_of_their_own_and_fp64_is_never_sparse() -> None:
    assert _error("sparse", {"fp64": 60})["type"] == "extra_forbidden"
    assert _error("dense", {"bf16_sparse": 1979})["type"] == "extra_forbidden"


def test_a_number_cannot_be_written_outside_a_sourced_group() -> None:
    with pytest.raises(ValidationError) as info:
        Gpu.model_validate({**GPU, "memory_gb": 80})
    assert {e["type"] for e in info.value.errors()} == {"extra_forbidden"}
    with pytest.raises(ValidationError) as info:
        Gpu.model_validate({**GPU, "figures": [{k: v for k, v in GROUP.items() if k != "source"}]})
    assert [e["type"] for e in info.value.errors()] == ["missing"]
    with pytest.raises(ValidationError):
        Gpu.model_validate({**GPU, "figures": []})


@pytest.mark.parametrize(("field", "value"), [("compute_capability", "9"), ("gfx_target", "GFX942"),
                                              ("compute_capability", 9.0)])
def test_targets_are_written_as_the_vendor_spells_them(field: str, value: Any) -> None:
    assert _error(field, value)["type"] in ("string_pattern_mismatch", "string_type")


def test_a_source_needs_an_address_of_its_own_or_of_the_copy_read() -> None:
    assert GpuSource.model_validate(SOURCE).url == SOURCE["url"]
    copy = {**SOURCE, "url": None, "via": {"title": "A reseller's spec sheet", "url": "https://example.org/copy"}}
    assert GpuSource.model_validate(copy).via is not None
    for bad in ({**SOURCE, "url": None}, {**copy, "via": {"title": "Somewhere"}}):
        with pytest.raises(ValidationError) as info:
            GpuSource.model_validate(bad)
        assert [e["type"] for e in info.value.errors()] == ["source-address"]
    with pytest.raises(ValidationError) as info:
        GpuSource.model_validate({**SOURCE, "url": "javascript:alert(1)"})
    assert [e["type"] for e in info.value.errors()] == ["url-scheme"]


def test_a_model_shape_gives_its_head_dimension() -> None:
    shape = ModelShape.model_validate({"id": "m", "name": "M", "source": "sheet", "where": "x", "params": 8.0e9,
                                       "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8})
    assert (shape.head_dim, shape.params) == (128, 8.0e9)


def test_the_file_needs_sources_and_gpus() -> None:
    assert GpuFile.model_validate({"sources": [SOURCE], "gpus": [GPU]}).calculators is None
    with pytest.raises(ValidationError):
        GpuFile.model_validate({"sources": [], "gpus": [GPU]})
