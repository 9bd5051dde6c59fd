"""Nim's rules, one test per rule ID."""

from __future__ import annotations

import random

from rules.nim import GAME
from rules.nim.actions import Take
from rules.nim.state import NimState


def test_nm_set_1_a_pile_of_nine_and_a_first_player_drawn() -> None:
    firsts = {GAME.start(3, {}, seed).turn for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.start(2, {}, 0).pile == 9


def test_nm_take_1_one_to_three_never_more_than_the_pile() -> None:
    state = NimState(players=2, pile=2, turn=0, taken=(0, 0))
    assert [a.n for a in GAME.legal_actions(state, 0)] == [1, 2]
    assert GAME.legal_actions(state, 1) == []


def test_nm_take_2_the_next_player_moves() -> None:
    state = NimState(players=3, pile=9, turn=2, taken=(0, 0, 0))
    after, _ = GAME.apply(state, 2, Take(n=3), random.Random(0))
    assert (after.turn, after.pile, after.taken) == (0, 6, (0, 0, 3))


def test_nm_end_1_the_last_taker_wins() -> None:
    state = NimState(players=2, pile=3, turn=1, taken=(6, 0))
    after, _ = GAME.apply(state, 1, Take(n=3), random.Random(0))
    result = GAME.outcome(after)
    assert result is not None and result.winners() == frozenset({1})
