"""`new` as a function: flags, prompts, duplicates, degradation and the file it writes."""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path

import pytest

from gpulist.checks import TO_FILL, validate
from gpulist.contribute.config import NetConfig
from gpulist.contribute.new import AlreadyListed, NewRequest, NewResult, create
from gpulist.contribute.prompts import Prompter
from gpulist.problems import Problem, UsageError
from tests.contribute.fakes import FakeServer
from tests.contribute.metadata.test_arxiv import FEED
from tests.contribute.metadata.test_github import REPO

MODELINE = "# yaml-language-server: $schema=../../schemas/resource.schema.json"


@pytest.fixture
def config(fake: FakeServer) -> NetConfig:
    return NetConfig(arxiv_api=f"{fake.url}/api", github_api=f"{fake.url}/gh", oembed_url=f"{fake.url}/oembed",
                     timeout=0.5)


def scripted(*answers: str) -> Prompter:
    queue = list(answers)
    return Prompter(ask=lambda question: queue.pop(0), out=io.StringIO())


def assert_drafted(data: Path, result: NewResult) -> None:
    """Valid but for what the draft leaves to fill (TO_FILL), and `result.to_fill` lists exactly that."""
    _, problems = validate(data)
    errors = [p for p in problems if p.is_error]
    assert {p.rule for p in errors} <= TO_FILL
    def key(p: Problem) -> tuple:
        return p.line, p.col, p.rule, p.message
    assert sorted(map(key, errors)) == sorted(key(p) for p in result.to_fill if p.is_error)


def test_github_repo_with_flags(data: Path, fake: FakeServer, config: NetConfig) -> None:
    fake.route("/gh/repos/nvidia/cutlass", json.dumps({**REPO, "name": "cutlass", "html_url":
               "https://github.com/NVIDIA/cutlass", "owner": {"login": "NVIDIA"}}), content_type="application/json")
    req = NewRequest("https://github.com/NVIDIA/cutlass", data, topic="compilers", tier=2, tags=["CUDA"])
    result = create(req, config, None)
    text = result.path.read_text()
    assert result.path == data / "resources/cutlass.yml" and text.startswith(MODELINE + "\n")
    assert result.fields["type"] == "code" and result.fields["tags"] == ["cuda"]
    assert result.fields["added"] == dt.date.today()
    assert "authors: [NVIDIA]" in text and "  - title: Homepage" in text
    assert_drafted(data, result)


def test_arxiv_paper_new_id_and_fields(data: Path, fake: FakeServer, config: NetConfig) -> None:
    (data / "resources/flashattention-2.yml").unlink()
    fake.route("/api", FEED, content_type="application/atom+xml")
    # Tagged as the deleted entry was, so the vocabulary keeps two entries per concept.
    req = NewRequest("https://arxiv.org/pdf/2307.08691v3", data, topic="attention", tier=1,
                     tags=["cuda", "triton", "attention", "fp8"])
    result = create(req, config, None)
    assert result.path.name == "flashattention-2.yml"
    assert result.fields["url"] == "https://arxiv.org/abs/2307.08691" and result.fields["year"] == 2023
    assert_drafted(data, result)


def test_duplicate_is_refused_before_any_lookup(data: Path, fake: FakeServer, config: NetConfig) -> None:
    with pytest.raises(AlreadyListed, match=r"already listed as .*flashattention-2\.yml \(same arXiv id 2307\.08691\)"):
        create(NewRequest("http://www.arxiv.org/abs/2307.08691v1/", data, topic="attention", tier=1), config, None)
    assert fake.seen == []


def test_duplicate_found_through_metadata(data: Path, fake: FakeServer, config: NetConfig) -> None:
    page = fake.route("/mirror", '<meta name="citation_title" content="FA2">'
                                 '<meta name="citation_arxiv_id" content="2307.08691">')
    with pytest.raises(AlreadyListed, match="same arXiv id"):
        create(NewRequest(page, data, topic="attention", tier=1), config, None)


def test_missing_flags_are_named_without_a_terminal(data: Path, fake: FakeServer, config: NetConfig) -> None:
    with pytest.raises(UsageError, match=r"missing --topic"):
        create(NewRequest("https://example.org/x", data), config, None)
    with pytest.raises(UsageError, match=r"missing --group"):
        create(NewRequest("https://example.org/x", data, topic="big-picture"), config, None)
    assert fake.seen == []
    page = fake.route("/untyped", "<title>Something</title>")
    with pytest.raises(UsageError, match=r"missing --type"):
        create(NewRequest(page, data, topic="matmul", tier=1), config, None)
    assert not any(p.name.startswith("something") for p in (data / "resources").iterdir())


@pytest.mark.parametrize(("flags", "message"), [
    ({"topic": "atention", "tier": 1}, "did you mean 'attention'"),
    ({"topic": "big-picture", "tier": 1}, "has no tiers"),
    ({"topic": "big-picture", "group": "blogs"}, "unknown group"),
    ({"topic": "matmul", "group": "communities"}, "is tiered"),
    ({"topic": "matmul", "tier": 1, "tags": ["cudaa"]}, "unknown tag 'cudaa'"),
    ({"topic": "matmul", "tier": 1, "type": "article"}, "unknown type"),
    ({"topic": "matmul", "tier": 1, "id": "Bad_Id"}, "not kebab-case"),
])
def test_bad_flags_are_usage_errors(data: Path, config: NetConfig, flags: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        create(NewRequest("https://example.org/x", data, fetch=False, type=flags.pop("type", "blog"), **flags),
               config, None)


def test_network_failure_writes_a_valid_skeleton(data: Path, fake: FakeServer, config: NetConfig) -> None:
    url = fake.route("/down", "boom", status=503)
    result = create(NewRequest(url, data, topic="profiling", tier=3, type="blog"), config, None)
    assert result.fields["url"] == url and any("HTTP 503" in w for w in result.warnings)
    assert any("placeholder" in w for w in result.warnings)
    assert_drafted(data, result)


def test_prompts_ask_for_everything_missing(data: Path, fake: FakeServer, config: NetConfig) -> None:
    page = fake.route("/post", "<title>Warp specialization, explained</title>")
    ask = scripted("attention", "2", "blog", "cuda, flash-attention")
    result = create(NewRequest(page, data), config, ask)
    fields = result.fields
    assert (fields["topic"], fields["tier"], fields["type"], fields["tags"]) == ("attention", 2, "blog",
                                                                                 ["cuda", "attention"])
    assert result.path.name == "warp-specialization-explained.yml"
    assert_drafted(data, result)


def test_prompts_re_ask_and_offer_a_title(data: Path, config: NetConfig) -> None:
    ask = scripted("nonsense", "11", "communities", "", "tool", "wat", "")
    result = create(NewRequest("https://discord.gg/gpumode", data, fetch=False), config, ask)
    fields = result.fields
    assert (fields["topic"], fields["group"], fields["type"]) == ("big-picture", "communities", "tool")
    assert fields["title"] == "discord.gg/gpumode" and "tags" not in fields


def test_same_title_gets_a_fresh_id(data: Path, config: NetConfig) -> None:
    flags = {"topic": "matmul", "tier": 1, "type": "blog", "title": "FlashAttention-2", "fetch": False}
    result = create(NewRequest("https://example.org/other", data, **flags), config, None)
    assert result.path.name == "flashattention-2-2.yml"
    with pytest.raises(UsageError, match="is taken"):
        create(NewRequest("https://example.org/third", data, id="flashattention-2", **flags), config, None)


def test_a_possible_duplicate_title_is_a_warning(data: Path, config: NetConfig) -> None:
    """Same title but for the subtitle, same type, other URL: written, with validate's warning."""
    flags = {"topic": "attention", "tier": 1, "fetch": False}
    result = create(NewRequest("https://proceedings.example.org/fa2", data, type="paper", title="FlashAttention-2",
                               **flags), config, None)
    assert result.warnings[1:] == [
        "possible duplicate of " + str(data / "resources" / "flashattention-2.yml") + " (same title but for a "
        "subtitle: 'FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning'): check it is "
        "not the same resource [possible-duplicate]"]
    other = create(NewRequest("https://example.org/fa2-talk", data, type="video", title="FlashAttention-2", **flags),
                   config, None)
    assert not any("possible duplicate" in w for w in other.warnings)  # a talk beside the paper is another resource


def test_unsafe_page_text_is_cleaned(data: Path, fake: FakeServer, config: NetConfig) -> None:
    page = fake.route("/xss", '<meta property="og:title" content="Kernels &lt;b&gt;fast&lt;/b&gt;">')
    result = create(NewRequest(page, data, topic="matmul", tier=1, type="blog"), config, None)
    assert result.fields["title"] == "Kernels fast"


def test_bad_url_is_a_usage_error(data: Path, config: NetConfig) -> None:
    with pytest.raises(UsageError, match="http"):
        create(NewRequest("ftp://example.org/x", data, topic="matmul", tier=1), config, None)


def test_missing_data_folder_is_a_usage_error(tmp_path: Path, config: NetConfig) -> None:
    with pytest.raises(UsageError, match="no data folder"):
        create(NewRequest("https://example.org/x", tmp_path / "nope"), config, None)
