"""Practise writing the kernels the concepts are about, graded against your own GPU's measured roof.

    python labs/practice.py --list                                 # the problems and their concepts
    python labs/practice.py --problem row-softmax                  # its statement and starter to copy
    python labs/practice.py --problem row-softmax --solution mine.py [--gpu ID] [--ceilings RUN] [--out FILE.yml]

A solution is a Python file defining `solution(*inputs)`, which returns the output as a new CUDA
tensor (the starter, labs/problems/<name>/starter.py, is a Triton kernel to edit). Its source is
read first and refused, unrun, where it could fool the timer (grading.cheats); then it runs in a
process of its own (grading.sandbox, grading.child): checked against the PyTorch reference at
every shape on two seeds, timed as the labs time (L2 flushed, the stopping rule), checked again.
Its score at each shape is the rate it reached over the measured ceiling of its dtype and
resource, from your own labs run (--ceilings, a folder or bundle of labs/run.py) if given, else
the published record of the nearest GPU, and the output says which; the problem's score is the
geometric mean over shapes, with the roofline model's time beside each.

Exit status: 0 graded, 1 wrong, 3 refused, 2 could not grade (no GPU, unknown problem, no ceiling).
Needs PyTorch, Triton and PyYAML, and an NVIDIA GPU; never gpulist.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402
from grading import cheats, ceilings, problems, report, sandbox  # noqa: E402
from harness import bundle  # noqa: E402

CHILD = Path(__file__).resolve().parent / "grading" / "child.py"
GRADED, WRONG, UNAVAILABLE, REFUSED = 0, 1, 2, 3


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python labs/practice.py", description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--list", action="store_true", help="list the problems and exit")
    what.add_argument("--problem", metavar="NAME", help="the problem to show, or with --solution to grade")
    parser.add_argument("--solution", type=Path, metavar="FILE.py", help="the solution to grade")
    parser.add_argument("--gpu", metavar="ID", help="the data/gpus.yml row of this GPU, where its name is not recognised")
    parser.add_argument("--ceilings", type=Path, metavar="RUN", help="your labs run (folder or .tar.gz of "
                        "labs/run.py) whose measured ceilings the score is a share of")
    parser.add_argument("--out", type=Path, metavar="FILE.yml", help="keep the graded result as a record")
    parser.add_argument("--quick", action="store_true", help="fewer samples: checks a solution runs, scores roughly")
    parser.add_argument("--call-limit", type=float, default=sandbox.Limits.call_s, metavar="S",
                        help=f"seconds one call may take, its compiling included (default {sandbox.Limits.call_s:g})")
    return parser.parse_args(argv)


def print_list(found: list[dict[str, Any]]) -> None:
    width = max(len(p["id"]) for p in found)
    for p in found:
        print(f"{p['id']:<{width}}  {p['dtype']:<5} {p['resource']:<7} {p['title']}  [{', '.join(p['concepts'])}]")


def show(problem: dict[str, Any]) -> None:
    folder = problems.folder(problem)
    print(f"{problem['title']} ({problem['id']}): {problem['statement'].strip()}\n")
    print(f"shapes: {'; '.join(report.shape_text(s) for s in problem['shapes'])}")
    print(f"bytes = {problem['bytes']}, FLOPs = {problem['flops']} (s = bytes per {problem['dtype']} element); "
          f"scored against the {problem['resource']} roof")
    if problem.get("forbidden"):
        print(f"forbidden: {', '.join(problem['forbidden'])}")
    print(f"\ncp {folder.relative_to(problems.ROOT) / 'starter.py'} mine.py\n"
          f"python labs/practice.py --problem {problem['id']} --solution mine.py")


def refuse_unrun(problem: dict[str, Any], path: Path) -> list[str]:
    """The static reasons to refuse, as lines (none: run it)."""
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return [f"{path}: cannot be read ({exc})"]
    return [f.says(str(path)) for f in cheats.inspect_source(source, problem.get("forbidden", []))]


KILLED = {"hung": "a step did not finish within {call:g} s (a hang, or a kernel far too slow): {step}",
          "timeout": "the grading passed {total:g} s, in: {step}",
          "printed": "printed more than {out} bytes: a solution's printing is capped, and this one did not stop",
          "crashed": "the solution's process ended without a result (exit status {rc}), in: {step}"}


def outcome_problem(outcome: sandbox.Outcome, limits: sandbox.Limits) -> tuple[int, str] | None:
    """(exit status, message) for a child that did not give a graded result; None when it did."""
    if outcome.status != "done":
        text = KILLED[outcome.status].format(call=limits.call_s, total=limits.total_s, out=limits.output_bytes,
                                             step=outcome.step, rc=outcome.returncode)
        tail = f"\n--- the last of its output ---\n{outcome.output}" if outcome.status == "crashed" else ""
        return REFUSED, f"refused, no score: {text}{tail}"
    result = outcome.result or {}
    if result.get("refused", {}).get("rule") == "no-gpu":
        return UNAVAILABLE, f"practice: {result['refused']['reason']}"
    if "refused" in result:
        return REFUSED, f"refused, no score [{result['refused']['rule']}]: {result['refused']['reason']}"
    if "wrong" in result:
        return WRONG, f"wrong, no score: {result['wrong']}"
    return None


def published() -> dict[str, dict[str, dict[str, Any]]]:
    """The published records, by GPU and lab (data/measurements/<gpu>/<lab>.yml)."""
    import yaml

    found: dict[str, dict[str, dict[str, Any]]] = {}
    for path in sorted(harness.DEFAULT_OUT.glob("*/*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        found.setdefault(str(record.get("gpu")), {})[str(record.get("lab"))] = record
    return found


def bandwidths() -> dict[str, float]:
    """Each GPU's rated memory bandwidth, to find the published GPU nearest the reader's."""
    import yaml

    rows = yaml.safe_load(harness.catalog.GPUS_YML.read_text(encoding="utf-8"))["gpus"]
    return {r["id"]: float(harness.load_gpu(r["id"]).get("memory_bandwidth_gbs") or 0) for r in rows}


def resolve(problem: dict[str, Any], gpu: str | None, run: Path | None) -> tuple[ceilings.Ceiling, list[str], dict]:
    """The ceiling the score is a share of, its notes, and the model's two ceilings (GB/s, TFLOPS)."""
    own = (str(run), bundle.records(run)[1]) if run else None
    pub, bw = published(), bandwidths()
    ceiling, notes = ceilings.lookup(ceilings.metric_for(problem["resource"], problem["dtype"]), own, gpu, pub, bw)
    model: dict[str, float | None] = {}
    for resource in ("memory", "compute"):
        try:
            model[resource] = ceilings.lookup(ceilings.metric_for(resource, problem["dtype"]), own, gpu, pub, bw)[0].value
        except ceilings.NoCeiling:
            model[resource] = None
    return ceiling, notes, model


def grade(problem: dict[str, Any], args: argparse.Namespace) -> int:
    """Refuse unrun, or run in the sandbox, then score against the ceiling and print the table."""
    reasons = refuse_unrun(problem, args.solution)
    if reasons:
        print("refused, not run: the source shows what would fool the grader", *reasons, sep="\n")
        return finish(problem, args, {"refused": {"rule": "static", "reason": "; ".join(reasons)}}, None, None, [])
    if importlib.util.find_spec("torch") is None:
        print("practice: PyTorch is not installed: grading needs PyTorch, Triton and an NVIDIA GPU", file=sys.stderr)
        return UNAVAILABLE
    limits = sandbox.Limits(call_s=args.call_limit)
    payload = {"problem": problem, "folder": str(problems.folder(problem)), "solution": str(args.solution.resolve()),
               "gpu": args.gpu, "quick": args.quick}
    print(f"grading {args.solution} on {problem['id']} ...", flush=True)
    outcome = sandbox.run([sys.executable, str(CHILD)], payload, limits)
    failed = outcome_problem(outcome, limits)
    if failed:
        print(failed[1])
        result = outcome.result or {"refused": {"rule": outcome.status, "reason": failed[1]}}
        finish(problem, args, result, None, None, [])
        return failed[0]
    result = outcome.result
    gpu = args.gpu or harness.gpu_row_for(result["device_name"])
    try:
        ceiling, notes, model = resolve(problem, gpu, args.ceilings)
    except (ceilings.NoCeiling, bundle.BundleError, OSError) as exc:
        print(f"practice: graded correct, but no ceiling to score against: {exc}", file=sys.stderr)
        return UNAVAILABLE
    scores = report.shape_scores(problem, result["shapes"], ceiling, model["memory"], model["compute"])
    print(f"{result['device_name']} ({gpu or 'not in data/gpus.yml'}): correct at every shape")
    print("\n".join(report.lines(problem, scores, ceiling, notes)))
    return finish(problem, args, result, scores, ceiling, notes, gpu)


def finish(problem: dict[str, Any], args: argparse.Namespace, result: dict[str, Any], scores: Any,
           ceiling: ceilings.Ceiling | None, notes: list[str], gpu: str | None = None) -> int:
    """Write the record where --out asks; the exit status follows the verdict."""
    if args.out:
        import yaml

        rec = report.record(problem, args.solution, gpu, result, scores, ceiling, notes)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(yaml.safe_dump(rec, sort_keys=False), encoding="utf-8")
        print(f"record: {args.out}")
    if scores is not None:
        return GRADED
    return WRONG if "wrong" in result else REFUSED


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    found = problems.catalogue()
    if args.list:
        print_list(found)
        return 0
    try:
        problem = problems.find(found, args.problem)
    except KeyError as exc:
        print(f"practice: {exc.args[0]}", file=sys.stderr)
        return UNAVAILABLE
    if args.solution is None:
        show(problem)
        return 0
    if not args.solution.is_file():
        print(f"practice: no solution file at {args.solution}", file=sys.stderr)
        return UNAVAILABLE
    return grade(problem, args)


if __name__ == "__main__":
    sys.exit(main())
