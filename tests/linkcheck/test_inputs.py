from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.linkcheck.inputs import collect, text_urls
from gpulist.linkcheck.model import Source
from gpulist.problems import UsageError

RESOURCE = """\
# yaml-language-server: $schema=../../schemas/resource.schema.json
title: "A paper"
url: https://arxiv.org/abs/2307.08691
type: paper
links:
  - title: Code
    url: https://github.com/Dao-AILab/flash-attention
  - title: Slides
    url: https://example.org/slides.pdf
added: 2025-01-01
"""


def make_data(root: Path) -> Path:
    (root / "resources").mkdir(parents=True)
    (root / "resources" / "a-paper.yml").write_text(RESOURCE, encoding="utf-8")
    return root


def test_data_folder_gives_urls_at_their_yaml_lines(tmp_path: Path) -> None:
    targets = collect([make_data(tmp_path / "data")])
    found = {t.url: t.sources[0].line for t in targets}
    assert found == {"https://arxiv.org/abs/2307.08691": 3, "https://github.com/Dao-AILab/flash-attention": 7,
                     "https://example.org/slides.pdf": 9}
    assert targets[0].sources[0].file.endswith("a-paper.yml")


def test_a_url_used_twice_is_one_target_with_two_sources(tmp_path: Path) -> None:
    (tmp_path / "list.txt").write_text("https://a.org/x\nhttps://b.org/\nhttps://a.org/x\n", encoding="utf-8")
    targets = collect([tmp_path / "list.txt"])
    assert [t.url for t in targets] == ["https://a.org/x", "https://b.org/"]
    assert [s.line for s in targets[0].sources] == [1, 3]


def test_urls_in_prose_and_markdown() -> None:
    text = ("See [the guide](https://en.wikipedia.org/wiki/CUDA_(software)), and https://x.org/a.\n"
            "<https://y.org/q?a=1&b=2> or \"https://z.org/quoted\"; mailto:me@x.org is not a URL here\n")
    assert [u for u, _ in text_urls("f.md", text)] == [
        "https://en.wikipedia.org/wiki/CUDA_(software)", "https://x.org/a", "https://y.org/q?a=1&b=2",
        "https://z.org/quoted"]
    assert [s for _, s in text_urls("f.md", text)][-1] == Source("f.md", 2)


@pytest.mark.parametrize(("text", "url"), [
    ("http://[::1]/", "http://[::1]/"),
    ("see http://[::1]:8080/admin.", "http://[::1]:8080/admin"),
    ("[router](http://[fe80::1%25eth0]/setup)", "http://[fe80::1%25eth0]/setup"),
    ("<http://[::ffff:169.254.169.254]/latest/meta-data/>", "http://[::ffff:169.254.169.254]/latest/meta-data/"),
    ("http://user@[::1]/", "http://user@[::1]/"),
])
def test_ipv6_literal_hosts_are_extracted_for_the_guard_to_judge(text: str, url: str) -> None:
    """They used to vanish: the brackets ended the match, so a report never mentioned them."""
    assert [u for u, _ in text_urls("f.md", text)] == [url]


def test_brackets_around_an_ordinary_url_are_still_not_part_of_it() -> None:
    assert [u for u, _ in text_urls("f.md", "[https://example.org/a] and [x](https://b.org/[c])")] == [
        "https://example.org/a", "https://b.org/"]


def test_other_schemes_are_kept_to_be_reported_unsupported() -> None:
    assert [u for u, _ in text_urls("f", "ftp://files.org/pub/x.tar")] == ["ftp://files.org/pub/x.tar"]


def test_yaml_that_is_not_a_resource_is_read_as_text(tmp_path: Path) -> None:
    path = tmp_path / "workflow.yml"
    path.write_text("steps:\n  - run: curl https://example.org/install.sh\n", encoding="utf-8")
    assert [(t.url, t.sources[0].line) for t in collect([path])] == [("https://example.org/install.sh", 2)]


def test_broken_yaml_is_skipped_with_a_warning(tmp_path: Path) -> None:
    data = make_data(tmp_path / "data")
    (data / "resources" / "bad.yml").write_text("url: [unclosed\n", encoding="utf-8")
    warnings: list[str] = []
    assert len(collect([data], warn=warnings.append)) == 3
    assert warnings and "bad.yml" in warnings[0]


def test_a_missing_input_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        collect([tmp_path / "nope"])


def test_a_data_folder_also_gives_its_concepts_glossary_and_metric_pages(tmp_path: Path) -> None:
    """The concepts' Modal and AMD glossary links and the vendors' metric pages are checked like
    the entries' links, each at its line of concepts.yml (issue 45)."""
    data = make_data(tmp_path / "data")
    (data / "concepts.yml").write_text(
        "- id: simt\n  title: SIMT\n  glossary: https://modal.com/gpu-glossary/device-software/warp\n"
        "  vendor_terms:\n  - vendor: amd\n    term: Wavefront (Warp)\n"
        "    url: https://rocm.docs.amd.com/en/latest/reference/glossary/device-hardware.html#term-Wavefront-Warp\n",
        encoding="utf-8")
    found = {t.url: (t.sources[0].file.rsplit("/", 1)[-1], t.sources[0].line) for t in collect([data])}
    assert found["https://modal.com/gpu-glossary/device-software/warp"] == ("concepts.yml", 3)
    assert found["https://rocm.docs.amd.com/en/latest/reference/glossary/device-hardware.html#term-Wavefront-Warp"] == (
        "concepts.yml", 7)
    assert len(found) == 5  # the resource's three and the concept's two
