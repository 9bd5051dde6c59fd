"""Every game the bot hosts, by its key: each package under ``rules/`` that assembles a ``GAME``.

The key names the game's rules package, its cog, its database value, its catalogue file, its golden
folder and its slash group; adding a game adds its package here without an edit to this file.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from rules.engine import Game


def discover() -> dict[str, Game[Any, Any, Any]]:
    """The ``GAME`` of every game package under ``rules/``, by name (sorted)."""
    found: dict[str, Game[Any, Any, Any]] = {}
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if not info.ispkg:
            continue
        game = getattr(importlib.import_module(f"rules.{info.name}"), "GAME", None)
        if isinstance(game, Game):
            if game.name != info.name:
                raise ValueError(f"rules/{info.name} registers a game named {game.name!r}")
            found[game.name] = game
    return found


GAMES: dict[str, Game[Any, Any, Any]] = discover()
