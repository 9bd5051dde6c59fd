#!/usr/bin/env bash
# Create .venv (once) and install the project with its test tools. Used by the two commands below.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
# Reinstall only when pyproject.toml changed since the last install.
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
    rm -f .venv/.installed-*
    touch "$stamp"
fi
