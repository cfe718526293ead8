from __future__ import annotations

import datetime as dt
import json

import httpx
import pytest

from gpulist.enrich.graphql import build_query, fetch_batch, interpret, parse_repository
from tests.enrich.fake_github import TOKEN, FakeGitHub, node

NOW = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)


def _json(body: object, status: int = 200, headers: dict[str, str] | None = None, repos=("a/b",)):
    return interpret(status, httpx.Headers(headers or {}), json.dumps(body).encode(), list(repos), NOW)


def test_query_uses_one_alias_per_repository_and_variables_for_names() -> None:
    query, variables = build_query(["nvidia/cutlass", "evil/x\") { id } #"])
    assert "r0: repository(owner: $o0, name: $n0)" in query
    assert "r1: repository(owner: $o1, name: $n1)" in query
    assert "cutlass" not in query and "evil" not in query
    assert variables == {"o0": "nvidia", "n0": "cutlass", "o1": "evil", "n1": "x\") { id } #"}


def test_repository_node_becomes_health() -> None:
    health = parse_repository(node(stars=5, archived=True, pushed="2024-02-03T04:05:06Z", spdx="BSD-3-Clause"), NOW)
    assert health is not None
    assert (health.stars, health.archived, health.license, health.fetched_at) == (5, True, "BSD-3-Clause", NOW)
    assert health.pushed_at == dt.datetime(2024, 2, 3, 4, 5, 6, tzinfo=dt.UTC)


@pytest.mark.parametrize("spdx", ["NOASSERTION", None])
def test_unidentified_license_is_none(spdx) -> None:
    health = parse_repository(node(spdx=spdx), NOW)
    assert health is not None and health.license is None


@pytest.mark.parametrize("bad", [{}, [], {"stargazerCount": "5", "isArchived": False},
                                 {"stargazerCount": True, "isArchived": False},
                                 {"stargazerCount": 1, "isArchived": False, "pushedAt": "yesterday"}])
def test_unexpected_repository_shapes_are_rejected(bad) -> None:
    assert parse_repository(bad, NOW) is None


def test_not_found_is_per_repository() -> None:
    body = {"data": {"r0": node(), "r1": None},
            "errors": [{"type": "NOT_FOUND", "path": ["r1"], "message": "Could not resolve"}]}
    batch = _json(body, repos=("a/b", "gone/away"))
    assert list(batch.health) == ["a/b"] and batch.missing == ["gone/away"]
    assert batch.failed == {} and batch.stop is None


def test_other_per_repository_errors_fail_only_that_repository() -> None:
    body = {"data": {"r0": node(), "r1": None},
            "errors": [{"type": "FORBIDDEN", "path": ["r1"], "message": "blocked by SAML"}]}
    batch = _json(body, repos=("a/b", "c/d"))
    assert list(batch.health) == ["a/b"] and batch.missing == []
    assert batch.failed == {"c/d": "GitHub error: blocked by SAML"}


def test_graphql_rate_limited_stops() -> None:
    batch = _json({"data": None, "errors": [{"type": "RATE_LIMITED", "message": "limit"}]})
    assert batch.stop and "RATE_LIMITED" in batch.stop and "a/b" in batch.failed


@pytest.mark.parametrize(("status", "headers", "text", "expected"), [
    (403, {"Retry-After": "60"}, "secondary rate limit", "retry after 60s"),
    (403, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000"}, "", "resets at 2030-03-17"),
    (429, {}, "", "rate limited"),
    (401, {}, "Bad credentials", "check GITHUB_TOKEN"),
])
def test_refusals_stop_and_say_why(status, headers, text, expected) -> None:
    batch = interpret(status, httpx.Headers(headers), text.encode(), ["a/b"], NOW)
    assert batch.stop is not None and expected in batch.stop
    assert batch.health == {}


@pytest.mark.parametrize(("status", "body", "reason"), [
    (200, b'{"data": {"r0": ', "not valid JSON"),
    (200, b"\xff\xfe", "not valid JSON"),
    (200, b"[1, 2]", "not a JSON object"),
    (502, b"Bad gateway", "HTTP 502"),
])
def test_broken_answers_fail_the_batch_without_stopping(status, body, reason) -> None:
    batch = interpret(status, httpx.Headers(), body, ["a/b", "c/d"], NOW)
    assert batch.stop is None and set(batch.failed) == {"a/b", "c/d"}
    assert reason in batch.failed["a/b"]


def test_fetch_batch_talks_to_the_fake_server(github: FakeGitHub) -> None:
    github.repos = {"a/b": node(stars=3)}
    with httpx.Client() as client:
        batch = fetch_batch(client, github.url, TOKEN, ["a/b", "x/y"], NOW)
    assert batch.health["a/b"].stars == 3 and batch.missing == ["x/y"]
    assert github.requests[0]["variables"] == {"o0": "a", "n0": "b", "o1": "x", "n1": "y"}


def test_unreachable_server_fails_the_batch() -> None:
    with httpx.Client(timeout=2) as client:
        batch = fetch_batch(client, "http://127.0.0.1:9/graphql", TOKEN, ["a/b"], NOW)
    assert batch.stop is None and batch.failed["a/b"].startswith("request failed")
