"""grading.sandbox: the solution's process is killed when a step hangs, when it prints without
end, and its result is believed only with the token. Small Python children stand in for the
grader's child (which needs a GPU)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

from grading import sandbox

CHILD_HEAD = textwrap.dedent("""\
    import json, sys, time
    sys.path.insert(0, {labs!r})
    from grading import sandbox
    payload = json.loads(sys.stdin.read())
""")
LABS = str(Path(sandbox.__file__).resolve().parent.parent)
FAST = sandbox.Limits(call_s=1.0, total_s=20.0, output_bytes=10_000)


def run_child(tmp_path: Path, body: str, limits: sandbox.Limits = FAST) -> sandbox.Outcome:
    script = tmp_path / "child.py"
    script.write_text(CHILD_HEAD.format(labs=LABS) + textwrap.dedent(body), encoding="utf-8")
    return sandbox.run([sys.executable, str(script)], {"problem": "p"}, limits)


WRITE = "open(payload['result'], 'w').write(json.dumps({'token': payload['token'], 'shapes': [1]}))\n"


def test_a_child_that_finishes_gives_its_result(tmp_path):
    outcome = run_child(tmp_path, "sandbox.mark(payload['status'], 'working')\n" + WRITE)
    assert (outcome.status, outcome.result, outcome.step) == ("done", {"shapes": [1]}, "working")


def test_a_hanging_step_is_killed_and_named(tmp_path):
    outcome = run_child(tmp_path, "sandbox.mark(payload['status'], 'the call at n=4')\ntime.sleep(60)\n" + WRITE)
    assert outcome.status == "hung" and outcome.step == "the call at n=4" and outcome.result is None


def test_steps_that_each_finish_in_time_may_take_longer_together(tmp_path):
    body = "for i in range(4):\n    sandbox.mark(payload['status'], f'step {i}')\n    time.sleep(0.5)\n" + WRITE
    assert run_child(tmp_path, body).status == "done"


def test_endless_printing_is_stopped(tmp_path):
    outcome = run_child(tmp_path, "while True:\n    print('x' * 100, flush=True)\n")
    assert outcome.status == "printed" and outcome.output.startswith("x")


def test_the_whole_run_has_a_limit(tmp_path):
    body = "while True:\n    sandbox.mark(payload['status'], str(time.time()))\n    time.sleep(0.1)\n"
    assert run_child(tmp_path, body, sandbox.Limits(call_s=1.0, total_s=1.0)).status == "timeout"


def test_a_result_without_the_token_is_not_believed(tmp_path):
    forged = "open(payload['result'], 'w').write(json.dumps({'token': 'guess', 'shapes': [1]}))\n"
    outcome = run_child(tmp_path, forged)
    assert outcome.status == "crashed" and outcome.result is None


def test_a_child_that_raises_is_a_crash_with_its_output(tmp_path):
    outcome = run_child(tmp_path, "raise RuntimeError('boom')\n")
    assert outcome.status == "crashed" and "RuntimeError: boom" in outcome.output and outcome.returncode == 1
