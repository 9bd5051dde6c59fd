"""Worlds a seat cannot tell from the real one: the AI's search plays in them, never in the state
itself, so it never reads what its seat cannot see (the other hands, the order of the decks, the
plots another seat has just drawn).

A world keeps every public fact and the seat's own secrets, and deals everything else again at
random from what the seat has not seen, each seat keeping its number of cards per category (card
backs are public) and each pile its size. The pools are built in the fixed order of the cards
and plots (data.py), never from the hidden piles themselves, so the world depends on the seat's
view and the random source alone (the AI's secrecy test swaps the other seats' secrets and
expects the very same play).
"""

from __future__ import annotations

import random

from rules.engine import Seat
from rules.takenoko.data import CARDS, CATEGORIES, PLOTS
from rules.takenoko.state import TakenokoState

_DECKS: dict[str, tuple[str, ...]] = {
    category: tuple(i for i, card in CARDS.items() if card.category == category) for category in CATEGORIES
}
"""Every card id of each category, in the fixed order."""


def sample_world(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoState:
    """A state equal to ``state`` in everything ``seat`` sees, its hidden things dealt again."""
    hands = [list(h) if s == seat else [] for s, h in enumerate(state.hands)]
    decks: list[tuple[str, ...]] = []
    seen = set(state.hands[seat]).union(*state.done)
    mine_back = state.returned if state.turn == seat else ()
    for category in CATEGORIES:
        pool = [c for c in _DECKS[category] if c not in seen and c not in mine_back]
        rng.shuffle(pool)
        for other, hand in enumerate(state.hands):
            if other == seat:
                continue
            n = sum(1 for c in hand if CARDS[c].category == category)
            hands[other] += pool[:n]
            pool = pool[n:]
        # Cards the seat put back itself (pros variant) lie at the bottom of their deck.
        back = tuple(c for c in mine_back if CARDS[c].category == category)
        decks.append((*pool, *back))
    # The plots: the seat's own drawn ones stay; another seat's are drawn again from the unseen.
    mine_drawn = state.drawn if state.turn == seat else ()
    placed = {p.id for p in state.garden} | {state.placing} | set(mine_drawn)
    plots = [p for p in PLOTS if p not in placed]
    rng.shuffle(plots)
    theirs = len(state.drawn) - len(mine_drawn)
    return state.model_copy(
        update={
            "hands": tuple(tuple(h) for h in hands),
            "decks": (decks[0], decks[1], decks[2]),
            "plots": tuple(plots[theirs:]),
            "drawn": mine_drawn or tuple(plots[:theirs]),
            # Another seat's cards put back (pros variant) are its secret; in this world, none.
            "returned": mine_back,
        }
    )
