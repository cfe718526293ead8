"""--changed-since, in a temporary git repository."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gpulist.linkcheck.changed import changed_lines, select
from gpulist.linkcheck.inputs import collect
from gpulist.problems import UsageError


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                   capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    git(tmp_path, "init", "-q", "-b", "main")
    (tmp_path / "links.md").write_text("https://a.org/1\nhttps://b.org/2\nhttps://c.org/3\n", encoding="utf-8")
    (tmp_path / "other.md").write_text("https://d.org/4\n", encoding="utf-8")
    git(tmp_path, "add", ".")
    git(tmp_path, "commit", "-q", "-m", "base")
    git(tmp_path, "checkout", "-q", "-b", "feature")
    return tmp_path


def selected(repo: Path, ref: str = "main") -> list[str]:
    changes = changed_lines(ref, [repo], cwd=repo)
    return [t.url for t in select(collect([repo], only=changes.touches), changes)]


def test_only_added_or_changed_lines(repo: Path) -> None:
    (repo / "links.md").write_text("https://a.org/1\nhttps://b.org/2-changed\nhttps://c.org/3\nhttps://e.org/5\n")
    git(repo, "commit", "-qam", "change")
    assert selected(repo) == ["https://b.org/2-changed", "https://e.org/5"]


def test_uncommitted_and_untracked_changes_count(repo: Path) -> None:
    (repo / "other.md").write_text("https://d.org/4\nhttps://f.org/6\n")
    (repo / "new.md").write_text("https://g.org/7\n")
    assert sorted(selected(repo)) == ["https://f.org/6", "https://g.org/7"]


def test_no_change_selects_nothing(repo: Path) -> None:
    assert selected(repo) == []


def test_changes_on_main_since_branching_are_not_ours(repo: Path) -> None:
    git(repo, "checkout", "-q", "main")
    (repo / "other.md").write_text("https://d.org/4\nhttps://main-only.org/\n")
    git(repo, "commit", "-qam", "on main")
    git(repo, "checkout", "-q", "feature")
    (repo / "links.md").write_text("https://a.org/1\nhttps://b.org/2\nhttps://c.org/3\nhttps://mine.org/\n")
    assert selected(repo) == ["https://mine.org/"]


def test_unknown_ref_is_a_usage_error(repo: Path) -> None:
    with pytest.raises(UsageError, match="unknown git ref"):
        changed_lines("no-such-branch", [repo], cwd=repo)


def test_outside_git_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        changed_lines("main", [tmp_path], cwd=tmp_path)
