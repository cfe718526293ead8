"""[tool.gpulist.watch]: the README's example is the defaults; unknown keys are usage errors."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gpulist.linkcheck.config import HostLimits
from gpulist.problems import UsageError
from gpulist.watch.config import WatchConfig, load_config
from tests.conftest import REPO


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    return tmp_path / "pyproject.toml"


def test_the_readme_example_is_the_defaults(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = next(b.split("```", 1)[0] for b in readme.split("```toml\n")[1:] if "[tool.gpulist.watch]" in b)
    assert "watch" in tomllib.loads(block)["tool"]["gpulist"]
    assert load_config(_write(tmp_path, block)) == WatchConfig()


def test_the_arxiv_pace_stays_when_other_hosts_are_set(tmp_path: Path) -> None:
    config = load_config(_write(tmp_path, '[tool.gpulist.watch]\nhosts = { "github.com" = { interval = 1.0 } }\n'))
    wire = config.transport_config()
    assert wire.limits_for("export.arxiv.org") == (1, 3.0)
    assert wire.limits_for("github.com") == (10, 1.0)
    assert config.hosts == {"github.com": HostLimits(interval=1.0)}


@pytest.mark.parametrize(("text", "message"), [
    ("timout = 3", "unknown key 'timout'"),
    ("max_bytes = 10", "max_bytes"),
    ("timeout = -1", "timeout"),
])
def test_bad_settings_are_usage_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        load_config(_write(tmp_path, f"[tool.gpulist.watch]\n{text}\n"))


def test_no_file_or_no_section_is_the_defaults(tmp_path: Path) -> None:
    assert load_config(None) == load_config(tmp_path / "absent.toml") == WatchConfig()
    assert load_config(_write(tmp_path, "[tool.other]\nx = 1\n")) == WatchConfig()
