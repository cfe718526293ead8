"""Vendor terms and profiler metrics: what a valid item is, and the errors a contributor reads."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpulist.models import (
    METRIC_FIELD_ORDER, PROFILER_TITLES, PROFILER_VENDOR, PROFILERS, VENDOR_TERM_FIELD_ORDER, VENDOR_TITLES, VENDORS,
    Concept, ProfilerMetric, VendorTerm,
)
from gpulist.models.vendor import MAX_METRICS, MAX_VENDOR_TERMS

GLOSSARY = "https://rocm.docs.amd.com/en/latest/reference/glossary/device-hardware.html#term-Wavefront-Warp"


def test_a_term_needs_a_vendor_and_a_word_and_may_name_a_concept_and_a_page() -> None:
    term = VendorTerm.model_validate({"vendor": "amd", "term": "Wavefront (Warp)", "url": GLOSSARY})
    assert (term.vendor, term.concept, str(term.url)) == ("amd", None, GLOSSARY)
    assert VendorTerm.model_validate({"vendor": "nvidia", "term": "Tensor Core", "concept": "tensor-cores"}).url is None


@pytest.mark.parametrize(("item", "fragment"), [
    ({"vendor": "intel", "term": "Xe core"}, "vendor"),
    ({"vendor": "amd"}, "term"),
    ({"vendor": "amd", "term": "LDS", "url": "javascript:alert(1)"}, "url"),
    ({"vendor": "amd", "term": "LDS", "glossary": GLOSSARY}, "glossary"),
])
def test_a_bad_term_is_refused_naming_its_field(item: dict, fragment: str) -> None:
    with pytest.raises(ValidationError) as error:
        VendorTerm.model_validate(item)
    assert fragment in str(error.value)


def test_a_metric_needs_a_known_profiler_its_name_and_the_page_that_defines_it() -> None:
    metric = ProfilerMetric.model_validate({"profiler": "rocprofv3", "metric": "SQ_WAVES", "url": "https://example.com/c"})
    assert PROFILER_VENDOR[metric.profiler] == "amd" and PROFILER_TITLES[metric.profiler] == "rocprofv3"
    for bad in ({"profiler": "omniperf", "metric": "x", "url": "https://e.com"}, {"profiler": "rocprofv3", "metric": "x"}):
        with pytest.raises(ValidationError):
            ProfilerMetric.model_validate(bad)


def test_every_profiler_has_a_title_and_a_vendor_column() -> None:
    assert set(PROFILER_TITLES) == set(PROFILER_VENDOR) == set(PROFILERS)
    assert set(PROFILER_VENDOR.values()) <= set(VENDORS) == set(VENDOR_TITLES)
    assert set(VENDOR_TERM_FIELD_ORDER) == set(VendorTerm.model_fields)
    assert set(METRIC_FIELD_ORDER) == set(ProfilerMetric.model_fields)


def _concept(**fields: object) -> dict:
    return {"id": "simt", "title": "SIMT & Warps", "description": "Warps.", **fields}


def test_a_concept_carries_a_bounded_number_of_terms_and_metrics() -> None:
    term = {"vendor": "amd", "term": "Wavefront"}
    metric = {"profiler": "rocprofv3", "metric": "SQ_WAVES", "url": "https://example.com/c"}
    concept = Concept.model_validate(_concept(vendor_terms=[term], metrics=[metric]))
    assert concept.vendor_terms[0].term == "Wavefront" and concept.metrics[0].metric == "SQ_WAVES"
    assert Concept.model_validate(_concept()).vendor_terms == []
    with pytest.raises(ValidationError, match="vendor_terms"):
        Concept.model_validate(_concept(vendor_terms=[term] * (MAX_VENDOR_TERMS + 1)))
    with pytest.raises(ValidationError, match="metrics"):
        Concept.model_validate(_concept(metrics=[metric] * (MAX_METRICS + 1)))
