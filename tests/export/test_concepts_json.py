"""concepts.json: the vocabulary with its definitions, links and entries, in a documented shape."""

from __future__ import annotations

import json

from gpulist.export.concepts_json import VERSION, render_concepts_json
from gpulist.view.catalog import SiteView, build_view

from tests.site.conftest import load_fixture

KEYS = {"id", "title", "description", "aliases", "definition", "requires", "related", "glossary",
        "book_terms", "start", "entries", "page", "check", "problems", "area", "vendor_terms", "metrics"}


def _view() -> SiteView:
    return build_view(load_fixture())


def test_shape_and_order() -> None:
    view = _view()
    data = json.loads(render_concepts_json(view))
    assert data["version"] == VERSION and set(data) == {"version", "concepts"}
    assert [c["id"] for c in data["concepts"]] == [c.id for c in view.concepts]
    assert all(set(c) == KEYS for c in data["concepts"])


def test_entries_are_first_reads_then_the_tagged_ones() -> None:
    view = _view()
    by_id = {c["id"]: c for c in json.loads(render_concepts_json(view))["concepts"]}
    assert by_id["cuda"]["entries"][:2] == ["pmpp-book", "cuda-programming-guide"] == by_id["cuda"]["start"]
    assert by_id["kv-cache"]["entries"] == ["vllm", "kv-old"] and by_id["kv-cache"]["page"] == "concepts/kv-cache/"
    assert by_id["attention"]["glossary"] == "https://modal.com/gpu-glossary/perf/memory-bound"
    assert by_id["kv-cache"]["requires"] == ["attention"] and by_id["kv-cache"]["book_terms"] == ["KV cache", "paged attention"]


def test_questions_and_problems_are_exported_as_written() -> None:
    view = _view()
    by_id = {c["id"]: c for c in json.loads(render_concepts_json(view))["concepts"]}
    attention = view.concept_by_id["attention"].concept
    assert by_id["attention"]["check"] == [
        {"id": q.id, "question": q.question, "answer": q.answer, "source": q.source} for q in attention.check]
    assert by_id["attention"]["check"][1]["source"] == "flashattention-3"
    assert by_id["attention"]["problems"] == [{"title": "Softmax Attention", "platform": "leetgpu",
                                               "url": "https://example.com/problems/softmax-attention",
                                               "asks": attention.problems[0].asks}]
    assert by_id["kv-cache"]["check"] == [] == by_id["kv-cache"]["problems"]


def test_vendor_terms_and_metrics_are_exported_as_written() -> None:
    by_id = {c["id"]: c for c in json.loads(render_concepts_json(_view()))["concepts"]}
    terms = by_id["attention"]["vendor_terms"]
    assert terms[1] == {"vendor": "amd", "term": "Local data share (LDS)",
                        "url": "https://example.com/amd/glossary/device-hardware.html#term-Local-data-share"}
    assert terms[2] == {"vendor": "amd", "term": "KV cache on MI300X", "concept": "kv-cache"}  # no url: none written
    assert [m["profiler"] for m in by_id["attention"]["metrics"]] == ["nsight-compute", "rocprofv3", "rocprof-compute"]
    assert by_id["kv-cache"]["vendor_terms"] == [] and by_id["kv-cache"]["metrics"] == []
