#!/usr/bin/env bash
# Run the whole test suite: ruff, mypy, the strict site build, unit and browser tests.
# Installs what it needs. Chromium: $CHROMIUM, else Debian's /usr/bin/chromium, else
# Playwright's own browser (installed with `playwright install chromium` where possible).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ -z "${CHROMIUM:-}" ]; then
  if [ -x /usr/bin/chromium ]; then
    export CHROMIUM=/usr/bin/chromium
  else
    .venv/bin/python -m playwright install chromium || {
      echo "No Chromium: set CHROMIUM, install Debian's chromium, or allow playwright install." >&2
      exit 1
    }
  fi
fi
.venv/bin/python -m ruff check .
.venv/bin/python -m mypy pyengine sitebuild hooks devtools
status=0
.venv/bin/python -m pytest "$@" || status=$?
# pytest exits 5 when no tests were collected (e.g. a -k filter that matches nothing).
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests"
  exit 0
fi
exit "$status"
