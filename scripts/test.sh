#!/usr/bin/env bash
# Run the whole test suite: ruff, mypy (--strict over pyengine), tsc and ESLint over the page
# JavaScript, the strict site build, unit and browser tests.
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
# Python types: the engine under --strict; the build, hooks, dev tools and the tests' helpers
# under the project's settings (pyproject.toml).
.venv/bin/python -m mypy --strict pyengine
.venv/bin/python -m mypy sitebuild hooks devtools tests/__init__.py tests/conftest.py \
  tests/helpers.py tests/scenarios.py tests/golden_logs.py tests/long_games.py \
  tests/coin_flip.py tests/runner_views.py \
  tests/browser/__init__.py tests/browser/conftest.py tests/browser/server.py
# The page's JavaScript: type-checked against the worker's messages (types/messages.d.ts, from
# pyengine/widgets/messages.py) and linted.
node_modules/.bin/tsc -p jsconfig.json
node_modules/.bin/eslint .
status=0
.venv/bin/python -m pytest "$@" || status=$?
# pytest exits 5 when no tests were collected (e.g. a -k filter that matches nothing).
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests"
  exit 0
fi
exit "$status"
