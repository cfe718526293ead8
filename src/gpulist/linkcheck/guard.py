"""SSRF guard: a hostile pull request must not make CI probe its own network.

A link to http://169.254.169.254/ or to a name that resolves to 10.0.0.5 would have the CI
runner fetch its cloud metadata or an internal service. So before connecting we resolve
the host ourselves and refuse loopback, private, link-local, shared (CGNAT), reserved and
metadata addresses. Literal IPs need no lookup. The resolver is a dependency so tests can
say "this name does not exist" without ever asking real DNS.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

Resolver = Callable[[str], Awaitable[list[str]]]

_SHARED = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT; Alibaba's metadata lives here
_METADATA = {ipaddress.ip_address("169.254.169.254"), ipaddress.ip_address("fd00:ec2::254"),
             ipaddress.ip_address("100.100.100.200")}


class NameNotFound(Exception):
    """The name provably does not exist (NXDOMAIN): the link is broken, not flaky."""


class LookupFailed(Exception):
    """DNS did not answer usefully this time; worth retrying."""


async def system_resolver(host: str) -> list[str]:
    """Addresses of `host` through the system resolver, with its failures told apart."""
    loop = asyncio.get_running_loop()
    try:
        infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        if exc.errno in (socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
            raise NameNotFound(host) from None
        raise LookupFailed(f"{host}: {exc.strerror}") from None
    except UnicodeError:  # a label IDNA cannot encode: no such name can exist
        raise NameNotFound(host) from None
    except OSError as exc:
        raise LookupFailed(f"{host}: {exc}") from None
    return sorted({info[4][0] for info in infos})


def forbidden_reason(address: str) -> str | None:
    """Why connecting to `address` would reach something that is not the public web."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if ip in _METADATA:
        return "cloud metadata address"
    checks = (("loopback", ip.is_loopback), ("link-local", ip.is_link_local), ("unspecified", ip.is_unspecified),
              ("private", ip.is_private), ("multicast", ip.is_multicast), ("reserved", ip.is_reserved),
              ("shared (CGNAT)", ip.version == 4 and ip in _SHARED))
    return next((f"{name} address" for name, hit in checks if hit), None)


def literal_ip(host: str) -> str | None:
    candidate = host.strip("[]")
    try:
        ipaddress.ip_address(candidate.split("%", 1)[0])
    except ValueError:
        return None
    return candidate


@dataclass(slots=True)
class HostAnswer:
    """The guard's answer for one host: `refused` (excluded) or `missing` (broken), else fine."""

    refused: str | None = None
    missing: bool = False
    addresses: tuple[str, ...] = ()


class Guard:
    """Resolves each host once per run and remembers the answer.

    It also keeps the run's evidence about DNS itself: which host names resolved and which
    failed to, so the runner can tell a network that is down from links that are dead
    (`gpulist.linkcheck.network`). Literal addresses need no lookup and prove nothing.
    """

    def __init__(self, resolver: Resolver = system_resolver, allow_private: bool = False) -> None:
        self._resolver = resolver
        self._allow_private = allow_private
        self._answers: dict[str, asyncio.Future[HostAnswer]] = {}
        self.resolved: set[str] = set()
        self.unresolved: set[str] = set()

    async def check(self, host: str) -> HostAnswer:
        """Raises LookupFailed for a DNS failure worth retrying; that answer is not remembered."""
        host = host.lower().rstrip(".")
        pending = self._answers.get(host)
        if pending is None:
            pending = asyncio.ensure_future(self._decide(host))
            self._answers[host] = pending
        try:
            return await asyncio.shield(pending)
        except LookupFailed:
            self._answers.pop(host, None)
            raise

    async def _decide(self, host: str) -> HostAnswer:
        literal = literal_ip(host)
        if literal is not None:
            addresses = [literal]
        else:
            try:
                addresses = await self._resolver(host)
            except NameNotFound:
                self.unresolved.add(host)
                return HostAnswer(missing=True)
            except LookupFailed:
                self.unresolved.add(host)
                raise
            self.resolved.add(host)
        if self._allow_private:
            return HostAnswer(addresses=tuple(addresses))
        for address in addresses:
            reason = forbidden_reason(address)
            if reason:
                return HostAnswer(refused=f"{host} resolves to {address}, a {reason}" if literal is None
                                  else f"{address} is a {reason}")
        return HostAnswer(addresses=tuple(addresses))

    async def addresses(self, host: str) -> list[str]:
        """What the connection may use; OSError (a failed connect) for anything refused."""
        try:
            answer = await self.check(host)
        except LookupFailed as exc:
            raise OSError(f"DNS lookup failed: {exc}") from None
        if answer.missing or answer.refused or not answer.addresses:
            raise OSError(f"not connecting to {host}: {answer.refused or 'no approved address'}")
        return list(answer.addresses)
