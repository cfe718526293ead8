"""GitHub repositories, from the REST API: name, description, owner and homepage.

Unauthenticated calls are limited to 60 an hour, so GITHUB_TOKEN is sent when set and
a 403 or 429 says so.
"""

from __future__ import annotations


import httpx

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata.base import Metadata, clean, json_object
from gpulist.contribute.metadata.http import Reply, get


def fetch(repo: str, config: NetConfig, http: httpx.Client) -> Metadata:
    skeleton = Metadata(url=f"https://github.com/{repo}", source="github", type="code")
    headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
    if config.github_token:
        headers["Authorization"] = f"Bearer {config.github_token}"
    reply = get(http, f"{config.github_api}/repos/{repo}", config.max_bytes, headers=headers)
    if not isinstance(reply, Reply):
        hint = "; set GITHUB_TOKEN for a higher rate limit" if ("403" in reply or "429" in reply) else ""
        skeleton.failure = f"GitHub API: {reply}{hint}"
        return skeleton
    return parse(reply.body, skeleton)


def parse(body: bytes, skeleton: Metadata) -> Metadata:
    data = json_object(body, "GitHub API", skeleton, required="name")
    if data is None:
        return skeleton
    skeleton.title = clean(data["name"])
    html_url = data.get("html_url")
    if isinstance(html_url, str) and html_url.startswith("https://github.com/"):
        skeleton.url = html_url
    owner = data.get("owner")
    login = clean(owner.get("login")) if isinstance(owner, dict) else None
    skeleton.authors = [login] if login else []
    description = clean(data.get("description"))
    skeleton.notes = [description] if description else []
    homepage = clean(data.get("homepage"))
    if homepage and homepage.startswith(("http://", "https://")) and homepage.rstrip("/") != skeleton.url:
        skeleton.links = [{"title": "Homepage", "url": homepage}]
    return skeleton
