"""Shared checks for the Mogul tests."""

from __future__ import annotations

from rules.mogul.data import CARD_LIST, CARDS, CRASH
from rules.mogul.state import MogulState


def check_invariants(state: MogulState) -> None:
    """MG-END-4: bank + pot + chips = 45; owned + deck + discard + revealed (+ pick pile) = 31."""
    assert state.bank + state.pot + sum(state.chips) == 45
    owned = [c for hand in state.shares for c in hand]
    on_offer = [state.revealed] if state.revealed in CARDS and state.taker is None else []
    deck = [c for c in state.deck if c != CRASH]
    every = owned + deck + list(state.discard) + on_offer + list(state.pick_pile)
    assert len(every) == 31
    assert sorted(every) == sorted(c.id for c in CARD_LIST)
    assert state.bank >= 0 and state.pot >= 0 and min(state.chips) >= 0
