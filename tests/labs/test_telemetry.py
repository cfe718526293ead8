"""harness.telemetry's pure parts: NVML's reason bits named, and a point's readings summarised."""

from __future__ import annotations

from harness import telemetry


def test_reason_bits_by_name():
    assert telemetry.reasons(0x1) == ["gpu_idle"]
    assert telemetry.reasons(0x4 | 0x40) == ["sw_power_cap", "hw_thermal"]
    assert telemetry.reasons(0) == []


def test_only_clock_lowering_reasons_count_as_throttled():
    assert telemetry.throttled(["sw_power_cap"]) and telemetry.throttled(["hw_slowdown"])
    assert not telemetry.throttled(["gpu_idle", "sync_boost"]) and not telemetry.throttled([])


def test_summary_of_readings():
    summary = telemetry.summarise([(1980, 410.0, 0x0), (1755, 699.5, 0x4), (1845, 640.2, 0x1)])
    assert summary == {"sm_mhz": [1755, 1980], "power_w": 699.5, "reasons": ["gpu_idle", "sw_power_cap"]}
    assert telemetry.summarise([]) is None


def test_without_nvml_the_sampler_reads_nothing(monkeypatch):
    monkeypatch.setattr(telemetry, "_nvml_handle", lambda index: None)
    sampler = telemetry.Sampler()
    sampler.start()
    assert sampler.stop() is None and sampler.source == "none"
