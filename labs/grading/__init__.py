"""The practice grader's parts: `python labs/practice.py` grades a reader's kernel against the
reader's own GPU's measured roof.

One concern per module:

    problems   data/practice.yml read as plain dicts, the bytes and FLOPs formulas evaluated
    score      tolerances by dtype, achieved rate over ceiling, the geometric mean, the model's time
    ceilings   the measured ceiling of a dtype and resource: the reader's labs run, else a published record
    cheats     what a solution's source shows it would do to fool the grader (read with ast)
    sandbox    the solution's process: a time limit per call, a cap on what it prints, a result token
    child      inside that process (needs PyTorch and a GPU): checks, timing, refusals
    report     the graded result as lines for a terminal and as a record to keep

Like the labs, it never imports gpulist, and every module but `child` is pure: it imports
neither torch nor a GPU and is tested without one.
"""
