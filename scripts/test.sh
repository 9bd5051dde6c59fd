#!/usr/bin/env bash
# Install (first time) and run every check: ruff, mypy, then the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy rules db bot cogs
.venv/bin/python -m pytest "$@"
