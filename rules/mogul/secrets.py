"""What Mogul keeps secret (spec §6): each player's chips. The hook the contract test and the
bot use to keep them out of every public message."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat

from .actions import DROP, LOAN, PAY, MogulAction
from .auction import can_loan
from .rules import legal_actions
from .state import MogulState


def public_choices(state: MogulState, seat: Seat) -> Sequence[MogulAction]:
    """The choices a public message may offer ``seat``.

    Chips are secret, so an auction turn always offers "stay in" (PAY) and DROP, and LOAN when it
    is allowed (loans are public): with no chip left, PAY is refused to that player alone, since
    buttons that changed with the chips would tell the channel."""
    if state.phase == "auction" and seat == state.turn:
        return (PAY, DROP, LOAN) if can_loan(state, seat) else (PAY, DROP)
    return legal_actions(state, seat)


def swap(state: MogulState, a: Seat, b: Seat, rng: random.Random) -> MogulState:
    """Move some chips between a and b (totals kept): only their private views may change."""
    if state.phase == "over" or a == b:
        return state  # at the end every chip count is public: nothing is secret any more
    chips = list(state.chips)
    for giver, taker in ((a, b), (b, a)):
        # Leave the seat to act at least one chip if it had any, so it still has a real choice.
        keep = 1 if giver == state.turn and state.phase == "auction" else 0
        spare = chips[giver] - keep
        if spare > 0:
            moved = rng.randint(1, spare)
            chips[giver] -= moved
            chips[taker] += moved
            return state.model_copy(update={"chips": tuple(chips)})
    return state


def hidden(state: MogulState) -> tuple[str, ...]:
    """What no seat sees: the deck's order (a move that reveals its top card cannot be undone)."""
    return state.deck
