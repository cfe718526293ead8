"""resources.json: the documented shape, in the guide's order, with working permalinks."""

from __future__ import annotations

import json
from pathlib import Path

from gpulist.export.resources_json import VERSION, catalog_data, render_json
from gpulist.load import Catalog
from gpulist.view.catalog import build_view

from tests.site.conftest import CONFIG, PROVENANCE_MARKER, fixture_with_unreviewed, load_fixture

RESOURCE_KEYS = {
    "id", "title", "url", "type", "topic", "tier", "group", "section", "tags", "authors", "year", "venue",
    "arxiv", "doi", "notes", "links", "feed", "added", "favorite", "new", "page", "edit_url", "repo",
    "requires", "effort", "access", "continued_by", "concepts", "language", "reviewed", "position",
}


def data() -> dict:
    return json.loads(render_json(build_view(load_fixture()), CONFIG))


def test_top_level_shape() -> None:
    out = data()
    assert set(out) == {"version", "site_url", "types", "topics", "tags", "resources"}
    assert out["version"] == VERSION
    assert [t["id"] for t in out["topics"]] == ["fundamentals", "attention", "big-picture"]
    ids = ("cuda", "attention", "kv-cache", "fp8", "kv-cache-eviction")
    assert {t["id"] for t in out["tags"]} == set(ids)
    assert {t["page"] for t in out["tags"]} == {f"concepts/{c}/" for c in ids}


def test_each_resource_lists_its_concepts_tags_and_first_reads() -> None:
    by_id = {r["id"]: r for r in data()["resources"]}
    assert by_id["pmpp-book"]["concepts"] == ["cuda"]  # a `start` entry of cuda, and tagged with it
    assert by_id["flashattention-2"]["concepts"] == ["cuda", "attention"]  # attention's start
    assert by_id["tricky-title"]["concepts"] == ["fp8"]
    assert by_id["gpu-mode"]["concepts"] == []


def test_every_resource_has_the_documented_keys() -> None:
    catalog: Catalog = load_fixture()
    resources = data()["resources"]
    assert len(resources) == len(catalog.entries)
    for r in resources:
        assert set(r) == RESOURCE_KEYS
        assert r["page"] == f"topics/{r['topic']}/#{r['id']}"
        assert r["edit_url"].endswith(f"/data/resources/{r['id']}.yml")


def test_every_model_field_but_the_curators_is_exported() -> None:
    from gpulist.models import CURATOR_FIELDS, Resource
    assert set(Resource.model_fields) - set(CURATOR_FIELDS) <= RESOURCE_KEYS
    assert CURATOR_FIELDS == ("provenance",) and not set(CURATOR_FIELDS) & RESOURCE_KEYS


def test_values() -> None:
    by_id = {r["id"]: r for r in data()["resources"]}
    fa2 = by_id["flashattention-2"]
    assert fa2["added"] == "2024-05-01" and fa2["favorite"] is True and fa2["new"] is False
    assert fa2["section"] == "tier_1" and fa2["links"] == [{"title": "Code", "url": "https://github.com/Dao-AILab/flash-attention"}]
    assert by_id["vllm"]["repo"] == {"name": "vllm-project/vllm", "stars": 45210, "archived": False,
                                     "pushed_at": "2025-06-20T10:00:00+00:00", "license": "Apache-2.0"}
    assert by_id["gpu-mode"]["url"] is None and by_id["gpu-mode"]["group"] == "communities"


def test_section_counts_add_up() -> None:
    out = data()
    for topic in out["topics"]:
        mine = [r for r in out["resources"] if r["topic"] == topic["id"]]
        assert sum(s["count"] for s in topic["sections"]) == len(mine)


def test_catalog_data_is_json_serialisable_and_stable() -> None:
    view = build_view(load_fixture())
    assert json.loads(render_json(view, CONFIG)) == json.loads(json.dumps(catalog_data(view, CONFIG)))
    assert render_json(view, CONFIG) == render_json(build_view(load_fixture()), CONFIG)


def test_provenance_stays_out_and_the_reader_marks_come_through(tmp_path: Path) -> None:
    """`provenance` is for curators: no key, and not its text under any other key."""
    text = render_json(build_view(fixture_with_unreviewed(tmp_path)), CONFIG)
    assert PROVENANCE_MARKER not in text
    entry = next(r for r in json.loads(text)["resources"] if r["id"] == "pytorch-notes-151")
    assert set(entry) == RESOURCE_KEYS and "provenance" not in entry
    assert (entry["language"], entry["reviewed"]) == ("zh", False)
