"""search-index.json: one record per thing a reader can land on, names apart from text."""

from __future__ import annotations

import json

from gpulist.site.calculators import ANSWERS, TITLES
from gpulist.site.search_figures import QUANTITIES, figure_kinds
from gpulist.site.search_index import KINDS, SEP, TEXT_MAX, cut, plain, render_search_index, search_records
from gpulist.view.catalog import SiteView
from gpulist.view.labs import ceilings_of
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
    assert all(r[6] == "Lab" and r[1] == lv.lab.title and r[2] == f"{lv.lab.title} lab" for r, lv in zip(labs, view.labs))
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
    assert data["version"] == 2 and data["records"] == search_records(view) and ", " not in text[:40]
    assert [k[0] for k in data["figures"]] == [k[0] for k in figure_kinds()] and all(len(k) == 3 for k in data["figures"])
    assert all(len(r) == 8 and isinstance(r[7], list) for r in data["records"])


def test_the_other_vendors_words_are_names_and_the_metrics_keys(view: SiteView) -> None:
    """Issue 45: "LDS" finds the concept as an alias would, and a profiler counter less surely."""
    attention = {r[5]: r for r in search_records(view)}["concepts/attention/"]
    names, keys = attention[2].split(SEP), attention[3].split(SEP)
    assert names == ["Fused attention", "Local data share (LDS)", "Local data share", "LDS", "KV cache on MI300X", "VMEM"]
    assert keys == ["smsp__sass_average_data_bytes_per_wavefront_mem_shared.pct", "SQ_LDS_BANK_CONFLICT",
                    "LDS bank conflicts/access"]


def test_a_gpu_carries_its_figures_from_the_data_and_the_labs(view: SiteView) -> None:
    """Issue 42: the vendor's memory, bandwidth and dense BF16/FP8 from data/gpus.yml, and the labs'
    measured ceilings, as the view holds them; a figure the data lacks is left out, not guessed."""
    assert view.gpus is not None
    gpus = {r[5]: r for r in search_records(view) if r[0] == "gpu"}
    h100 = view.gpus.row("h100-sxm")
    assert h100 is not None
    figures = {f[0]: f for f in gpus[f"gpus/#{h100.anchor}"][7]}
    for key, metric in (("memory", "memory_gb"), ("bandwidth", "memory_bandwidth_gbs"), ("bf16", "dense.bf16")):
        assert figures[key][2] == float(h100.value(metric)), key  # type: ignore[arg-type]
    assert figures["bandwidth"][1].endswith(" GB/s") and figures["bf16"][1].endswith(" TFLOPS")
    measured = ceilings_of(view.labs, "h100-sxm")
    assert ("copy" in figures) == ("memory_bandwidth_gbs" in measured)
    if "copy" in figures:
        assert figures["copy"][2] == measured["memory_bandwidth_gbs"].value
    small = next(r for r in view.gpus.rows if r.value("dense.fp8") is None)
    assert "fp8" not in {f[0] for f in gpus[f"gpus/#{small.anchor}"][7]}
    assert {k.key for k in QUANTITIES} <= {k[0] for k in figure_kinds()}


def test_the_calculators_and_model_shapes_are_results_for_what_they_answer(view: SiteView) -> None:
    records = search_records(view)
    calcs = [r for r in records if r[0] == "calculator"]
    assert [r[1] for r in calcs] == [TITLES["kv_cache"], TITLES["roofline"], TITLES["transformer"]]
    kv = calcs[0]
    assert kv[5] == "concepts/kv-cache/#calculator" and kv[4] == ANSWERS["kv_cache"][0]
    assert {"calculator", "how much KV cache", "does it fit"} <= set(kv[2].split(SEP)) and kv[6].startswith("Calculator · ")
    models = [r for r in records if r[0] == "model"]
    assert view.gpus is not None and [r[1] for r in models] == [m.name for m in view.gpus.models.values()]
    shape = {f[0]: f for f in models[0][7]}
    model = next(iter(view.gpus.models.values()))
    assert shape["params"][2] == model.params and shape["layers"][1] == str(model.layers) and models[0][5] == kv[5]
    paths = [r for r in records if r[0] == "path"]
    assert paths and all(r[2] == f"{r[1]} path" for r in paths)
