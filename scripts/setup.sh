#!/usr/bin/env bash
# Set up what the site and the tests need, on a fresh machine: a virtual environment with the
# project and its Python dependencies, and the pinned npm packages.
#   bash scripts/setup.sh        everything: the site, the tests and the linters (scripts/test.sh)
#   bash scripts/setup.sh site   only what building and serving the site needs (scripts/serve.sh:
#                                no Playwright, mypy, ruff or Hypothesis, the bulk of a fresh
#                                install)
# The Python packages are installed again only when pyproject.toml changed since the last
# install of the same set (a stamp in .venv), so a second run costs no network round trip.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
EXTRAS="site,test"
if [ "${1:-}" = site ]; then
  EXTRAS="site"
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
STAMP=".venv/.installed-${EXTRAS/,/-}"
WANTED="$(sha256sum pyproject.toml | cut -d' ' -f1)"
if [ "$(cat "$STAMP" 2>/dev/null)" != "$WANTED" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[$EXTRAS]"
  echo "$WANTED" > "$STAMP"
fi
if [ ! -d node_modules ] || ! npm ls --depth=0 >/dev/null 2>&1; then
  npm ci --no-audit --no-fund --prefer-offline  # the npm cache first: no registry round trip per package
fi
