"""Golden playthroughs still play exactly as recorded (regenerate: python -m tests.golden.regen)."""

from __future__ import annotations

import pytest

from rules.registry import GAMES
from tests.golden.regen import PLAYTHROUGHS, Playthrough, path_of, transcript

CASES = [
    pytest.param(game, spec, id=f"{game}-{spec.name}")
    for game, specs in PLAYTHROUGHS.items()
    if game in GAMES
    for spec in specs
]


@pytest.mark.parametrize(("game", "spec"), CASES)
def test_playthrough_matches_its_transcript(game: str, spec: Playthrough) -> None:
    path = path_of(game, spec)
    assert path.exists(), f"{path} is missing: run python -m tests.golden.regen {game}"
    assert transcript(game, spec) == path.read_text(encoding="utf-8")
