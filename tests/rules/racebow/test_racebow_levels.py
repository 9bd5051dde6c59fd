"""The Racebow AI's levels (``Game.levels``: easy; ``Game.ai`` is normal, and strong plays as
normal): each plays whole games at every player count, and easy keeps to the newcomer it is meant
to be (colours only in its board's order, nothing seen beyond the next tile, a turbo thought of
after the first step) and is beatable. bench/ai_strength.py measures how strong each level is;
these tests only guard what must always hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.engine import AI_LEVELS, rng_for
from rules.racebow import GAME
from rules.racebow.ai import ai_action, easy
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import custom, position
from tests.support.strategies import racebow as strategies
from tests.support.strength import against_random, ai_at, measure, play_match

EMPTY_ROWS = [custom() for _ in range(6)]


def test_easy_is_declared_and_strong_plays_as_normal() -> None:
    """Easy is the one declared level; strong, not declared, plays the normal AI's moves."""
    assert set(GAME.levels) == {"easy"} and GAME.levels["easy"] is easy and GAME.ai is ai_action
    state = GAME.start(3, {}, 4)
    for seat in range(3):
        probe = state.model_copy(update={"turn": seat})
        normal = GAME.ai_action(probe, seat, rng_for("level", seat), "normal")
        assert GAME.ai_action(probe, seat, rng_for("level", seat), "strong") == normal


@pytest.mark.parametrize("level", AI_LEVELS)
def test_rb_end_03_every_level_plays_whole_games_at_every_player_count(level: str) -> None:
    """RB-END-01 / RB-END-03: at 2, 3 and 4 players a table of this level plays legal moves until
    every place but the last is won by a finish (never the round-200 safety end)."""
    ai = ai_at(GAME, level)

    def checked(state: RacebowState, seat: int, rng: random.Random) -> Any:
        action = ai(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        return action

    for players in (2, 3, 4):
        for seed in range(2):
            match = play_match(GAME, players, seed, [checked] * players)
            assert match.state.end == "finish", (players, seed, match.state.end)
            assert sorted(match.state.places) == list(range(1, players + 1))


def test_rb_collect_01_easy_waits_for_the_colour_its_board_wants_next() -> None:
    """RB-COLLECT-01: with R O in its stack (target R O Y G B) and only a blue pawn in reach, the
    normal AI takes the blue (one repair later is worth it); easy keeps to Earth and waits."""
    rows = [custom(), custom(E1="B"), *EMPTY_ROWS]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["RO", ""], tracks=[(0, 0, 0), (2, 3, 3)])
    assert GAME.action_code(ai_action(state, 0, random.Random(1))) == "to:E1"
    for n in range(10):
        assert GAME.action_code(easy(state, 0, rng_for("wait", n))) in ("to:E2", "to:E3")


def test_rb_move_07_easy_does_not_steer_toward_a_pawn_beyond_its_step() -> None:
    """RB-MOVE-07: the yellow its target wants is two tiles on, reachable only from E2 (by the
    turbo step or next turn). The normal AI always steps to E2; easy sees nothing beyond the next
    tile and plans no turbo with its step, so it takes E1 or E2 as they come, and once on E2 it
    does spend its turbo on the yellow it now sees."""
    rows = [custom(), custom(), custom(E3="Y"), *EMPTY_ROWS]
    state = position(rows, [(10, "E1"), (10, "E4")], stacks=["RO", ""], tracks=[(1, 0, 0), (2, 3, 3)])
    normal = {GAME.action_code(ai_action(state, 0, rng_for("steer", n))) for n in range(20)}
    newcomer = {GAME.action_code(easy(state, 0, rng_for("steer", n))) for n in range(20)}
    assert normal == {"to:E2"} and newcomer == {"to:E1", "to:E2"}
    after, _ = GAME.apply(state, 0, GAME.parse_action("to:E2"), random.Random(1))
    assert after.ask == "turbo" and GAME.action_code(easy(after, 0, random.Random(1))) == "turbo"


def easy_against_random(seed: int) -> float:
    """Easy's share of the win in one two-player game against a random player."""
    tested, winners = against_random(GAME, easy, 2, seed)
    return 1.0 if tested in winners else 0.0


def test_easy_is_no_random_player() -> None:
    """Easy makes a newcomer's mistakes, not random ones: it beats a random player nine games in
    ten at least (the normal AI wins all ten, tests/rules/racebow/test_racebow_ai.py)."""
    assert sum(easy_against_random(seed) for seed in range(10)) >= 9


@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_easy_loses_to_each_scripted_player_at_two_players(name: str) -> None:
    """Easy is beatable: at two players it wins less than its fair share against each scripted
    player (tests/support/strategies/racebow.py), as a newcomer would."""
    result = measure(GAME, 2, ai_at(GAME, "easy"), strategies.STRATEGIES[name], 60)
    assert result.ratio < 1.0
