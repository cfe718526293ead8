"""A lab's result on one GPU: data/measurements/<gpu>/<lab>.yml, written by labs/run.py.

The record is the contract between the labs (which run where pydantic may be missing and
so never import gpulist) and the site: every condition the number depends on (the GPU,
its driver, CUDA, PyTorch and Triton, the clocks before and after), the method (warm-up,
repeats, the statistic, the timer, whether the L2 was flushed, random data, a checked
kernel), the series the lab's chart draws and the finding in one sentence. Records are
never written by hand; this model is what lets a pull request that adds one be checked.

Every number is a number: "4300 GB/s" in a number field is refused where it is written with
the number to write instead, and units live in the one field that names them, from the
lists below (the one place they are kept). What needs the rest of the catalog (the lab,
the GPU, a ceiling against the vendor's peak, the file's path) is for the cross-checks
gpulist.checks.measurement_*.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, StringConstraints, WithJsonSchema, model_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text
from gpulist.models.gpu import DENSE_TYPES, NUMBER, WITH_UNIT, figure
from gpulist.models.path import one_line, one_line_schema

X_UNITS: tuple[str, ...] = ("B", "KiB", "MiB", "GiB", "elements", "bytes/thread", "FLOP/B", "threads", "warps",
                            "blocks", "kernels", "ops", "tokens", "steps", "percent", "count")
Y_UNITS: tuple[str, ...] = ("GB/s", "TB/s", "TFLOPS", "TOPS", "GFLOPS", "us", "ms", "s", "percent", "x", "ns")
SCALES: tuple[str, ...] = ("linear", "log2", "log10", "category")
BANDWIDTH_METRIC = "memory_bandwidth_gbs"
# A ceiling names the gpus.yml figure it is measured against, and is written in its unit.
METRIC_UNITS: dict[str, str] = {BANDWIDTH_METRIC: "GB/s",
                                **{f"dense.{t}": ("TOPS" if t == "int8" else "TFLOPS") for t in DENSE_TYPES}}
MAX_FINDING = 300


def _unit_in(units: tuple[str, ...], field: str) -> Any:
    """A unit from `units`, or a message naming the list (and the unit meant, when a case slip)."""
    def check(value: str) -> str:
        if value in units:
            return value
        close = next((u for u in units if u.casefold() == value.casefold()), None)
        hint = f": did you mean '{close}'?" if close else ""
        raise PydanticCustomError("measurement-unit", "'{value}' is not {field} unit{hint} (one of {units})",
                                  {"value": value, "field": field, "hint": hint, "units": ", ".join(units)})
    return Annotated[str, AfterValidator(check), WithJsonSchema({"type": "string", "enum": list(units)})]


XUnit = _unit_in(X_UNITS, "an x-axis")
YUnit = _unit_in(Y_UNITS, "a measured")
Value = figure("the axis's unit", "A measured or predicted value, in its axis's unit", positive=False)
Positive = figure("the field's unit", "A positive number")
Reading = figure("the field's unit", "A reading of nvidia-smi", positive=False)
Count = figure("count", "A whole number", integer=True)
Finding = Annotated[Text, one_line(MAX_FINDING, "say in one sentence what was measured, with its numbers"),
                    one_line_schema(MAX_FINDING)]


class Clocks(Strict):
    """What nvidia-smi reported just before or just after the lab ran. Every key is required; null
    says nvidia-smi could not read it ("[N/A]"), which is not the same as zero."""

    sm_clock_mhz: Reading | None
    memory_clock_mhz: Reading | None
    power_limit_w: Reading | None
    temperature_c: Reading | None


class Conditions(Strict):
    """Everything a reader on another machine needs to compare their number with this one."""

    gpu_name: Text = Field(description="As torch.cuda.get_device_name reports it.")
    gpu_count: Count = Field(description="GPUs the lab used.")
    sm_count: Count
    l2_mb: Positive = Field(description="L2 as the device reports it, MiB.")
    memory_gib: Positive
    driver: Text
    cuda: Text = Field(description="torch.version.cuda")
    torch: Text
    triton: Text
    python: Text
    date: Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}$")] = Field(description="UTC date, quoted.")
    labs_commit: Annotated[str, StringConstraints(pattern=r"^(?:[0-9a-f]{4,40}|uncommitted)$")] = Field(
        description="The commit of the labs that ran, or `uncommitted`.")
    before: Clocks
    after: Clocks


class Method(Strict):
    warmup: Annotated[int, Field(ge=0)] = Field(description="Runs before timing.")
    repeats: Annotated[int, Field(ge=1)] = Field(description="Timed runs per point.")
    statistic: Literal["median", "mean", "min"]
    timer: Literal["cuda-events", "host-clock"]
    l2_flushed: bool = Field(description="False only where the cache is the point.")
    data: Text = Field(description="`random`: never zeros (checked by measurement-method).")
    checked: bool = Field(description="The kernel's output was checked against a reference before timing.")


class Axis(Strict):
    label: Text


class XAxis(Axis):
    unit: XUnit  # type: ignore[valid-type]


class YAxis(Axis):
    unit: YUnit  # type: ignore[valid-type]


def _no_unit_in_label(value: Any) -> Any:
    """A category label is text; a number written with a unit ("32 elements") is a mistake."""
    if isinstance(value, str) and (NUMBER.match(value) or WITH_UNIT.match(value)):
        raise PydanticCustomError("figure-unit", "is a number of the x axis's unit: write the number alone "
                                  "(found '{text}'); only a category axis takes text", {"text": value})
    return value


class Point(Strict):
    x: Annotated[Text, AfterValidator(_no_unit_in_label)] | Value = Field(  # type: ignore[valid-type]
        description="A number in the x axis's unit, or a label on a category axis.")
    y: Value  # type: ignore[valid-type]
    predicted: Value | None = None  # type: ignore[valid-type]


class Series(Strict):
    id: Id
    label: Text
    x: XAxis
    y: YAxis
    scale: Literal["linear", "log2", "log10", "category"]
    points: list[Point] = Field(min_length=1)


class Ceiling(Strict):
    metric: Literal[tuple(METRIC_UNITS)] = Field(  # type: ignore[valid-type]
        description="The data/gpus.yml figure it is measured against.")
    value: Positive
    unit: Literal["GB/s", "TFLOPS", "TOPS"]
    how: Text

    @model_validator(mode="after")
    def _unit_of_metric(self) -> "Ceiling":
        wanted = METRIC_UNITS[self.metric]
        if self.unit != wanted:
            raise PydanticCustomError("measurement-unit", "{metric} is measured in {wanted}, not {unit}",
                                      {"metric": self.metric, "wanted": wanted, "unit": self.unit})
        return self


class SummaryRow(Strict):
    what: Text
    measured: Value  # type: ignore[valid-type]
    predicted: Value | None = None  # type: ignore[valid-type]
    unit: YUnit  # type: ignore[valid-type]


class Measurement(Strict):
    lab: Ref = Field(description="The id of a lab in data/labs.yml.")
    gpu: Ref = Field(description="The id of a GPU in data/gpus.yml.")
    conditions: Conditions
    method: Method
    parameters: dict[str, Any] = Field(default_factory=dict, description="What the lab held fixed: plain data.")
    series: list[Series] = Field(min_length=1)
    ceilings: list[Ceiling] = []
    summary: list[SummaryRow] = Field(min_length=1)
    finding: Finding
    reproduce: Annotated[str, StringConstraints(pattern=r"^python3? labs/run\.py( .+)?$")]
    wall_s: figure("s", "Seconds the lab ran", positive=False)  # type: ignore[valid-type]
