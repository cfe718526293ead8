"""`[tool.gpulist.linkcheck]` in pyproject.toml, strictly validated.

A misspelt key (`exlcude`) silently ignored would let a maintainer believe a host is
excluded when it is not, so unknown keys are usage errors, like unknown fields in data/.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, ClassVar

from annotated_types import Ge, Gt, Le

from gpulist import __version__
from gpulist.linkcheck.model import Verdict
from gpulist.problems import UsageError
from gpulist.pyproject import tool_section

USER_AGENT = (
    f"gpulist-linkcheck/{__version__} (link checker of the gpulist GPU performance engineering reading list;"
    " polite: at most 10 requests in flight per host)"
)
CACHE_DIR = Path(".gpulist-cache")
DAY = 86_400.0
DEFAULT_TTL = {"ok": 7 * DAY, "redirected": 7 * DAY, "blocked": DAY, "suspect": DAY}


_FORBID = {"extra": "forbid"}  # pydantic's config for the dataclasses below: unknown keys are errors

PositiveInt = Annotated[int, Ge(1)]
Seconds = Annotated[float, Ge(0)]


@dataclass(frozen=True, slots=True)
class HostLimits:
    """Per-host politeness overrides, e.g. a slower pace for a host that rate-limits early."""

    __pydantic_config__: ClassVar[dict] = _FORBID
    concurrency: Annotated[int, Ge(1), Le(100)] | None = None
    interval: Seconds | None = None  # seconds between request starts


@dataclass(frozen=True)
class LinkcheckConfig:
    """Plain dataclasses, validated by pydantic only when pyproject.toml has a section.

    Most runs have none, and importing pydantic would then be a fifth of a pull-request
    run's start-up for nothing. Field meanings are documented in the README's example.
    """

    __pydantic_config__: ClassVar[dict] = _FORBID
    exclude: list[str] = field(default_factory=list)  # regular expressions: a match is `excluded`
    accept: list[int] = field(default_factory=list)  # extra status codes that count as ok
    timeout: Annotated[float, Gt(0)] = 20.0  # seconds per request
    max_concurrency: PositiveInt = 128  # requests in flight over all hosts
    host_concurrency: PositiveInt = 10  # requests in flight per host
    host_interval: Seconds = 0.05  # seconds between request starts per host
    hosts: dict[str, HostLimits] = field(default_factory=dict)
    retries: Annotated[int, Ge(0), Le(10)] = 2  # extra attempts on transient failures and 429
    backoff_base: Seconds = 1.0
    backoff_max: Seconds = 10.0
    retry_after_max: Seconds = 30.0  # longest Retry-After honoured
    max_redirects: Annotated[int, Ge(0)] = 10
    fragment_max_bytes: Annotated[int, Ge(1024)] = 2 * 1024 * 1024
    user_agent: str = USER_AGENT
    # seconds a verdict stays fresh; verdicts not named are rechecked on every run
    cache_ttl: dict[str, float] = field(default_factory=lambda: dict(DEFAULT_TTL))
    escalate_after: Annotated[int, Ge(0)] = 3  # transient this many runs in a row: broken (0: never)
    cache_file: Path = CACHE_DIR / "links.json"
    state_file: Path = CACHE_DIR / "link-state.json"
    _compiled: tuple[re.Pattern[str], ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_compiled", tuple(re.compile(p) for p in self.exclude))

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
    return parse_config(tool_section(pyproject, "linkcheck"), str(pyproject))


def parse_config(section: dict, where: str = "config") -> LinkcheckConfig:
    if not section:
        return LinkcheckConfig()
    _check_patterns(section.get("exclude", []), where)
    _check_ttl(section.get("cache_ttl"), where)
    from pydantic import TypeAdapter, ValidationError

    try:
        return TypeAdapter(LinkcheckConfig).validate_python(section)
    except ValidationError as exc:
        raise UsageError(f"{where}: [tool.gpulist.linkcheck]: {describe_validation_error(exc)}") from None


def _check_ttl(ttl: object, where: str) -> None:
    if not isinstance(ttl, dict):
        return  # absent, or the wrong type: pydantic names it
    unknown = sorted(set(ttl) - {v.value for v in Verdict})
    if unknown:
        raise UsageError(f"{where}: [tool.gpulist.linkcheck]: cache_ttl: unknown verdict(s) {', '.join(unknown)}")
    if any(isinstance(v, (int, float)) and v < 0 for v in ttl.values()):
        raise UsageError(f"{where}: [tool.gpulist.linkcheck]: cache_ttl: a time-to-live cannot be negative")


def describe_validation_error(exc: Any) -> str:
    """A settings section's pydantic errors in one line; shared with [tool.gpulist.watch]."""
    parts = []
    for err in exc.errors(include_url=False):
        key = ".".join(str(p) for p in err["loc"])
        if err["type"] in ("extra_forbidden", "unexpected_keyword_argument"):
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
