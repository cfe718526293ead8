"""The labs' shared harness: one method of measuring, one record per lab.

Every lab measures the same way, so that one lab's figures compare with another's and one
GPU's with another's:

- random data, never zeros (zeros can run faster than real data and hide unwritten outputs);
- each kernel's output checked against a reference before it is timed: a lab whose check
  fails raises `CheckFailed` and writes no record at all;
- warm-up runs first; then CUDA-event samples until the spread is small (stats.StoppingRule),
  each point keeping its median, quartiles and sample count;
- the L2 flushed before each sample unless the cache is what the lab is about;
- the SM clock, power and clock-event reasons sampled during each point (telemetry.py), and a
  point that ran throttled flagged;
- a prediction from a model of the effect (records.Model), calibrated from the ceilings this
  run measured (the copy, the matmuls) rather than the vendor's peaks, which are bounds;
- the kernels' hardware counters read once more under Nsight Compute (counters.py), and a
  profiler trace kept where the effect lives between kernels (traces.py).

One concern per module:

    errors     the error tree           stats      samples, quartiles, the stopping rule
    catalog    data/*.yml the labs read telemetry  NVML sampled during each point
    machine    conditions: versions, CPU, PCIe, boot
    timing     Context.measure, checks, random data
    counters   ncu's command and CSV    traces     torch.profiler timelines
    records    points, models, records  merge      several runs into one record

Needs PyTorch and PyYAML to run a lab (nvidia-ml-py for telemetry, ncu for counters), never
gpulist: a GPU machine's Python may lack gpulist's own needs. Each module's pure parts import
neither torch nor a GPU and are tested without one.
"""

from .catalog import DEFAULT_OUT, GPU_ROWS, ROOT, catalogue, counter_units, gpu_row_for, load_gpu
from .errors import CheckFailed, LabError, NotAvailable
from .machine import base_conditions, gpu_state, labs_commit, parse_smi, smi, versions
from .records import (TIME_UNITS, Model, Result, Series, Term, Trace, Value, build_record, from_point, point,
                      summary_row, write_record)
from .stats import QUICK, Sample, StoppingRule, median, quartiles, relative_spread, run_spread
from .timing import Context, check_close, check_equal, device_props, random, random_positive

__all__ = [
    "DEFAULT_OUT", "GPU_ROWS", "QUICK", "ROOT", "TIME_UNITS", "CheckFailed", "Context", "LabError", "Model",
    "NotAvailable", "Result", "Sample", "Series", "StoppingRule", "Term", "Trace", "Value", "base_conditions",
    "build_record", "catalogue", "check_close", "check_equal", "counter_units", "device_props", "from_point",
    "gpu_row_for", "gpu_state", "labs_commit", "load_gpu", "median", "parse_smi", "point", "quartiles", "random",
    "random_positive", "relative_spread", "run_spread", "smi", "summary_row", "versions", "write_record",
]
