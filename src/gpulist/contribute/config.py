"""Where `gpulist new` looks things up: every base URL can be pointed elsewhere.

Tests point them at fake servers on 127.0.0.1; a mirror or an API proxy can be set in
pyproject.toml under `[tool.gpulist.new]`, and environment variables win over both.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from pathlib import Path

from gpulist.problems import UsageError
from gpulist.pyproject import tool_section

ENV = {
    "arxiv_api": "GPULIST_ARXIV_API", "github_api": "GPULIST_GITHUB_API", "oembed_url": "GPULIST_OEMBED_URL",
    "timeout": "GPULIST_HTTP_TIMEOUT", "max_bytes": "GPULIST_HTTP_MAX_BYTES",
}


@dataclass(frozen=True, slots=True)
class NetConfig:
    arxiv_api: str = "https://export.arxiv.org/api/query"
    github_api: str = "https://api.github.com"
    oembed_url: str = "https://www.youtube.com/oembed"
    timeout: float = 10.0
    max_bytes: int = 2_000_000  # enough for any page's <head>; a huge page is not read whole
    github_token: str | None = None


def _pyproject_settings(start: Path) -> dict[str, object]:
    for folder in (start, *start.parents):
        path = folder / "pyproject.toml"
        if path.is_file():
            return tool_section(path, "new")
    return {}


def _coerce(name: str, value: object) -> object:
    kind = {f.name: f.type for f in fields(NetConfig)}[name]
    try:
        if kind == "float":
            return float(value)  # type: ignore[arg-type]
        if kind == "int":
            return int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise UsageError(f"setting {name} must be a number, not {value!r}") from None
    return str(value).rstrip("/") if name != "github_token" else str(value)


def load_config(start: Path | None = None, env: Mapping[str, str] | None = None) -> NetConfig:
    """Defaults, then pyproject.toml `[tool.gpulist.new]`, then environment variables."""
    env = os.environ if env is None else env
    settings = _pyproject_settings((start or Path.cwd()).resolve())
    unknown = sorted(set(settings) - set(ENV))
    if unknown:
        raise UsageError(f"unknown setting(s) in [tool.gpulist.new]: {', '.join(unknown)}")
    settings.update({name: env[var] for name, var in ENV.items() if env.get(var)})
    if env.get("GITHUB_TOKEN"):
        settings["github_token"] = env["GITHUB_TOKEN"]
    return replace(NetConfig(), **{k: _coerce(k, v) for k, v in settings.items()})
