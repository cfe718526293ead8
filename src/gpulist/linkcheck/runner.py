"""One whole run: gather URLs, narrow them (changed lines, shard), consult the cache,
check the rest concurrently, apply the failure state, remember, and hand back results.
"""

from __future__ import annotations

import asyncio
import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.linkcheck import fetch, inputs, network, shard
from gpulist.linkcheck.cache import Cache
from gpulist.linkcheck.config import LinkcheckConfig
from gpulist.linkcheck.guard import Guard, Resolver, system_resolver
from gpulist.linkcheck.model import Result, Run, Target, Verdict
from gpulist.linkcheck.politeness import Politeness
from gpulist.linkcheck.progress import Bar
from gpulist.linkcheck.state import FailureState
from gpulist.linkcheck.transport import AiohttpWire
from gpulist.linkcheck.wire import Wire

Warn = Callable[[str], None]


@dataclass(slots=True)
class Options:
    inputs: list[Path] = field(default_factory=lambda: [Path("data")])
    config: LinkcheckConfig = field(default_factory=LinkcheckConfig)
    changed_since: str | None = None
    use_cache: bool = True
    allow_private: bool = False
    shard: tuple[int, int] = (1, 1)
    cache_file: Path | None = None
    state_file: Path | None = None
    progress: bool = False


@dataclass(slots=True)
class Dependencies:
    """What tests replace: DNS, the wire that speaks HTTP, and randomness."""

    resolver: Resolver = system_resolver
    wire: Wire | None = None
    rng: random.Random = field(default_factory=random.Random)
    warn: Warn = lambda _message: None


def gather(options: Options, warn: Warn) -> list[Target]:
    """The targets of this run; with --changed-since, only files git says changed are read."""
    if options.changed_since is None:
        targets = inputs.collect(options.inputs, warn=warn)
    else:
        from gpulist.linkcheck import changed  # git plumbing, for pull-request runs only

        changes = changed.changed_lines(options.changed_since, options.inputs)
        targets = changed.select(inputs.collect(options.inputs, only=changes.touches, warn=warn), changes)
    return shard.select(targets, *options.shard)


def run(options: Options, deps: Dependencies | None = None) -> Run:
    deps = deps or Dependencies()
    targets = gather(options, deps.warn)
    return asyncio.run(check_run(targets, options, deps))


async def check_targets(targets: list[Target], options: Options, deps: Dependencies) -> list[Result]:
    return (await check_run(targets, options, deps)).results


async def check_run(targets: list[Target], options: Options, deps: Dependencies) -> Run:
    """Cached answers, then the rest checked; a run that found the network down remembers nothing."""
    config = options.config
    cache = Cache(options.cache_file or config.cache_file, config.cache_ttl)
    if options.use_cache:
        cache.load(deps.warn)
    remembered = [cache.get(t.url, t.sources) if options.use_cache else None for t in targets]
    todo = [t for t, hit in zip(targets, remembered) if hit is None]
    guard = Guard(deps.resolver, options.allow_private)
    polite = Politeness(config.max_concurrency, config.limits_for)
    with Bar(len(todo), options.progress) as advance:
        fresh = await _check_all(todo, options, deps, (guard, polite), advance)
    by_url = {r.url: r for r in fresh}
    results = [hit or by_url[t.url] for t, hit in zip(targets, remembered)]
    down = network.judge(guard.resolved, guard.unresolved)
    if down:
        _not_judged(fresh, guard.unresolved, down)
        deps.warn(f"network unavailable: {down}; links not judged, nothing cached, failure streaks unchanged "
                  f"(exit {network.NETWORK_DOWN})")
    else:
        _remember(results, fresh, options, cache, deps.warn)
    return Run(results, down, polite.holds())


def _not_judged(results: list[Result], unresolved: set[str], why: str) -> None:
    """With the network down, links whose host failed to resolve were not judged: transient, saying why."""
    for result in results:
        if shard.host_of(result.final_url or result.url).rstrip(".") in unresolved:
            result.verdict = Verdict.TRANSIENT
            result.detail = f"network unavailable ({why}); {result.detail}"


async def _check_all(todo: list[Target], options: Options, deps: Dependencies, run: tuple[Guard, Politeness],
                     advance: Callable[[], None]) -> list[Result]:
    """`run`: the guard and politeness whose evidence (DNS, holds) the caller reports on."""
    guard, polite = run
    wire = deps.wire or AiohttpWire(options.config, guard)
    ctx = fetch.Context(wire, polite, guard, options.config, deps.rng)
    done: dict[str, Result] = {}

    async def worker(queue: deque[Target]) -> None:
        while queue:
            target = queue.popleft()
            done[target.url] = await _check_safely(target, ctx)
            advance()

    try:
        await asyncio.gather(*(worker(queue) for queue in _workers(todo, options.config)))
    finally:
        if deps.wire is None:
            await wire.close()
    return [done[t.url] for t in todo]


async def _check_safely(target: Target, ctx: fetch.Context) -> Result:
    """A bug met on one odd URL must not cost the other 9,999 their results; it is reported."""
    try:
        return await fetch.check(target, ctx)
    except Exception as exc:  # noqa: BLE001 - turned into a visible result, never swallowed
        detail = f"checker error, please report it: {type(exc).__name__}: {exc}"
        return Result(target.url, Verdict.TRANSIENT, detail=detail, sources=list(target.sources))


def _workers(todo: list[Target], config: LinkcheckConfig) -> list[deque[Target]]:
    """Per host, as many workers as it may have requests in flight, interleaved across hosts.

    One task per URL would make the event loop step through every URL of the run before
    the first request goes out, and keep thousands of tasks parked on host semaphores.
    """
    queues: dict[str, deque[Target]] = {}
    hosts: dict[str, str] = {}  # the URL's start up to its path -> its host, split once per distinct start
    for target in todo:
        start = target.url.partition("://")[2].partition("/")[0]
        host = hosts.get(start)
        if host is None:
            host = hosts[start] = shard.host_of(target.url)
        queues.setdefault(host, deque()).append(target)
    per_host = [[queue] * min(len(queue), config.limits_for(host)[0]) for host, queue in queues.items()]
    return [workers[i] for i in range(max(map(len, per_host), default=0)) for workers in per_host if i < len(workers)]


def _remember(results: list[Result], fresh: list[Result], options: Options, cache: Cache, warn: Warn) -> None:
    """Full runs keep the failure streaks; a pull-request run sees too few links to judge streaks."""
    if options.changed_since is None and options.config.escalate_after:
        state = FailureState(options.state_file or options.config.state_file, options.config.escalate_after)
        state.load(warn)
        for result in results:
            state.record(result)
        _save(state.save, "state", warn)
    if options.use_cache and fresh:  # an all-cached run has nothing new to write
        for result in fresh:
            cache.put(result)
        _save(cache.save, "cache", warn)


def _save(save: Callable[[], None], what: str, warn: Warn) -> None:
    try:
        save()
    except OSError as exc:
        warn(f"{what}: cannot write it: {exc}")
