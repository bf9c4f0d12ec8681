#!/usr/bin/env bash
# Create .venv (Python 3.11+) and install the SDK (clients/python) and the server with their
# pinned dependencies.
# Usage: scripts/setup.sh [--dev]
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "error: Python 3.11 or newer is required (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    # Debian ships venv separately.
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-venv >/dev/null
    rm -rf .venv && "$PYTHON" -m venv .venv
  fi
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# The SDK is its own distribution (clients/python); the server depends on it by name, so it is
# installed from this checkout first and never looked up in a package index.
.venv/bin/python -m pip install -q -e clients/python
if [ "${1:-}" = "--dev" ]; then
  .venv/bin/python -m pip install -q -e ".[dev]"
else
  .venv/bin/python -m pip install -q -e .
fi
