"""Run the GPU labs and write one measurement record per lab.

    python labs/run.py --list                 # the labs, what each shows, and the GPUs it needs
    python labs/run.py --all [--out DIR]      # every lab this machine can run
    python labs/run.py --lab coalescing [--lab roofline ...] [--out DIR]

Each lab predicts its figures from the GPU's published numbers (data/gpus.yml), checks its
kernels against a reference, then times them (harness.py says how). Records go to
DIR/<gpu>/<lab>.yml (DIR is data/measurements by default); `gpulist validate` checks them, and
the site draws them on the concept pages. A lab whose check fails, or that is stopped half-way,
writes no record. The run ends with a table of measured against predicted.

Needs PyTorch, Triton and PyYAML (CuPy for the two labs written in CUDA C), and an NVIDIA GPU.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402

@dataclass(frozen=True)
class Lab:
    """A lab of data/labs.yml with its script's module: the catalogue says what it shows and how
    many GPUs it needs, the module measures."""

    id: str
    shows: str
    gpus: int
    module: Any

    def run(self, ctx: harness.Context) -> harness.Result:
        return self.module.run(ctx)


def labs() -> list[Lab]:
    """Every lab, in the catalogue's order (the order a learner meets the effects)."""
    found = []
    for item in harness.catalogue():
        module = importlib.import_module(Path(item["script"]).stem)
        if module.ID != item["id"]:
            raise SystemExit(f"{item['script']} says it is {module.ID!r}, data/labs.yml says {item['id']!r}")
        found.append(Lab(item["id"], item["shows"], item["gpus_needed"], module))
    return found


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python labs/run.py", description=__doc__.split("\n\n")[0],
                                     epilog="Without a GPU or PyTorch it says so and exits with status 2.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--list", action="store_true", help="list the labs and exit")
    what.add_argument("--all", action="store_true", help="run every lab this machine can run")
    what.add_argument("--lab", action="append", metavar="NAME", help="run one lab (repeatable)")
    parser.add_argument("--out", type=Path, default=harness.DEFAULT_OUT, help="where records go (default: %(default)s)")
    parser.add_argument("--gpu", metavar="ID", help="the data/gpus.yml row of this GPU, where its name is not recognised")
    parser.add_argument("--quick", action="store_true", help="fewer sizes and repeats: checks the labs run, not figures to keep")
    return parser.parse_args(argv)


def print_list(found: list[Lab]) -> None:
    width = max(len(lab.id) for lab in found)
    for lab in found:
        need = f"  [{lab.gpus} GPUs]" if lab.gpus > 1 else ""
        print(f"{lab.id:<{width}}  {lab.shows}{need}")


def select(args: argparse.Namespace, found: list[Lab]) -> list[Lab]:
    """The labs asked for; an unknown name is an error that lists the known ones."""
    if args.all:
        return found
    by_id = {lab.id: lab for lab in found}
    unknown = [name for name in args.lab if name not in by_id]
    if unknown:
        raise SystemExit(f"unknown lab {', '.join(unknown)}; known: {', '.join(by_id)}")
    return [by_id[name] for name in args.lab]


def make_context(args: argparse.Namespace) -> tuple[harness.Context, dict[str, Any]]:
    """The device, its row in data/gpus.yml and the software versions, or a clear refusal."""
    try:
        import torch
    except ImportError:
        raise harness.NotAvailable("PyTorch is not installed: the labs need PyTorch, Triton and an NVIDIA GPU")
    if not torch.cuda.is_available():
        raise harness.NotAvailable("no CUDA GPU is visible to PyTorch: the labs need an NVIDIA GPU")
    name = torch.cuda.get_device_name(0)
    row = args.gpu or harness.gpu_row_for(name)
    if row is None:
        raise harness.NotAvailable(f"{name!r} is not a GPU of data/gpus.yml; pass --gpu ID with its row")
    props = harness.device_props(0)
    ctx = harness.Context(gpu=harness.load_gpu(row), device_name=name, props=props, quick=args.quick,
                          repeats=10 if args.quick else 30, warmup=2 if args.quick else 5)
    return ctx, versions()


def versions() -> dict[str, str]:
    import torch

    try:
        import triton
        triton_version = triton.__version__
    except ImportError:
        triton_version = "none"
    return {"driver": harness.driver_version(), "cuda": str(torch.version.cuda), "torch": str(torch.__version__),
            "triton": str(triton_version), "labs_commit": harness.labs_commit()}


def run_one(lab: Lab, ctx: harness.Context, vers: dict[str, str], out: Path) -> dict[str, Any]:
    """Run one lab; write its record only once it has finished and every check has passed."""
    before = harness.gpu_state()
    start = time.perf_counter()
    result = lab.run(ctx)
    wall = time.perf_counter() - start
    conditions = harness.base_conditions(ctx.device_name, ctx.props, vers)
    conditions.update(before=before, after=harness.gpu_state())
    record = harness.build_record(lab.id, ctx.gpu["id"], conditions, result, wall)
    if not ctx.quick:
        harness.write_record(record, out)
    return record


TIME_UNITS = ("s", "ms", "us", "ns")  # for a time, the share of the ceiling is predicted over measured


def print_table(rows: list[tuple[str, dict[str, Any]]]) -> None:
    """The closing table: what each lab measured against what the GPU's numbers predicted."""
    print(f"\n{'lab':<17} {'what':<44} {'measured':>11} {'predicted':>11} {'share':>6}  unit"
          "   (share: of the predicted ceiling's pace)")
    for lab, row in rows:
        measured, predicted = row["measured"], row["predicted"]
        ratio = (predicted / measured if row["unit"] in TIME_UNITS else measured / predicted) if predicted else None
        share = f"{ratio:6.0%}" if ratio is not None else "     -"
        pred = f"{predicted:11.4g}" if predicted is not None else f"{'-':>11}"
        print(f"{lab:<17} {row['what'][:44]:<44} {measured:11.4g} {pred} {share}  {row['unit']}")


def run_all(chosen: list[Lab], ctx: harness.Context, vers: dict[str, str], args: argparse.Namespace) -> int:
    """Run the chosen labs with progress; a failing lab is reported and the others go on."""
    import torch

    rows, failed, started = [], [], time.perf_counter()
    for i, lab in enumerate(chosen, 1):
        if lab.gpus > torch.cuda.device_count():
            print(f"[{i}/{len(chosen)}] {lab.id}: skipped, needs {lab.gpus} GPUs, found {torch.cuda.device_count()}")
            failed += [lab.id] if args.lab else []
            continue
        print(f"[{i}/{len(chosen)}] {lab.id} ...", flush=True)
        try:
            record = run_one(lab, ctx, vers, args.out)
        except (harness.LabError, RuntimeError) as exc:
            print(f"      FAILED, no record written: {exc}", flush=True)
            traceback.print_exc(limit=3)
            failed.append(lab.id)
            continue
        print(f"      {record['finding']}  ({record['wall_s']} s)", flush=True)
        rows += [(lab.id, row) for row in record["summary"]]
    print_table(rows)
    print(f"\n{len(chosen) - len(failed)} of {len(chosen)} labs in {time.perf_counter() - started:.0f} s"
          f"{'; failed: ' + ', '.join(failed) if failed else ''}")
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    found = labs()
    if args.list:
        print_list(found)
        return 0
    chosen = select(args, found)
    try:
        ctx, vers = make_context(args)
    except harness.NotAvailable as exc:
        print(f"labs: {exc}", file=sys.stderr)
        return 2
    print(f"{ctx.device_name} ({ctx.gpu['id']}), {ctx.props['sm_count']} SMs; torch {vers['torch']}, "
          f"CUDA {vers['cuda']}, Triton {vers['triton']}, driver {vers['driver']}", flush=True)
    try:
        return run_all(chosen, ctx, vers, args)
    except KeyboardInterrupt:
        print("\nstopped: the lab in progress wrote no record", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
