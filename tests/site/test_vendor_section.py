"""A concept page's "Across vendors" table: each vendor's word in its column, linked to its
concept page here or to the vendor's own page, and the metric of each profiler under its vendor."""

from __future__ import annotations

import re

from gpulist.models import Concept
from gpulist.site.vendor_section import vendor_section
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG

PAGE = "concepts/attention/index.md"


def _section(view: SiteView, cid: str) -> str:
    return vendor_section(view.concept_by_id[cid].concept, view, PAGE, CONFIG.link_style, " data-search-exclude")


def _cells(html: str, row: str) -> list[str]:
    found = re.search(rf'<th scope="row">{row}</th>(.*?)</tr>', html)
    assert found, row
    return re.findall(r"<td>(.*?)</td>", found.group(1))


def test_the_table_has_a_column_per_vendor_and_a_row_for_names_and_for_metrics(view: SiteView) -> None:
    html = _section(view, "attention")
    assert html.startswith("## Across vendors { #vendors data-search-exclude }")
    assert re.findall(r'<th scope="col">(.*?)</th>', html) == ["What", "NVIDIA", "AMD", "TPU"]
    nvidia, amd, tpu = _cells(html, "Name")
    assert nvidia == "Fused attention"
    assert amd == ('<a href="https://example.com/amd/glossary/device-hardware.html#term-Local-data-share">'
                   'Local data share (LDS)</a><br><a href="../../concepts/kv-cache/">KV cache on MI300X</a>')
    assert tpu == '<a href="https://example.com/tpu/details.html">VMEM</a>'
    nvidia, amd, tpu = _cells(html, "Metric")
    assert nvidia.startswith('<a href="https://example.com/nvidia/ncu-metrics">Nsight Compute</a>: <code>smsp__')
    assert "rocprofv3</a>: <code>SQ_LDS_BANK_CONFLICT</code><br>" in amd and "ROCm Compute Profiler</a>" in amd
    assert tpu == "—"


def test_nvidias_column_shows_the_title_where_no_nvidia_word_is_written(view: SiteView) -> None:
    kv = view.concept_by_id["kv-cache"].concept
    with_amd = kv.model_copy(update={"vendor_terms": Concept.model_validate(
        {"id": "x", "title": "X", "description": "x", "vendor_terms": [{"vendor": "amd", "term": "KV cache"}]}).vendor_terms})
    html = vendor_section(with_amd, view, PAGE, CONFIG.link_style, "")
    assert _cells(html, "Name") == ["KV cache", "KV cache", "—"] and "Metric" not in html


def test_a_concept_without_vendor_words_or_metrics_has_no_table(view: SiteView) -> None:
    assert _section(view, "kv-cache") == ""


def test_words_and_metrics_are_escaped(view: SiteView) -> None:
    concept = Concept.model_validate({"id": "x", "title": "A <b>", "description": "x",
                                      "vendor_terms": [{"vendor": "tpu", "term": "<script>"}],
                                      "metrics": [{"profiler": "rocprofv3", "metric": "a<b", "url": "https://e.com/?a=\"1\""}]})
    html = vendor_section(concept, view, PAGE, CONFIG.link_style, "")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<code>a&lt;b</code>" in html
    assert 'href="https://e.com/?a=&quot;1&quot;"' in html and "A &lt;b&gt; on NVIDIA" in html
