#!/usr/bin/env bash
# Set up everything the site and the tests need, on a fresh machine: a virtual environment
# with the project and its Python dependencies, and the pinned npm packages.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[site,test]"
if [ ! -d node_modules ] || ! npm ls --depth=0 >/dev/null 2>&1; then
  npm ci --no-audit --no-fund
fi
