"""`[tool.gpulist.linkcheck]` in pyproject.toml, strictly validated.

A misspelt key (`exlcude`) silently ignored would let a maintainer believe a host is
excluded when it is not, so unknown keys are usage errors, like unknown fields in data/.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator

from gpulist import __version__
from gpulist.linkcheck.model import Verdict
from gpulist.problems import UsageError

USER_AGENT = (
    f"gpulist-linkcheck/{__version__} (link checker of the gpulist GPU performance engineering reading list;"
    " polite: at most 10 requests in flight per host)"
)
CACHE_DIR = Path(".gpulist-cache")
DAY = 86_400.0


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class HostLimits(_Strict):
    """Per-host politeness overrides, e.g. a slower pace for a host that rate-limits early."""

    concurrency: int | None = Field(default=None, ge=1, le=100)
    interval: float | None = Field(default=None, ge=0, description="seconds between request starts")


class LinkcheckConfig(_Strict):
    exclude: list[str] = Field(default=[], description="regular expressions; a matching URL is `excluded`")
    accept: list[int] = Field(default=[], description="extra status codes that count as ok, e.g. [204, 418]")
    timeout: float = Field(default=20.0, gt=0, description="seconds per request")
    max_concurrency: int = Field(default=128, ge=1, description="requests in flight over all hosts")
    host_concurrency: int = Field(default=10, ge=1, description="requests in flight per host")
    host_interval: float = Field(default=0.05, ge=0, description="seconds between request starts per host")
    hosts: dict[str, HostLimits] = {}
    retries: int = Field(default=2, ge=0, le=10, description="extra attempts on transient failures and 429")
    backoff_base: float = Field(default=1.0, ge=0)
    backoff_max: float = Field(default=10.0, ge=0)
    retry_after_max: float = Field(default=30.0, ge=0, description="longest Retry-After honoured, seconds")
    max_redirects: int = Field(default=10, ge=0)
    fragment_max_bytes: int = Field(default=2 * 1024 * 1024, ge=1024)
    user_agent: str = USER_AGENT
    cache_ttl: dict[str, float] = Field(
        default={"ok": 7 * DAY, "redirected": 7 * DAY, "blocked": DAY, "suspect": DAY},
        description="seconds a verdict stays fresh; verdicts not named are rechecked every run",
    )
    escalate_after: int = Field(default=3, ge=0, description="transient this many runs in a row: broken (0: never)")
    cache_file: Path = CACHE_DIR / "links.json"
    state_file: Path = CACHE_DIR / "link-state.json"
    _compiled: list[re.Pattern[str]] = PrivateAttr(default_factory=list)

    @field_validator("cache_ttl")
    @classmethod
    def _known_verdicts(cls, value: dict[str, float]) -> dict[str, float]:
        unknown = sorted(set(value) - {v.value for v in Verdict})
        if unknown:
            raise ValueError(f"unknown verdict(s) {', '.join(unknown)}")
        if any(ttl < 0 for ttl in value.values()):
            raise ValueError("a time-to-live cannot be negative")
        return value

    def model_post_init(self, context: object) -> None:
        self._compiled = [re.compile(p) for p in self.exclude]

    def excluded(self, url: str) -> bool:
        return any(p.search(url) for p in self._compiled)

    def limits_for(self, host: str) -> tuple[int, float]:
        override = self.hosts.get(host, HostLimits())
        concurrency = override.concurrency if override.concurrency is not None else self.host_concurrency
        interval = override.interval if override.interval is not None else self.host_interval
        return concurrency, interval


def load_config(pyproject: Path | None) -> LinkcheckConfig:
    """The config in `pyproject`, defaults when it has none; bad config is a usage error (exit 2)."""
    if pyproject is None or not pyproject.is_file():
        return LinkcheckConfig()
    try:
        data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"cannot read {pyproject}: {exc}") from None
    section = data.get("tool", {}).get("gpulist", {}).get("linkcheck", {})
    return parse_config(section, str(pyproject))


def parse_config(section: dict, where: str = "config") -> LinkcheckConfig:
    _check_patterns(section.get("exclude", []), where)
    try:
        config = LinkcheckConfig.model_validate(section)
    except ValidationError as exc:
        raise UsageError(f"{where}: [tool.gpulist.linkcheck]: {_describe(exc)}") from None
    return config


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False):
        key = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown key '{key}'")
        else:
            parts.append(f"{key}: {err['msg']}")
    return "; ".join(parts)


def _check_patterns(patterns: object, where: str) -> None:
    for pattern in patterns if isinstance(patterns, list) else []:
        if not isinstance(pattern, str):
            continue  # pydantic names the wrong type
        try:
            re.compile(pattern)
        except re.error as exc:
            raise UsageError(f"{where}: [tool.gpulist.linkcheck]: exclude pattern {pattern!r}: {exc}") from None
