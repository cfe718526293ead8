"""Inside the solution's process: the references first, then the solution, checked and timed.

Run as `python labs/grading/child.py` by the grader (grading.sandbox), which sends the problem,
the solution's path and a token on standard input. In order:

1. the reference's outputs at every shape, for two seeds each, computed and kept on the host
   before the solution is imported, so nothing it does can change them;
2. the solution imported (a file that does not import is refused with the error);
3. at every shape, a call on each seed's inputs: the output must be a CUDA tensor of the
   reference's shape and dtype, within the dtype's tolerance (exact for data movement), must not
   be an input's memory, and the inputs must be unchanged. Right on the first seed and wrong on
   the second is a result kept from before (a cache), refused, as is a second call on the same
   inputs that hands back the very tensor of the first; wrong on the first is wrong.
   A call that starts a thread, leaves the current stream changed, leaves output unfinished when
   its stream is done, allocates past the limit, or patches the timer or the synchronisation
   (checked by identity after every call) is refused;
4. each shape timed with the labs' harness (warm-up, L2 flushed before each sample, the stopping
   rule), then the last output compared again and the inputs checked again, and work left on the
   device after the current stream's last event measured: more than a little is another stream's.

Needs PyTorch and a CUDA GPU; the grader's pure parts never import this module.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any

LABS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(LABS))

from grading import sandbox, score  # noqa: E402

SEEDS = (1234, 98765)
RESIDUE_MS = 0.5   # device work left after the current stream's last event that counts as another stream's
RESIDUE_SHARE = 0.1


class Refused(Exception):
    """A solution that would fool the grader or cannot be graded: never scored. `rule` says which."""

    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule


class Wrong(Exception):
    """A solution that computes the wrong thing at a shape: not timed, not scored."""


def load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Guard:
    """What a solution must leave as it found it: the timer, the synchronisation, the checks' own tools."""

    def __init__(self) -> None:
        import torch

        self.watched = [(torch.cuda, "synchronize"), (torch.cuda, "Event"), (torch.cuda.Event, "record"),
                        (torch.cuda.Event, "elapsed_time"), (torch.cuda.Event, "synchronize"), (time, "perf_counter"),
                        (torch.cuda, "current_stream"), (torch.cuda, "default_stream"), (torch, "equal"),
                        (torch.linalg, "vector_norm"), (torch.Tensor, "clone"), (torch.Tensor, "to"),
                        (torch.Tensor, "data_ptr"), (threading, "active_count"), (json, "dumps")]
        self.originals = [getattr(obj, attr) for obj, attr in self.watched]

    def check(self, when: str) -> None:
        for (obj, attr), original in zip(self.watched, self.originals):
            if getattr(obj, attr) is not original:
                name = getattr(obj, "__name__", type(obj).__name__)
                raise Refused("patch", f"{name}.{attr} was replaced {when}: a solution may not patch the timer, the "
                              "synchronisation or the grader's checks")


def expected_outputs(ref: Any, shapes: list[dict[str, int]]) -> list[list[Any]]:
    """The reference's output at each shape and seed, on the host, before any solution exists."""
    import torch

    found = []
    for shape in shapes:
        per_seed = []
        for seed in SEEDS:
            with torch.no_grad():
                per_seed.append(ref.reference(*ref.inputs(shape, seed)).cpu())
        found.append(per_seed)
        torch.cuda.empty_cache()
    return found


def same_memory(out: Any, inputs: tuple) -> bool:
    import torch

    ptr = out.untyped_storage().data_ptr()
    return any(isinstance(x, torch.Tensor) and x.untyped_storage().data_ptr() == ptr for x in inputs)


def identical(a: Any, b: Any) -> bool:
    """The same values, NaN where the other has NaN: a wrong output full of NaN is wrong, not
    unfinished."""
    import torch

    if a.shape != b.shape or torch.equal(a, b):
        return a.shape == b.shape
    return a.is_floating_point() and bool(((a == b) | (a.isnan() & b.isnan())).all())


def copies(inputs: tuple) -> tuple:
    """The inputs as they were, to tell afterwards whether a solution wrote to them."""
    import torch

    return tuple(x.clone() if isinstance(x, torch.Tensor) else x for x in inputs)


def unchanged(inputs: tuple, before: tuple) -> bool:
    import torch

    return all(torch.equal(a, b) if isinstance(a, torch.Tensor) else a == b for a, b in zip(inputs, before))


def check_output(out: Any, want: Any, inputs: tuple, problem: dict[str, Any]) -> str | None:
    """Why the output is not the reference's (None: it is), or a Refused for an unfit one."""
    import torch

    from harness import check_close
    from harness.errors import CheckFailed

    if not isinstance(out, torch.Tensor):
        raise Refused("output", f"returns {type(out).__name__}, not a torch.Tensor")
    if out.device.type != "cuda":
        raise Refused("output", f"returns a tensor on {out.device}, not on the GPU")
    if tuple(out.shape) != tuple(want.shape) or out.dtype != want.dtype:
        raise Refused("output", f"returns {tuple(out.shape)} {out.dtype}; the reference is {tuple(want.shape)} "
                      f"{want.dtype}")
    if same_memory(out, inputs):
        raise Refused("output", "returns an input's own memory: the output must be a tensor the solution wrote")
    ref = want.to(out.device)
    if problem.get("check") == "exact":
        return None if torch.equal(out, ref) else "differs from the reference (it must be exact)"
    try:
        check_close("output", out, ref, score.tolerance(problem["dtype"], "close", problem.get("rtol")))
    except CheckFailed as exc:
        return str(exc)
    return None


class Runner:
    """One solution's calls, each marked, checked for threads, streams, memory and patches."""

    def __init__(self, fn: Any, guard: Guard, status: str, per_call_bytes: float):
        self.fn, self.guard, self.status, self.per_call_bytes = fn, guard, status, per_call_bytes

    def call(self, inputs: tuple, what: str) -> Any:
        import torch

        sandbox.mark(self.status, what)
        torch.cuda.synchronize()
        threads, base = threading.active_count(), torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        try:
            out = self.fn(*inputs)
        except torch.cuda.OutOfMemoryError as exc:
            raise Refused("memory", f"allocates past the memory limit during {what}: {exc}".split("\n")[0])
        except Exception as exc:  # the solution's own error, named with its last lines
            raise Refused("raises", f"raises during {what}: {type(exc).__name__}: {exc}\n"
                          + "".join(traceback.format_exc(limit=-3)))
        self.after(out, threads, base, what)
        return out

    def after(self, out: Any, threads: int, base: int, what: str) -> None:
        import torch

        try:
            finished = out.clone() if isinstance(out, torch.Tensor) else None  # ordered on the current stream only
            torch.cuda.current_stream().synchronize()
            torch.cuda.synchronize()
        except RuntimeError as exc:  # a kernel that faulted (an illegal address) fails here, not at its launch
            raise Refused("raises", f"a kernel failed during {what}: {exc}".split("\n")[0])
        self.guard.check(f"during {what}")
        if threading.active_count() > threads:
            raise Refused("thread", f"starts a thread during {what}: work outside the call escapes the timer")
        if torch.cuda.current_stream() != torch.cuda.default_stream():
            raise Refused("stream", f"leaves another stream current after {what}")
        if finished is not None and not identical(finished, out):
            raise Refused("stream", f"its output was unfinished when the current stream was done ({what}): work on "
                          "another stream, which the timer does not see")
        extra = torch.cuda.max_memory_allocated() - base
        if extra > self.per_call_bytes:
            raise Refused("memory", f"allocates {extra / 2**20:.0f} MiB during {what}, past the limit of "
                          f"{self.per_call_bytes / 2**20:.0f} MiB for this shape")


def correctness(runner: Runner, ref: Any, shape: dict[str, int], want: list[Any], problem: dict[str, Any]) -> tuple:
    """Both seeds' calls checked; the first seed's inputs are returned for timing."""
    import torch

    held, wrong = [], []
    for seed, expected in zip(SEEDS, want):
        inputs = ref.inputs(shape, seed)
        before = copies(inputs)
        out = runner.call(inputs, f"the call at {shape}, seed {seed}")
        why = check_output(out, expected, inputs, problem)
        if not unchanged(inputs, before):
            raise Refused("inputs", f"changes its inputs at {shape}: a solution may only write its output")
        wrong.append(why)
        held.append((inputs, out))  # kept alive: the second seed's inputs get addresses of their own
    again = runner.call(held[0][0], f"a second call at {shape}")
    if isinstance(again, torch.Tensor) and again.untyped_storage().data_ptr() == held[0][1].untyped_storage().data_ptr():
        raise Refused("cache", f"returns the same tensor on a second call at {shape}: a result kept from before")
    if wrong[0]:
        raise Wrong(f"at {shape}: {wrong[0]}")
    if wrong[1]:
        raise Refused("cache", f"right on the first inputs and wrong on fresh ones of the same shape {shape} ({wrong[1]}):"
                      " it returns a cached or precomputed result")
    return held[0][0]


def residue_ms(fn: Any, inputs: tuple, calls: int = 20) -> tuple[float, float]:
    """(ms of device work left once the current stream's last event is done, ms of the whole run)."""
    import torch

    torch.cuda.synchronize()
    end = torch.cuda.Event()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn(*inputs)
    end.record()
    end.synchronize()
    t1 = time.perf_counter()
    torch.cuda.synchronize()
    t2 = time.perf_counter()
    return (t2 - t1) * 1e3, (t2 - t0) * 1e3


def timed(ctx: Any, runner: Runner, inputs: tuple, want: Any, shape: dict[str, int], problem: dict[str, Any]) -> dict:
    """One shape timed as the labs time, then checked again: output, inputs, patches, streams."""
    import torch

    from harness.telemetry import throttled

    before = copies(inputs)
    sandbox.mark(runner.status, f"timing at {shape}")
    last: list[Any] = [None]
    sample = ctx.measure(lambda: last.__setitem__(0, runner.fn(*inputs)))
    torch.cuda.synchronize()
    runner.guard.check(f"while timed at {shape}")
    why = check_output(last[0], want, inputs, problem)
    if why:
        raise Refused("after-timing", f"right before timing and wrong after it at {shape} ({why})")
    if not unchanged(inputs, before):
        raise Refused("inputs", f"changes its inputs while timed at {shape}")
    left, whole = residue_ms(runner.fn, inputs)
    if left > RESIDUE_MS and left > RESIDUE_SHARE * whole:
        raise Refused("stream", f"leaves {left:.2f} ms of device work after its stream's last event at {shape}: work "
                      "on another stream, which the timer does not see")
    return {"shape": shape, "ms": sample.ms, "q1_ms": sample.q1_ms, "q3_ms": sample.q3_ms, "n": sample.n,
            "throttled": throttled(sample.telemetry.get("reasons", [])) if sample.telemetry else False}


def grade(payload: dict[str, Any]) -> dict[str, Any]:
    """The whole grading inside the child; raises Refused or Wrong, or returns the timings."""
    import torch

    import harness
    from grading import problems

    if not torch.cuda.is_available():
        raise Refused("no-gpu", "no CUDA GPU is visible to PyTorch: grading needs an NVIDIA GPU")
    problem, limits = payload["problem"], payload["limits"]
    total = torch.cuda.get_device_properties(0).total_memory
    torch.cuda.set_per_process_memory_fraction(min(1.0, limits["gpu_bytes"] / total))
    guard = Guard()
    ref = load(Path(payload["folder"]) / "reference.py", "practice_reference")
    want = expected_outputs(ref, problem["shapes"])
    sandbox.mark(payload["status"], "importing the solution")
    try:
        solution = load(Path(payload["solution"]), "practice_solution")
    except BaseException as exc:  # SystemExit and KeyboardInterrupt from a solution are its errors too
        raise Refused("import", f"does not import: {type(exc).__name__}: {exc}")
    guard.check("while the solution was imported")
    if not callable(getattr(solution, "solution", None)):
        raise Refused("entry", "defines no function `solution(...)`")
    ctx = harness.Context(gpu={"id": payload.get("gpu") or "unknown"}, device_name=torch.cuda.get_device_name(0),
                          props=harness.device_props(0), quick=bool(payload.get("quick")))
    shapes = []
    for shape, expected in zip(problem["shapes"], want):
        nbytes, _ = problems.amounts(problem, shape)
        runner = Runner(solution.solution, guard, payload["status"], 2 * nbytes + 512 * 2**20)
        inputs = correctness(runner, ref, shape, expected, problem)
        shapes.append(timed(ctx, runner, inputs, expected[0], shape, problem))
        del inputs
        torch.cuda.empty_cache()
    return {"device_name": ctx.device_name, "telemetry": ctx.telemetry, "rule": ctx.rule.as_dict(),
            "warmup": ctx.warmup, "shapes": shapes}


def main() -> int:
    payload = json.loads(sys.stdin.read())
    token, result_path = payload.pop("token"), payload.pop("result")
    try:
        result = grade(payload)
    except Refused as exc:
        result = {"refused": {"rule": exc.rule, "reason": str(exc)}}
    except Wrong as exc:
        result = {"wrong": str(exc)}
    result["token"] = token
    text = json.dumps(result)
    with open(result_path, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
