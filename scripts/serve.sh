#!/usr/bin/env bash
# Build and serve the site on http://127.0.0.1:8000 (installs what it needs first).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m mkdocs serve --dev-addr 127.0.0.1:8000 "$@"
