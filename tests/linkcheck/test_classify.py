from __future__ import annotations

import ssl

import pytest

from gpulist.linkcheck import wire

from gpulist.linkcheck.classify import classify_error, classify_status, is_suspect, retryable_status
from gpulist.linkcheck.model import Verdict as V


@pytest.mark.parametrize(("status", "verdict"), [
    (200, V.OK), (204, V.OK), (404, V.BROKEN), (410, V.BROKEN), (401, V.BLOCKED), (403, V.BLOCKED),
    (406, V.BLOCKED), (999, V.BLOCKED), (451, V.BLOCKED), (429, V.RATE_LIMITED), (500, V.TRANSIENT),
    (502, V.TRANSIENT), (503, V.TRANSIENT), (400, V.BLOCKED),
])
def test_status_table(status: int, verdict: V) -> None:
    assert classify_status(status, {})[0] is verdict


def test_a_cloudflare_challenge_is_blocked_whatever_the_status() -> None:
    assert classify_status(503, {"cf-mitigated": "challenge"})[0] is V.BLOCKED


def test_accepted_codes() -> None:
    assert classify_status(418, {}, accept=[418])[0] is V.OK


def test_only_429_and_5xx_are_retried() -> None:
    assert [retryable_status(s) for s in (200, 404, 403, 429, 500, 503)] == [False, False, False, True, True, True]


@pytest.mark.parametrize(("exc", "detail"), [
    (wire.ConnectTimeout("t"), "timed out (ConnectTimeout)"), (wire.ReadTimeout("t"), "timed out (ReadTimeout)"),
    (wire.ConnectFailed("refused"), "cannot connect: refused"), (wire.ProtocolError("bad"), "not a valid HTTP answer: bad"),
    (wire.Reset("reset"), "connection reset: reset"), (wire.TLSFailed("CERTIFICATE_VERIFY_FAILED"),
                                                        "TLS failure: CERTIFICATE_VERIFY_FAILED"),
])
def test_failures_without_status_are_transient(exc: Exception, detail: str) -> None:
    assert classify_error(exc) == (V.TRANSIENT, detail)


def test_tls_failures_say_so_even_when_only_the_cause_knows() -> None:
    try:
        try:
            raise ssl.SSLError("bad handshake")
        except ssl.SSLError as cause:
            raise wire.ConnectFailed("connection failed") from cause
    except wire.ConnectFailed as exc:
        assert classify_error(exc)[1].startswith("TLS failure")


@pytest.mark.parametrize(("original", "final", "suspect"), [
    ("https://example.org/paper", "https://example.org/login?next=/paper", True),
    ("https://example.org/paper", "https://consent.example.org/", True),
    ("https://example.org/paper", "https://accounts.example.org/signin", True),
    ("https://example.org/login", "https://example.org/login/", False),
    ("https://example.org/a", "https://example.org/b", False),
    ("https://example.org/a", "https://example.org/blog/authoring-tips", False),
])
def test_login_and_consent_pages(original: str, final: str, suspect: bool) -> None:
    assert is_suspect(original, final) is suspect
