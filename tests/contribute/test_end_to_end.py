"""The contributor's path through the real CLI: new, validate, then the same resource again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpulist.checks import TO_FILL
from gpulist.cli import main
from tests.contribute.fakes import FakeServer
from tests.contribute.metadata.test_arxiv import FEED
from tests.contribute.metadata.test_github import REPO


@pytest.fixture
def servers(fake: FakeServer, monkeypatch: pytest.MonkeyPatch) -> FakeServer:
    monkeypatch.setenv("GPULIST_ARXIV_API", f"{fake.url}/api/query")
    monkeypatch.setenv("GPULIST_GITHUB_API", f"{fake.url}/gh")
    monkeypatch.setenv("GPULIST_OEMBED_URL", f"{fake.url}/oembed")
    monkeypatch.setenv("GPULIST_HTTP_TIMEOUT", "1")
    fake.route("/api/query", FEED.replace("2307.08691", "2402.13499").replace("FlashAttention-2", "Dissecting Hopper"),
               content_type="application/atom+xml")
    fake.route("/gh/repos/nvidia/cutlass", json.dumps({**REPO, "name": "cutlass", "homepage": ""}),
               content_type="application/json")
    fake.route("/oembed", json.dumps({"title": "Lecture 1", "author_name": "GPU MODE"}), content_type="application/json")
    fake.route("/blog/post", '<meta property="og:title" content="Matmul worklog"><meta property="og:type" content="article">')
    return fake


def _validate_reports_what_new_left_to_fill(data: Path, new_err: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The draft fails `validate` only for what `gpulist new` said was left to fill, each said by both."""
    listed = [line.strip().split(": to fill: ", 1) for line in new_err.splitlines() if ": to fill: " in line]
    code = main(["validate", "--data", str(data)])
    errors = [line.split(": error: ", 1) for line in capsys.readouterr().out.splitlines() if ": error: " in line]
    assert errors and {e.rsplit("[", 1)[1].rstrip("]") for _, e in errors} <= TO_FILL
    assert code == 1 and sorted(errors) == sorted(listed)


@pytest.mark.parametrize(("first", "again", "flags"), [
    ("https://arxiv.org/abs/2402.13499", "https://arxiv.org/pdf/2402.13499v2", ["--topic", "fundamentals", "--tier", "2"]),
    ("https://github.com/NVIDIA/cutlass", "https://www.github.com/nvidia/cutlass/", ["--topic", "compilers", "--tier", "2"]),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ", ["--topic", "fundamentals", "--tier", "1"]),
    ("{server}/blog/post", "{server}/blog/post/", ["--topic", "matmul", "--tier", "1"]),
])
def test_new_validate_then_refuse_the_same_resource(servers: FakeServer, data: Path, capsys: pytest.CaptureFixture[str],
                                                    first: str, again: str, flags: list[str]) -> None:
    first, again = first.format(server=servers.url), again.format(server=servers.url)
    assert main(["new", first, *flags, "--data", str(data)]) == 0
    out, err = capsys.readouterr()
    wrote = out.split("wrote ", 1)[1].strip()
    assert Path(wrote).read_text().startswith("# yaml-language-server: $schema=../../schemas/resource.schema.json\n")
    _validate_reports_what_new_left_to_fill(data, err, capsys)
    assert main(["fmt", "--check", str(data)]) == 0
    capsys.readouterr()
    assert main(["new", again, *flags, "--data", str(data)]) == 1
    assert f"already listed as {wrote}" in capsys.readouterr().err
    assert len(list((data / "resources").glob("*.yml"))) == 3  # the catalog's two, and the new one


def test_offline_failure_still_validates(servers: FakeServer, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = servers.route("/rate-limited", "slow down", status=429)
    assert main(["new", url, "--topic", "profiling", "--tier", "2", "--type", "blog", "--data", str(data)]) == 0
    err = capsys.readouterr().err
    assert "rate limited" in err and "Traceback" not in err
    _validate_reports_what_new_left_to_fill(data, err, capsys)
