"""The AI's levels (``Game.levels``): each plays whole games to the end at every player count, and
all-AI games end with an Emperor, not at the round limit (TK-END-06; the bench plays 200 seeds)."""

from __future__ import annotations

import pytest

from rules.engine import AI_LEVELS, ai_player, playout
from rules.takenoko import GAME
from rules.takenoko.data import objectives_needed
from rules.takenoko.state import TakenokoState
from tests.support.strength import play_levels


def play(
    players: int, seed: int, level: str, state: TakenokoState | None = None, ply: int = 0
) -> tuple[TakenokoState, int]:
    """A game (from ``state``, reached after ``ply`` moves, if given) where every seat plays at
    ``level``: the end state and the number of moves."""
    if state is None:
        state = GAME.start(players, {"pros_variant": "on" if seed % 2 else "off"}, seed)
    levels = dict.fromkeys(range(players), level)
    state, moves = play_levels(GAME, state, seed, levels, ply)
    return state, moves.total()


def late_in_a_game(players: int, seed: int) -> tuple[TakenokoState, int]:
    """A state of a normal game once a seat is two objectives short of the Emperor, and its ply."""
    state = GAME.start(players, {}, seed)
    for step in playout(GAME, state, seed, ai_player(GAME, seed)):
        state = step.after
        if max(len(d) for d in state.done) >= objectives_needed(players) - 2 and state.step == "action":
            return state, step.number
    raise AssertionError("the game ended before")


def test_the_game_names_its_levels() -> None:
    """``Game.levels`` holds the levels other than normal (``Game.ai``)."""
    assert set(GAME.levels) == set(AI_LEVELS) - {"normal"}
    assert GAME.ai is not None


@pytest.mark.parametrize(("level", "players"), [("easy", 2), ("easy", 3), ("easy", 4), ("normal", 2), ("normal", 3)])
def test_every_level_plays_whole_games(level: str, players: int) -> None:
    """Easy and normal tables reach the end by the Emperor (TK-END-01); one seed each (the bench
    plays hundreds: this only checks that the table sizes play through; normal at 4 players plays
    in the goldens and through Discord)."""
    state, plies = play(players, 10 + players, level)
    assert state.step == "over" and state.emperor >= 0 and GAME.outcome(state) is not None
    assert plies < 3000


@pytest.mark.usefixtures("quick_lookahead")
def test_the_strong_level_plays_to_the_end() -> None:
    """A strong table plays to the end too: the last turns of a 2-player game, both seats strong
    (it searches more, so one short game is enough; the mixed table below has a strong seat among
    3 players)."""
    state, ply = late_in_a_game(2, 42)
    over, plies = play(2, 42, "strong", state, ply)
    assert over.step == "over" and over.emperor >= 0 and plies > 0


@pytest.mark.parametrize("players", [2])
@pytest.mark.usefixtures("quick_lookahead")
def test_a_strong_seat_plays_whole_games(players: int) -> None:
    """A strong seat plays a whole game from the first turn, the other seat normal (one strong
    seat keeps it to seconds: the strong AI searches two worlds, wider); larger tables play
    their end with a strong seat in ``test_mixed_levels_share_a_table``."""
    seed = 20 + players
    state = GAME.start(players, {}, seed)
    levels = {seat: "strong" if seat == 0 else "normal" for seat in range(players)}
    state, moves = play_levels(GAME, state, seed, levels)
    assert state.step == "over" and state.emperor >= 0 and GAME.outcome(state) is not None
    assert moves[0] > 20


@pytest.mark.usefixtures("quick_lookahead")
def test_mixed_levels_share_a_table() -> None:
    """Seats at different levels play the end of one game together."""
    state, ply = late_in_a_game(3, 77)
    levels = {0: "easy", 1: "normal", 2: "strong"}
    for step in playout(GAME, state, 77, ai_player(GAME, 77, levels=levels), ply=ply):
        state = step.after
    assert state.step == "over" and state.emperor >= 0
