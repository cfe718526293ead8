"""The network-down rule, one for every command that goes out to the web.

A run in which nothing at all answered (every name failed to resolve, every connection
failed or timed out) says nothing about the links or feeds it tried: the machine is
offline, or DNS is down. Reporting each as broken would open a flood of false alarms, so
such a run exits with NETWORK_DOWN instead. One answer, even a 404, shows the network
works, and then every failure is reported as itself.

check-links needs one more distinction, and makes it from DNS evidence alone (`judge`):
with no working DNS every name fails, and each failure reads as "this domain does not
exist", so a weekly run reported the whole list broken. Yet for one name a dead domain
and a dead resolver look alike, and a pull request adding one link to a dead domain must
hear "broken". So the network counts as down only when at least `MIN_HOSTS` distinct host
names were looked up and not one resolved; one name that resolves proves DNS works, and
every failure is then reported as itself. Literal addresses need no lookup and count for
neither side.
"""

from __future__ import annotations

from collections.abc import Iterable

NETWORK_DOWN = 3  # exit code: nothing could be reached at all
MESSAGE = "nothing could be reached at all: the network or DNS looks down"


def network_down(answered: Iterable[bool]) -> bool:
    """True when at least one request was tried and none got any HTTP answer."""
    tried = False
    for got_answer in answered:
        if got_answer:
            return False
        tried = True
    return tried


MIN_HOSTS = 3


def judge(resolved: set[str], unresolved: set[str]) -> str | None:
    """check-links: why the network looks unavailable, or None when DNS evidence does not say so."""
    failed = unresolved - resolved
    if resolved or len(failed) < MIN_HOSTS:
        return None
    return f"not one of the {len(failed)} host names of this run resolved"
