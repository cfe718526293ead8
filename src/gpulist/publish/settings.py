"""Where the site is published and which repository it edits: settings, not a file to edit.

A fork publishes its own site with the same files. Each of `site_url`, `repo_url` and
`edit_uri` is taken from the first of these that names it:

1. the command line (`--site-url`, `--repo-url`, `--edit-uri`; an empty value means none);
2. the environment: `GPULIST_SITE_URL`, `GPULIST_REPO_URL`, `GPULIST_EDIT_URI`, then
   GitHub Actions' `GITHUB_REPOSITORY` (the repository, and its default Pages address;
   pages.yml passes the real Pages address as `GPULIST_SITE_URL`);
3. the `origin` remote of the git checkout, when it is a GitHub repository;
4. mkdocs.yml itself (the committed one names neither address).

What none of them names stays unset: no repository link and no edit links, never a placeholder.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gpulist.identity import github_repo_parts
from gpulist.view.config import SiteConfig

ENV_SITE_URL = "GPULIST_SITE_URL"
ENV_REPO_URL = "GPULIST_REPO_URL"
ENV_EDIT_URI = "GPULIST_EDIT_URI"
GITHUB = "https://github.com"
_SCP_LIKE = re.compile(r"^[\w.-]+@([\w.-]+):(?!//)(.+)$")  # git@github.com:owner/name.git


@dataclass(frozen=True, slots=True)
class Overrides:
    """Values from one source; None where the source says nothing, "" for an explicit "none"."""

    site_url: str | None = None
    repo_url: str | None = None
    edit_uri: str | None = None


def github_slug(url: str) -> tuple[str, str] | None:
    """(owner, name) of a GitHub repository URL, as written (case kept), credentials dropped."""
    scp = _SCP_LIKE.match(url.strip())
    if scp:
        url = f"ssh://{scp.group(1)}/{scp.group(2)}"
    return github_repo_parts(url)


def pages_url(owner: str, name: str) -> str:
    """GitHub Pages' default address of a repository (a user or organisation site at the root)."""
    host = f"{owner.lower()}.github.io"
    return f"https://{host}/" if name.lower() == host else f"https://{host}/{name}/"


def from_repository(owner: str, name: str, server: str = GITHUB) -> Overrides:
    site = pages_url(owner, name) if server.rstrip("/") == GITHUB else None
    return Overrides(site_url=site, repo_url=f"{server.rstrip('/')}/{owner}/{name}")


def from_environment(environ: Mapping[str, str]) -> Overrides:
    """gpulist's own variables, then GitHub Actions' description of the repository it runs in."""
    github = Overrides()
    repository = environ.get("GITHUB_REPOSITORY", "")
    if re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        owner, name = repository.split("/")
        github = from_repository(owner, name, environ.get("GITHUB_SERVER_URL") or GITHUB)
    return Overrides(
        site_url=environ.get(ENV_SITE_URL) or github.site_url,
        repo_url=environ.get(ENV_REPO_URL) or github.repo_url,
        edit_uri=environ.get(ENV_EDIT_URI) or None,
    )


def from_origin(project: Path) -> Overrides:
    """The `origin` remote of the checkout holding `project`, when it is on GitHub."""
    try:
        done = subprocess.run(["git", "-C", str(project), "remote", "get-url", "origin"],
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return Overrides()
    slug = github_slug(done.stdout.strip()) if done.returncode == 0 else None
    return from_repository(*slug) if slug else Overrides()


def resolve(base: SiteConfig, *sources: Overrides) -> SiteConfig:
    """`base` (from mkdocs.yml) with each setting taken from the first source that names it."""
    values = {}
    for key in ("site_url", "repo_url", "edit_uri"):
        named = next((getattr(s, key) for s in sources if getattr(s, key) is not None), getattr(base, key))
        values[key] = named or None
    if values["site_url"] and not values["site_url"].endswith("/"):
        values["site_url"] += "/"
    values["edit_uri"] = values["edit_uri"] or base.edit_uri
    return dataclasses.replace(base, **values)


def site_settings(base: SiteConfig, flags: Overrides, environ: Mapping[str, str], project: Path) -> SiteConfig:
    """The settings of a build: flags, then the environment, then the origin remote, then `base`.

    The origin remote names only the two addresses, so git is asked only when flags and
    environment leave one of them unnamed (in CI, GitHub Actions names both).
    """
    sources = [flags, from_environment(environ)]
    if any(all(getattr(s, key) is None for s in sources) for key in ("site_url", "repo_url")):
        sources.append(from_origin(project))
    return resolve(base, *sources)
