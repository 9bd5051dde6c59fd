"""Nim's outcome."""

from __future__ import annotations

from rules.engine import Outcome
from rules.flow import standings

from .state import NimState


def outcome(state: NimState) -> Outcome | None:
    """The last taker wins (NM-END-1); the others rank by sticks taken."""
    if state.pile:
        return None
    return standings([int(s == state.last) for s in range(state.players)], [("nim.taken", state.taken)])
