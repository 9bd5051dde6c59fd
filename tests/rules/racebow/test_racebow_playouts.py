"""Whole games: random and AI playouts for 2–4 players keep the invariants (40 colour and 15 bonus
pawns, tracks within bounds, every tile somewhere once) and always end."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import IllegalAction, ai_player, playout, random_player, rng_for
from rules.racebow import GAME
from rules.racebow.actions import MOVES, RacebowAction
from rules.racebow.data import REACH, ROUND_LIMIT
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import check_invariants

PLAYERS = st.integers(min_value=2, max_value=4)
ROTATE = st.sampled_from(["off", "on"])


def _check_end(state: RacebowState) -> None:
    """The game is over, and its outcome ranks every seat; RB-END-03/04 tell why it ended."""
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.to_act(state) == frozenset()
    assert sorted(s.seat for s in outcome.standings) == list(range(state.players))
    placed = sorted(p for p in state.places if p)
    assert placed == list(range(1, len(placed) + 1))
    if state.end == "finish":
        assert len(placed) == state.players
    elif state.end == "limit":
        assert state.round == ROUND_LIMIT and state.players - len(placed) >= 2
    else:
        assert state.end == "tiles" and not state.pile and not state.discards


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=PLAYERS, rotate=ROTATE, seed=st.integers(min_value=0, max_value=10**6))
def test_random_playouts_keep_the_invariants_and_end(players: int, rotate: str, seed: int) -> None:
    state = GAME.start(players, {"rotate_first_player": rotate}, seed)
    check_invariants(state)
    for ply in playout(GAME, state, seed, random_player(GAME, seed)):
        check_invariants(ply.after)
        state = ply.after
    _check_end(state)


@settings(max_examples=12, deadline=None)
@given(players=PLAYERS, rotate=ROTATE, seed=st.integers(min_value=0, max_value=10**6))
def test_ai_playouts_keep_the_invariants_and_finish(players: int, rotate: str, seed: int) -> None:
    """AI players finish their races well before the safety limit."""
    state = GAME.start(players, {"rotate_first_player": rotate}, seed)
    for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
        check_invariants(ply.after)
        state = ply.after
    _check_end(state)
    assert state.end == "finish" and state.round < 80


def test_states_built_without_validation_equal_validated_ones() -> None:
    """``trusted`` builds every state in apply: a JSON round trip must give the same state."""
    state = GAME.start(3, {}, 8)
    for ply in playout(GAME, state, 8, ai_player(GAME, 8)):
        if ply.number % 5 == 0:
            assert RacebowState.model_validate_json(ply.after.model_dump_json()) == ply.after
        state = ply.after
    assert state.ask == "over"


def test_apply_never_mutates_the_state_it_is_given() -> None:
    state = GAME.start(4, {}, 3)
    chooser = random.Random(3)
    for number in range(1, 200):
        if not GAME.to_act(state):
            break
        before = state.model_dump_json()
        seat = state.turn
        after, _ = GAME.apply(state, seat, chooser.choice(list(GAME.legal_actions(state, seat))), rng_for(3, number))
        assert state.model_dump_json() == before
        state = after


def test_remembered_choices_match_a_fresh_copy_of_each_state() -> None:
    """``apply`` remembers the choices its settle found for the new state: they are exactly what a
    copy of that state (a new object, so nothing remembered) lists, for every seat."""
    for players in (2, 3, 4):
        state = GAME.start(players, {"rotate_first_player": "on"}, players)
        for ply in playout(GAME, state, players, random_player(GAME, players)):
            copy = RacebowState.model_validate_json(ply.after.model_dump_json())
            for seat in range(players):
                assert list(GAME.legal_actions(ply.after, seat)) == list(GAME.legal_actions(copy, seat))
            if ply.number == 400:
                break


def test_check_accepts_an_equal_copy_of_a_listed_action_and_explains_a_refusal() -> None:
    """The quick acceptance of a listed choice (by identity) changes nothing: an equal action built
    elsewhere is accepted the long way, and an unlisted one still gets its reason."""
    state = GAME.start(2, {}, 5)
    listed = GAME.legal_actions(state, state.turn)[0]
    copy = RacebowAction(kind=listed.kind, cell=listed.cell)
    assert copy is not listed
    after, _ = GAME.apply(state, state.turn, copy, rng_for(5, 1))
    assert after == GAME.apply(state, state.turn, listed, rng_for(5, 1))[0]
    _, at = state.where[state.turn]
    far = next(cell for cell in range(12) if cell not in REACH[at])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, state.turn, MOVES[far], rng_for(5, 1))
    assert refused.value.msg.key == "racebow.error.out_of_reach"
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 1 - state.turn, listed, rng_for(5, 1))
    assert refused.value.msg.key == "racebow.error.not_your_turn"
