"""The network-down rule, one for every command that goes out to the web.

A run in which nothing at all answered (every name failed to resolve, every connection
failed or timed out) says nothing about the links or feeds it tried: the machine is
offline, or DNS is down. Reporting each as broken would open a flood of false alarms, so
such a run exits with NETWORK_DOWN instead. One answer, even a 404, shows the network
works, and then every failure is reported as itself.
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
