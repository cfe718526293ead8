"""Shared bits for metadata source tests: a config aimed at the fake server, and a client."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata.http import client
from tests.contribute.fakes import FakeServer


@pytest.fixture
def config(fake: FakeServer) -> NetConfig:
    return NetConfig(arxiv_api=f"{fake.url}/api/query", github_api=f"{fake.url}/gh", oembed_url=f"{fake.url}/oembed",
                     timeout=0.5, max_bytes=100_000)


@pytest.fixture
def http(config: NetConfig) -> Iterator[httpx.Client]:
    with client(config.timeout) as c:
        yield c
