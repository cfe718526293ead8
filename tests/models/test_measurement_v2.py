"""The version 2 record model on its own: what labs/harness writes is valid, and what one point or
item can say about itself is checked there (spread, quartiles, a term's lab, counters' reason)."""

from __future__ import annotations

import yaml
import pytest
from pydantic import ValidationError

from gpulist.models import Measurement, MeasurementV2
from tests.fixtures import records_v2
from tests.fixtures.make_records import valid_record


def written(made: dict | None = None) -> dict:
    """The record as the harness's dump writes it and YAML reads it back."""
    return yaml.safe_load(records_v2.dump(made or records_v2.record()))


def _errors(data: dict) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        MeasurementV2.model_validate(data)
    return [(".".join(map(str, e["loc"][:5])), e["type"]) for e in caught.value.errors()]


def test_what_the_harness_writes_is_valid_with_every_part_kept() -> None:
    m = MeasurementV2.model_validate(written())
    assert (m.schema_, m.conditions.cpu, m.conditions.libraries["nccl"], m.method.sampling.target_spread) == \
        (2, "Test CPU 9000", None, 0.02)
    term = m.models[0].terms[0]
    assert (term.source, term.from_) == ("measured", "memory-bandwidth")
    assert m.models[0].terms[2].source == "device" and m.models[0].terms[2].from_ is None
    first = m.series[0].points[0]
    assert (first.q1, first.q3, first.n, first.throttled) == (2888.0, 2912.0, 40, False)
    assert first.spread == pytest.approx(24 / 2900)
    assert m.series[1].points[0].bound == 3350.0 and m.series[1].model is None
    assert [(c.key, c.value) for c in m.calibration] == [("scattered_gbs", 96.0)]
    assert {v.unit for k in m.counters.kernels for v in k.metrics} == {"byte", "sector", "count", "ratio"}
    assert m.traces[0].file == "coalescing.eager.trace.json.gz" and m.traces[0].kernels == 6
    assert m.summary[2].ratio_kind == "share-of-bound" and m.model("dram-granularity") is m.models[0]


def test_a_merged_record_keeps_each_runs_median() -> None:
    m = MeasurementV2.model_validate(written(records_v2.merged()))
    assert (m.conditions.runs, m.conditions.machine_starts) == (3, 2)
    assert m.series[0].points[0].runs == [2900.0, 2929.0, 2958.0]
    assert m.summary[0].run_spread == pytest.approx(0.02, abs=1e-3)


@pytest.mark.parametrize("gone", [["q1"], ["q3", "n"], ["q1", "q3", "n"]])
def test_a_point_without_spread_or_count_is_one_error_at_the_point(gone: list[str]) -> None:
    made = written()
    for key in gone:
        del made["series"][0]["points"][2][key]
    assert _errors(made) == [("series.0.points.2", "measurement-spread")]


def test_the_quartiles_hold_the_median() -> None:
    made = written()
    made["series"][0]["points"][0]["q3"] = 2800.0
    assert _errors(made) == [("series.0.points.0", "measurement-spread")]


def test_a_measured_term_names_its_lab_and_a_source_is_one_of_five() -> None:
    made = written()
    del made["models"][0]["terms"][1]["from"]
    assert _errors(made) == [("models.0.terms.1", "measurement-model")]
    made = written()
    made["models"][0]["terms"][0]["source"] = "guess"
    assert [t for _, t in _errors(made)] == ["literal_error"]


def test_counters_say_why_they_are_missing_and_measured_ones_list_a_kernel() -> None:
    made = written()
    made["counters"] = {"status": "missing", "reason": None, "tool": None, "kernels": []}
    assert _errors(made) == [("counters", "measurement-counter")]
    made["counters"] = {"status": "measured", "reason": None, "tool": "ncu", "kernels": []}
    assert _errors(made) == [("counters", "measurement-counter")]
    made["counters"] = records_v2.ncu.missing("ncu (Nsight Compute) is not on the PATH")
    assert MeasurementV2.model_validate(made).counters.reason.startswith("ncu")


def test_the_versions_do_not_mix() -> None:
    """A version 1 record is not a version 2 one, nor the reverse, and only version 2 says `schema: 2`."""
    assert _errors(valid_record())
    with pytest.raises(ValidationError):
        Measurement.model_validate(written())
    made = written()
    made["schema"] = 3
    assert _errors(made) == [("schema", "literal_error")]
