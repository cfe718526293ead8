"""Reading paths resolved against the catalog, as every page shows them."""

from __future__ import annotations

from gpulist.load import Entry, load_catalog
from gpulist.view.catalog import SiteView, build_view
from tests.site.conftest import FIXTURE


def test_paths_keep_the_files_order_and_their_steps(view: SiteView) -> None:
    assert [p.path.id for p in view.paths] == ["first-steps", "attention-only"]
    assert [p.page for p in view.paths] == ["paths/first-steps.md", "paths/attention-only.md"]
    assert view.paths[1].steps[1].why == "Hopper's asynchrony on top."


def test_a_step_whose_entry_is_gone_is_left_out() -> None:
    catalog, _ = load_catalog(FIXTURE)
    catalog.entries = [e for e in catalog.entries if e.resource.id != "vllm"]
    [first, _] = build_view(catalog).paths
    assert first.ids == ["pmpp-book", "cuda-programming-guide", "flashattention-2"]


def with_efforts(efforts: dict[str, str]) -> SiteView:
    """The fixture's view with `effort` set on some entries."""
    catalog, _ = load_catalog(FIXTURE)
    catalog.entries = [Entry(e.resource.model_copy(update={"effort": efforts[e.resource.id]}), e.doc)
                       if e.resource.id in efforts else e for e in catalog.entries]
    return build_view(catalog)
