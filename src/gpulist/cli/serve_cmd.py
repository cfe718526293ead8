"""`gpulist serve`: build the pages, serve the site, and regenerate pages when data/ (or a stylesheet or script) changes."""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys

from gpulist.cli.site_args import add_site_options, generate_and_report, paths_from
from gpulist.publish.build import engine_env
from gpulist.publish.serve import regenerate_on_change, watched


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve the site locally, rebuilding when data/ changes",
                       description="Write the pages, run the engine's server (`zensical serve` or `mkdocs serve`), "
                                   "and regenerate pages whenever data/ changes.")
    add_site_options(p)
    p.add_argument("--dev-addr", default="127.0.0.1:8000", metavar="HOST:PORT",
                   help="address to serve on (default: 127.0.0.1:8000)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    import watchfiles  # only `serve` needs it; keeps every other command's start-up lean

    paths, settings, site_engine = paths_from(args)
    if generate_and_report(paths, settings, site_engine).report is None:
        return 1
    command = site_engine.serve_command(paths.layout, args.dev_addr)
    server = subprocess.Popen(command, cwd=paths.config.parent, env=engine_env())
    # SIGTERM must unwind through `finally` too, or the engine's server would be orphaned.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        folders, ours = watched(paths.data, paths.docs, paths.mkdocs)
        default = watchfiles.DefaultFilter()
        changes = watchfiles.watch(*folders, watch_filter=lambda change, path: default(change, path) and path not in ours,
                                   yield_on_timeout=True, rust_timeout=1000)
        regenerate = lambda: generate_and_report(paths, settings, site_engine)  # noqa: E731
        regenerate_on_change(changes, regenerate, lambda: server.poll() is None)
    except KeyboardInterrupt:
        pass
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait(timeout=10)
    return 0 if server.returncode in (0, -15, None) else server.returncode
