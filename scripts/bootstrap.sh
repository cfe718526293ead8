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
