"""Run the GPU labs and write one measurement record per lab.

    python labs/run.py --list                        # the labs, what each shows, what it needs
    python labs/run.py --all [--out DIR]             # every lab this machine can run
    python labs/run.py --lab coalescing [--lab ...]  # some of them
    python labs/run.py --merge RUN [RUN ...] --out data/measurements   # several runs, one record each
    python labs/run.py --compare BUNDLE [--with GPU]  # your run beside the published records

Each lab checks its kernels against a reference, predicts its figures from a model calibrated
on the ceilings this run measured (copy bandwidth, matmul rates), times its points until their
spread is small while sampling the clocks, then runs its probes once more under Nsight Compute
for the counters that show its mechanism. A run writes a folder (DIR, by default
runs/<UTC time>/): run.json and DIR/<gpu>/<lab>.yml, with any traces beside the records, and packs
it as DIR.tar.gz, the run's bundle, to keep, compare or contribute. A lab
whose check fails, or that is stopped half-way, writes no record. The run ends with a table of
measured against model.

Needs PyTorch, Triton and PyYAML (CuPy for the labs written in CUDA C, nvidia-ml-py for the
clock telemetry, ncu for the counters), and an NVIDIA GPU.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import json
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402
from harness import counters as ncu  # noqa: E402
from harness import bundle, compare, machine, merge  # noqa: E402


@dataclass(frozen=True)
class Lab:
    """A lab of data/labs.yml with its script's module: the catalogue says what it shows and how
    many GPUs it needs, the module measures (and says which ceilings it needs and provides)."""

    id: str
    shows: str
    gpus: int
    module: Any

    def run(self, ctx: harness.Context) -> harness.Result:
        return self.module.run(ctx)

    @property
    def needs(self) -> tuple[str, ...]:
        return tuple(getattr(self.module, "NEEDS", ()))

    @property
    def provides(self) -> tuple[str, ...]:
        return tuple(getattr(self.module, "PROVIDES", ()))


def labs() -> list[Lab]:
    """Every lab, in the catalogue's order (the order a learner meets the effects)."""
    found = []
    for item in harness.catalogue():
        module = importlib.import_module(Path(item["script"]).stem)
        if module.ID != item["id"]:
            raise SystemExit(f"{item['script']} says it is {module.ID!r}, data/labs.yml says {item['id']!r}")
        found.append(Lab(item["id"], item["shows"], item["gpus_needed"], module))
    return found


def in_calibration_order(chosen: list[Lab]) -> list[Lab]:
    """The chosen labs with each one after the labs whose ceilings it is predicted from."""
    providers = {key: lab for lab in chosen for key in lab.provides}
    ordered: list[Lab] = []

    def visit(lab: Lab, path: tuple[str, ...] = ()) -> None:
        if lab in ordered or lab.id in path:
            return
        for key in lab.needs:
            if key in providers and providers[key] is not lab:
                visit(providers[key], path + (lab.id,))
        ordered.append(lab)

    for lab in chosen:
        visit(lab)
    return ordered


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python labs/run.py", description=__doc__.split("\n\n")[0],
                                     epilog="Without a GPU or PyTorch it says so and exits with status 2.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--list", action="store_true", help="list the labs and exit")
    what.add_argument("--all", action="store_true", help="run every lab this machine can run")
    what.add_argument("--lab", action="append", metavar="NAME", help="run one lab (repeatable)")
    what.add_argument("--merge", nargs="+", type=Path, metavar="RUN", help="merge run folders (the first is the base)")
    what.add_argument("--compare", type=Path, metavar="BUNDLE", help="compare a run (folder or .tar.gz) with the "
                      "published records")
    parser.add_argument("--with", dest="with_gpu", metavar="GPU", help="with --compare: the published GPU to compare "
                        "with (default: the same GPU, else the nearest by memory bandwidth)")
    parser.add_argument("--counters-pass", type=Path, metavar="DIR", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, help="where the run's folder goes (default: runs/<UTC time>)")
    parser.add_argument("--gpu", metavar="ID", help="the data/gpus.yml row of this GPU, where its name is not recognised")
    parser.add_argument("--quick", action="store_true", help="fewer sizes and samples: checks the labs run, writes nothing")
    parser.add_argument("--no-counters", action="store_true", help="skip the Nsight Compute pass")
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
    names = args.lab if args.lab else []
    unknown = [name for name in names if name not in by_id]
    if unknown:
        raise SystemExit(f"unknown lab {', '.join(unknown)}; known: {', '.join(by_id)}")
    return [by_id[name] for name in names]


def published_calibration(gpu_id: str) -> dict[str, tuple[float, str]]:
    """Ceilings the published records of this GPU measured: a lab run alone is still predicted
    from measured figures, where any exist."""
    import yaml

    found: dict[str, tuple[float, str]] = {}
    for path in sorted((harness.DEFAULT_OUT / gpu_id).glob("*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for item in record.get("calibration", []) or []:
            found[item["key"]] = (float(item["value"]), record["lab"])
    return found


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
    counting = args.counters_pass is not None
    ctx = harness.Context(gpu=harness.load_gpu(row), device_name=name, props=props, quick=args.quick,
                          counters_pass=counting, calibration={} if counting else published_calibration(row))
    return ctx, ({} if counting else harness.versions())


def skip_reason(lab: Lab, ctx: harness.Context) -> str | None:
    """Why this machine cannot run the lab, or None."""
    import torch

    if lab.gpus > torch.cuda.device_count():
        return f"needs {lab.gpus} GPUs, found {torch.cuda.device_count()}"
    need = getattr(lab.module, "MIN_CAPABILITY", None)
    have = tuple(int(v) for v in ctx.props["capability"].split("."))
    if need and have < tuple(need):
        return f"needs compute capability {need[0]}.{need[1]} (this GPU is {ctx.props['capability']})"
    return None


def counters_for(lab: Lab, args: argparse.Namespace, work: Path) -> dict[str, Any]:
    """The lab's counters from its Nsight Compute pass, or why there are none."""
    if args.no_counters:
        return ncu.missing("the run was asked to skip counters (--no-counters)")
    metrics = list(getattr(lab.module, "COUNTERS", ()))
    unknown = sorted(set(metrics) - set(harness.counter_units()))
    if unknown:
        return ncu.missing(f"not in data/counters.yml: {', '.join(unknown)}")
    cache = getattr(lab.module, "NCU_CACHE", "all")
    return ncu.collect(lab.id, metrics, work / lab.id, Path(__file__).resolve(), cache)


def run_one(lab: Lab, ctx: harness.Context, vers: dict[str, Any], args: argparse.Namespace, work: Path) -> dict:
    """Run one lab; write its record only once it has finished and every check has passed."""
    before = harness.gpu_state()
    start = time.perf_counter()
    result = lab.run(ctx)
    wall = time.perf_counter() - start
    after = harness.gpu_state()
    counters = counters_for(lab, args, work) if not ctx.quick else ncu.missing("quick run")
    if counters["status"] == "measured" and hasattr(lab.module, "explain"):
        result.finding = lab.module.explain(result, counters)
    conditions = harness.base_conditions(ctx.device_name, ctx.props, vers)
    conditions.update(before=before, after=after)
    record = harness.build_record(lab.id, ctx.gpu["id"], conditions, result, wall, ctx.rule, ctx.telemetry, counters)
    ctx.calibration.update({key: (value, lab.id) for key, value in result.calibration.items()})
    if not ctx.quick:
        harness.write_record(record, args.out, result.traces)
    return record


def print_table(rows: list[tuple[str, dict[str, Any]]]) -> None:
    """The closing table: each lab's figures against its model (x the model) or its bound (share)."""
    print(f"\n{'lab':<17} {'what':<42} {'measured':>10} {'±':>5} {'model/bound':>11} {'ratio':>7}  unit")
    for lab, row in rows:
        against = row.get("predicted", row.get("bound"))
        kind = {"x-model": "x", "share-of-bound": "of"}.get(row.get("ratio_kind", ""), "")
        ratio = f"{row['ratio']:.2f}{kind}" if "ratio" in row else "-"
        pred = f"{against:11.4g}" if against is not None else f"{'-':>11}"
        spread = f"{row['spread'] / 2:5.1%}" if row.get("spread") is not None else "    -"
        print(f"{lab:<17} {row['what'][:42]:<42} {row['measured']:10.4g} {spread} {pred} {ratio:>7}  {row['unit']}")


def run_all(chosen: list[Lab], ctx: harness.Context, vers: dict[str, Any], args: argparse.Namespace) -> int:
    """Run the chosen labs with progress; a failing lab is reported and the others go on."""
    rows, failed, started = [], [], time.perf_counter()
    ordered = in_calibration_order(chosen)
    with tempfile.TemporaryDirectory(prefix="gpulist-counters-") as work:
        for i, lab in enumerate(ordered, 1):
            why = skip_reason(lab, ctx)
            if why:
                print(f"[{i}/{len(ordered)}] {lab.id}: skipped, {why}")
                failed += [lab.id] if args.lab else []
                continue
            print(f"[{i}/{len(ordered)}] {lab.id} ...", flush=True)
            try:
                record = run_one(lab, ctx, vers, args, Path(work))
            except (harness.LabError, RuntimeError, ValueError) as exc:
                print(f"      FAILED, no record written: {exc}", flush=True)
                traceback.print_exc(limit=3)
                failed.append(lab.id)
                continue
            c = record["counters"]
            note = f"{len(c['kernels'])} kernels profiled" if c["status"] == "measured" else f"no counters: {c['reason']}"
            print(f"      {record['finding']}  ({record['wall_s']} s; {note})", flush=True)
            rows += [(lab.id, row) for row in record["summary"]]
    print_table(rows)
    print(f"\n{len(ordered) - len(failed)} of {len(ordered)} labs in {time.perf_counter() - started:.0f} s"
          f"{'; failed: ' + ', '.join(failed) if failed else ''}")
    return 1 if failed else 0


def default_out() -> Path:
    return harness.ROOT / "runs" / _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")


def write_manifest(out: Path, ctx: harness.Context, vers: dict[str, Any]) -> None:
    """run.json: what a later --merge needs to tell runs apart (machine start, code)."""
    out.mkdir(parents=True, exist_ok=True)
    manifest = {"started": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                "boot_id": machine.boot_id(), "gpu": ctx.gpu["id"], "gpu_name": ctx.device_name,
                "labs_commit": vers["labs_commit"]}
    (out / merge.RUN_FILE).write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def counters_pass(lab: Lab, ctx: harness.Context, work: Path) -> int:
    """Inside ncu: run the lab's probes once each, write their names, time and write nothing else."""
    lab.run(ctx)
    ncu.write_probes(ctx.probes, work)
    return 0


def published() -> dict[str, dict[str, dict[str, Any]]]:
    """The published records, by GPU and lab."""
    import yaml

    found: dict[str, dict[str, dict[str, Any]]] = {}
    for path in sorted(harness.DEFAULT_OUT.glob("*/*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        found.setdefault(record["gpu"], {})[record["lab"]] = record
    return found


def run_compare(args: argparse.Namespace) -> int:
    """--compare: the reader's figures beside the published ones, lab by lab."""
    import yaml

    try:
        manifest, mine = bundle.records(args.compare)
    except (bundle.BundleError, OSError) as exc:
        print(f"labs: {exc}", file=sys.stderr)
        return 2
    gpu = manifest.get("gpu") or next(iter(mine.values()))["gpu"]
    pub = published()
    rows = yaml.safe_load(harness.catalog.GPUS_YML.read_text(encoding="utf-8"))["gpus"]
    bandwidth = {r["id"]: float(harness.load_gpu(r["id"]).get("memory_bandwidth_gbs") or 0) for r in rows}
    other = args.with_gpu or compare.nearest(gpu, {g: 1.0 for g in pub}, bandwidth)
    if other not in pub:
        print(f"labs: no published records for {other!r}; published: {', '.join(sorted(pub)) or 'none'}", file=sys.stderr)
        return 2
    print("\n".join(compare.table(compare.compare(mine, pub[other]), gpu, other)))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.compare:
        return run_compare(args)
    if args.merge:
        out = args.out or harness.DEFAULT_OUT
        written = merge.merge(args.merge, out)
        print(f"merged {len(args.merge)} runs into {len(written)} records under {out}")
        return 0
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
    if args.counters_pass:
        return counters_pass(chosen[0], ctx, args.counters_pass)
    args.out = args.out or default_out()
    print(f"{ctx.device_name} ({ctx.gpu['id']}), {ctx.props['sm_count']} SMs; torch {vers['torch']}, "
          f"CUDA {vers['cuda']}, Triton {vers['triton']}, driver {vers['driver']}; telemetry {ctx.telemetry}", flush=True)
    if not args.quick:
        write_manifest(args.out, ctx, vers)
    try:
        code = run_all(chosen, ctx, vers, args)
    except KeyboardInterrupt:
        print("\nstopped: the lab in progress wrote no record", file=sys.stderr)
        return 130
    if not args.quick:
        print(f"records in {args.out}; bundle: {bundle.pack(args.out)}")
    return code


if __name__ == "__main__":
    sys.exit(main())
