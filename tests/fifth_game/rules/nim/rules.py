"""Nim's rules as the engine contract's functions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Event, IllegalAction, Seat

from .actions import TAKES, Take
from .data import PILE
from .state import NimState
from .work import NimWork


def setup(players: int, options: dict[str, str], rng: random.Random) -> tuple[NimState, list[Event]]:
    """A full pile and a first player drawn at random (NM-SET-1)."""
    return NimState(players=players, pile=PILE, turn=rng.randrange(players), taken=(0,) * players), []


def to_act(state: NimState) -> frozenset[Seat]:
    """The player whose turn it is, until the pile is empty."""
    return frozenset() if state.pile == 0 else frozenset((state.turn,))


def legal_actions(state: NimState, seat: Seat) -> Sequence[Take]:
    """1 to 3 sticks, no more than the pile holds (NM-TAKE-1)."""
    if state.pile == 0 or seat != state.turn:
        return []
    return TAKES[: min(len(TAKES), state.pile)]


def apply(state: NimState, seat: Seat, action: Take, rng: random.Random) -> tuple[NimState, list[Event]]:
    """Take, then let a lone last stick be taken by whoever must."""
    if action not in legal_actions(state, seat):
        raise IllegalAction("error.illegal_action")
    work = NimWork(state, rng)
    work.play(seat, action)
    work.settle()
    return work.freeze(), work.events
