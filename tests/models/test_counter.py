"""The counters' catalogue: data/counters.yml as the model reads it, and as the labs read it."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from gpulist.models import CounterFile
from tests.conftest import DATA
from tests.fixtures import records_v2


def test_the_real_catalogue_is_valid_and_agrees_with_the_labs_reading_of_it() -> None:
    from harness.catalog import counter_units

    catalogue = CounterFile.model_validate(yaml.safe_load((DATA / "counters.yml").read_text(encoding="utf-8")))
    units = {c.metric: c.unit for c in catalogue.counters}
    assert units == counter_units(DATA / "counters.yml")
    assert catalogue.by_metric()["dram__bytes_read.sum"].title == "DRAM bytes read"
    assert {"count", "ratio"} <= set(units.values())  # what ncu prints no unit for
    assert {m for _, m, _, _ in records_v2.COUNTERS} <= set(units)


@pytest.mark.parametrize(("field", "value"), [("metric", "DRAM bytes"), ("shows", "x" * 201), ("unit", ""),
                                              ("title", None)])
def test_a_counter_needs_its_metric_unit_title_and_one_line_of_what_it_shows(field: str, value: object) -> None:
    item = {"metric": "dram__bytes_read.sum", "unit": "byte", "title": "DRAM bytes read", "shows": "Bytes read.",
            field: value}
    with pytest.raises(ValidationError):
        CounterFile.model_validate({"counters": [item]})
