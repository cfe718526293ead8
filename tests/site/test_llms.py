"""llms.txt: the llmstxt.org shape, every topic, concept and path page with its one-liner."""

from __future__ import annotations

import dataclasses
import re

from gpulist.site.llms import render_llms_txt
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

LINK = re.compile(r"^- \[((?:[^\]\\]|\\.)+)\]\(([^)]+)\): (.+)$")


def sections(text: str) -> dict[str, list[tuple[str, str, str]]]:
    found: dict[str, list[tuple[str, str, str]]] = {}
    current = ""
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:]
            found[current] = []
        elif line.startswith("- "):
            match = LINK.match(line)
            assert match, line
            found[current].append(match.groups())
    return found


def test_name_summary_then_the_pages_with_their_one_liners(view: SiteView, config: SiteConfig) -> None:
    text = render_llms_txt(view, dataclasses.replace(config, site_description="A list, kept as data."))
    assert text.startswith("# Test list\n\n> A list, kept as data.\n\nA reading list for GPU performance")
    found = sections(text)
    assert list(found) == ["Topics", "Concepts", "Reading paths", "Optional"]
    assert found["Topics"][1] == ("Attention & Memory-Bound Kernels", "https://example.test/gpulist/topics/attention/",
                                  "FlashAttention and its successors (FA2, FA3), and paged attention.")
    assert [title for title, _, _ in found["Concepts"]] == [c.title for c in view.concepts]
    assert found["Concepts"][0] == ("CUDA", "https://example.test/gpulist/concepts/cuda/", "NVIDIA's GPU programming platform.")
    assert [url for _, url, _ in found["Reading paths"]] == [
        "https://example.test/gpulist/paths/first-steps/", "https://example.test/gpulist/paths/attention-only/"]


def test_without_a_site_address_links_are_relative_to_the_root(view: SiteView, config: SiteConfig) -> None:
    found = sections(render_llms_txt(view, dataclasses.replace(config, site_url=None)))
    assert found["Topics"][0][1] == "topics/fundamentals/" and found["Optional"][0][1] == "resources.json"


def test_a_title_cannot_end_its_link_early(view: SiteView, config: SiteConfig) -> None:
    path = view.paths[1]
    odd = dataclasses.replace(path, path=path.path.model_copy(update={"title": "A [bracketed] title\nwrapped"}))
    text = render_llms_txt(dataclasses.replace(view, paths=(view.paths[0], odd)), config)
    assert "- [A \\[bracketed\\] title wrapped](https://example.test/gpulist/paths/attention-only/): " in text
