#!/usr/bin/env bash
# Build and serve the site on http://127.0.0.1:8000 (installs what it needs first), rebuilding
# and reloading the page on every change. Only here does the pages' security policy allow the
# live-reload script, and no offline copy is kept (hooks/csp.py).
#   PORT=8001 bash scripts/serve.sh      another port
#   SKIP_SETUP=1 bash scripts/serve.sh   skip the set-up step (tests/browser/test_serve_browser.py)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SKIP_SETUP:-}" != 1 ]; then
  bash scripts/setup.sh site  # the site's packages only, not the tests' (scripts/setup.sh)
fi
exec .venv/bin/python -m mkdocs serve --dev-addr "127.0.0.1:${PORT:-8000}" "$@"
