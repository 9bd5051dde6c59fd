"""What each seat may see of Nim: everything."""

from __future__ import annotations

from rules.engine import Frozen, Seat

from .state import NimState


class NimView(Frozen):
    """Everything is public."""

    pile: int
    taken: tuple[int, ...]


def view(state: NimState, seat: Seat | None) -> NimView:
    """The same view for every seat and the channel."""
    return NimView(pile=state.pile, taken=state.taken)
