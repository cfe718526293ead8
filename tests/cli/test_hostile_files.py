"""Files a pull request can plant in data/, through every command that reads data/.

git stores symbolic links, so a pull request can add `data/resources/x.yml -> /dev/zero`
(reading never ends) or `-> /etc/passwd` (CI would print what it found); a FIFO or socket
can sit in a work tree (opening a FIFO blocks); a file can be 50 MB. Each must be refused
before it is read, as a located problem with a rule id. The commands run in a subprocess
with a bounded timeout: a regression here is a hang, and a hang must fail the test, not
stall the suite.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.catalogs import make_catalog

REPO = Path(__file__).resolve().parents[2]
SECRET = "hunter2-not-for-ci-logs"
LINK = ("not a regular file: a symbolic link, which is never followed (a pull request must not make CI read "
        "files from outside the repository); commit the file itself")
TIMEOUT = 20  # seconds: generous on a loaded 2-core machine; a hang is what it catches


def _outside_secret(path: Path) -> None:
    secret = path.parents[3] / "outside" / "credentials.yml"
    secret.parent.mkdir(exist_ok=True)
    secret.write_text(f"title: {SECRET}\nurl: https://example.org/{SECRET}\n", encoding="utf-8")
    path.symlink_to(secret)


def _linked_folder(path: Path) -> None:
    """A folder of resources that lives outside the repository, linked in."""
    outside = path.parents[3] / "outside-folder"
    outside.mkdir(exist_ok=True)
    (outside / "secret.yml").write_text(f"title: {SECRET}\n", encoding="utf-8")
    path.symlink_to(outside, target_is_directory=True)


def _socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))  # the socket file stays after the socket is closed


def _huge(path: Path) -> None:
    with path.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)


# name -> (file name in data/resources, how to plant it, rule, message)
HOSTILE: dict[str, tuple[str, Callable[[Path], None], str, str]] = {
    "link-to-dev-zero": ("zero.yml", lambda p: p.symlink_to("/dev/zero"), "symlink", LINK),
    "link-outside-the-repository": ("passwd.yml", _outside_secret, "symlink", LINK),
    "linked-folder": ("elsewhere", _linked_folder, "symlink", LINK),
    "fifo": ("pipe.yml", os.mkfifo, "not-regular-file", "not a regular file: a FIFO (named pipe); nothing read"),
    "socket": ("sock.yml", _socket, "not-regular-file", "not a regular file: a socket; nothing read"),
    "fifty-megabytes": ("huge.yml", _huge, "file-too-large",
                        "file too large: 52,428,800 bytes, over the limit of 1,000,000 bytes "
                        "(max_bytes in [tool.gpulist.files] of pyproject.toml); nothing read"),
}


def _plant(data: Path, names: list[str]) -> dict[str, str]:
    """The planted files, as the located line each must be reported with."""
    expected = {}
    for name in names:
        file_name, plant, rule, message = HOSTILE[name]
        plant(data / "resources" / file_name)
        expected[name] = f"data/resources/{file_name}:1:1: error: {message} [{rule}]"
    return expected


def _run(cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CI": "true", "GPULIST_ARXIV_API": "http://127.0.0.1:9", "GPULIST_GITHUB_API":
           "http://127.0.0.1:9", "GPULIST_OEMBED_URL": "http://127.0.0.1:9"}
    proc = subprocess.run([sys.executable, "-m", "gpulist", *argv], cwd=cwd, capture_output=True, text=True,
                          timeout=TIMEOUT, stdin=subprocess.DEVNULL, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert SECRET not in proc.stdout + proc.stderr, "a file outside the repository was read"
    return proc


@pytest.fixture
def data(tmp_path: Path) -> Path:
    data = make_catalog(tmp_path / "repo", base=False)
    shutil.copy(REPO / "mkdocs.yml", data.parent / "mkdocs.yml")  # for build
    return data


@pytest.mark.parametrize("name", list(HOSTILE))
def test_validate_refuses_it_at_once_as_a_located_problem(data: Path, name: str) -> None:
    [expected] = _plant(data, [name]).values()
    proc = _run(data.parent, "validate")
    assert proc.stdout.splitlines() == [expected]
    assert proc.returncode == 1


# command line -> (exit code, where the problems are written, how each line is shown)
COMMANDS = {
    "validate": (["validate"], 1, "stdout", "{}"),
    "fmt": (["fmt", "--check"], 1, "stderr", "{}"),
    "build": (["build", "--no-mkdocs"], 1, "stderr", "{}"),
    "export": (["export", "json", "--output", "out.json"], 1, "stderr", "{}"),
    "check-links": (["check-links", "--no-cache"], 0, "stderr", "gpulist check-links: warning: {}; skipped"),
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_that_reads_data_refuses_them(data: Path, command: str) -> None:
    argv, code, stream, shown = COMMANDS[command]
    expected = _plant(data, list(HOSTILE))
    proc = _run(data.parent, *argv)
    lines = getattr(proc, stream).splitlines()
    for line in expected.values():
        wanted = shown.format(line.replace(": error: ", ": ", 1) if command == "check-links" else line)
        assert wanted in lines, f"{command} did not report {wanted!r}:\n{getattr(proc, stream)}"
    assert proc.returncode == code


def test_new_still_works_beside_them_without_reading_them(data: Path) -> None:
    _plant(data, list(HOSTILE))
    proc = _run(data.parent, "new", "https://example.org/a-new-entry", "--offline", "--topic", "fundamentals",
                "--tier", "1", "--type", "blog", "--id", "a-new-entry")
    assert proc.returncode == 0, proc.stderr
    assert (data / "resources" / "a-new-entry.yml").is_file()


@pytest.mark.parametrize("name", ["link-to-dev-zero", "link-outside-the-repository", "fifo", "fifty-megabytes"])
def test_import_refuses_a_hostile_list(data: Path, name: str) -> None:
    file_name, plant, rule, message = HOSTILE[name]
    plant(data / "resources" / file_name)
    os.replace(data / "resources" / file_name, data.parent / "list.md")
    proc = _run(data.parent, "import", "list.md", "--topic", "fundamentals", "--tier", "1", "--dry-run")
    assert proc.stderr.strip() == f"gpulist import: error: list.md: {message} [{rule}]"
    assert proc.returncode == 2


def test_the_size_limit_comes_from_pyproject(data: Path) -> None:
    (data.parent / "pyproject.toml").write_text("[tool.gpulist.files]\nmax_bytes = 3000\n", encoding="utf-8")
    (data / "resources" / "long.yml").write_text("title: " + "x" * 3100 + "\n", encoding="utf-8")
    proc = _run(data.parent, "validate")
    assert proc.stdout.splitlines() == [
        "data/resources/long.yml:1:1: error: file too large: 3,108 bytes, over the limit of 3,000 bytes "
        "(max_bytes in [tool.gpulist.files] of pyproject.toml); nothing read [file-too-large]"]


def test_credentials_in_urls_are_refused_at_their_line(data: Path) -> None:
    for case in ("url-credentials.yml", "link-credentials.yml"):
        shutil.copy(REPO / "tests" / "fixtures" / "broken" / case, data / "resources" / case)
    proc = _run(data.parent, "validate")
    message = ("credentials in a public URL (user:password@ before the host): remove them; the list is public, "
               "and a link that needs a login does not belong in it [url-credentials]")
    assert proc.stdout.splitlines() == [
        f"data/resources/link-credentials.yml:10:10: error: links[0].url: {message}",
        f"data/resources/url-credentials.yml:3:6: error: url: {message}",
    ]
    assert "pass@" not in proc.stdout and "ghp_abc123" not in proc.stdout
    assert proc.returncode == 1
