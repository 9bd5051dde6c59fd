"""Shared checks and state builders for the Mogul tests."""

from __future__ import annotations

from typing import Any

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


def cards(colour: str, count: int, *, skip: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``count`` share ids of ``colour`` (centre), avoiding ``skip``."""
    found = [c.id for c in CARD_LIST if c.centre == colour and c.id not in skip]
    assert len(found) >= count
    return tuple(found[:count])


def build(players: int = 3, **fields: Any) -> MogulState:
    """A consistent state: given fields, defaults for the rest; the deck holds the other shares.

    Chips not given are 6 each; the bank makes 45; the revealed card defaults to the highest free
    id (M31, pink/green); Crash is the deck's last card unless a deck is given.
    """
    chips = fields.pop("chips", (6,) * players)
    pot = fields.pop("pot", 0)
    shares = fields.pop("shares", tuple(() for _ in range(players)))
    discard = fields.pop("discard", ())
    owned = {c for hand in shares for c in hand} | set(discard)
    revealed = fields.pop("revealed", next(c.id for c in reversed(CARD_LIST) if c.id not in owned))
    used = owned | {revealed}
    deck = fields.pop("deck", (*[c.id for c in CARD_LIST if c.id not in used], CRASH))
    phase = fields.pop("phase", "auction")
    values: dict[str, Any] = {
        "players": players,
        "loan_cost": 1,
        "quick_start": "off",
        "phase": phase,
        "turn": 0,
        "round": 1,
        "first": 0,
        "chips": chips,
        "scores": (0,) * players,
        "shares": shares,
        "loans": (0,) * players,
        "bank": 45 - sum(chips) - pot,
        "pot": pot,
        "deck": deck,
        "discard": discard,
        "revealed": revealed,
        "sale_value": 0,
        "dividends": (0,) * players,
        "active": (phase == "auction",) * players,
        "loaned": (False,) * players,
    }
    values.update(fields)
    return MogulState(**values)
