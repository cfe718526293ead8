"""Publishing settings: flags, then the environment (GitHub Actions), then the origin remote."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpulist.publish import settings as settings_module
from gpulist.publish.settings import (
    Overrides, from_environment, from_origin, github_slug, pages_url, resolve, site_settings,
)
from gpulist.view.config import SiteConfig

BASE = SiteConfig()


@pytest.mark.parametrize(("url", "slug"), [
    ("https://github.com/Acme/List.git", ("Acme", "List")),
    ("https://github.com/acme/list", ("acme", "list")),
    ("https://x-access-token:secret@github.com/acme/list.git", ("acme", "list")),
    ("git@github.com:acme/list.git", ("acme", "list")),
    ("ssh://git@github.com/acme/list.git", ("acme", "list")),
    ("https://gitlab.com/acme/list.git", None),
    ("https://github.com/acme", None),
    ("/srv/git/list.git", None),
])
def test_github_slug(url: str, slug: tuple[str, str] | None) -> None:
    assert github_slug(url) == slug


def test_pages_url() -> None:
    assert pages_url("Acme", "list") == "https://acme.github.io/list/"
    assert pages_url("acme", "Acme.github.io") == "https://acme.github.io/"


def test_github_actions_names_the_repository_and_its_pages() -> None:
    found = from_environment({"GITHUB_REPOSITORY": "acme/list", "GITHUB_SERVER_URL": "https://github.com"})
    assert found == Overrides("https://acme.github.io/list/", "https://github.com/acme/list", None)


def test_gpulist_variables_win_over_github_actions() -> None:
    env = {"GITHUB_REPOSITORY": "acme/list", "GPULIST_SITE_URL": "https://list.acme.dev",
           "GPULIST_EDIT_URI": "edit/trunk/data/"}
    assert from_environment(env) == Overrides("https://list.acme.dev", "https://github.com/acme/list",
                                              "edit/trunk/data/")


def test_github_enterprise_has_no_guessed_pages_address() -> None:
    found = from_environment({"GITHUB_REPOSITORY": "acme/list", "GITHUB_SERVER_URL": "https://git.acme.dev"})
    assert found == Overrides(None, "https://git.acme.dev/acme/list", None)


def test_nothing_named_means_no_address_and_no_placeholder() -> None:
    assert from_environment({"GITHUB_REPOSITORY": "not a slug"}) == Overrides()
    resolved = resolve(BASE, Overrides(), Overrides())
    assert (resolved.site_url, resolved.repo_url, resolved.edit_url("resources/a.yml")) == (None, None, None)


def test_first_source_that_names_a_setting_wins() -> None:
    flags = Overrides(repo_url="https://github.com/flag/repo")
    env = Overrides(site_url="https://env.example/list", repo_url="https://github.com/env/repo")
    resolved = resolve(BASE, flags, env, Overrides(site_url="https://origin.example/"))
    assert resolved.repo_url == "https://github.com/flag/repo"
    assert resolved.site_url == "https://env.example/list/", "a site URL always ends with a slash"
    assert resolved.edit_url("resources/a.yml") == "https://github.com/flag/repo/edit/main/data/resources/a.yml"


def test_an_empty_flag_means_none() -> None:
    resolved = resolve(SiteConfig(repo_url="https://github.com/file/repo"), Overrides(repo_url=""),
                       Overrides(repo_url="https://github.com/env/repo"))
    assert resolved.repo_url is None


def git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_origin_remote_on_github(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    git(tmp_path, "remote", "add", "origin", "git@github.com:Acme/list.git")
    assert from_origin(tmp_path) == Overrides("https://acme.github.io/list/", "https://github.com/Acme/list")


def test_origin_elsewhere_or_no_repository_names_nothing(tmp_path: Path) -> None:
    assert from_origin(tmp_path) == Overrides()
    git(tmp_path, "init", "-q")
    assert from_origin(tmp_path) == Overrides()
    git(tmp_path, "remote", "add", "origin", "https://gitlab.com/acme/list.git")
    assert from_origin(tmp_path) == Overrides()


def test_site_settings_order(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    git(tmp_path, "remote", "add", "origin", "https://github.com/origin/list")
    env = {"GITHUB_REPOSITORY": "acme/list"}
    assert site_settings(BASE, Overrides(), env, tmp_path).repo_url == "https://github.com/acme/list"
    assert site_settings(BASE, Overrides(), {}, tmp_path).repo_url == "https://github.com/origin/list"
    flags = Overrides(site_url="http://127.0.0.1:8000/")
    assert site_settings(BASE, flags, env, tmp_path).site_url == "http://127.0.0.1:8000/"


def test_origin_is_asked_only_for_an_address_still_unnamed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`git remote get-url` is a process per build: skipped when flags and environment name both addresses."""
    asked: list[Path] = []
    origin = Overrides("https://origin.example/", "https://github.com/origin/list")
    monkeypatch.setattr(settings_module, "from_origin", lambda project: asked.append(project) or origin)
    both = Overrides(site_url="", repo_url="https://github.com/flag/repo")
    assert site_settings(BASE, both, {}, tmp_path).repo_url == "https://github.com/flag/repo"
    assert site_settings(BASE, Overrides(), {"GITHUB_REPOSITORY": "acme/list"}, tmp_path).site_url == \
        "https://acme.github.io/list/"
    assert asked == []
    resolved = site_settings(BASE, Overrides(), {"GPULIST_REPO_URL": "https://github.com/env/repo"}, tmp_path)
    assert (resolved.site_url, resolved.repo_url) == ("https://origin.example/", "https://github.com/env/repo")
    assert asked == [tmp_path]
