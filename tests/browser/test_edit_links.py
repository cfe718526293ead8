"""Each entry's edit link opens its own YAML file: data/resources/<id>.yml on the repository."""

from __future__ import annotations

from tests.browser.conftest import Site, Tab


def test_edit_link_points_at_entry_yaml(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("topics/attention/"))
    for entry in ("flashattention-2", "vllm"):
        # The edit link belongs to the entry's card: the paragraph right after its H3.
        link = page.locator(f"h3#{entry} + p a.gpulist-edit")
        expected = f"{site.repo_url.rstrip('/')}/{site.edit_uri.strip('/')}/resources/{entry}.yml"
        assert link.get_attribute("href") == expected
        assert expected.endswith(f"/data/resources/{entry}.yml")
