#!/usr/bin/env bash
# Install (first time) and run the bot: reads DISCORD_TOKEN from .env. Extra arguments go to
# `python -m bot`, e.g. `scripts/bot.sh offline mogul --players ana,ben,cy --ai ben,cy`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-venv.sh
exec .venv/bin/python -m bot "$@"
