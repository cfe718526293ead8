"""`--shard I/N`: split URLs by host so each host is checked by one machine only.

Splitting by URL would put one host's links on every shard and multiply the load each
host sees by N; splitting by a stable hash of the host name keeps our per-host politeness
true across the whole matrix, and keeps a URL in the same shard run after run.
"""

from __future__ import annotations

import hashlib
import re
from urllib.parse import urlsplit

from gpulist.linkcheck.model import Target
from gpulist.problems import UsageError

_SPEC = re.compile(r"^(\d+)/(\d+)$")


def parse_shard(spec: str) -> tuple[int, int]:
    """'2/4' -> (2, 4); I is 1-based, as a CI matrix counts."""
    match = _SPEC.match(spec.strip())
    if not match:
        raise UsageError(f"--shard must look like I/N, e.g. 1/4 (got '{spec}')")
    index, count = int(match.group(1)), int(match.group(2))
    if count < 1 or not 1 <= index <= count:
        raise UsageError(f"--shard {spec}: I must be between 1 and N")
    return index, count


def host_of(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


def shard_of(url: str, count: int) -> int:
    """1-based shard of the URL's host; Python's hash() is salted per process, so not that."""
    host = host_of(url)
    digest = hashlib.blake2b(host.encode("utf-8", "replace"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % count + 1


def select(targets: list[Target], index: int, count: int) -> list[Target]:
    return targets if count == 1 else [t for t in targets if shard_of(t.url, count) == index]
