"""The working copy one Nim move is played on: the state's fields, mutable and typed."""

from __future__ import annotations

from rules.flow import Work

from .actions import Take
from .state import NimState


class NimFields(Work[NimState, Take]):
    """The state's fields as a mutable, typed working copy (work.py checks them against the state)."""

    players: int
    pile: int
    turn: int
    taken: tuple[int, ...]
    last: int
