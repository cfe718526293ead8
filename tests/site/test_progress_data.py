"""reader-data.json: the compact catalog the reader plans a reader's next step from."""

from __future__ import annotations

import json

from gpulist.models import Concept
from gpulist.site.progress_data import VERSION, covering, progress_data, render_progress_data
from gpulist.view.catalog import SiteView


def test_entries_come_in_the_guides_order_with_their_card_tier_and_requirements(view: SiteView) -> None:
    data = progress_data(view)
    assert data["version"] == VERSION
    assert [e[0] for e in data["entries"]] == [e.resource.id for e in view.entries]
    concepts = [c[0] for c in data["concepts"]]
    for (entry_id, title, page, tier, requires, effort, access), entry in zip(data["entries"], view.entries):
        r = entry.resource
        assert (title, data["pages"][page], tier) == (r.title, f"topics/{r.topic}/", r.tier or 0)
        assert [concepts[c] for c in requires] == r.requires
    rows = {e[0]: e for e in data["entries"]}
    assert rows["pmpp-book"][5:] == ["weeks", "paid"] and rows["flashattention-2"][5:] == ["≈ 3 h", ""]
    assert rows["semianalysis"][5:] == ["< 30 min", "paywalled"] and rows["gpu-mode"][5:] == ["", ""]


def test_each_path_comes_with_its_page_who_it_is_for_and_why_each_step(view: SiteView) -> None:
    data = progress_data(view)
    ids = [e[0] for e in data["entries"]]
    assert [[ids[n] for n in steps] for steps in data["paths"]] == [p.ids for p in view.paths]
    first, second = data["path_info"]
    assert first[:4] == ["first-steps", "First steps", "paths/first-steps/", "Someone who has never written a kernel."]
    assert first[4] == [s.why for s in view.paths[0].steps]
    assert second[3] == "Two attention papers, in order."  # no audience: the description


def test_a_concept_is_covered_by_its_start_entries_else_by_its_tagged_ones(view: SiteView) -> None:
    data = progress_data(view)
    ids = [e[0] for e in data["entries"]]
    cover = {c: [ids[i] for i in found] for c, found, *_ in data["concepts"]}
    assert cover["cuda"] == ["pmpp-book", "cuda-programming-guide"]  # its start, in order
    assert cover["attention"] == ["flashattention-2"]
    assert sorted(cover["kv-cache"]) == ["kv-old", "vllm"]  # no start: every tagged entry


def test_a_start_entry_since_removed_leaves_the_tags_to_decide(view: SiteView) -> None:
    index = {e.resource.id: i for i, e in enumerate(view.entries)}
    cuda = next(c for c in view.concepts if c.id == "cuda")
    gone = Concept.model_validate({**cuda.model_dump(), "start": ["gone"]})
    tagged = sorted(index[e.resource.id] for e in view.by_concept["cuda"])
    assert sorted(covering(gone, view, index)) == tagged
    partly = Concept.model_validate({**cuda.model_dump(), "start": ["gone", "ptx-isa"]})
    assert covering(partly, view, index) == [index["ptx-isa"]]


def test_paths_are_lists_of_entry_indexes(view: SiteView) -> None:
    data = progress_data(view)
    ids = [e[0] for e in data["entries"]]
    assert [[ids[i] for i in steps] for steps in data["paths"]] == [p.ids for p in view.paths]


def test_the_file_is_compact_json(view: SiteView) -> None:
    text = render_progress_data(view)
    assert text.endswith("\n") and "\n" not in text[:-1]
    assert text == json.dumps(progress_data(view), ensure_ascii=False, separators=(",", ":")) + "\n"


def test_each_concept_carries_its_question_ids_and_area(view: SiteView) -> None:
    """What the Review page and the home page's due count need of a concept, without the questions' text."""
    data = progress_data(view)
    for (cid, _, questions, area), concept in zip(data["concepts"], view.concepts, strict=True):
        assert cid == concept.id and questions == [q.id for q in concept.check] and area == (concept.area or "other")
    assert any(row[2] for row in data["concepts"])
