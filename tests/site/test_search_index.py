"""search-index.json: one record per thing a reader can land on, names apart from text."""

from __future__ import annotations

import json

from gpulist.site.search_index import KINDS, SEP, TEXT_MAX, cut, plain, render_search_index, search_records
from gpulist.view.catalog import SiteView
from gpulist.view.links import built_url


def test_records_come_by_kind_each_with_its_address_and_label(view: SiteView) -> None:
    records = search_records(view)
    kinds = [r[0] for r in records]
    assert set(kinds) <= set(KINDS) and kinds == sorted(kinds, key=KINDS.index)
    assert kinds.count("concept") == len(view.concept_views) and kinds.count("entry") == len(view.entries)
    by_url = {r[5]: r for r in records}
    kv = by_url["concepts/kv-cache/"]
    assert kv[:3] == ["concept", "KV cache", "paged KV"] and kv[6] == "Concept"
    pmpp = by_url["topics/fundamentals/#pmpp-book"]
    assert pmpp[1].startswith("Programming Massively Parallel Processors")
    assert pmpp[6] == SEP.join(("Entry", "book", "Fundamentals")) and "Hwu" in pmpp[3]
    assert any(r[0] == "path" and r[6].startswith("Path · ") and r[5].startswith("paths/") for r in records)
    labs = [r for r in records if r[0] == "lab"]
    assert [r[5] for r in labs] == [f"labs/#{lv.lab.id}" for lv in view.labs] and labs
    assert all(r[6] == "Lab" and r[1] == lv.lab.title for r, lv in zip(labs, view.labs))
    assert by_url["labs/"][:2] == ["page", "Labs"] and by_url["review/"][:2] == ["page", "Review"]


def test_text_is_plain_and_cut_at_a_word() -> None:
    assert plain("See [the guide](https://x.org) and `ncu` **now**") == "See the guide and ncu now"
    text = "word " * 100
    short = cut(text)
    assert len(short) <= TEXT_MAX + 1 and short.endswith("word…")
    assert cut("a b") == "a b"
    # the index's addresses are the built pages' (gpulist.view.links.built_url)
    assert built_url("topics/attention.md") == "topics/attention/" and built_url("concepts/kv-cache/index.md") == "concepts/kv-cache/"


def test_the_index_is_compact_json_of_its_version(view: SiteView) -> None:
    text = render_search_index(view)
    data = json.loads(text)
    assert data["version"] == 1 and data["records"] == search_records(view) and ", " not in text[:40]


def test_the_other_vendors_words_are_names_and_the_metrics_keys(view: SiteView) -> None:
    """Issue 45: "LDS" finds the concept as an alias would, and a profiler counter less surely."""
    attention = {r[5]: r for r in search_records(view)}["concepts/attention/"]
    names, keys = attention[2].split(SEP), attention[3].split(SEP)
    assert names == ["Fused attention", "Local data share (LDS)", "Local data share", "LDS", "KV cache on MI300X", "VMEM"]
    assert keys == ["smsp__sass_average_data_bytes_per_wavefront_mem_shared.pct", "SQ_LDS_BANK_CONFLICT",
                    "LDS bank conflicts/access"]
