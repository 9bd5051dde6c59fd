#!/usr/bin/env bash
# Install (first time) and run every check: ruff, mypy, then the test suite (which starts a
# throwaway PostgreSQL server of its own: scripts/ensure-postgres.sh makes sure it can).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
bash scripts/ensure-postgres.sh
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy rules db bot cogs
# The suite runs on every core (pytest-xdist; TEST_WORKERS=0 runs it in this process): each
# worker has its own databases and its own throwaway PostgreSQL server.
.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" "$@"
