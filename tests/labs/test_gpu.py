"""The labs on a real GPU (marked `gpu`; CI has none, so they are skipped there and run on the
H200 machine): each lab runs in quick mode and passes its own checks, and a kernel made wrong
is caught before it is timed."""

from __future__ import annotations

import pytest

import harness
import run

torch = pytest.importorskip("torch")
pytestmark = [pytest.mark.gpu,
              pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]


@pytest.fixture(scope="module")
def ctx():
    args = run.parse_args(["--all", "--quick"])
    context, _ = run.make_context(args)
    return context


@pytest.mark.parametrize("lab", run.labs(), ids=lambda lab: lab.id)
def test_each_lab_runs_and_checks_itself(ctx, lab):
    if lab.gpus > torch.cuda.device_count():
        pytest.skip(f"needs {lab.gpus} GPUs")
    result = lab.run(ctx)
    assert result.series and all(s.points for s in result.series)
    assert all(p["y"] > 0 for s in result.series for p in s.points)
    assert result.finding and result.summary


def test_measure_times_the_device_not_the_host(ctx):
    x = harness.random(2**26)
    sample = ctx.measure(lambda: x.mul_(1.0001))
    # 512 MiB read and written: at least a tenth of a millisecond on any GPU of gpus.yml
    assert 0.1 < sample.q1_ms <= sample.ms <= sample.q3_ms < 1000
    assert sample.n >= ctx.rule.min_samples


def test_measure_samples_the_clock_while_it_times(ctx):
    x = harness.random(2**26)
    sample = ctx.measure(lambda: x.mul_(1.0001))
    if ctx.telemetry == "none":
        pytest.skip("NVML is not available here")
    low, high = sample.telemetry["sm_mhz"]
    assert 100 < low <= high < 5000 and sample.telemetry["power_w"] > 0


def test_a_wrong_kernel_is_caught_before_timing(ctx, monkeypatch):
    import coalescing

    real = coalescing._gather

    class OffByOne:
        def __getitem__(self, grid):
            def launch(src, dst, stride, BLOCK):
                real[grid](src[1:], dst, stride, BLOCK=BLOCK)  # reads one element late
            return launch

    monkeypatch.setattr(coalescing, "_gather", OffByOne())
    timed = []
    monkeypatch.setattr(type(ctx), "measure", lambda *a, **k: timed.append(1) or harness.Sample(1.0, 1.0, 1.0, 1))
    with pytest.raises(harness.CheckFailed, match="gather at stride 1"):
        coalescing.run(ctx)
    assert not timed
