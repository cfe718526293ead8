"""One run of `gpulist watch`: load, fetch every source concurrently, judge, remember.

The state is updated in memory and saved by the caller only after the report is out, so
a run whose report could not be written proposes its candidates again next time.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.linkcheck.guard import Guard, Resolver, system_resolver
from gpulist.linkcheck.network import network_down
from gpulist.linkcheck.politeness import Politeness
from gpulist.linkcheck.wire import Wire
from gpulist.problems import Problem
from gpulist.watch import fetch as fetching
from gpulist.watch.candidates import Candidate, Selection, listed_keys
from gpulist.watch.config import WatchConfig
from gpulist.watch.load import load_sources
from gpulist.watch.parse import NotAFeed, Parsed
from gpulist.watch.parsing import Parser
from gpulist.watch.sources import Source, sources_of
from gpulist.watch.state import SourceState, State, load_state

Warn = Callable[[str], None]


@dataclass(slots=True)
class Options:
    data: Path = Path("data")
    config: WatchConfig = field(default_factory=WatchConfig)
    since: dt.datetime | None = None  # None: each source since its last read
    include_proposed: bool = False  # --all
    state_file: Path | None = None
    allow_private: bool = False
    now: dt.datetime | None = None  # tests fix the clock

    @property
    def state_path(self) -> Path:
        return self.state_file or self.config.state_file


@dataclass(slots=True)
class Dependencies:
    """What tests replace: DNS and the wire that speaks HTTP."""

    resolver: Resolver = system_resolver
    wire: Wire | None = None
    warn: Warn = lambda _message: None


@dataclass(slots=True)
class SourceReport:
    id: str
    url: str
    status: str  # ok, not_modified or error
    items: int = 0
    new: int = 0
    detail: str = ""
    answered: bool = False


@dataclass(slots=True)
class Run:
    now: dt.datetime
    since: dt.datetime | None
    candidates: list[Candidate] = field(default_factory=list)
    sources: list[SourceReport] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # data/watch.yml is invalid: nothing was fetched
    state: State = field(default_factory=State)

    @property
    def network_down(self) -> bool:
        return network_down(s.answered for s in self.sources)


def run(options: Options, deps: Dependencies | None = None) -> Run:
    deps = deps or Dependencies()
    now = options.now or dt.datetime.now(dt.timezone.utc)
    result = Run(now, options.since)
    catalog, result.problems = load_sources(options.data, deps.warn)
    if result.problems:
        return result
    sources = sources_of(catalog)
    result.state = load_state(options.state_path, deps.warn)
    fetched = asyncio.run(_fetch_all(sources, result.state, options, deps)) if sources else []
    selection = Selection(listed_keys(catalog), set(result.state.proposed), options.include_proposed)
    for source, (got, parsed) in zip(sources, fetched, strict=True):
        result.sources.append(_judge(source, got, parsed, selection, result, options))
    result.state.last_run = now
    return result


async def _fetch_all(sources: list[Source], state: State, options: Options,
                     deps: Dependencies) -> list[tuple[fetching.Fetched, Parsed | None]]:
    config = options.config
    guard = Guard(deps.resolver, options.allow_private)
    wire = config.transport_config()
    parser = Parser(len(sources), config.summary_chars)
    if deps.wire is None:
        from gpulist.linkcheck.transport import AiohttpWire

        speaker: Wire = AiohttpWire(wire, guard)
    else:
        speaker = deps.wire
    ctx = fetching.Context(speaker, Politeness(wire.max_concurrency, wire.limits_for), guard, config)
    try:
        return await asyncio.gather(*(_one(s, state, options, ctx, parser) for s in sources))
    finally:
        parser.close()
        if deps.wire is None:
            await speaker.close()


async def _one(source: Source, state: State, options: Options, ctx: fetching.Context,
               parser: Parser) -> tuple[fetching.Fetched, Parsed | None]:
    """--all fetches unconditionally: a 304 would hide the items it asks to see again."""
    url = source.request_url
    known = None if options.include_proposed else state.validators(source.id, url)
    got = fetching.Fetched("error")
    try:
        got = await fetching.fetch(url, known, ctx)
        if got.status != "ok":
            return got, None
        return got, await parser.parse(got.body, got.content_type, got.url or url)
    except NotAFeed as exc:
        got.status, got.detail = "error", str(exc)
    except Exception as exc:  # noqa: BLE001 - one odd source must not cost the others their results
        got.status, got.detail = "error", f"watcher error, please report it: {type(exc).__name__}: {exc}"
    return got, None


def _judge(source: Source, got: fetching.Fetched, parsed: Parsed | None, selection: Selection, result: Run,
           options: Options) -> SourceReport:
    url = source.request_url
    report = SourceReport(source.id, url, got.status, detail=got.detail, answered=got.answered)
    if got.status == "error":
        return report
    state = result.state
    before = state.validators(source.id, url)  # what was kept for another URL does not count
    if parsed is not None:
        since = options.since or _since(before, result.now, options.config)
        found = selection.pick(source, parsed.items, since)
        result.candidates += found
        report.items, report.new = len(parsed.items), len(found)
        report.detail = "; ".join(part for part in (got.detail, parsed.detail) if part)
        state.proposed.update((c.key, result.now) for c in found)
    state.sources[source.id] = _validators(url, got, before, result.now)
    return report


def _validators(url: str, got: fetching.Fetched, before: SourceState | None, now: dt.datetime) -> SourceState:
    """A 200 replaces the validators; a 304 keeps the old ones unless it sent new ones."""
    kept = before if got.status == "not_modified" else None
    return SourceState(url, got.etag or (kept.etag if kept else None),
                       got.last_modified or (kept.last_modified if kept else None), now)


def _since(before: SourceState | None, now: dt.datetime, config: WatchConfig) -> dt.datetime:
    """The last run that read this source; a source never read looks back `first_run_days`."""
    if before is not None and before.read_at is not None:
        return before.read_at
    return now - dt.timedelta(days=config.first_run_days)
