from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.linkcheck.config import USER_AGENT, load_config, parse_config
from gpulist.problems import UsageError


def test_defaults_match_lychees_politeness() -> None:
    config = parse_config({})
    assert config.limits_for("example.org") == (10, 0.05)
    assert "gpulist" in USER_AGENT and config.user_agent == USER_AGENT


def test_per_host_overrides() -> None:
    config = parse_config({"hosts": {"github.com": {"concurrency": 2, "interval": 1.0}, "x.org": {"interval": 0.2}}})
    assert config.limits_for("github.com") == (2, 1.0)
    assert config.limits_for("x.org") == (10, 0.2)


def test_read_from_pyproject(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.gpulist.linkcheck]\nexclude = ["^https://private\\\\."]\ntimeout = 3\n', encoding="utf-8")
    config = load_config(path)
    assert config.timeout == 3 and config.excluded("https://private.example.org/x")
    assert not config.excluded("https://example.org/")


def test_missing_pyproject_means_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path / "pyproject.toml") == parse_config({})


@pytest.mark.parametrize(("section", "message"), [
    ({"exlcude": []}, "unknown key 'exlcude'"),
    ({"hosts": {"a.org": {"concurency": 1}}}, "unknown key 'hosts.a.org.concurency'"),
    ({"timeout": "soon"}, "timeout"),
    ({"exclude": ["(unclosed"]}, "exclude pattern"),
    ({"cache_ttl": {"fine": 1}}, "unknown verdict"),
    ({"host_concurrency": 0}, "host_concurrency"),
])
def test_bad_config_is_a_usage_error(section: dict, message: str) -> None:
    with pytest.raises(UsageError, match=message.replace("(", r"\(")):
        parse_config(section)


def test_unparsable_pyproject_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text("[tool.gpulist.linkcheck\n", encoding="utf-8")
    with pytest.raises(UsageError):
        load_config(path)


def test_the_readme_example_is_valid_config() -> None:
    import tomllib

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("```toml\n", 1)[1].split("```", 1)[0]
    config = parse_config(tomllib.loads(block)["tool"]["gpulist"]["linkcheck"])
    assert config.limits_for("github.com") == (4, 0.2)
