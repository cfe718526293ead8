"""A concept's local map as HTML: links in columns, percentages of the box, rows tall enough."""

from __future__ import annotations

import re

import pytest

from gpulist.site.local_map import NARROW, WIDE, render_local_map
from gpulist.view.concept_map import title_lines as lines_of
from gpulist.view.catalog import SiteView
from gpulist.view.links import BUILT, SOURCE
from gpulist.view.local_map import local_layout


def html(view: SiteView, cid: str, style: str = BUILT) -> str:
    return render_local_map(local_layout(cid, view.concept_by_id), f"concepts/{cid}.md", style)


def test_the_map_is_lists_of_links_around_the_concept_itself(view: SiteView) -> None:
    text = html(view, "attention")
    assert "data-gpulist-local-map" in text and "data-search-exclude" in text
    lists = re.findall(r'<ul aria-label="([^"]+)">(.*?)</ul>', text)
    assert [label for label, _ in lists] == ["Understand first", "This concept", "Unlocks"]
    assert re.findall(r'href="([^"]+)"[^>]*>([^<]+)</a>', lists[0][1]) == [("../../concepts/cuda/", "CUDA")]
    assert '<span class="gpulist-local-node" aria-current="page"' in lists[1][1] and "<a " not in lists[1][1]
    assert re.findall(r'href="([^"]+)"[^>]*>([^<]+)</a>', lists[2][1]) == [("../../concepts/kv-cache/", "KV cache")]
    assert 'href="cuda/"' in html(view, "attention", SOURCE)  # Zensical's links, from concepts/attention.md


def test_every_edge_ends_at_a_node_with_an_arrowhead(view: SiteView) -> None:
    text = html(view, "attention")
    assert len(re.findall(r"<path ", text)) == 2 and text.count("data-gpulist-in") == 2
    assert 'preserveAspectRatio="none"' in text and 'aria-hidden="true"' in text


def test_boxes_are_percentages_inside_the_map(view: SiteView) -> None:
    for left, width, top, height in re.findall(
            r'left:([\d.]+)%;width:([\d.]+)%;top:([\d.]+)%;height:([\d.]+)%', html(view, "cuda")):
        assert float(left) + float(width) <= 100.001 and float(top) + float(height) <= 100.001


def test_a_concept_alone_has_no_map(view: SiteView) -> None:
    from dataclasses import replace
    cuda = view.concept_by_id["cuda"]
    lone = {"cuda": replace(cuda, unlocks=(), concept=cuda.concept.model_copy(update={"related": []}))}
    assert render_local_map(local_layout("cuda", lone), "concepts/cuda.md", BUILT) == ""


def test_a_concept_without_prerequisites_or_dependants_is_mapped_beside_its_related_ones(view: SiteView) -> None:
    """rocm, benchmarks, activation-recomputation and mlperf had no map at all; the caption
    says what the map shows, never that the concept unlocks what it does not."""
    from dataclasses import replace
    cuda = view.concept_by_id["cuda"]
    alone = {"cuda": replace(cuda, unlocks=(), concept=cuda.concept.model_copy(update={"related": ["attention"]})),
             "attention": view.concept_by_id["attention"]}
    text = render_local_map(local_layout("cuda", alone), "concepts/cuda.md", BUILT)
    assert re.findall(r'<ul aria-label="([^"]+)">', text) == ["This concept", "Related"]
    assert "<path " not in text and "needs no other concept of this list first, and none builds on it yet" in text
    assert "what it unlocks" not in text


def test_the_caption_names_only_the_columns_drawn(view: SiteView) -> None:
    for cid in view.concept_by_id:
        text = html(view, cid)
        if not text:
            continue
        labels = re.findall(r'<ul aria-label="([^"]+)">', text)
        caption = text.split("<figcaption>")[1].split("</figcaption>")[0]
        assert ("what it unlocks" in caption) == ("Unlocks" in labels), cid
        assert ("understand before it" in caption) == ("Understand first" in labels), cid


@pytest.mark.parametrize(("title", "chars", "lines"), [
    ("CUDA", 10, 1), ("Shared Memory", 10, 2), ("Shared Memory", 13, 1), ("Weight-and-Activation Quantization", 10, 5),
    ("Communication", 6, 3),  # a word longer than a line is broken
])
def test_titles_wrap_at_spaces_and_after_hyphens(title: str, chars: int, lines: int) -> None:
    assert lines_of(title, chars) == lines


def test_rows_are_taller_where_the_column_is_narrower(view: SiteView) -> None:
    from dataclasses import replace
    long = replace(view.concept_by_id["kv-cache"], concept=view.concept_by_id["kv-cache"].concept.model_copy(
        update={"title": "NVSHMEM & GPU-Initiated Communication"}))
    text = html(replace(view, concept_by_id={**view.concept_by_id, "kv-cache": long}), "attention")
    wide, narrow = (float(x) for x in re.search(r"--gpulist-row:([\d.]+)em;--gpulist-row-narrow:([\d.]+)em", text).groups())
    assert NARROW[0] < WIDE[0] and narrow > wide > 2


def test_every_concept_page_of_the_real_list_has_a_local_map() -> None:
    from gpulist.checks import validate
    from gpulist.view.catalog import build_view
    from tests.conftest import DATA

    catalog, _ = validate(DATA)
    real = build_view(catalog)
    missing = [cid for cid in real.concept_by_id if not html(real, cid)]
    assert missing == []
