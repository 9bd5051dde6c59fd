"""What Takenoko keeps private (§7) and how a public message may offer a decision.

Objective hands and the plots drawn by PLOT are private; deck orders are nobody's. Two decisions
are secret because their very choices would show private things: which drawn plot to place, and
which card to validate. Everything else is public, with one care: whether a card holds is
private, so VALIDATE is offered publicly whenever the hand holds a card (and refused to that
player alone when none holds), never only when one holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat
from rules.takenoko.actions import TakenokoAction
from rules.takenoko.data import CARDS, CATEGORIES
from rules.takenoko.state import SECRET_STEPS, TakenokoState
from rules.takenoko.turn import choices
from rules.takenoko.work import TakenokoWork


def public_choices(state: TakenokoState, seat: Seat) -> Sequence[TakenokoAction] | None:
    """The choices a public message may show ``seat`` now; None for a secret decision."""
    if state.step == "over" or seat != state.turn:
        return ()
    if state.step in SECRET_STEPS:
        return None
    return choices(TakenokoWork(state), public=True)


def swap(state: TakenokoState, a: Seat, b: Seat, rng: random.Random) -> TakenokoState:
    """A state that differs only in what seats ``a`` and ``b`` know privately: their hands are dealt
    again, category by category, from their cards and that category's deck (each seat keeps its
    count per category: card backs are public); an active seat's drawn plots are drawn again from
    the drawn and the deck (the number drawn is public). Deck orders change too (nobody sees them)."""
    hands = [list(h) for h in state.hands]
    decks = [list(d) for d in state.decks]
    for i, category in enumerate(CATEGORIES):
        mine = {seat: [c for c in hands[seat] if CARDS[c].category == category] for seat in (a, b)}
        pool = mine[a] + mine[b] + decks[i]
        rng.shuffle(pool)
        for seat in (a, b):
            dealt, pool = pool[: len(mine[seat])], pool[len(mine[seat]) :]
            others = [c for c in hands[seat] if CARDS[c].category != category]
            hands[seat] = others + dealt
        decks[i] = pool
    plots = list(state.plots)
    drawn = list(state.drawn)
    if drawn and state.turn in (a, b):
        pool = drawn + plots
        rng.shuffle(pool)
        drawn, plots = pool[: len(drawn)], pool[len(drawn) :]
    return state.model_copy(
        update={
            "hands": tuple(tuple(h) for h in hands),
            "decks": (tuple(decks[0]), tuple(decks[1]), tuple(decks[2])),
            "plots": tuple(plots),
            "drawn": tuple(drawn),
            # Cards put back by the pros variant are only the active seat's memory of its own draw.
            "returned": () if state.turn in (a, b) else state.returned,
        }
    )


def hidden(state: TakenokoState) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """What no seat sees: the order of the plot deck and of the objective decks."""
    return state.plots, state.decks
