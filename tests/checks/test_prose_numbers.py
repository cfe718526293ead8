"""Where prose-number draws its lines: which name a number belongs to, what is compared, and what is left alone.

Each case is one definition in the minimal catalog beside the site fixture's GPU file (an H100 SXM
at 3,350 GB/s, 80 GB, 132 SMs, 989 dense BF16 TFLOPS; an Instinct MI300X at 5,300 GB/s): the rule
must flag the figure typed off its row, and only that one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import prose_numbers
from tests.catalogs import FIXTURES, load

GPUS = (FIXTURES / "site" / "gpus.yml").read_text(encoding="utf-8")
BASE = (FIXTURES / "catalog" / "concepts.yml").read_text(encoding="utf-8")
SENTENCE = "    driver. A kernel runs as a grid of thread blocks, each block on one multiprocessor.\n"


def _flagged(tmp_path: Path, text: str, gpus: str = GPUS) -> list[str]:
    concepts = BASE.replace(SENTENCE, f"    driver. {text}\n")
    catalog, problems = load(tmp_path, {"gpus.yml": gpus, "concepts.yml": concepts}, base=True)
    assert [p for p in problems if p.is_error] == []
    return [p.message for p in prose_numbers.check(catalog)]


@pytest.mark.parametrize(("text", "flagged"), [
    ("An H100 SXM reads HBM at 3.0 TB/s.", "'3.0 TB/s' beside 'H100 SXM' is 10% off"),
    ("Its HBM reaches 3.0 TB/s on an H100.", "'3.0 TB/s' beside 'H100' is 10% off"),  # "on an" ties it to the next name
    ("An H100 SXM has 120 SMs and 80 GB.", "'120 SMs' beside 'H100 SXM' is 9% off"),
    ("An h100-sxm peaks at 900 dense BF16 TFLOPS.", "'900 TFLOPS' beside 'h100-sxm' is 9% off"),
    ("It runs 80 GB at 3.35 TB/s on an H100 SXM, and 5,000 GB/s on an Instinct MI300X.", "'5,000 GB/s' beside 'Instinct MI300X' is 6% off"),
    ("An MI300X draws on 3.4 TB/s of HBM, an H100's 3.35 TB/s.", "'3.4 TB/s' beside 'MI300X' is 36% off"),
])
def test_a_figure_typed_off_its_row_is_flagged_with_the_data_value(tmp_path: Path, text: str, flagged: str) -> None:
    found = _flagged(tmp_path, text)
    if "36% off" in flagged:  # beyond the 25% band: taken for another quantity, not a typo
        assert found == []
        return
    (message,) = found
    assert message.startswith(flagged) and "write {{gpu." in message


@pytest.mark.parametrize("text", [
    "An H100 SXM reads HBM at 3.35 TB/s and holds 80 GB; it has 132 SMs.",  # all within 2%
    "An H100 SXM peaks at 1,979 TFLOPS of BF16 with sparsity.",  # the sparse rate of the same type
    "An H100 SXM reads HBM at {{gpu.h100-sxm.memory_bandwidth_gbs:TB/s}}.",
    "An H100 SXM attains {{quoted:700 TFLOPS}} on a large GEMM.",  # a quoted measurement is not a spec
    "An H100 SXM streams a 1 GB buffer at 1.5 TB/s.",  # far from every figure: another quantity
    "An H100 SXM has 192 KB of combined L1 and shared memory.",  # no row carries an L1
    "A Hopper die has 144 SMs.",  # an architecture takes the number, compared with no row
    "An H100 SXM is fast. A card elsewhere has 120 SMs.",  # another sentence
    "A card (not an H100 SXM) is fast, 3.0 TB/s here.",  # the name was an aside in parentheses
    "An H100 SXM has 64 GiB free.",  # binary units are what a framework reports
])
def test_what_is_not_a_spec_number_off_its_row_passes(tmp_path: Path, text: str) -> None:
    assert _flagged(tmp_path, text) == []


def test_a_reference_to_the_wrong_gpu_is_found_once_written_out(tmp_path: Path) -> None:
    assert GPUS.count("memory_bandwidth_gbs: 5300") == 1
    near = GPUS.replace("memory_bandwidth_gbs: 5300", "memory_bandwidth_gbs: 3000")
    (message,) = _flagged(tmp_path, "An H100 SXM reads HBM at {{gpu.mi300x.memory_bandwidth_gbs}}.", near)
    assert message.startswith("'3,000 GB/s' beside 'H100 SXM' is 10% off")
    assert _flagged(tmp_path / "b", "An H100 SXM reads HBM at {{gpu.h100-sxm.memory_bandwidth_gbs}}.", near) == []


def test_aliases_drop_vendor_prefix_form_factor_and_memory() -> None:
    from gpulist.models import Gpu
    gpu = Gpu.model_validate({"id": "a100-40gb-sxm", "name": "A100 SXM 40 GB", "vendor": "NVIDIA",
                              "architecture": "Ampere", "figures": [{"source": "s", "where": "w", "memory_gb": 40}]})
    assert prose_numbers.aliases(gpu) == {"a100-40gb-sxm", "A100 SXM 40 GB", "A100 40 GB", "A100 SXM", "A100"}
    card = Gpu.model_validate({"id": "rtx-4090", "name": "GeForce RTX 4090", "vendor": "NVIDIA",
                               "architecture": "Ada Lovelace", "figures": [{"source": "s", "where": "w", "memory_gb": 24}]})
    assert prose_numbers.aliases(card) == {"rtx-4090", "GeForce RTX 4090", "RTX 4090"}
