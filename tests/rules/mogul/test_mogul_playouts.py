"""Mogul over whole random games: MG-END-4 invariants and §6 chip privacy in events.

The generic properties (games end, to_act, 2-25 choices, codes, JSON round trip, replay, secrets
swapped without a leak) are checked for every game by tests/test_contract.py.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Event, playout, random_player
from rules.mogul import GAME
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
