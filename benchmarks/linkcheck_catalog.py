"""check-links on a 10,000-entry catalog: pull-request mode and a warm-cache full run.

Both should cost about as much as loading the catalog. The catalog comes from
synthetic.py in a temporary git repository, its URLs pointed at a local server (20
loopback hosts, no latency) so nothing leaves the machine. Prints, in seconds:
- loading the catalog (`gpulist validate`, and load_catalog() in a bare process);
- a cold full run that fills the cache (politeness interval 0 to keep it short);
- a warm full run answered by the cache;
- `--changed-since HEAD` after changing one entry's URL.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from _linkbench import BIN, gpulist_cmd, measure, server
from synthetic import write_catalog

PYPROJECT = "[tool.gpulist.linkcheck]\nhost_interval = 0.0\n"


def build(root: Path, n: int, port: int) -> Path:
    data = write_catalog(root / "data", n)
    for i, path in enumerate(sorted((data / "resources").glob("*.yml"))):
        text = path.read_text(encoding="utf-8")
        local = f"http://127.0.0.{i % 20 + 1}:{port}/posts/{i}"
        path.write_text(re.sub(r"(?m)^url: .*$", f"url: {local}", text, count=1), encoding="utf-8")
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    for args in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-qm", "catalog"]):
        subprocess.run(["git", "-c", "user.name=b", "-c", "user.email=b@b", *args], cwd=root, check=True)
    return data


def show(label: str, figures: tuple[float, float, int, float]) -> None:
    wall, rss, code, cpu = figures
    print(f"  {label:44s} wall {wall:6.2f} s, CPU {cpu:5.2f} s, peak RSS {rss:6.1f} MB, exit {code}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=10_000)
    parser.add_argument("--port", type=int, default=18290)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, server(20, args.port, 0.0):
        root = Path(tmp)
        data = build(root, args.n, args.port)
        print(f"{args.n}-entry catalog, {os.getloadavg()[0]:.1f} load on {os.cpu_count()} cores:")
        show("gpulist validate (load + checks)", measure([str(BIN / "gpulist"), "validate", "--data", "data"], root))
        load = [sys.executable, "-c", "from pathlib import Path; from gpulist.load import load_catalog; "
                "load_catalog(Path('data'))"]
        show("load_catalog() alone, in a fresh process", measure(load, root))
        common = ["data", "--allow-private", "--format", "json", "--output", "r.json"]
        show("check-links full run, cold cache", measure(gpulist_cmd(*common), root))
        show("check-links full run, warm cache", measure(gpulist_cmd(*common), root))
        changed = sorted((data / "resources").glob("*.yml"))[args.n // 2]
        text = changed.read_text(encoding="utf-8")
        changed.write_text(re.sub(r"(?m)^url: (.*)$", r"url: \1-changed", text, count=1), encoding="utf-8")
        show("check-links --changed-since HEAD (1 entry)", measure(gpulist_cmd(*common, "--changed-since", "HEAD",
                                                                               "--no-cache"), root))
        selected = (root / "r.json").read_text(encoding="utf-8").count('"url"')
        print(f"  (--changed-since selected {selected} URL)")


if __name__ == "__main__":
    main()
