"""Nim's frozen state."""

from __future__ import annotations

from rules.engine import Frozen


class NimState(Frozen):
    """The pile, who plays next and what everyone took."""

    players: int
    pile: int
    turn: int
    taken: tuple[int, ...]
    last: int = -1
