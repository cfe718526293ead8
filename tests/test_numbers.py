"""The reference grammar of gpulist.numbers: what each reference is written out as, and why one is refused."""

from __future__ import annotations

import pytest
import yaml

from gpulist.load import load_catalog
from gpulist.models import GpuFile
from gpulist.numbers import collect, problem, resolve, shown_number, written_out
from tests.catalogs import FIXTURES

GPUS = GpuFile.model_validate(yaml.safe_load((FIXTURES / "site" / "gpus.yml").read_text(encoding="utf-8")))
FIGURES = collect(GPUS, ())
# The minimal GPU file of the broken-GPUs corpus, its AMD row given compute units.
MINIMAL = GpuFile.model_validate(yaml.safe_load((FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(
    encoding="utf-8").replace("        gfx_target: gfx942\n", "        gfx_target: gfx942\n        compute_units: 304\n")))


@pytest.mark.parametrize(("value", "shown"), [(4800, "4,800"), (494.5, "494.5"), (1307.4, "1,307.4"), (9.0, "9"),
                                              (112.5, "112.5"), (0.9, "0.9")])
def test_numbers_are_shown_with_separators_and_their_own_digits(value: float, shown: str) -> None:
    assert shown_number(value) == shown


@pytest.mark.parametrize(("inner", "shown"), [
    ("gpu.h100-sxm.memory_bandwidth_gbs", "3,350 GB/s"),
    ("gpu.h100-sxm.memory_bandwidth_gbs:TB/s", "3.35 TB/s"),
    ("gpu.h100-sxm.dense.bf16", "989 TFLOPS"),
    ("gpu.h100-sxm.dense.int8", "1,979 TOPS"),
    ("gpu.h100-sxm.sparse.fp8:PFLOPS", "3.958 PFLOPS"),
    ("gpu.h100-sxm.dense.bf16:number", "989"),
    ("gpu.h100-sxm.memory_gb:GiB", "74.51 GiB"),
    ("gpu.h100-sxm.compute_units", "132 SMs"),
    ("gpu.h100-sxm.tdp_w:kW", "0.7 kW"),
    (" gpu.h100-sxm.memory_gb ", "80 GB"),
    ("quoted:55  TFLOPS", "55 TFLOPS"),
])
def test_a_reference_is_written_out_in_its_unit(inner: str, shown: str) -> None:
    assert problem(inner, FIGURES) is None
    assert written_out(inner, FIGURES) == shown


def test_text_figures_are_shown_as_written_and_compute_units_by_vendor() -> None:
    figures = collect(MINIMAL, ())
    assert written_out("gpu.gpu-one.compute_capability", figures) == "9.0"
    assert written_out("gpu.gpu-two.gfx_target", figures) == "gfx942"
    assert written_out("gpu.gpu-one.compute_units", figures) == "100 SMs"
    assert written_out("gpu.gpu-two.compute_units", figures) == "304 CUs"
    assert problem("gpu.gpu-two.gfx_target:GB", figures) is not None


@pytest.mark.parametrize(("inner", "fragment"), [
    ("gpu.h100.memory_gb", "unknown GPU 'h100' in '{{gpu.h100.memory_gb}}': did you mean 'h100-sxm'?"),
    ("gpu.zzz.memory_gb", "unknown GPU 'zzz' in '{{gpu.zzz.memory_gb}}': not an id of data/gpus.yml"),
    ("gpu.h100-sxm.bandwidth", "unknown field 'bandwidth'"),
    ("gpu.h100-sxm.dense.fp64", "the h100-sxm row in data/gpus.yml gives no dense.fp64"),
    ("gpu.h100-sxm.memory_gb:TB/s", "'TB/s' in '{{gpu.h100-sxm.memory_gb:TB/s}}' is not a unit this figure converts to"),
    ("gpu.h100-sxm.compute_units:GB", "none: the figure is shown as it is written (SMs)"),
    ("measured.h100-sxm.l2_mb", "unknown measured metric 'l2_mb'"),
    ("measured.h100-sxm.dense.bf16", "the h100-sxm lab records measure no dense.bf16"),
    ("GPU.h100-sxm.memory_gb", "is not a reference"),
    ("quoted:fast", "a quoted figure is a number and its unit"),
])
def test_a_reference_with_nothing_true_to_show_is_refused(inner: str, fragment: str) -> None:
    message = problem(inner, FIGURES)
    assert message is not None and fragment in message
    assert written_out(inner, FIGURES) is None


def test_measured_references_read_the_highest_ceiling_of_the_records() -> None:
    catalog, _ = load_catalog(FIXTURES / "site")
    figures = collect(catalog.gpus, (r.measurement for r in catalog.records))
    ceilings = [c.value for r in catalog.records if r.measurement.gpu == "h100-sxm"
                for c in r.measurement.ceilings if c.metric == "dense.bf16"]
    assert ceilings and written_out("measured.h100-sxm.dense.bf16", figures) == f"{shown_number(max(ceilings))} TFLOPS"


def test_resolve_writes_out_the_valid_and_keeps_the_rest() -> None:
    text = "An H100 SXM reads at {{gpu.h100-sxm.memory_bandwidth_gbs:TB/s}}, not {{gpu.h100-sxm.nope}}."
    assert resolve(text, FIGURES) == "An H100 SXM reads at 3.35 TB/s, not {{gpu.h100-sxm.nope}}."
    assert resolve("no braces", FIGURES) == "no braces"
