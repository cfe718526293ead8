"""One GraphQL request for up to 100 repositories, and what its answer means.

Nothing here raises for GitHub's answers: a batch always comes back as a `Batch` that says
per repository what was learned, and whether asking again now is pointless (`stop`).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx

from gpulist.models import RepoHealth

DEFAULT_API = "https://api.github.com/graphql"
API_ENV = "GPULIST_GITHUB_GRAPHQL"
MAX_BATCH = 100
_FIELDS = "stargazerCount isArchived pushedAt licenseInfo { spdxId }"


@dataclass(slots=True)
class Batch:
    health: dict[str, RepoHealth] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)  # GitHub says NOT_FOUND: deleted, renamed or private
    failed: dict[str, str] = field(default_factory=dict)  # repo -> why it was not refreshed
    stop: str | None = None  # rate limited or rejected: further requests would fail the same way


def build_query(repos: Sequence[str]) -> tuple[str, dict[str, str]]:
    """Aliases r0..rN with variables, so repository names never become query text."""
    params = ", ".join(f"$o{i}: String!, $n{i}: String!" for i in range(len(repos)))
    fields = " ".join(f"r{i}: repository(owner: $o{i}, name: $n{i}) {{ {_FIELDS} }}" for i in range(len(repos)))
    variables: dict[str, str] = {}
    for i, repo in enumerate(repos):
        variables[f"o{i}"], variables[f"n{i}"] = repo.split("/", 1)
    return f"query RepoHealth({params}) {{ {fields} }}", variables


def fetch_batch(client: httpx.Client, api: str, token: str, repos: Sequence[str], now: dt.datetime) -> Batch:
    query, variables = build_query(repos)
    headers = {"Authorization": f"bearer {token}", "User-Agent": "gpulist-enrich"}
    try:
        response = client.post(api, json={"query": query, "variables": variables}, headers=headers)
    except httpx.HTTPError as exc:
        return _all_failed(repos, f"request failed: {type(exc).__name__}: {exc}")
    return interpret(response.status_code, response.headers, response.content, repos, now)


def interpret(status: int, headers: httpx.Headers, body: bytes, repos: Sequence[str], now: dt.datetime) -> Batch:
    if status in (401, 403, 429):
        batch = _all_failed(repos, _refusal(status, headers, body))
        batch.stop = batch.failed[repos[0]] if repos else "refused"
        return batch
    if status != 200:
        return _all_failed(repos, f"GitHub answered HTTP {status}")
    try:
        payload = json.loads(body)
    except ValueError:
        return _all_failed(repos, "GitHub's answer was not valid JSON")
    if not isinstance(payload, dict):
        return _all_failed(repos, "GitHub's answer was not a JSON object")
    return _read_payload(payload, repos, now)


def _refusal(status: int, headers: httpx.Headers, body: bytes) -> str:
    """Primary and secondary rate limits both come as 403 or 429; say when to retry if GitHub did."""
    text = body.decode("utf-8", "replace").lower()
    limited = status == 429 or headers.get("x-ratelimit-remaining") == "0" or "retry-after" in headers \
        or "rate limit" in text
    if not limited:
        return f"GitHub refused the request (HTTP {status}): check GITHUB_TOKEN"
    when = headers.get("retry-after")
    reset = headers.get("x-ratelimit-reset")
    hint = f"; retry after {when}s" if when else (f"; resets at {_epoch(reset)}" if reset else "")
    return f"rate limited by GitHub (HTTP {status}){hint}"


def _epoch(value: str) -> str:
    try:
        return dt.datetime.fromtimestamp(int(value), dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    except (ValueError, OverflowError):
        return value


def _all_failed(repos: Sequence[str], reason: str) -> Batch:
    return Batch(failed={repo: reason for repo in repos})


def _read_payload(payload: dict[str, Any], repos: Sequence[str], now: dt.datetime) -> Batch:
    errors = [e for e in payload.get("errors") or [] if isinstance(e, dict)]
    if any(e.get("type") == "RATE_LIMITED" for e in errors):
        batch = _all_failed(repos, "rate limited by GitHub (RATE_LIMITED)")
        batch.stop = "rate limited by GitHub (RATE_LIMITED)"
        return batch
    by_alias = {str(e["path"][0]): e for e in errors if isinstance(e.get("path"), list) and e["path"]}
    data = payload.get("data")
    data = data if isinstance(data, dict) else {}
    batch = Batch()
    for i, repo in enumerate(repos):
        _read_repo(batch, repo, data.get(f"r{i}"), by_alias.get(f"r{i}"), now)
    if not data and errors and not batch.missing:
        first = str(errors[0].get("message", "unknown error"))
        batch.failed = {repo: f"GitHub error: {first}" for repo in repos}
    return batch


def _read_repo(batch: Batch, repo: str, node: Any, error: dict[str, Any] | None, now: dt.datetime) -> None:
    if node is None:
        if error is not None and error.get("type") == "NOT_FOUND":
            batch.missing.append(repo)
        else:
            message = error.get("message", "no data") if error else "no data in GitHub's answer"
            batch.failed[repo] = f"GitHub error: {message}"
        return
    health = parse_repository(node, now)
    if health is None:
        batch.failed[repo] = "unexpected shape in GitHub's answer"
    else:
        batch.health[repo] = health


def parse_repository(node: Any, now: dt.datetime) -> RepoHealth | None:
    if not isinstance(node, dict):
        return None
    stars, archived, pushed = node.get("stargazerCount"), node.get("isArchived"), node.get("pushedAt")
    if not isinstance(stars, int) or isinstance(stars, bool) or stars < 0 or not isinstance(archived, bool):
        return None
    try:
        pushed_at = dt.datetime.fromisoformat(pushed) if isinstance(pushed, str) else None
    except ValueError:
        return None
    return RepoHealth(stars=stars, archived=archived, pushed_at=pushed_at, license=_spdx(node), fetched_at=now)


def _spdx(node: dict[str, Any]) -> str | None:
    """GitHub says NOASSERTION for licenses it cannot identify; that is no SPDX id."""
    info = node.get("licenseInfo")
    spdx = info.get("spdxId") if isinstance(info, dict) else None
    return spdx if isinstance(spdx, str) and spdx and spdx != "NOASSERTION" else None
