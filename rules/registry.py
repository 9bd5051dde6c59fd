"""Every game the bot hosts, by its key (the same key names its package, cog and slash group)."""

from __future__ import annotations

from typing import Any

from rules.engine import Rules
from rules.mogul import RULES as MOGUL
from rules.toprace import RULES as TOPRACE

GAMES: dict[str, Rules[Any, Any, Any]] = {
    MOGUL.name: MOGUL,
    TOPRACE.name: TOPRACE,
}
