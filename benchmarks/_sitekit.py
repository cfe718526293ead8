"""Shared pieces of the site benchmarks: a scratch project, timed commands, file sizes.

Each measured command runs in its own wrapper process so that its peak memory
(`ru_maxrss` of its largest descendant) is its own and not the benchmark's.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

# Runs argv, then prints the peak RSS (KiB on Linux) of the largest process it waited for
# and the CPU seconds of all of them: on a shared machine CPU time is the steadier figure.
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode\n"
    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(usage.ru_maxrss, usage.ru_utime + usage.ru_stime)\n"
    "sys.exit(code)\n"
)


@dataclass(frozen=True, slots=True)
class Run:
    seconds: float
    peak_mb: float
    cpu_seconds: float


def make_project(root: Path, data: Path) -> Path:
    """A project skeleton (mkdocs.yml, overrides, committed assets) whose data/ is `data`."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides", dirs_exist_ok=True)
    shutil.copytree(REPO / "docs" / "assets", root / "docs" / "assets", dirs_exist_ok=True)
    if not (root / "data").exists():  # a copy: a symlink would change how paths resolve
        shutil.copytree(data, root / "data")
    return root


ENGINES = ("zensical", "mkdocs")
# Where each engine writes its search index, and its generated configuration.
SEARCH_INDEX = {"zensical": "search.json", "mkdocs": "search/search_index.json"}


def clean_generated(project: Path) -> None:
    """Remove generated pages, the built site and Zensical's cache, so each build starts from nothing."""
    for child in (project / "docs").iterdir():
        if child.name != "assets":
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.rmtree(project / "site", ignore_errors=True)
    shutil.rmtree(project / ".cache", ignore_errors=True)


def timed(argv: list[str], cwd: Path) -> Run:
    """Wall time and peak memory of one command; a failure stops the benchmark loudly."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAPPER, *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(argv)}\n{done.stderr[-3000:]}")
    peak_kib, cpu = done.stdout.split()[-2:]
    return Run(seconds, int(peak_kib) / 1024, float(cpu))


def gpulist_build(project: Path, engine: str, *extra: str, warm: bool = False) -> Run:
    """`gpulist build` from nothing; `warm` keeps the pages and Zensical's cache of a previous build."""
    if not warm:
        clean_generated(project)
    return timed([str(BIN / "gpulist"), "build", "--data", "data", "--config", "mkdocs.yml", "--engine", engine,
                  "--site-url", "http://127.0.0.1/", *extra], project)


def bare_engine(project: Path, engine: str) -> Run:
    """The engine alone on the pages gpulist already wrote: the floor gpulist is compared with."""
    shutil.rmtree(project / "site", ignore_errors=True)
    shutil.rmtree(project / ".cache", ignore_errors=True)
    config = f".gpulist-{engine}.yml"
    quiet = ["-q"] if engine == "mkdocs" else []
    return timed([sys.executable, "-m", engine, "build", "--strict", *quiet, "-f", config], project)


def size(path: Path) -> tuple[int, int]:
    """Bytes on disk and gzipped (what a server sends with compression)."""
    raw = path.read_bytes()
    return len(raw), len(gzip.compress(raw, 6))


def tree_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def largest_topic_page(site: Path) -> tuple[str, int]:
    pages = [(p.parent.name, p.stat().st_size) for p in (site / "topics").glob("*/index.html")]
    return max(pages, key=lambda item: item[1])


def count_entries(site: Path) -> int:
    return len(json.loads((site / "resources.json").read_text(encoding="utf-8"))["resources"])


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


# Debian's chromium, as in the browser tests; the flags stop its own background traffic.
CHROMIUM = os.environ.get("GPULIST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


class serve:  # noqa: N801 - used as a context manager, reads like a function
    """The built site on an ephemeral 127.0.0.1 port, in a thread, for a `with` block; with
    `compress`, text files go gzipped to clients that accept it, as any real host sends them."""

    def __init__(self, site: Path, compress: bool = False) -> None:
        import functools
        import http.server

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:  # noqa: A002
                pass

        class QuietServer(http.server.ThreadingHTTPServer):
            def handle_error(self, request: object, client_address: object) -> None:
                """A browser that leaves a page mid-download breaks the pipe: expected, not news."""
                import sys

                if not isinstance(sys.exc_info()[1], ConnectionError):
                    super().handle_error(request, client_address)

        handler = _gzipping(Quiet) if compress else Quiet
        self.server = QuietServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
        self.url = f"http://127.0.0.1:{self.server.server_port}/"

    def __enter__(self) -> str:
        import threading

        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self.url

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


_COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml", "application/xml")


def _gzipping(base: type) -> type:
    """A handler that sends text files gzipped (level 6, compressed once per file)."""
    cache: dict[str, bytes] = {}

    class Gzipped(base):  # type: ignore[misc, valid-type]
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            path = self.translate_path(self.path)
            if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
                path = os.path.join(path, "index.html")
            kind = self.guess_type(path)
            if ("gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path)
                    or not kind.startswith(_COMPRESSED)):
                return super().do_GET()
            if path not in cache:
                cache[path] = gzip.compress(Path(path).read_bytes(), 6)
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(cache[path])))
            self.end_headers()
            self.wfile.write(cache[path])

    return Gzipped
