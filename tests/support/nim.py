"""Nim, the perfect-information test game, from the fifth game's folder (``tests/fifth_game``, laid
out as it would sit in the tree) with its catalogues; where the game sits in the tree itself (the
temporary copy of tests/cogs/test_a_fifth_game.py), the tree's own."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

from bot.i18n import add_catalogue
from rules.engine import Game

FOLDER = Path(__file__).resolve().parent.parent / "fifth_game"

try:
    PACKAGE = "rules.nim"
    importlib.import_module(PACKAGE)
except ModuleNotFoundError:
    PACKAGE = "tests.fifth_game.rules.nim"
    for _path in sorted((FOLDER / "bot" / "i18n").glob("*/nim.json")):
        add_catalogue(_path.parent.name, json.loads(_path.read_text(encoding="utf-8")))

NIM: Game[Any, Any, Any] = importlib.import_module(PACKAGE).GAME
"""Nim as a test registers it beside the four games."""
NimWork: Any = importlib.import_module(f"{PACKAGE}.work").NimWork
"""Nim's working copy, for the engine's tests."""
