"""Golden playthroughs still play exactly as recorded (regenerate: python -m tests.golden.regen)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from rules.registry import GAMES
from tests.golden.regen import PLAYTHROUGHS, Playthrough, path_of, playthroughs, transcript

CASES = [
    pytest.param(game, spec, id=f"{game}-{spec.name}")
    for game, specs in PLAYTHROUGHS.items()
    if game in GAMES
    for spec in specs
]


def without_goldens(games: Iterable[str]) -> list[str]:
    """The registered games that have no golden playthrough (each must have some)."""
    return [game for game in games if not playthroughs(game)]


def test_every_registered_game_has_golden_playthroughs() -> None:
    assert without_goldens(GAMES) == []


@pytest.mark.parametrize(("game", "spec"), CASES)
def test_playthrough_matches_its_transcript(game: str, spec: Playthrough) -> None:
    path = path_of(game, spec)
    assert path.exists(), f"{path} is missing: run python -m tests.golden.regen {game}"
    assert transcript(game, spec) == path.read_text(encoding="utf-8")
