"""Checking one URL: HEAD then GET, redirects followed hop by hop, retries.

Redirects are followed here rather than by the HTTP client so that every hop passes the
SSRF guard and the politeness of its own host, so 301/308 can be told from 302/307, and so cookies
and credentials never travel to a host they did not come from.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http.cookies import CookieError, SimpleCookie
from urllib.parse import urljoin, urlsplit, urlunsplit

from gpulist.linkcheck import classify, fragments, wire
from gpulist.linkcheck.config import LinkcheckConfig
from gpulist.linkcheck.guard import Guard, LookupFailed
from gpulist.linkcheck.model import Result, Target, Verdict
from gpulist.linkcheck.politeness import HostGaveUp, Politeness
from gpulist.linkcheck.retry import backoff, parse_retry_after

_CHUNK = 16 * 1024


@dataclass(slots=True)
class Context:
    wire: wire.Wire
    politeness: Politeness
    guard: Guard
    config: LinkcheckConfig
    rng: random.Random = field(default_factory=random.Random)
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep


@dataclass(slots=True)
class Answer:
    """The outcome of one attempt; `retryable` says whether another attempt could differ."""

    verdict: Verdict
    detail: str = ""
    status: int | None = None
    final_url: str | None = None
    retryable: bool = False
    retry_after: float | None = None
    slow_down: str | None = None  # the host that asked us to slow down (429, or 503 with Retry-After)


@dataclass(slots=True)
class _Reply:
    status: int
    headers: dict[str, str]  # only the few we read, lower-case names
    anchor: bool | None = None  # None: not checked


@dataclass(slots=True)
class _Chain:
    """What one attempt has seen so far while following redirects."""

    original: str
    fragment: str
    seen: set[tuple[str, str]] = field(default_factory=set)  # (url, cookies sent): a new cookie is progress
    moved_to: str | None = None  # target of the last permanent redirect
    cookies: dict[str, SimpleCookie] = field(default_factory=dict)
    waited: tuple[float, str] | None = None  # how long a host's hold kept us back, and why


async def check(target: Target, ctx: Context) -> Result:
    started = time.perf_counter()
    try:
        answer, attempts = _precheck(target.url, ctx.config), 0
    except ValueError as exc:
        answer, attempts = Answer(Verdict.BROKEN, f"invalid URL: {exc}"), 0
    while answer is None or _again(answer, attempts, ctx):
        if answer is not None:
            await _pause(answer, attempts, ctx)
        attempts += 1
        answer = await attempt(target.url, ctx)
    elapsed = int((time.perf_counter() - started) * 1000)
    final = answer.final_url if answer.final_url not in (target.url, _bare(target.url)) else None
    return Result(target.url, answer.verdict, answer.status, final, answer.detail, attempts, elapsed,
                  list(target.sources))


def _precheck(url: str, config: LinkcheckConfig) -> Answer | None:
    scheme = urlsplit(url).scheme.lower()
    if scheme not in ("http", "https"):
        return Answer(Verdict.UNSUPPORTED, f"scheme '{scheme}:' is not checked")
    if config.excluded(url):
        return Answer(Verdict.EXCLUDED, "excluded by configuration")
    return None


def _again(answer: Answer, attempts: int, ctx: Context) -> bool:
    cap = ctx.config.retry_after_max
    if answer.retry_after is not None and answer.retry_after > cap:
        answer.detail += f" (Retry-After {answer.retry_after:g}s is beyond the {cap:g}s cap)"
        if answer.slow_down:
            ctx.politeness.give_up(answer.slow_down, f"not requested: {answer.slow_down} asked to wait "
                                                     f"{answer.retry_after:g}s (Retry-After), beyond the {cap:g}s cap")
        return False
    return answer.retryable and attempts <= ctx.config.retries


async def _pause(answer: Answer, attempts: int, ctx: Context) -> None:
    """Before a retry. A host that asked us to slow down is held as a whole: this URL's retry
    and every other queued request to it wait in the politeness layer, not here."""
    wait = _wait(answer, attempts, ctx)
    if answer.slow_down is None:
        await ctx.sleep(wait)
        return
    why = (f"Retry-After {answer.retry_after:g}s" if answer.retry_after is not None
           else f"no Retry-After, backing off {wait:.1f}s")
    ctx.politeness.hold(answer.slow_down, wait, f"{answer.slow_down} answered HTTP {answer.status}, {why}")


def _wait(answer: Answer, attempts: int, ctx: Context) -> float:
    if answer.retry_after is not None:
        return answer.retry_after
    return backoff(attempts, ctx.config.backoff_base, ctx.config.backoff_max, ctx.rng)


async def attempt(url: str, ctx: Context) -> Answer:
    """One try: follow redirects up to the limit, then judge the last answer; say if a host's hold delayed it."""
    current, _, fragment = url.partition("#")
    chain = _Chain(original=url, fragment=fragment)
    answer = await _follow(current, chain, ctx)
    if chain.waited is not None:
        seconds, why = chain.waited
        answer.detail += f"{'; ' if answer.detail else ''}waited {seconds:.1f}s before requesting ({why})"
    return answer


async def _follow(current: str, chain: _Chain, ctx: Context) -> Answer:
    for _ in range(ctx.config.max_redirects + 1):
        chain.seen.add(_visit(current, chain))
        hop = await _hop(current, chain, ctx)
        if isinstance(hop, Answer):
            return hop
        location = hop.headers.get("location")
        if hop.status not in classify.REDIRECTS or not location:
            return _judge(hop, current, chain, ctx)
        target = _next_url(current, location, chain)
        if _visit(target, chain) in chain.seen:
            return Answer(Verdict.BROKEN, f"redirect loop back to {target}", hop.status, target)
        if hop.status in classify.PERMANENT_REDIRECTS:
            chain.moved_to = target
        current = target
    return Answer(Verdict.BROKEN, f"more than {ctx.config.max_redirects} redirects", None, current)


def _visit(url: str, chain: _Chain) -> tuple[str, str]:
    if not chain.cookies:  # nearly always: no need to split the URL for its host
        return url, ""
    return url, _cookie_header(chain.cookies.get(urlsplit(url).hostname or ""))


def _next_url(current: str, location: str, chain: _Chain) -> str:
    """Resolve Location; credentials written in the original URL stay with the original host."""
    parts = urlsplit(urljoin(current, location.strip()))
    netloc = parts.netloc
    if "@" in netloc and parts.hostname != urlsplit(chain.original).hostname:
        netloc = netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=netloc, fragment=""))


async def _hop(url: str, chain: _Chain, ctx: Context) -> _Reply | Answer:
    parts = urlsplit(url)
    host = parts.hostname  # a property that parses the netloc again on every use
    if parts.scheme not in ("http", "https") or not host:
        return Answer(Verdict.UNSUPPORTED, f"redirected to {url}, which is not an http(s) URL", final_url=url)
    refusal = await _guarded(host, url, ctx) or _given_up(host, url, ctx)
    if refusal is not None:
        return refusal
    try:
        return await _request(url, host, chain, ctx)
    except HostGaveUp as exc:
        return Answer(Verdict.RATE_LIMITED, str(exc), final_url=url)
    except wire.WireError as exc:
        verdict, detail = classify.classify_error(exc)
        return Answer(verdict, detail, final_url=url, retryable=True)
    except wire.BadURL as exc:  # IDNA and URL syntax errors
        return Answer(Verdict.BROKEN, f"invalid URL: {exc}", final_url=url)


async def _guarded(host: str, url: str, ctx: Context) -> Answer | None:
    try:
        answer = await ctx.guard.check(host)
    except LookupFailed as exc:
        return Answer(Verdict.TRANSIENT, f"DNS lookup failed: {exc}", final_url=url, retryable=True)
    if answer.missing:
        return Answer(Verdict.BROKEN, f"DNS name {host} does not exist", final_url=url)
    if answer.refused:
        return Answer(Verdict.EXCLUDED, f"not checked: {answer.refused} (use --allow-private to check it)",
                      final_url=url)
    return None


def _given_up(host: str, url: str, ctx: Context) -> Answer | None:
    why = ctx.politeness.refusal(host)
    return Answer(Verdict.RATE_LIMITED, why, final_url=url) if why else None


async def _request(url: str, host: str, chain: _Chain, ctx: Context) -> _Reply:
    """HEAD is cheap; GET decides whenever HEAD is refused or may lie, and for fragments."""
    check_anchor = fragments.needs_check(chain.fragment)
    if not check_anchor:
        reply = await _send("HEAD", url, host, chain, ctx, None)
        if 200 <= reply.status < 400 or reply.status == 429:
            return reply
    wanted = fragments.wanted_ids(chain.fragment, host) if check_anchor else None
    return await _send("GET", url, host, chain, ctx, wanted)


async def _send(method: str, url: str, host: str, chain: _Chain, ctx: Context, wanted: set[str] | None) -> _Reply:
    headers = {"user-agent": ctx.config.user_agent, "accept": "*/*", "accept-encoding": "gzip, deflate"}
    if chain.cookies.get(host):
        headers["cookie"] = _cookie_header(chain.cookies[host])
    slot = ctx.politeness.slot(host)
    async with slot:
        if slot.waited is not None:
            chain.waited = slot.waited
        response = await ctx.wire.request(method, url, headers)
        try:
            headers, cookies = wire.read_headers(response.raw_headers, _READ)
            _keep_cookies(cookies, host, chain)
            anchor = None
            if wanted is not None and 200 <= response.status < 300 and _is_html(headers):
                anchor = await _find_anchor(response, wanted, ctx.config.fragment_max_bytes)
            elif method == "GET" and _small(headers):
                await response.read()  # a fully read answer lets its connection serve the next request
            return _Reply(response.status, headers, anchor)
        finally:
            response.close()  # an unread body is dropped with its connection, never downloaded


_READ = frozenset({"location", "content-type", "content-length", "cf-mitigated", "retry-after"})


def _small(headers: dict[str, str]) -> bool:
    length = headers.get("content-length", "")
    return length.isdigit() and int(length) <= _CHUNK


def _is_html(headers: dict[str, str]) -> bool:
    content_type = headers.get("content-type", "").split(";", 1)[0].strip().lower()
    return content_type in fragments.HTML_TYPES


async def _find_anchor(response: wire.Response, wanted: set[str], limit: int) -> bool | None:
    """True/False once known; None when the page is larger than we are willing to read."""
    finder = fragments.AnchorFinder(wanted, response.charset or "utf-8")
    read = 0
    async for chunk in response.chunks(_CHUNK):
        if finder.feed_bytes(chunk[: max(0, limit - read)]):
            return True
        read += len(chunk)
        if read >= limit:
            return None
    finder.close()
    return finder.found


def _keep_cookies(cookies: list[str], host: str, chain: _Chain) -> None:
    """Some sites set a cookie and redirect to themselves; it may go back to that host only."""
    for value in cookies:
        jar = chain.cookies.setdefault(host, SimpleCookie())
        try:
            jar.load(value)
        except CookieError:
            continue


def _cookie_header(jar: SimpleCookie | None) -> str:
    return "; ".join(f"{k}={m.value}" for k, m in jar.items()) if jar else ""


def _judge(reply: _Reply, url: str, chain: _Chain, ctx: Context) -> Answer:
    verdict, detail = classify.classify_status(reply.status, reply.headers, ctx.config.accept)
    after = f" after redirect to {url}" if url != _bare(chain.original) else ""
    final = url if after else None
    if verdict is not Verdict.OK:
        retry_after = parse_retry_after(reply.headers.get("retry-after")) if reply.status in (429, 503) else None
        slow_down = urlsplit(url).hostname if reply.status == 429 or retry_after is not None else None
        return Answer(verdict, detail + after, reply.status, final, classify.retryable_status(reply.status),
                      retry_after, slow_down)
    if reply.anchor is False:
        return Answer(Verdict.BROKEN, f"#{chain.fragment} not found on the page{after}", reply.status, final)
    if final and classify.is_suspect(chain.original, url):
        return Answer(Verdict.SUSPECT, f"landed on a login or consent page: {url}", reply.status, url)
    if chain.moved_to:
        return Answer(Verdict.REDIRECTED, f"moved permanently to {chain.moved_to}", reply.status, url)
    if reply.anchor is None and fragments.needs_check(chain.fragment):
        detail += f"; #{chain.fragment} not checked (not HTML, or larger than we read)"
    return Answer(Verdict.OK, detail, reply.status, final)


def _bare(url: str) -> str:
    return url.partition("#")[0]
