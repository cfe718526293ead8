"""Telling a network that is down from links that are dead, from the run's own evidence.

On a machine without working DNS every name fails to resolve, and each failure looks
like proof of rot ("DNS name does not exist"): one such weekly run used to report every
link of the list as broken and open a tracking issue saying so. Yet a run cannot tell,
for one name, a dead domain from a dead resolver; across a run it can. When at least
`MIN_HOSTS` distinct host names were looked up and not one resolved, the resolver (or the
network under it) is what failed: those links are `transient` with that reason, the run
exits 3, and neither the cache nor the failure streaks learn anything from it. A single
dead domain among names that resolve stays `broken`. Literal addresses need no lookup and
count for neither side.
"""

from __future__ import annotations

from gpulist.linkcheck.model import Result, Verdict
from gpulist.linkcheck.shard import host_of

MIN_HOSTS = 3


def judge(resolved: set[str], unresolved: set[str]) -> str | None:
    """Why the network looks unavailable, or None when the evidence does not say so."""
    failed = unresolved - resolved
    if resolved or len(failed) < MIN_HOSTS:
        return None
    return f"not one of the {len(failed)} host names of this run resolved"


def relabel(results: list[Result], unresolved: set[str], why: str) -> None:
    """Links whose host failed to resolve were not judged: transient, saying why."""
    for result in results:
        if _host(result.final_url or result.url) in unresolved and not result.cached:
            result.verdict = Verdict.TRANSIENT
            result.detail = f"network unavailable ({why}); {result.detail}"


def _host(url: str) -> str:
    return host_of(url).rstrip(".")
