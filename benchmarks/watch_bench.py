"""gpulist watch on 200 sources of 50 items each, served on loopback with a 50 ms delay.

Prints, in seconds:
- a cold run (no state: every feed is fetched in full, parsed, and its 50 items judged);
- a warm run (the state from the cold run: every source answers 304 Not Modified);
- the per-host politeness bound: how long the requests alone must take when each host
  is paced as gpulist watch paces it (the link checker's defaults: at most 10 requests
  in flight per host, 50 ms between request starts) and every answer takes the delay.

Targets: warm under 2 s; cold within the politeness bound plus 20%. Sources are spread
over --hosts loopback addresses (127.0.0.1 ... 127.0.0.N, as the link-check benchmarks
do): real sources sit on many hosts, and one host for all 200 would make any run, even
all-304, take at least 200 x 50 ms by politeness alone.

    python benchmarks/watch_bench.py [--sources 200] [--items 50] [--hosts 8] [--delay 0.05]
"""

from __future__ import annotations

import argparse
import asyncio
import email.utils
import hashlib
import shutil
import sys
import tempfile
import time
from pathlib import Path

from _linkbench import BIN, REPO, measure

PORT = 18090
LAST_MODIFIED = "Mon, 02 Jun 2025 00:00:00 GMT"


def feed(source: int, items: int) -> bytes:
    """An RSS 2.0 feed of `items` posts, newest first, each with a paragraph of HTML summary."""
    start = time.time() - 3600
    entries = "".join(
        f"<item><title>Post {i} of source {source}: optimizing a GEMM kernel</title>"
        f"<link>https://blog{source}.example.org/posts/{i}/</link><guid>https://blog{source}.example.org/posts/{i}/</guid>"
        f"<pubDate>{email.utils.formatdate(start - i * 86400, usegmt=True)}</pubDate>"
        f"<author>author{source}@example.org (Author {source})</author>"
        f"<description>&lt;p&gt;Tiles, &lt;b&gt;shared memory&lt;/b&gt; and tensor cores, measured. {'Lorem ipsum. ' * 20}"
        f"&lt;/p&gt;</description></item>" for i in range(items))
    return (f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Blog {source}</title>'
            f"<link>https://blog{source}.example.org/</link><description>d</description>{entries}"
            f"</channel></rss>").encode()


async def serve(sources: int, items: int, hosts: int, delay: float) -> None:
    from aiohttp import web

    bodies = {i: feed(i, items) for i in range(sources)}
    etags = {i: '"' + hashlib.sha256(b).hexdigest()[:16] + '"' for i, b in bodies.items()}

    async def handle(request: web.Request) -> web.Response:
        await asyncio.sleep(delay)
        i = int(request.match_info["i"])
        if request.headers.get("if-none-match") == etags[i]:
            return web.Response(status=304, headers={"etag": etags[i]})
        return web.Response(body=bodies[i], headers={"content-type": "application/rss+xml", "etag": etags[i],
                                                     "last-modified": LAST_MODIFIED})

    app = web.Application()
    app.router.add_get("/feed/{i}", handle)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    for h in range(1, hosts + 1):
        await web.TCPSite(runner, f"127.0.0.{h}", PORT, backlog=1024).start()
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the parent closes stdin
    await runner.cleanup()


def host_of(source: int, hosts: int) -> int:
    return source % hosts + 1


def build(root: Path, sources: int, hosts: int) -> Path:
    data = root / "data"
    (data / "resources").mkdir(parents=True)
    for name in ("topics.yml", "concepts.yml"):
        shutil.copy(REPO / "tests" / "fixtures" / "catalog" / name, data / name)
    (data / "watch.yml").write_text("".join(
        f"- id: blog-{i}\n  kind: feed\n  url: http://127.0.0.{host_of(i, hosts)}:{PORT}/feed/{i}\n"
        for i in range(sources)), encoding="utf-8")
    return data


def politeness_bound(sources: int, hosts: int, delay: float) -> float:
    """The shortest time the requests can take: per host, start k waits for k intervals
    and for a free slot (one of `concurrency` finishing); the slowest host sets the bound."""
    from gpulist.watch.config import WatchConfig

    config = WatchConfig().transport_config()
    worst = 0.0
    for h in range(1, hosts + 1):
        n = sum(1 for i in range(sources) if host_of(i, hosts) == h)
        concurrency, interval = config.limits_for(f"127.0.0.{h}")
        starts: list[float] = []
        for k in range(n):
            start = starts[-1] + interval if starts else 0.0
            if k >= concurrency:
                start = max(start, starts[k - concurrency] + delay)
            starts.append(start)
        worst = max(worst, (starts[-1] + delay) if starts else 0.0)
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sources", type=int, default=200)
    parser.add_argument("--items", type=int, default=50)
    parser.add_argument("--hosts", type=int, default=8)
    parser.add_argument("--delay", type=float, default=0.05)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.sources, args.items, args.hosts, args.delay))
        return
    run_benchmark(args)


def run_benchmark(args: argparse.Namespace) -> None:
    import subprocess

    server = subprocess.Popen([sys.executable, __file__, "--serve", "--sources", str(args.sources), "--items",
                               str(args.items), "--hosts", str(args.hosts), "--delay", str(args.delay)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        if server.stdout is None or server.stdout.readline().strip() != "ready":
            raise SystemExit("benchmark server did not start")
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            data = build(root, args.sources, args.hosts)
            cmd = [str(BIN / "gpulist"), "watch", "--data", str(data), "--allow-private", "--format", "json",
                   "--output", str(root / "report.json"), "--state-file", str(root / "state.json"),
                   "--since", "2000-01-01"]
            report(measure(cmd, cwd=root), root, "cold")
            report(measure(cmd, cwd=root), root, "warm")
            summarize(args)
    finally:
        if server.stdin:
            server.stdin.close()
        server.wait(timeout=10)


_RESULTS: dict[str, float] = {}


def report(figures: tuple[float, float, int, float], root: Path, label: str) -> None:
    import json

    wall, rss, code, cpu = figures
    summary = json.loads((root / "report.json").read_text(encoding="utf-8"))["summary"]
    _RESULTS[label] = wall
    print(f"{label:5} {wall:6.2f} s wall  {cpu:5.2f} s CPU  {rss:5.0f} MB  exit {code}  "
          f"ok {summary['ok']}  not modified {summary['not_modified']}  errors {summary['error']}  "
          f"candidates {summary['candidates']}")


def summarize(args: argparse.Namespace) -> None:
    bound = politeness_bound(args.sources, args.hosts, args.delay)
    per_host = -(-args.sources // args.hosts)
    print(f"{args.sources} sources x {args.items} items on {args.hosts} loopback hosts (<= {per_host} per host), "
          f"{args.delay * 1000:.0f} ms delay")
    print(f"politeness bound {bound:.2f} s; cold target <= {bound * 1.2:.2f} s: "
          f"{'met' if _RESULTS['cold'] <= bound * 1.2 else 'MISSED'}; "
          f"warm target < 2.00 s: {'met' if _RESULTS['warm'] < 2.0 else 'MISSED'}")


if __name__ == "__main__":
    main()
