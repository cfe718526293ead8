"""A local HTTP server for link-check benchmarks: many loopback hosts, a fixed latency.

Runs in its own process so its CPU is not billed to the checker being measured. Every
path answers 200 after `latency` seconds, to HEAD and GET alike. It stops by itself
after `--lifetime` seconds, or when its standard input closes.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from aiohttp import web


def make_app(latency: float) -> web.Application:
    async def handle(request: web.Request) -> web.Response:
        if latency:
            await asyncio.sleep(latency)
        return web.Response(text="<!doctype html><title>ok</title><p>ok</p>", content_type="text/html")

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", handle)
    return app


async def serve(hosts: int, port: int, latency: float, lifetime: float) -> None:
    runner = web.AppRunner(make_app(latency), access_log=None)
    await runner.setup()
    for i in range(1, hosts + 1):
        await web.TCPSite(runner, f"127.0.0.{i}", port, backlog=1024).start()
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    stdin_closed = loop.run_in_executor(None, sys.stdin.read)
    try:
        await asyncio.wait_for(stdin_closed, lifetime)
    except TimeoutError:
        pass
    await runner.cleanup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hosts", type=int, default=20)
    parser.add_argument("--port", type=int, default=18080)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--lifetime", type=float, default=600.0)
    args = parser.parse_args()
    asyncio.run(serve(args.hosts, args.port, args.latency, args.lifetime))


if __name__ == "__main__":
    main()
