"""A game's AI as it was at an earlier commit, loaded from git for the bench (never kept in the tree).

    levels("toprace")            # {"easy": ..., "normal": ..., "strong": ...} at BEFORE
    levels("takenoko", "c1e10d2")

The AI's own modules (``MODULES``) are written from ``git show <commit>:rules/<game>/<module>.py``
into a package under ``bench/.cache/`` (ignored by git), their imports of one another pointed
inside that package; everything else (rules, state, data) is today's.
"""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache"

BEFORE = "2a6e6fb"
"""The commit whose AIs shipped before issue 31 (the bench's ``previous_ai``)."""

MODULES = {"toprace": ("ai", "estimate", "search", "orders"), "takenoko": ("ai", "appraise")}
"""The modules that make up each game's AI (with Top Race's standing orders, whose API its bidding used)."""

LEVELS = {
    "toprace": {"easy": ("ai", "easy_action"), "normal": ("ai", "ai_action"), "strong": ("search", "strong_action")},
    "takenoko": {"easy": ("ai", "choose_easy"), "normal": ("ai", "choose"), "strong": ("ai", "choose_strong")},
}
"""Where each level's decision function lives, by game."""


def _rewrite(source: str, game: str, package: str) -> str:
    """``source`` with its imports of the game's AI modules pointed at ``package``."""
    own = MODULES[game]
    for module in own:
        source = source.replace(f"from rules.{game}.{module} import", f"from {package}.{module} import")

    def split(match: re.Match[str]) -> str:
        names = [name.strip() for name in match.group(1).split(",")]
        mine = [name for name in names if name in own]
        theirs = [name for name in names if name not in own]
        lines = [f"from {package} import {', '.join(mine)}"] if mine else []
        lines += [f"from rules.{game} import {', '.join(theirs)}"] if theirs else []
        return "\n".join(lines)

    return re.sub(rf"^from rules\.{game} import ([\w, ]+)$", split, source, flags=re.MULTILINE)


def load(game: str, commit: str = BEFORE) -> str:
    """Write the game's AI at ``commit`` into ``bench/.cache`` and return its package's name."""
    sha = subprocess.run(
        ["git", "rev-parse", "--short=10", commit], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    package = f"previous_{game}_{sha}"
    folder = CACHE / package
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "__init__.py").write_text(f'"""rules/{game} AI at {sha}, from git."""\n')
    for module in MODULES[game]:
        source = subprocess.run(
            ["git", "show", f"{sha}:rules/{game}/{module}.py"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
        (folder / f"{module}.py").write_text(_rewrite(source, game, package))
    if str(CACHE) not in sys.path:
        sys.path.insert(0, str(CACHE))
    return package


def levels(game: str, commit: str = BEFORE) -> dict[str, Any]:
    """Each level's decision function of the game's AI at ``commit`` (none for a game not listed)."""
    if game not in MODULES:
        return {}
    package = load(game, commit)
    return {
        level: getattr(importlib.import_module(f"{package}.{module}"), name)
        for level, (module, name) in LEVELS[game].items()
    }
