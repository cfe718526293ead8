"""A lab's record, version 2 (`schema: 2`, labs/RECORDS.md): why a curve bends, not only what it did.

Version 2 keeps version 1's conditions, axes, units and ceilings, and adds what lets a reader
trust the explanation: the models whose terms each prediction comes from, upper limits stored
as `bound` (never as a prediction), each point's median with its quartiles and sample count
(and the medians of the separate runs it was merged from), the SM clock, power and clock-event
reasons sampled while each point ran, Nsight Compute counters per kernel and gzipped profiler
traces kept beside the record. The shape is exactly what labs/harness/records.py writes; the
rules that need more than one field (a prediction's model, a ratio's arithmetic, a counter
against data/counters.yml, a trace file) are the `measurement_*` checks'.

Only what one point or one item can say about itself is refused here: a point without its
spread or sample count, quartiles that do not hold the median, a term measured by no lab,
counters said missing without saying why.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text
from gpulist.models.measurement import (
    Ceiling, Conditions, Count, Finding, Point, Positive, Value, Method, Series, SummaryRow, YUnit, figure,
)
from gpulist.models.path import one_line, one_line_schema

SCHEMA_VERSION = 2
TRACE_LIMIT = 262_144  # bytes, gzipped: labs/harness/records.py's TRACE_LIMIT (RECORDS.md, rule 6)
TERM_SOURCES = ("measured", "counter", "vendor", "fixed", "device")
NAMED_SOURCES = ("measured", "counter")  # the term names the lab that measured it, in `from`
# NVML's clock-event reasons by the names labs/harness/telemetry.py writes, and the ones that
# lower the clock under load (a point that ran with one of these is throttled).
REASONS = ("gpu_idle", "applications_clocks", "sw_power_cap", "hw_slowdown", "sync_boost", "sw_thermal",
           "hw_thermal", "hw_power_brake", "display_clocks")
THROTTLING = ("sw_power_cap", "sw_thermal", "hw_slowdown", "hw_thermal", "hw_power_brake")
RATIO_KINDS = ("x-model", "share-of-bound")
SPREAD_FIELDS = ("q1", "q3", "n")
MAX_FORMULA = 200
Formula = Annotated[Text, one_line(MAX_FORMULA, "write the model's formula on one line"), one_line_schema(MAX_FORMULA)]


class ConditionsV2(Conditions):
    """Version 1's conditions and what explains run-to-run variance: the CPU, the PCIe link, the
    libraries whose kernels ran, and how many runs on how many machine starts were merged."""

    cpu: Text | None = Field(description="/proc/cpuinfo's model name; null where unreadable.")
    pcie: Text | None = Field(description="The link in use, as nvidia-smi reports it (`Gen5 x16`).")
    libraries: dict[Text, Text | None] = Field(description="cuBLAS, cuDNN and NCCL versions as PyTorch loads them.")
    runs: Count = Field(description="Separate processes merged into this record.")  # type: ignore[valid-type]
    machine_starts: Count = Field(description="Separate starts of the GPU machine the runs came from.")  # type: ignore[valid-type]


class Sampling(Strict):
    """The stopping rule (labs/harness/stats.py): sample until the spread is small, within limits."""

    min_samples: Annotated[int, Field(ge=1)]
    max_samples: Annotated[int, Field(ge=1)]
    min_ms: Value  # type: ignore[valid-type]
    max_ms: Positive  # type: ignore[valid-type]
    target_spread: Positive  # type: ignore[valid-type]


class MethodV2(Strict):
    warmup: Annotated[int, Field(ge=0)] = Field(description="Runs before timing.")
    statistic: Literal["median"]
    spread: Literal["iqr"] = Field(description="Each point keeps the quartiles of its samples.")
    timer: Literal["cuda-events", "host-clock"]
    l2_flushed: bool = Field(description="False only where the cache is the point.")
    data: Text = Field(description="`random`: never zeros (checked by measurement-method).")
    checked: bool = Field(description="The kernel's output was checked against a reference before timing.")
    sampling: Sampling
    telemetry: Literal["nvml", "nvidia-smi", "none"] = Field(description="How clocks were sampled during points.")


class Term(Strict):
    """One input of a model, with where its value came from."""

    model_config = {**Strict.model_config, "populate_by_name": True}

    symbol: Text
    name: Text
    value: float
    unit: Text
    source: Literal[TERM_SOURCES]  # type: ignore[valid-type]
    from_: Ref | None = Field(default=None, alias="from", description="The lab that measured it (measured, counter).")

    @model_validator(mode="after")
    def _names_its_lab(self) -> "Term":
        if self.source in NAMED_SOURCES and self.from_ is None:
            raise PydanticCustomError("measurement-model", "term {symbol} is {source}: say by which lab in `from`",
                                      {"symbol": self.symbol, "source": self.source})
        return self


class LabModel(Strict):
    """What a lab's predictions are computed from, shown on the page beside them."""

    id: Id
    name: Text
    formula: Formula  # type: ignore[valid-type]
    terms: list[Term] = Field(min_length=1)


class Telemetry(Strict):
    """Sampled while the point ran: the SM clock's range, peak power, the union of reasons."""

    sm_mhz: list[Value] = Field(min_length=2, max_length=2, description="Lowest and highest SM clock, MHz.")  # type: ignore[valid-type]
    power_w: Value | None  # type: ignore[valid-type]
    reasons: list[Literal[REASONS]]  # type: ignore[valid-type]


def _missing_spread(data: Any) -> Any:
    """One error for a point without its spread or sample count, however many of the three are gone."""
    if isinstance(data, dict):
        gone = [k for k in SPREAD_FIELDS if data.get(k) is None]
        if gone:
            raise PydanticCustomError("measurement-spread", "the point at x = {x} has no {gone}: every point keeps "
                                      "its quartiles (q1, q3) and sample count (n), so a reader can tell an effect "
                                      "from noise", {"x": data.get("x"), "gone": ", ".join(gone)})
    return data


class PointV2(Point):
    q1: Value  # type: ignore[valid-type]
    q3: Value  # type: ignore[valid-type]
    n: Annotated[int, Field(ge=1)] = Field(description="Samples behind y, summed over runs.")
    runs: list[Value] | None = Field(default=None, description="Each run's median.")  # type: ignore[valid-type]
    bound: Value | None = Field(default=None, description="An upper or lower limit only, never a prediction.")  # type: ignore[valid-type]
    throttled: bool | None = None
    telemetry: Telemetry | None = None

    @model_validator(mode="before")
    @classmethod
    def _has_spread(cls, data: Any) -> Any:
        return _missing_spread(data)

    @model_validator(mode="after")
    def _quartiles_hold_the_median(self) -> "PointV2":
        if not self.q1 <= self.y <= self.q3:
            raise PydanticCustomError("measurement-spread", "q1 {q1} <= y {y} <= q3 {q3} does not hold: the median "
                                      "lies between its quartiles", {"q1": self.q1, "y": self.y, "q3": self.q3})
        return self

    @property
    def spread(self) -> float | None:
        """The interquartile range over the median, as the harness counts it."""
        return (self.q3 - self.q1) / self.y if self.y else None


class SeriesV2(Series):
    model: Id | None = Field(default=None, description="The id of the model its `predicted` values come from.")
    points: list[PointV2] = Field(min_length=1)  # type: ignore[assignment]


class SummaryRowV2(SummaryRow):
    spread: Value  # type: ignore[valid-type]
    run_spread: Value  # type: ignore[valid-type]
    model: Id | None = None
    bound: Value | None = None  # type: ignore[valid-type]
    ratio_kind: Literal[RATIO_KINDS] | None = None  # type: ignore[valid-type]
    ratio: Value | None = None  # type: ignore[valid-type]


class CeilingV2(Ceiling):
    kernel: Text | None = Field(default=None, description="The library kernel that reached it.")


class Withheld(Strict):
    """A ceiling the lab measured but does not publish, with the reason."""

    metric: Text
    value: Positive  # type: ignore[valid-type]
    unit: Literal["GB/s", "TFLOPS", "TOPS"]
    reason: Text


class Calibration(Strict):
    """A figure this run measured that later labs' models are calibrated from."""

    key: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]+$")]
    value: float


class CounterValue(Strict):
    metric: Text = Field(description="An Nsight Compute metric of data/counters.yml.")
    value: float
    unit: Text


class CounterKernel(Strict):
    probe: Text = Field(description="Which variant ran: a point's x or a summary row's `what`.")
    series: Id | None = None
    x: Text | float | None = None
    kernel: Text
    metrics: list[CounterValue] = Field(min_length=1)


class Counters(Strict):
    status: Literal["measured", "missing"]
    reason: Text | None
    tool: Text | None
    kernels: list[CounterKernel]

    @model_validator(mode="after")
    def _says_why(self) -> "Counters":
        if self.status == "missing" and not self.reason:
            raise PydanticCustomError("measurement-counter", "counters are missing: say why in `reason`", {})
        if self.status == "measured" and not self.kernels:
            raise PydanticCustomError("measurement-counter", "counters are measured but list no kernel", {})
        return self


class TraceRef(Strict):
    file: Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9.-]*\.trace\.json\.gz$")] = Field(
        description="Beside the record; gzipped Chrome trace JSON.")
    what: Text
    bytes: Annotated[int, Field(ge=1)] = Field(description=f"The gzipped size (at most {TRACE_LIMIT:,}).")
    kernels: Annotated[int, Field(ge=0)]


class MeasurementV2(Strict):
    schema_: Literal[2] = Field(alias="schema", description="The record format's version.")
    lab: Ref = Field(description="The id of a lab in data/labs.yml.")
    gpu: Ref = Field(description="The id of a GPU in data/gpus.yml.")
    conditions: ConditionsV2
    method: MethodV2
    parameters: dict[str, Any] = Field(default_factory=dict, description="What the lab held fixed: plain data.")
    models: list[LabModel] = []
    series: list[SeriesV2] = Field(min_length=1)
    ceilings: list[CeilingV2] = []
    withheld: list[Withheld] = []
    calibration: list[Calibration] = []
    counters: Counters
    traces: list[TraceRef] = []
    summary: list[SummaryRowV2] = Field(min_length=1)
    finding: Finding  # type: ignore[valid-type]
    reproduce: Annotated[str, StringConstraints(pattern=r"^python3? labs/run\.py( .+)?$")]
    wall_s: figure("s", "Seconds the lab ran", positive=False)  # type: ignore[valid-type]

    model_config = {**Strict.model_config, "populate_by_name": True}

    def model(self, model_id: str | None) -> LabModel | None:
        return next((m for m in self.models if m.id == model_id), None)
