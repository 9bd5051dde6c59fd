"""Mogul over whole random games: MG-END-4 invariants, §6 chip privacy in events, and the AI.

The generic properties (games end, to_act, 2-25 choices, codes, JSON round trip, replay, secrets
swapped without a leak) are checked for every game by tests/test_contract.py.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Chooser, Event, playout, random_player, rng_for
from rules.mogul import GAME
from rules.mogul.actions import MogulAction
from rules.mogul.data import CRASH
from rules.mogul.state import MogulState
from tests.rules.mogul.helpers import check_invariants as check_counts

PLAYER_COUNTS = st.integers(min_value=3, max_value=6)


def check_invariants(state: MogulState) -> None:
    """MG-END-4 counts, and in a shuffled game the Crash stays among the bottom five (MG-SETUP-5).
    A state between moves never waits on an automatic step (the ``reveal`` phase)."""
    check_counts(state)
    assert state.phase != "reveal"
    if state.phase not in ("over", "pick"):  # Crash is shuffled in once the picks are done
        assert state.deck.count(CRASH) == 1 and CRASH in state.deck[-5:]


def check_chip_privacy(events: list[Event], state: MogulState) -> None:
    """§6: no public event carries a player's chip count, except the final reveal (MG-END-2); the
    private events are each one seat's own chips, as they now are."""
    for event in events:
        if event.to is None:
            if event.key != "mogul.event.final":
                assert "chips" not in event.params
        else:
            assert event.key == "mogul.event.your_chips"
            (who,) = event.to
            assert event.params["chips"] == state.chips[who]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    players=PLAYER_COUNTS,
    quick=st.sampled_from(["off", "deal", "pick"]),
    cost=st.sampled_from(["1", "2"]),
)
def test_mg_end_4_invariants_over_random_playouts(seed: int, players: int, quick: str, cost: str) -> None:
    """MG-END-4: chips and shares are conserved at every moment of random games; MG-END-2 final scores."""
    options = {"loan_cost": cost, "quick_start": quick if players < 6 else "off"}
    state = GAME.start(players, options, seed)
    check_invariants(state)
    for ply in playout(GAME, state, seed, random_player(GAME, seed)):
        check_invariants(ply.after)
        check_chip_privacy(ply.events, ply.after)
        state = ply.after
    outcome = GAME.outcome(state)
    assert outcome is not None
    finals = {p: state.scores[p] + state.chips[p] // 5 for p in range(players)}
    assert {s.seat: s.score for s in outcome.standings} == finals


def _ai_and_random(base: str, ai_seat: int) -> Chooser[MogulState, MogulAction]:
    """The AI plays ``ai_seat``; every other seat plays uniformly random legal actions."""
    randomly = random_player(GAME, base)

    def choose(state: MogulState, to_act: frozenset[int], ply: int) -> tuple[int, MogulAction]:
        (seat,) = to_act
        if seat == ai_seat:
            return seat, GAME.ai_action(state, seat, rng_for(f"{base}:ai", ply))
        return randomly(state, to_act, ply)

    return choose


def _ai_against_random(games: int, players: int, ai_seat: int, seed: str) -> float:
    """Share of games the AI seat wins (rank 1, ties included) against random players."""
    wins = 0
    for game in range(games):
        base = f"{seed}:{players}:{game}"
        state = GAME.start(players, {}, base)
        for step in playout(GAME, state, base, _ai_and_random(base, ai_seat)):
            state = step.after
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += ai_seat in outcome.winners()
    return wins / games


def test_ai_plays_legal_moves_and_games_end() -> None:
    """GAME.ai_action always returns a legal action; all-AI tables finish with every count conserved."""
    for players in (3, 4, 5, 6):
        state = GAME.start(players, {}, players)
        rng = random.Random(players)
        ply = 0
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            action = GAME.ai_action(state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            ply += 1
            state, _ = GAME.apply(state, seat, action, rng_for(players, ply))
        check_invariants(state)


def test_ai_picks_in_quick_start() -> None:
    """The AI can play the quick_start pick step (DP-Q) too."""
    state = GAME.start(4, {"quick_start": "pick"}, 1)
    (seat,) = GAME.to_act(state)
    assert state.phase == "pick"
    assert GAME.ai_action(state, seat, random.Random(0)) in GAME.legal_actions(state, seat)


def test_ai_beats_random_players_three_players() -> None:
    """The heuristic AI wins clearly more than its 1/3 share against two random players."""
    assert _ai_against_random(60, 3, 0, "test") >= 0.5


def test_ai_beats_random_players_four_players() -> None:
    """The heuristic AI wins clearly more than its 1/4 share against three random players."""
    assert _ai_against_random(40, 4, 2, "test") >= 0.4
