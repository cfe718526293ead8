"""Where API base URLs come from: defaults, pyproject.toml, then the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.contribute.config import NetConfig, load_config
from gpulist.problems import UsageError


def test_defaults_without_settings(tmp_path: Path) -> None:
    assert load_config(tmp_path, env={}) == NetConfig()


def test_pyproject_then_environment(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[tool.gpulist.new]\narxiv_api = "http://mirror/api/"\ntimeout = 3\ngithub_api = "http://gh"\n')
    sub = tmp_path / "data"
    sub.mkdir()
    config = load_config(sub, env={"GPULIST_GITHUB_API": "http://127.0.0.1:1/", "GITHUB_TOKEN": "t"})
    assert (config.arxiv_api, config.timeout) == ("http://mirror/api", 3.0)
    assert (config.github_api, config.github_token) == ("http://127.0.0.1:1", "t")


def test_unknown_or_bad_settings_are_usage_errors(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.gpulist.new]\narxiv = "x"\n')
    with pytest.raises(UsageError, match="unknown setting"):
        load_config(tmp_path, env={})
    with pytest.raises(UsageError, match="must be a number"):
        load_config(tmp_path.parent, env={"GPULIST_HTTP_TIMEOUT": "soon"})
