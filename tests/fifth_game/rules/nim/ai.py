"""Nim's AI: the perfect player leaves a multiple of four sticks whenever it can."""

from __future__ import annotations

import random

from rules.engine import Seat

from .actions import TAKES, Take
from .state import NimState


def perfect(state: NimState, seat: Seat, rng: random.Random) -> Take:
    """The take that leaves a multiple of four (a lost pile for the next player), else one stick."""
    n = state.pile % (len(TAKES) + 1)
    return TAKES[n - 1] if n else TAKES[0]
