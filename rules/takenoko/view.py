"""Takenoko views (§7): allow-list models of what the channel and each seat may see.

The public view has no hand, no drawn plot and no deck order: only hand sizes per category (card
backs are public), deck sizes, the garden, the boards and the validated cards. A seat's view adds
its own hand (with which cards hold now) and the plots it has just drawn.
"""

from __future__ import annotations

from rules.flow import copied, shared_fields
from rules.takenoko.actions import TakenokoAction
from rules.takenoko.data import CARDS, CATEGORIES
from rules.takenoko.layout import shows_spots
from rules.takenoko.objectives import met
from rules.takenoko.state import SECRET_STEPS, TakenokoPublic, TakenokoState
from rules.takenoko.turn import candidates, choices
from rules.takenoko.work import TakenokoWork


class TakenokoView(TakenokoPublic):
    """The public view (``seat`` None) or one seat's view (adds ``hand``, ``met`` and ``drawn``)."""

    seat: int | None
    plots_left: int
    drawn_count: int
    spots_shown: bool
    """True while plots remain to be placed (the board then leaves room for the plot spots)."""
    decks_left: tuple[int, int, int]
    hand_counts: tuple[tuple[int, int, int], ...]
    """Cards in each hand per category: plot, gardener, panda (the backs show it)."""
    targets: tuple[TakenokoAction, ...]
    """The spots, canals or tiles of the open public decision, in label order."""
    by_row: bool
    """True while a board row (or a direction) is asked before the spot itself."""
    hand: tuple[str, ...] | None = None
    met: tuple[bool, ...] | None = None
    """For each card of ``hand``: does it hold now?"""
    drawn: tuple[str, ...] | None = None


def hand_counts(hand: tuple[str, ...]) -> tuple[int, int, int]:
    """Cards per category in a hand."""
    counts = [0, 0, 0]
    for card_id in hand:
        counts[CATEGORIES.index(CARDS[card_id].category)] += 1
    return (counts[0], counts[1], counts[2])


SHOWN = shared_fields(TakenokoState, TakenokoView)
"""The fields the view shows as the state holds them."""


def make_view(state: TakenokoState, seat: int | None) -> TakenokoView:
    """The view of ``seat`` (None = the public channel)."""
    w = TakenokoWork(state)
    targets: tuple[TakenokoAction, ...] = ()
    by_row = False
    if state.step not in SECRET_STEPS and state.step not in ("over", "start"):
        found = candidates(w)
        if found:
            asked = choices(w)
            by_row = asked[0].kind in ("row", "dir")
            targets = tuple(found if by_row else asked)
    own = seat is not None and 0 <= seat < state.players
    hand = state.hands[seat] if own and seat is not None else None
    holding = met(w, seat) if own and seat is not None else ()
    return TakenokoView(
        **copied(state, SHOWN),
        seat=seat if own else None,
        plots_left=len(state.plots),
        drawn_count=len(state.drawn),
        spots_shown=shows_spots(state),
        decks_left=(len(state.decks[0]), len(state.decks[1]), len(state.decks[2])),
        hand_counts=tuple(hand_counts(h) for h in state.hands),
        targets=targets,
        by_row=by_row,
        hand=hand,
        met=None if hand is None else tuple(c in holding for c in hand),
        drawn=state.drawn if own and seat == state.turn and state.step == "plot_pick" else None,
    )
