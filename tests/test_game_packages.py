"""Every game package has the same files for the same jobs (OpenSpiel's lesson, docs/design.md): a
reader who knows one game's package knows where everything is in the others.

    data.py     components, as exact data       state.py    the frozen state model
    actions.py  actions and their codes         fields.py   the working copy's typed fields
    work.py     the turn flow on the copy       rules.py    the engine contract's functions
    scoring.py  the outcome                     view.py     what each seat may see
    render.py   text for players                ai.py       the AI players
    __init__.py assembles the ``Game`` bundle

Step modules of a game's own (an auction, a garden) sit beside them; ``secrets.py`` (a game with
private information), ``picture.py`` (a game that draws its board) and ``orders.py`` (standing
orders) are named the same wherever a game has one.
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from rules.flow import Work
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = {
    "__init__",
    "actions",
    "ai",
    "data",
    "fields",
    "render",
    "rules",
    "scoring",
    "state",
    "view",
    "work",
}


def files_of(game: str) -> set[str]:
    """The module names of a game package."""
    return {path.stem for path in (ROOT / "rules" / game).glob("*.py")}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_package_has_the_same_files(game: str) -> None:
    assert REQUIRED - files_of(game) == set()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_file_does_the_same_job(game: str) -> None:
    """The state model lives in state.py; fields.py holds a ``Work`` class that names no state
    (the steps import it); work.py derives the flow from it, checked against the state."""
    bundle = GAMES[game]
    assert bundle.state_type.__module__ == f"rules.{game}.state"
    fields = importlib.import_module(f"rules.{game}.fields")
    work = importlib.import_module(f"rules.{game}.work")
    copies = [c for _, c in inspect.getmembers(fields, inspect.isclass) if c.__module__ == fields.__name__]
    assert [c for c in copies if issubclass(c, Work) and "state_type" not in vars(c)], "fields.py: no Work class"
    flows = [
        c
        for _, c in inspect.getmembers(work, inspect.isclass)
        if c.__module__ == work.__name__ and issubclass(c, Work) and vars(c).get("state_type") is bundle.state_type
    ]
    assert len(flows) == 1, "work.py must hold the one working copy checked against the state"
    assert any(issubclass(flows[0], c) for c in copies), "work.py's copy must derive from fields.py's"
    if bundle.has_secrets:
        assert "secrets" in files_of(game)
    if bundle.presentation.render_picture is not None:
        assert "picture" in files_of(game)
