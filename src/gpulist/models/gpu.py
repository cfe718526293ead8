"""The numbers of the GPUs people use: data/gpus.yml.

Every number a GPU row carries sits in a `figures` group that names its `source` (an id of
the file's `sources`) and `where` in that source the numbers stand (a table, a page, a
column), so no number can exist without a source: the shape makes an unsourced number
unwritable, and a number nobody has a source for is simply left out (null on the page).
A group holds what one table of one document says; a GPU has as many groups as documents.

Dense and sparse peaks never share a field: dense rates live under `dense`, the rates a
vendor quotes "with sparsity" under `sparse`, each data type once. Every number is written
in the unit its field name says (GB/s, MB, TFLOPS...); a value written with a unit, in
quotes, negative or zero is refused where it is written, with the number to write instead.

The file also names the few model shapes the calculators' worked examples use (with their
source, like any number) and where each calculator goes: on which concept page, and which
entries teach its formula. References (concepts, entries, sources) are plain text here: the
cross-checks (gpulist.checks.gpu_*) know the whole catalog and locate what is unknown.
"""

from __future__ import annotations

import math
import re
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text, Url

Vendor = Literal["NVIDIA", "AMD"]
# The data types of the peak rates, in the order the page shows them.
DENSE_TYPES: tuple[str, ...] = ("fp64", "fp64_matrix", "fp32", "tf32", "fp16", "bf16", "fp8", "fp6", "fp4", "int8")
SPARSE_TYPES: tuple[str, ...] = ("tf32", "fp16", "bf16", "fp8", "fp6", "fp4", "int8")
# Units a contributor might write, as (quantity, factor to the quantity's base unit).
_UNITS: dict[str, tuple[str, float]] = {
    "kb": ("bytes", 1024.0), "kib": ("bytes", 1024.0), "mb": ("bytes", 1024.0 ** 2), "mib": ("bytes", 1024.0 ** 2),
    "gb": ("bytes", 1e9), "gib": ("bytes", 2.0 ** 30), "tb": ("bytes", 1e12),
    "mb/s": ("bandwidth", 1e6), "gb/s": ("bandwidth", 1e9), "tb/s": ("bandwidth", 1e12),
    "mhz": ("clock", 1e6), "ghz": ("clock", 1e9), "w": ("power", 1.0), "kw": ("power", 1e3),
    "gflops": ("rate", 1e9), "tflops": ("rate", 1e12), "pflops": ("rate", 1e15), "tops": ("rate", 1e12),
    "pops": ("rate", 1e15),
}
_QUANTITY_NAMES = {"bytes": "a size", "bandwidth": "a bandwidth", "clock": "a clock rate", "power": "a power",
                   "rate": "a rate of operations"}
WITH_UNIT = re.compile(r"^\s*(-?[0-9][0-9,]*(?:\.[0-9]+)?)\s*([A-Za-z/]+)\s*$")
NUMBER = re.compile(r"^\s*-?[0-9][0-9,]*(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\s*$")


def _shown(value: float) -> str:
    return f"{value:.6g}"


def _unit_message(text: str, unit: str) -> tuple[str, dict[str, Any]]:
    """What to write instead of `text`, a number with a unit, in a field measured in `unit`."""
    match = WITH_UNIT.match(text)
    written = _UNITS.get(match.group(2).lower()) if match else None
    wanted = _UNITS.get(unit.lower())
    if match is None or written is None or wanted is None:
        return "is a number of {unit}: write the number alone (found '{text}')", {"unit": unit, "text": text}
    number = float(match.group(1).replace(",", ""))
    if written[0] != wanted[0]:
        return ("'{text}' is {what}, but this field holds {unit}: a unit in the wrong field, check which "
                "field the number belongs to", {"text": text, "what": _QUANTITY_NAMES[written[0]], "unit": unit})
    converted = number * written[1] / wanted[1]
    return ("is a number of {unit}, without the unit: write {number} (found '{text}')",
            {"unit": unit, "number": _shown(converted), "text": text})


def _figure_check(unit: str, integer: bool, positive: bool = True) -> Any:
    def check(value: Any) -> Any:
        """Numbers only, in the field's unit: a string gets the number to write instead."""
        if isinstance(value, bool):
            raise PydanticCustomError("figure-type", "must be a number, not the boolean {value}",
                                      {"value": str(value).lower()})
        if isinstance(value, str):
            if NUMBER.match(value):
                raise PydanticCustomError("figure-type", "must be a number, not text: write {number} without quotes",
                                          {"number": value.strip()})
            message, context = _unit_message(value, unit)
            raise PydanticCustomError("figure-unit", message, context)
        if not isinstance(value, (int, float)):
            raise PydanticCustomError("figure-type", "must be a number of {unit}", {"unit": unit})
        if isinstance(value, float) and not math.isfinite(value):
            raise PydanticCustomError("figure-type", "must be a finite number of {unit}", {"unit": unit})
        if value <= 0 if positive else value < 0:
            raise PydanticCustomError("figure-range", "must be a {sign} number of {unit} (found {value})",
                                      {"sign": "positive" if positive else "non-negative", "unit": unit,
                                       "value": _shown(value)})
        if integer and value != int(value):
            raise PydanticCustomError("figure-type", "must be a whole number (found {value})", {"value": value})
        return int(value) if integer else float(value)
    return check


def figure(unit: str, description: str, integer: bool = False, positive: bool = True) -> Any:
    """A positive number in `unit` (or, with positive=False, one that may be zero: a measured
    time or share); the checks above give every mistake its own message."""
    kind = "integer" if integer else "number"
    bound = {"exclusiveMinimum": 0} if positive else {"minimum": 0}
    schema = {"type": kind, **bound, "description": f"{description} ({unit})"}
    return Annotated[int if integer else float, BeforeValidator(_figure_check(unit, integer, positive)),
                     WithJsonSchema(schema)]


Tflops = figure("TFLOPS", "Peak rate: TFLOPS, or TOPS for int8")


class Peaks(Strict):
    """Dense peak rates, as the vendor states them (tensor or matrix cores where they apply)."""

    fp64: Tflops | None = Field(default=None, description="FP64 on the vector (non-tensor) units.")
    fp64_matrix: Tflops | None = Field(default=None, description="FP64 on tensor or matrix cores.")
    fp32: Tflops | None = Field(default=None, description="FP32 on the vector (non-tensor) units.")
    tf32: Tflops | None = None
    fp16: Tflops | None = Field(default=None, description="FP16 tensor rate with FP32 accumulate where both are given.")
    bf16: Tflops | None = None
    fp8: Tflops | None = Field(default=None, description="FP8 tensor rate with FP32 accumulate where both are given.")
    fp6: Tflops | None = None
    fp4: Tflops | None = None
    int8: Tflops | None = Field(default=None, description="INT8 tensor rate, in TOPS.")


class SparsePeaks(Strict):
    """Rates the vendor quotes 'with sparsity' (2:4 structured): never mixed with dense ones."""

    tf32: Tflops | None = None
    fp16: Tflops | None = None
    bf16: Tflops | None = None
    fp8: Tflops | None = None
    fp6: Tflops | None = None
    fp4: Tflops | None = None
    int8: Tflops | None = None


# The input types of tensor (matrix) cores a source may say a GPU lacks: the peak columns of
# the same name (fp64_matrix is FP64 on tensor cores), dense and sparse.
TensorType = Literal["fp64_matrix", "tf32", "fp16", "bf16", "fp8", "fp6", "fp4", "int8"]

# The numbers a figures group may hold besides the peaks, in the page's column order.
NUMBER_FIELDS: tuple[str, ...] = (
    "year", "compute_units", "boost_clock_mhz", "memory_gb", "memory_bandwidth_gbs", "l2_mb", "shared_memory_kb",
    "register_file_kb", "interconnect_gbs", "tdp_w",
)
TEXT_FIGURES: tuple[str, ...] = ("compute_capability", "gfx_target", "interconnect")


class Figures(Strict):
    """What one table (or page) of one source says about one GPU."""

    source: Ref = Field(description="The id of an item of `sources`.")
    where: Text = Field(description="Where in the source: page, table, column. Plain text.")
    compute_capability: Annotated[str, Field(pattern=r"^[0-9]+\.[0-9]+$")] | None = Field(
        default=None, description="NVIDIA's compute capability, quoted: \"9.0\".")
    gfx_target: Annotated[str, Field(pattern=r"^gfx[0-9a-f]+$")] | None = Field(
        default=None, description="AMD's LLVM target: gfx942.")
    year: figure("year", "Year announced", integer=True) | None = None  # type: ignore[valid-type]
    compute_units: figure("units", "SMs or CUs", integer=True) | None = None  # type: ignore[valid-type]
    boost_clock_mhz: figure("MHz", "Boost or peak engine clock") | None = None  # type: ignore[valid-type]
    memory_gb: figure("GB", "Memory size") | None = None  # type: ignore[valid-type]
    memory_bandwidth_gbs: figure("GB/s", "Memory bandwidth") | None = None  # type: ignore[valid-type]
    l2_mb: figure("MB", "L2 cache, as the vendor writes it") | None = None  # type: ignore[valid-type]
    shared_memory_kb: figure("KB", "Shared memory per SM, or LDS per CU") | None = None  # type: ignore[valid-type]
    register_file_kb: figure("KB", "Register file per SM, or VGPR file per CU") | None = None  # type: ignore[valid-type]
    interconnect: Text | None = Field(default=None, description="The GPU-to-GPU link: NVLink 4, Infinity Fabric, PCIe.")
    interconnect_gbs: figure("GB/s", "GPU-to-GPU bandwidth, both directions") | None = None  # type: ignore[valid-type]
    tdp_w: figure("W", "Board power as the vendor states it (TDP, TGP or TBP)") | None = None  # type: ignore[valid-type]
    dense: Peaks | None = Field(default=None, description="Dense peak rates.")
    sparse: SparsePeaks | None = Field(default=None, description="Rates quoted with sparsity, kept apart.")
    not_supported: list[TensorType] | None = Field(
        default=None, description="Tensor-core input types the source says this GPU's tensor cores do not take "
        "(a table of types per compute capability): the page marks their peaks 'not supported', not 'not published'.")

    @model_validator(mode="after")
    def _not_supported_has_no_rate(self) -> "Figures":
        given = {k.split(".", 1)[1] for k in self.numbers() if "." in k}
        both = [t for t in self.not_supported or [] if t in given]
        if both:
            raise PydanticCustomError("not-supported-rate", "{types}: given a peak rate and listed as not supported",
                                      {"types": ", ".join(both)})
        return self

    def numbers(self) -> dict[str, float]:
        """Every number of the group by field name (peaks as `dense.bf16`, `sparse.fp8`)."""
        found: dict[str, float] = {f: getattr(self, f) for f in NUMBER_FIELDS if getattr(self, f) is not None}
        for kind, peaks in (("dense", self.dense), ("sparse", self.sparse)):
            if peaks is not None:
                found.update({f"{kind}.{k}": v for k, v in peaks.model_dump().items() if v is not None})
        return found


class Via(Strict):
    """The copy the numbers were read in, when it was not the vendor's own document."""

    title: Text = Field(description="What the copy is: a reseller's spec sheet, a repository quoting the table.")
    url: Url | None = Field(default=None, description="Where the copy is, when it has an address.")


class GpuSource(Strict):
    id: Id
    title: Text = Field(description="The document's own title.")
    publisher: Text = Field(description="Who published it: NVIDIA, AMD, or the author of a transcription.")
    url: Url | None = Field(default=None, description="The document's address; null when only a copy was read.")
    via: Via | None = Field(default=None, description="A faithful transcription read in place of the vendor's copy.")

    @model_validator(mode="after")
    def _has_an_address(self) -> "GpuSource":
        if self.url is None and (self.via is None or self.via.url is None):
            raise PydanticCustomError("source-address", "a source needs a `url`, or a `via` with a `url`")
        return self


class Gpu(Strict):
    id: Id = Field(description="Its anchor on the GPU page: gpus/#gpu-<id>.")
    name: Text
    vendor: Vendor
    architecture: Text = Field(description="The architecture's name: Hopper, CDNA 3.")
    concept: Ref | None = Field(default=None, description="The architecture's concept id in data/concepts.yml.")
    figures: list[Figures] = Field(min_length=1, description="The numbers, grouped by the table they come from.")


class ModelShape(Strict):
    """A transformer's shape, for the calculators' worked examples; sourced like any number."""

    id: Id
    name: Text
    source: Ref
    where: Text
    params: figure("parameters", "Parameter count") = Field(description="Parameters (a count, e.g. 8.0e9).")  # type: ignore[valid-type]
    layers: figure("layers", "Transformer layers", integer=True)  # type: ignore[valid-type]
    hidden: figure("dimensions", "Model dimension", integer=True)  # type: ignore[valid-type]
    heads: figure("heads", "Attention (query) heads", integer=True)  # type: ignore[valid-type]
    kv_heads: figure("heads", "Key/value heads", integer=True)  # type: ignore[valid-type]
    vocab: figure("tokens", "Vocabulary size", integer=True) | None = None  # type: ignore[valid-type]
    active_params: figure("parameters", "Parameters used per token (a mixture of experts)") | None = Field(  # type: ignore[valid-type]
        default=None, description="Parameters each token passes through, for a mixture of experts; all are stored.")
    kv_latent: figure("elements", "Cached elements per token and layer (multi-head latent attention)",  # type: ignore[valid-type]
                      integer=True) | None = Field(
        default=None, description="Where attention caches one compressed vector per token and layer (DeepSeek's "
                                  "MLA: the latent rank plus the RoPE key width) instead of keys and values per head.")

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads


class Placement(Strict):
    """Where one calculator goes and what it opens with."""

    concept: Ref = Field(description="The concept page that shows the calculator.")
    teaches: list[Ref] = Field(min_length=1, max_length=3, description="Entry ids whose formula it uses.")
    gpu: Ref = Field(description="The GPU of the worked example.")
    model: Ref | None = Field(default=None, description="The model of the worked example (KV cache, transformer).")


class Calculators(Strict):
    roofline: Placement
    kv_cache: Placement
    transformer: Placement


class GpuFile(Strict):
    sources: list[GpuSource] = Field(min_length=1)
    gpus: list[Gpu] = Field(min_length=1)
    models: list[ModelShape] = []
    calculators: Calculators | None = None
