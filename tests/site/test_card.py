"""Cards: the anchor is the id, the edit link opens the entry's YAML, badges and health show."""

from __future__ import annotations

import re
from pathlib import Path

import markdown

from gpulist.load import Catalog
from gpulist.site.card import render_card
from gpulist.site.icons import ARCHIVED, FAVORITE, NEW, STARS, TYPE_ICONS
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.config import SiteConfig
from gpulist.view.marks import UNREVIEWED, UNREVIEWED_TITLE

from tests.site.conftest import CONFIG, PROVENANCE_MARKER, fixture_with_unreviewed

EXTENSIONS = ["attr_list", "tables", "toc"]


def card_html(catalog: Catalog, view: SiteView, config: SiteConfig, entry_id: str) -> str:
    entry = next(e for e in catalog.entries if e.resource.id == entry_id)
    return markdown.markdown(render_card(entry, view, config, "topics/x.md"), extensions=EXTENSIONS)


def test_every_card_heading_is_an_h3_anchored_at_the_id(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    for entry in catalog.entries:
        out = card_html(catalog, view, config, entry.resource.id)
        assert out.startswith(f'<h3 id="{entry.resource.id}">'), out[:120]


def test_edit_link_opens_the_entry_yaml(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    out = card_html(catalog, view, config, "flashattention-2")
    assert 'href="https://github.com/test-org/gpulist/edit/main/data/resources/flashattention-2.yml"' in out


def test_edit_link_follows_the_configured_repository(catalog: Catalog, view: SiteView) -> None:
    other = SiteConfig(repo_url="https://github.com/elsewhere/list/", edit_uri="edit/trunk/data")
    out = card_html(catalog, view, other, "vllm")
    assert 'href="https://github.com/elsewhere/list/edit/trunk/data/resources/vllm.yml"' in out


def test_badges(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    heading = {e.resource.id: card_html(catalog, view, config, e.resource.id).split("</h3>")[0] for e in catalog.entries}
    assert NEW in heading["flashattention-3"] and FAVORITE not in heading["flashattention-3"]
    assert FAVORITE in heading["flashattention-2"] and NEW not in heading["flashattention-2"]
    assert NEW not in heading["kv-old"] and FAVORITE not in heading["kv-old"]
    assert TYPE_ICONS["paper"] in heading["flashattention-2"]


def test_the_site_shows_no_emoji(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    """Emoji render as empty boxes without a colour-emoji font; the site uses the theme's icons."""
    for entry in catalog.entries:
        out = card_html(catalog, view, config, entry.resource.id)
        assert not [c for c in out if ord(c) >= 0x2190 and c not in "–—·…≈"], entry.resource.id


def test_repo_health_and_archived_warning(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    assert f"{STARS} 45,210 · last push 2025-06-20" in card_html(catalog, view, config, "vllm")
    assert f"{ARCHIVED} archived" in card_html(catalog, view, config, "kv-old")
    assert STARS not in card_html(catalog, view, config, "flashattention-2")


def test_no_edit_link_without_a_repository(catalog: Catalog, view: SiteView) -> None:
    out = card_html(catalog, view, SiteConfig(), "vllm")
    assert "gpulist-edit" not in out and "edit</a>" not in out


def test_chips_link_to_concept_pages_and_extra_links_show(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    out = card_html(catalog, view, config, "flashattention-2")
    assert 'href="../../concepts/attention/"' in out and 'href="../../concepts/cuda/"' in out
    assert '<a href="https://github.com/Dao-AILab/flash-attention">Code</a>' in out


def test_effort_and_access_show_on_the_meta_line(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    meta = card_html(catalog, view, config, "pmpp-book").split('class="gpulist-meta"')[1].split("</p>")[0]
    assert "≈" not in meta and ">weeks</span>" in meta and ">paid</span>" in meta
    fa2 = card_html(catalog, view, config, "flashattention-2").split('class="gpulist-meta"')[1].split("</p>")[0]
    assert ">≈ 3 h</span>" in fa2 and 'class="gpulist-access"' not in fa2  # free is the default, not shown
    assert "gpulist-effort" not in card_html(catalog, view, config, "gpu-mode")  # a community space has no band


def test_know_first_lists_every_required_concept(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    out = card_html(catalog, view, config, "vllm")
    line = out.split('class="gpulist-know-first"')[1].split("</p>")[0]
    assert 'data-gpulist-requires="kv-cache attention"' in line
    assert '<a href="../../concepts/kv-cache/" data-gpulist-concept="kv-cache">KV cache</a>' in line
    assert "gpulist-know-first" not in card_html(catalog, view, config, "flashattention-2")


def test_continued_by_links_the_successors_cards(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    out = card_html(catalog, view, config, "flashattention-2")
    line = out.split('class="gpulist-continued"')[1].split("</p>")[0]
    assert '<a href="../../topics/attention/#flashattention-3">FlashAttention-3' in line
    assert out.index("gpulist-continued") > out.index("<li>")  # after the notes


def test_link_wanted_entry_has_no_title_link(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    heading = card_html(catalog, view, config, "gpu-mode").split("</h3>")[0]
    assert "<a href" not in heading.split('class="headerlink"')[0] and "link wanted" in heading


def test_chips_are_only_concept_links_and_other_links_read_as_links(
        catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    """One look for one kind of link: a chip leads to a concept page, a code or publisher's link
    sits in a plain "Also:" line."""
    out = card_html(catalog, view, config, "flashattention-2")
    chips = re.search(r'<p class="gpulist-chips">(.*?)</p>', out).group(1)
    assert re.findall(r'href="([^"]+)"', chips) and all(
        "/concepts/" in h for h in re.findall(r'href="([^"]+)"', chips))
    assert '<p class="gpulist-links">Also: <a href="https://github.com/Dao-AILab/flash-attention">Code</a></p>' in out
    for entry in catalog.entries:
        html = card_html(catalog, view, config, entry.resource.id)
        for chip_line in re.findall(r'<p class="gpulist-chips">(.*?)</p>', html):
            assert all("/concepts/" in h for h in re.findall(r'href="([^"]+)"', chip_line)), entry.resource.id


def test_an_unreviewed_entry_in_another_language_says_both(tmp_path: Path) -> None:
    catalog = fixture_with_unreviewed(tmp_path)
    out = card_html(catalog, build_view(catalog), CONFIG, "pytorch-notes-151")
    meta = out.split('<p class="gpulist-meta"', 1)[1].split("</p>", 1)[0]
    assert '<span class="gpulist-language" data-gpulist-language="zh">in Chinese</span>' in meta
    assert f'<span class="gpulist-unreviewed" title="{UNREVIEWED_TITLE}">{UNREVIEWED}</span>' in meta
    assert PROVENANCE_MARKER not in out


def test_a_reviewed_english_entry_carries_neither_mark(catalog: Catalog, view: SiteView, config: SiteConfig) -> None:
    out = card_html(catalog, view, config, "flashattention-2")
    assert "gpulist-language" not in out and UNREVIEWED not in out
