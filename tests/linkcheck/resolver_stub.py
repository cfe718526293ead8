"""Run `gpulist` with a stub resolver, so name resolution fails the same way on every machine.

Usage: python tests/linkcheck/resolver_stub.py GPULIST-ARGS...

`GPULIST_STUB_HOSTS="live-1.test=127.0.0.1,live-2.test=127.0.0.2"` names the only host
names that resolve; every other name fails as with no working DNS (`EAI_NONAME`, or
`EAI_AGAIN` with `GPULIST_STUB_DNS=again`). Numeric addresses pass through unchanged. No
query ever leaves the machine, whether or not it has DNS: a test of "the network is
down" must not depend on the network being down, nor on it being up.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import sys

_real = socket.getaddrinfo
_TABLE = dict(item.split("=", 1) for item in os.environ.get("GPULIST_STUB_HOSTS", "").split(",") if "=" in item)
_ERROR = socket.EAI_AGAIN if os.environ.get("GPULIST_STUB_DNS") == "again" else socket.EAI_NONAME


def _getaddrinfo(host, *args, **kwargs):  # type: ignore[no-untyped-def]
    name = host.decode() if isinstance(host, bytes) else host
    if name in _TABLE:
        return _real(_TABLE[name], *args, **kwargs)
    try:
        ipaddress.ip_address((name or "").split("%", 1)[0])
    except ValueError:
        raise socket.gaierror(_ERROR, "stub resolver: no such name") from None
    return _real(host, *args, **kwargs)


if __name__ == "__main__":
    socket.getaddrinfo = _getaddrinfo
    from gpulist.cli import main

    sys.exit(main(sys.argv[1:]))
