"""`[tool.gpulist.watch]` in pyproject.toml: limits and politeness, strictly validated.

Politeness uses the link checker's vocabulary (per-host concurrency and interval, with
per-host overrides) and its implementation; the defaults add a slow pace for the arXiv
API, whose terms ask for one request every few seconds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, ClassVar

from annotated_types import Ge, Gt, Le

from gpulist import __version__
from gpulist.linkcheck.config import HostLimits, LinkcheckConfig, describe_validation_error
from gpulist.problems import UsageError
from gpulist.pyproject import tool_section

USER_AGENT = f"gpulist-watch/{__version__} (new-material watcher of the gpulist GPU performance engineering reading list)"
STATE_FILE = Path(".gpulist-cache") / "watch-state.json"
ARXIV_PACE = {"export.arxiv.org": HostLimits(concurrency=1, interval=3.0)}


@dataclass(frozen=True)
class WatchConfig:
    __pydantic_config__: ClassVar[dict] = {"extra": "forbid"}
    timeout: Annotated[float, Gt(0)] = 30.0  # seconds for one response, first byte to last
    max_bytes: Annotated[int, Ge(1024)] = 8 * 1024 * 1024  # a larger feed is an error, not read
    max_redirects: Annotated[int, Ge(0), Le(20)] = 5
    first_run_days: Annotated[int, Ge(0)] = 30  # a source never read before: items this recent
    summary_chars: Annotated[int, Ge(0)] = 400
    max_concurrency: Annotated[int, Ge(1)] = 128  # the link checker's defaults
    host_concurrency: Annotated[int, Ge(1)] = 10
    host_interval: Annotated[float, Ge(0)] = 0.05
    hosts: dict[str, HostLimits] = field(default_factory=lambda: dict(ARXIV_PACE))
    user_agent: str = USER_AGENT
    state_file: Path = STATE_FILE

    def transport_config(self) -> LinkcheckConfig:
        """The link checker's settings that its transport and politeness read."""
        return LinkcheckConfig(timeout=self.timeout, max_concurrency=self.max_concurrency,
                               host_concurrency=self.host_concurrency, host_interval=self.host_interval,
                               hosts={**ARXIV_PACE, **self.hosts}, user_agent=self.user_agent)


def load_config(pyproject: Path | None) -> WatchConfig:
    if pyproject is None or not pyproject.is_file():
        return WatchConfig()
    section = tool_section(pyproject, "watch")
    if not section:
        return WatchConfig()
    from pydantic import TypeAdapter, ValidationError

    try:
        return TypeAdapter(WatchConfig).validate_python(section)
    except ValidationError as exc:
        raise UsageError(f"{pyproject}: [tool.gpulist.watch]: {describe_validation_error(exc)}") from None

