"""The GPU's SM clock, power and clock-event reasons, sampled while a point is measured.

Clocks read before and after a lab cannot show a power cap that engages half-way through it;
sampling during each point can, and a point whose samples carry a throttling reason is flagged
in the record. Sampling goes through NVML (the nvidia-ml-py package) in a background thread,
read only, never set; where NVML is missing the record says `telemetry: none` and no point is
flagged either way. The decoding of NVML's reason bits is pure and tested without a GPU.
"""

from __future__ import annotations

import threading
import time
from typing import Any

# NVML's clock-event reason bits (nvmlClocksEventReason*), by the names the records use.
REASON_BITS: dict[str, int] = {
    "gpu_idle": 0x1, "applications_clocks": 0x2, "sw_power_cap": 0x4, "hw_slowdown": 0x8,
    "sync_boost": 0x10, "sw_thermal": 0x20, "hw_thermal": 0x40, "hw_power_brake": 0x80,
    "display_clocks": 0x100,
}
THROTTLING = ("sw_power_cap", "sw_thermal", "hw_slowdown", "hw_thermal", "hw_power_brake")
INTERVAL_S = 0.005


def reasons(mask: int) -> list[str]:
    """The named reasons set in an NVML mask, in a fixed order."""
    return [name for name, bit in REASON_BITS.items() if mask & bit]


def throttled(names: list[str]) -> bool:
    """Whether any reason is one that lowers the clock under load (idle and sync boost are not)."""
    return any(name in THROTTLING for name in names)


def summarise(readings: list[tuple[int, float, int]]) -> dict[str, Any] | None:
    """min/max SM clock (MHz), peak power (W) and the union of reasons over (clock, watts, mask)."""
    if not readings:
        return None
    clocks = [r[0] for r in readings]
    mask = 0
    for r in readings:
        mask |= r[2]
    return {"sm_mhz": [min(clocks), max(clocks)], "power_w": round(max(r[1] for r in readings), 1),
            "reasons": reasons(mask)}


class Sampler:
    """A thread that reads NVML every few milliseconds between start() and stop()."""

    def __init__(self, index: int = 0) -> None:
        self._handle = _nvml_handle(index)
        self._readings: list[tuple[int, float, int]] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def source(self) -> str:
        return "nvml" if self._handle is not None else "none"

    def start(self) -> None:
        if self._handle is None:
            return
        self._readings, self._stop = [], threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def stop(self) -> dict[str, Any] | None:
        if self._thread is None:
            return None
        self._stop.set()
        self._thread.join()
        self._thread = None
        if not self._readings:
            self._read()  # a point shorter than one interval still gets one reading
        return summarise(self._readings)

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._read()
            time.sleep(INTERVAL_S)

    def _read(self) -> None:
        import pynvml as nvml

        try:
            clock = nvml.nvmlDeviceGetClockInfo(self._handle, nvml.NVML_CLOCK_SM)
            watts = nvml.nvmlDeviceGetPowerUsage(self._handle) / 1000.0
            mask = nvml.nvmlDeviceGetCurrentClocksEventReasons(self._handle)
        except nvml.NVMLError:
            return
        self._readings.append((int(clock), float(watts), int(mask)))


def _nvml_handle(index: int) -> Any:
    """NVML's handle of the GPU, or None where the package or the library is missing."""
    try:
        import pynvml as nvml

        nvml.nvmlInit()
        return nvml.nvmlDeviceGetHandleByIndex(index)
    except Exception:  # noqa: BLE001 - ImportError, NVMLError_LibraryNotFound and kin: no telemetry
        return None


def max_sm_clock(index: int = 0) -> int | None:
    """The SM clock the driver allows at most (MHz): the clock a vendor's peak is quoted at."""
    handle = _nvml_handle(index)
    if handle is None:
        return None
    import pynvml as nvml

    try:
        return int(nvml.nvmlDeviceGetMaxClockInfo(handle, nvml.NVML_CLOCK_SM))
    except nvml.NVMLError:
        return None
