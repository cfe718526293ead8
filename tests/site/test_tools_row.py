"""The home page's row of the site's tools."""

from __future__ import annotations

import dataclasses
import re

from gpulist.site.home import render_home
from gpulist.site.tools_row import tools_row
from gpulist.view.catalog import SiteView
from tests.site.conftest import CONFIG


def _labels(row: str) -> list[str]:
    return re.findall(r"<a [^>]*>([^<]+)</a>", row)


def test_every_tool_in_order_each_to_its_page(view: SiteView) -> None:
    row = tools_row(view, "index.md", CONFIG)
    assert _labels(row) == ["Concepts and map", "Review", "GPU numbers", "Labs", "roofline", "KV cache", "transformer"]
    for target in ('href="concepts/"', 'href="review/"', 'href="gpus/"', 'href="labs/"'):
        assert target in row
    assert '<li>Calculators: <a href="concepts/cuda/#calculator">roofline</a>' in row  # the fixture's gpus.yml places it


def test_the_calculators_go_where_gpus_yml_places_them(view: SiteView) -> None:
    assert view.gpus is not None and view.gpus.calculators is not None
    row = tools_row(view, "index.md", CONFIG)
    for name in ("roofline", "kv_cache", "transformer"):
        concept = getattr(view.gpus.calculators, name).concept
        assert f'href="concepts/{concept}/#calculator"' in row


def test_a_build_without_gpus_or_labs_offers_only_what_it_has(view: SiteView) -> None:
    bare = dataclasses.replace(view, gpus=None, labs=())
    row = tools_row(bare, "index.md", CONFIG)
    assert _labels(row) == ["Concepts and map", "Review"] and "Calculators" not in row


def test_the_row_comes_before_the_next_step_on_the_home_page(view: SiteView) -> None:
    home = render_home(view, CONFIG)
    assert home.index('<nav class="gpulist-tools" aria-label="The site\'s tools">') < home.index("data-gpulist-next-step")
