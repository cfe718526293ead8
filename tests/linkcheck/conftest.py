"""Fixtures for the link checker: local servers, a fast config, and a one-call check helper."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Iterator

import pytest

from gpulist.linkcheck.config import LinkcheckConfig, parse_config
from gpulist.linkcheck.guard import NameNotFound
from gpulist.linkcheck.model import Result, Target
from gpulist.linkcheck.runner import Dependencies, Options, check_targets
from tests.linkcheck.server import LocalServer

# Small timeouts and backoff caps keep the whole suite fast; never timing assertions.
FAST = {"timeout": 3.0, "retries": 2, "backoff_base": 0.01, "backoff_max": 0.02, "retry_after_max": 0.5,
        "host_interval": 0.0, "fragment_max_bytes": 65536}


@pytest.fixture(scope="session")
def server() -> Iterator[LocalServer]:
    srv = LocalServer().start()
    yield srv
    srv.stop()


@pytest.fixture
def fast_config() -> LinkcheckConfig:
    return parse_config(FAST)


async def fake_resolver(host: str) -> list[str]:
    """No test ever asks real DNS: names are answered from this table."""
    table = {"site.test": ["127.0.0.1"], "intranet.test": ["10.0.0.5"], "metadata.test": ["169.254.169.254"],
             "mapped.test": ["::ffff:127.0.0.1"], "public.test": ["93.184.216.34"]}
    if host in table:
        return table[host]
    raise NameNotFound(host)


def check_urls(urls: list[str], config: LinkcheckConfig | None = None, allow_private: bool = True,
               tmp_path=None, **deps) -> list[Result]:
    options = Options(inputs=[], config=config or parse_config(FAST), use_cache=False, allow_private=allow_private)
    if tmp_path is not None:
        options.state_file = tmp_path / "state.json"
    else:
        options.config = dataclasses.replace(options.config, escalate_after=0)
    dependencies = Dependencies(resolver=deps.pop("resolver", fake_resolver), rng=random.Random(0), **deps)
    return asyncio.run(check_targets([Target(u) for u in urls], options, dependencies))


def check_one(url: str, **kwargs) -> Result:
    return check_urls([url], **kwargs)[0]
