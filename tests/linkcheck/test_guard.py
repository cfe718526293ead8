"""The SSRF guard, with an injected resolver: no test asks real DNS."""

from __future__ import annotations

import asyncio

import pytest

from gpulist.linkcheck.guard import Guard, LookupFailed, forbidden_reason
from gpulist.linkcheck.model import Verdict
from tests.linkcheck.fake_wire import FakeWire
from tests.linkcheck.conftest import check_one, fake_resolver


@pytest.mark.parametrize(("address", "reason"), [
    ("127.0.0.1", "loopback"), ("::1", "loopback"), ("10.1.2.3", "private"), ("192.168.0.1", "private"),
    ("172.16.5.4", "private"), ("169.254.169.254", "metadata"), ("169.254.1.1", "link-local"),
    ("fe80::1", "link-local"), ("::ffff:127.0.0.1", "loopback"), ("100.100.100.200", "metadata"),
    ("100.64.0.1", "shared"), ("0.0.0.0", "unspecified"), ("fd00:ec2::254", "metadata"),
])
def test_forbidden_addresses(address: str, reason: str) -> None:
    assert reason in (forbidden_reason(address) or "")


@pytest.mark.parametrize("address", ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "not-an-ip"])
def test_public_addresses_pass(address: str) -> None:
    assert forbidden_reason(address) is None


@pytest.mark.parametrize("url", ["http://intranet.test/", "http://metadata.test/latest/meta-data/",
                                 "http://mapped.test/", "http://169.254.169.254/", "http://[::1]:8080/"])
def test_private_targets_are_excluded_without_allow_private(url: str) -> None:
    result = check_one(url, allow_private=False)
    assert result.verdict is Verdict.EXCLUDED and "--allow-private" in result.detail


def test_a_redirect_into_the_private_network_is_refused() -> None:
    requested: list[str] = []

    def handler(method: str, url: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
        requested.append(url)
        return 302, {"location": "http://intranet.test/admin"}, b""

    result = check_one("http://public.test/", allow_private=False, wire=FakeWire(handler))
    assert result.verdict is Verdict.EXCLUDED and "10.0.0.5" in result.detail
    assert requested == ["http://public.test/"]


def test_lookups_are_made_once_per_host() -> None:
    calls: list[str] = []

    async def resolver(host: str) -> list[str]:
        calls.append(host)
        return ["93.184.216.34"]

    async def main() -> None:
        guard = Guard(resolver)
        await asyncio.gather(*(guard.check("Example.ORG") for _ in range(5)))

    asyncio.run(main())
    assert calls == ["example.org"]


def test_a_failed_lookup_is_retried_not_remembered() -> None:
    attempts: list[str] = []

    async def resolver(host: str) -> list[str]:
        attempts.append(host)
        if len(attempts) == 1:
            raise LookupFailed("temporary failure")
        return ["93.184.216.34"]

    async def main() -> None:
        guard = Guard(resolver)
        with pytest.raises(LookupFailed):
            await guard.check("a.org")
        assert (await guard.check("a.org")).addresses == ("93.184.216.34",)

    asyncio.run(main())
