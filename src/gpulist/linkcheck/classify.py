"""What an HTTP answer or a failure means for a link: the verdict table, as code.

Only proof of rot is `broken`. Bot walls (401/403/406/999, Cloudflare challenges) are
`blocked`: the page may be fine, we cannot tell. Everything that may pass by itself
(timeouts, 5xx, refused connections, TLS trouble) is `transient` and retried.
"""

from __future__ import annotations

import re
import ssl
from http import HTTPStatus
from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from gpulist.linkcheck import wire
from gpulist.linkcheck.model import Verdict

BROKEN_CODES = frozenset({404, 410})
BLOCKED_CODES = frozenset({401, 403, 406, 451, 999})
PERMANENT_REDIRECTS = frozenset({301, 308})
REDIRECTS = frozenset({301, 302, 303, 307, 308})
_LOGIN = re.compile(
    r"(^|/)(login|log-in|signin|sign-in|sign_in|sso|auth|authorize|oauth2?|session/new|accounts/login"
    r"|consent|cookie-consent|gdpr)(/|\.|$|\?)",
    re.IGNORECASE,
)
_LOGIN_HOSTS = ("consent.", "login.", "signin.", "accounts.", "auth.", "sso.")


def is_challenge(headers: Mapping[str, str]) -> bool:
    """Cloudflare marks its bot challenges explicitly; the status alone (403, 503) does not tell."""
    return headers.get("cf-mitigated", "").lower() == "challenge"


def classify_status(status: int, headers: Mapping[str, str], accept: Iterable[int] = ()) -> tuple[Verdict, str]:
    """The verdict for the last answer of a redirect chain (redirects are followed elsewhere)."""
    reason = status_text(status)
    if is_challenge(headers):
        return Verdict.BLOCKED, f"HTTP {status}: bot challenge (cf-mitigated: challenge)"
    if status in accept or 200 <= status < 300:
        return Verdict.OK, reason
    if status in BROKEN_CODES:
        return Verdict.BROKEN, reason
    if status in BLOCKED_CODES:
        return Verdict.BLOCKED, f"{reason}: the site refuses robots; alive or not, we cannot tell"
    if status == 429:
        return Verdict.RATE_LIMITED, reason
    if status >= 500:
        return Verdict.TRANSIENT, reason
    return Verdict.BLOCKED, f"{reason}: the server refused the request"


def retryable_status(status: int) -> bool:
    return status == 429 or status >= 500


def classify_error(exc: BaseException) -> tuple[Verdict, str]:
    """Failures without an HTTP status: all may pass by themselves, so all are transient."""
    if isinstance(exc, wire.Timeout):
        return Verdict.TRANSIENT, f"timed out ({type(exc).__name__})"
    if isinstance(exc, wire.TLSFailed) or _is_tls(exc):
        return Verdict.TRANSIENT, f"TLS failure: {_message(exc)}"
    if isinstance(exc, wire.ConnectFailed):
        return Verdict.TRANSIENT, f"cannot connect: {_message(exc)}"
    if isinstance(exc, wire.ProtocolError):
        return Verdict.TRANSIENT, f"not a valid HTTP answer: {_message(exc)}"
    if isinstance(exc, wire.Reset):
        return Verdict.TRANSIENT, f"connection reset: {_message(exc)}"
    return Verdict.TRANSIENT, f"{type(exc).__name__}: {_message(exc)}"


def is_suspect(original: str, final: str) -> bool:
    """Landed on a login or consent page the entry did not itself point at."""
    return _looks_like_login(final) and not _looks_like_login(original)


def _looks_like_login(url: str) -> bool:
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    return host.startswith(_LOGIN_HOSTS) or bool(_LOGIN.search(parts.path))


def _is_tls(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    for _ in range(5):
        if seen is None:
            return False
        if isinstance(seen, ssl.SSLError) or "SSL" in type(seen).__name__ or "CERTIFICATE" in str(seen):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def _message(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:200]


def status_text(status: int) -> str:
    """'HTTP 404 Not Found', or 'HTTP 599' for a code with no standard phrase."""
    try:
        return f"HTTP {status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"HTTP {status}"
