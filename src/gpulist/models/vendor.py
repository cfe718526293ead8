"""The other vendors' names for a concept, and the profiler metrics that measure it.

The list's concepts are named as NVIDIA names them (a warp, shared memory, a streaming
multiprocessor), because most of what a learner reads does. A reader who works on an AMD
Instinct GPU or a TPU meets other words for the same things (a wavefront, the LDS, a compute
unit; the MXU, VMEM), and a profiler that counts them under names of its own. A concept
carries them in two lists:

- `vendor_terms`: each vendor's word, with the vendor's own page that defines it (for AMD,
  its GPU glossary, the ROCm documentation's four-section glossary of 2026), and, where the
  vendor's thing has a concept page of its own here, that concept (`concept`: AMD's Matrix
  cores on the Tensor Cores page lead to AMD Matrix Cores). NVIDIA's word is written only
  where it differs from the concept's title.
- `metrics`: the metric each profiler reports for it, as the profiler names it, with the
  vendor's page that defines the metric: Nsight Compute's, rocprofv3's hardware counters and
  derived metrics, and the ROCm Compute Profiler's (formerly Omniperf) panels.

Whether a `concept` exists is for the cross-check (gpulist.checks.vendor_terms), which knows
the whole vocabulary and points at the very item that is wrong.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gpulist.models.fields import Ref, Strict, Text, Url

Vendor = Literal["nvidia", "amd", "tpu"]
VENDORS: tuple[str, ...] = Vendor.__args__  # type: ignore[attr-defined]
VENDOR_TITLES = {"nvidia": "NVIDIA", "amd": "AMD", "tpu": "TPU"}
Profiler = Literal["nsight-compute", "rocprofv3", "rocprof-compute"]
PROFILERS: tuple[str, ...] = Profiler.__args__  # type: ignore[attr-defined]
# How a reader sees each profiler's name, and whose GPUs it measures (its column on the page).
PROFILER_TITLES = {"nsight-compute": "Nsight Compute", "rocprofv3": "rocprofv3",
                   "rocprof-compute": "ROCm Compute Profiler"}
PROFILER_VENDOR = {"nsight-compute": "nvidia", "rocprofv3": "amd", "rocprof-compute": "amd"}
MAX_VENDOR_TERMS, MAX_METRICS = 8, 8
# Ordered as the page shows an item; `gpulist fmt` writes the items' fields in this order.
VENDOR_TERM_FIELD_ORDER: tuple[str, ...] = ("vendor", "term", "concept", "url")
METRIC_FIELD_ORDER: tuple[str, ...] = ("profiler", "metric", "url")


class VendorTerm(Strict):
    """One vendor's word for the concept, as that vendor's documentation spells it."""

    vendor: Vendor = Field(description="Whose word it is: " + ", ".join(VENDORS) + ".")
    term: Text = Field(description="The word as the vendor's documentation writes it: 'Wavefront', 'Local data "
                                   "share (LDS)', 'MXU'.")
    concept: Ref | None = Field(
        default=None, description="The concept of this list that covers the vendor's own thing, when it has a "
                                  "page of its own (AMD's 'Matrix cores' on Tensor Cores: matrix-cores).",
    )
    url: Url | None = Field(
        default=None, description="The vendor's own page that defines the word: for AMD, its GPU glossary entry "
                                  "(rocm.docs.amd.com/en/latest/reference/glossary/...#term-...).",
    )


class ProfilerMetric(Strict):
    """What one profiler reports for the concept: the metric's name as the profiler prints it."""

    profiler: Profiler = Field(description="Which profiler: " + ", ".join(PROFILERS) + ".")
    metric: Text = Field(description="The metric or counter as the profiler names it: "
                                     "'sm__warps_active.avg.pct_of_peak_sustained_active', 'SQ_LDS_BANK_CONFLICT', "
                                     "'Wavefront occupancy'.")
    url: Url = Field(description="The vendor's page that defines the metric.")
