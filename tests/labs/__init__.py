"""Tests of labs/: its pure parts run anywhere (CI has no GPU); those marked `gpu` need one.

labs/ is a folder of scripts, not a package: `python labs/run.py` puts labs/ on sys.path, and
so does this package for its tests.
"""

import sys
from pathlib import Path

LABS = Path(__file__).resolve().parents[2] / "labs"
if str(LABS) not in sys.path:
    sys.path.insert(0, str(LABS))
