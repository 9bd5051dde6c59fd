"""The Mogul AI's levels (``Game.levels``: easy, strong; ``Game.ai`` is normal): each plays whole
games at every player count, reads only its own seat's view, and keeps to what it is for (easy
loses to a plain strategy, normal and strong never waste a loan). bench/ai_strength.py measures
how strong each is; these tests only guard what must always hold."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from rules.engine import AI_LEVELS, playout, rng_for
from rules.mogul import GAME
from rules.mogul.state import MogulState
from tests.support.strategies import mogul as strategies
from tests.support.strength import against_random, ai_at, blind, measure, play_match

PLAYERS = (3, 4, 5, 6)


def test_the_levels_are_the_engines() -> None:
    """Easy and strong are declared; normal is ``Game.ai`` (what plays for an absent player)."""
    assert set(GAME.levels) == {"easy", "strong"} and set(AI_LEVELS) == {"easy", "normal", "strong"}
    assert GAME.ai is not None


@pytest.mark.parametrize("level", AI_LEVELS)
def test_every_level_plays_whole_games_at_every_player_count(level: str) -> None:
    """MG-END-1: at every player count, a table of this level plays legal moves to the Crash (the
    strong level one game per count, the others two)."""
    ai = ai_at(GAME, level)

    def checked(state: MogulState, seat: int, rng: random.Random) -> object:
        action = ai(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        return action

    for players in PLAYERS:
        for seed in range(1 if level == "strong" else 2):
            match = play_match(GAME, players, seed, [checked] * players, {"quick_start": "pick"} if players < 6 else {})
            assert match.state.phase == "over" and sum(match.wins) == pytest.approx(1.0)


def mid_game_states(players: int, seed: int) -> list[MogulState]:
    """Every third state of a game between the scripted players (all phases, quick_start pick)."""
    names = list(strategies.STRATEGIES.values())

    def choose(s: MogulState, to_act: frozenset[int], ply: int) -> Any:
        seat = min(to_act)
        return seat, names[seat % len(names)](s, seat, rng_for(seed, -ply))

    found: list[MogulState] = []
    state = GAME.start(players, {"quick_start": "pick"}, seed)
    for step in playout(GAME, state, seed, choose):
        if step.number % 3 == 0 and GAME.to_act(step.after):
            found.append(step.after)
    return found


@pytest.mark.parametrize("level", AI_LEVELS)
def test_every_level_reads_only_its_own_seats_view(level: str) -> None:
    """§6: at every level the AI plays the same whatever the other seats privately hold (their
    chips swapped by ``strength.blind``): it never reads another seat's hidden information."""
    ai = ai_at(GAME, level)
    checked = 0
    for players in (4, 5):
        for state in mid_game_states(players, 10 + players):
            (seat,) = GAME.to_act(state)
            assert blind(GAME, ai, state, seat, players)
            checked += 1
    assert checked > 100


def easy_against_random(seed: int) -> float:
    """The easy AI's share of the win in one game of three, the other seats random players."""
    tested, winners = against_random(GAME, ai_at(GAME, "easy"), 3, seed)
    return 1 / len(winners) if tested in winners else 0.0


def test_easy_is_no_random_player() -> None:
    """Easy makes a newcomer's mistakes, not random ones: it still beats random players."""
    assert sum(easy_against_random(seed) for seed in range(30)) / 30 > 1 / 3


def test_easy_loses_to_a_plain_value_bidder() -> None:
    """Easy is beatable: at three players it wins less than its fair share against value bidders
    (tests/support/strategies/mogul.py), as a newcomer would."""
    result = measure(GAME, 3, ai_at(GAME, "easy"), strategies.value, 45)
    assert result.ratio < 1.0


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_mg_loan_2_normal_and_strong_never_borrow_to_be_forced_out(level: str) -> None:
    """MG-LOAN-2 / MG-AUC-3: after a loan the AI keeps its last chip, so it is never forced out of
    an auction it borrowed in (the blunder the AI it replaced made after most of its loans)."""
    found: Counter[str] = Counter()
    for players in (3, 4):
        for seed in range(4):
            seat = seed % players
            seats = [ai_at(GAME, level) if s == seat else strategies.value for s in range(players)]
            found.update(strategies.blunders(play_match(GAME, players, seed, seats, keep_log=True), seat))
    assert found["loans"] > 5
    assert found["loan_then_forced_out"] == 0
