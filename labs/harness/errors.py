"""The labs' one error tree: every way a lab can fail to produce a record.

    LabError
     ├── CheckFailed      a kernel's output disagreed with its reference: no timing is kept
     └── NotAvailable     the machine lacks what the lab needs (a GPU, two GPUs, a package, sm_90)

A lab raises one of these and writes nothing; run.py reports it and goes on with the others.
"""

from __future__ import annotations


class LabError(Exception):
    """A lab could not run to a valid result. Subclasses say why; none writes a record."""


class CheckFailed(LabError):
    """A kernel computed the wrong thing, so timing it would measure nothing worth keeping."""


class NotAvailable(LabError):
    """What the lab needs is not on this machine; the message says what is missing."""
