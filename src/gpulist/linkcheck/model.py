"""The values every stage of the checker passes around."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gpulist.linkcheck.network import NETWORK_DOWN


class Verdict(str, Enum):
    """One word per URL; only `broken` fails a normal run, because only it is proof of rot."""

    OK = "ok"
    REDIRECTED = "redirected"
    BROKEN = "broken"
    BLOCKED = "blocked"
    RATE_LIMITED = "rate_limited"
    TRANSIENT = "transient"
    SUSPECT = "suspect"
    EXCLUDED = "excluded"
    UNSUPPORTED = "unsupported"


# Verdicts that still pass under --strict: nothing about them needs a person's attention.
STRICT_PASS = frozenset({Verdict.OK, Verdict.REDIRECTED, Verdict.EXCLUDED})
# Report order: what needs action first.
ORDER = (
    Verdict.BROKEN, Verdict.REDIRECTED, Verdict.SUSPECT, Verdict.BLOCKED, Verdict.RATE_LIMITED,
    Verdict.TRANSIENT, Verdict.UNSUPPORTED, Verdict.EXCLUDED, Verdict.OK,
)


@dataclass(frozen=True, slots=True, order=True)
class Source:
    """Where a URL was written, so a report can send a maintainer to the line."""

    file: str
    line: int


@dataclass(slots=True)
class Target:
    """One distinct URL and every place that uses it; each URL is fetched once per run."""

    url: str
    sources: list[Source] = field(default_factory=list)


@dataclass(slots=True)
class Result:
    url: str
    verdict: Verdict
    status: int | None = None
    final_url: str | None = None
    detail: str = ""
    attempts: int = 0
    elapsed_ms: int = 0
    sources: list[Source] = field(default_factory=list)
    cached: bool = False


@dataclass(slots=True)
class Run:
    """A run's results, and whether the run found the network itself unavailable (and why)."""

    results: list[Result]
    network_down: str | None = None
    waits: dict[str, str] = field(default_factory=dict)  # hosts that asked us to slow down: how long, why


def exit_code(results: list[Result], strict: bool, network_down: str | None = None) -> int:
    """0 when nothing is provably broken; --strict also fails on anything not plainly fine.

    3 when the network was down: nothing was judged, so neither 0 nor 1 would be true.
    """
    if network_down:
        return NETWORK_DOWN
    if any(r.verdict is Verdict.BROKEN for r in results):
        return 1
    if strict and any(r.verdict not in STRICT_PASS for r in results):
        return 1
    return 0


def summary(results: list[Result]) -> dict[str, int]:
    counts = {v.value: 0 for v in ORDER}
    for r in results:
        counts[r.verdict.value] += 1
    return counts
