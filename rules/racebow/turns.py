"""Turn order: seats play in order within a round, skipping finished players; with
rotate_first_player the round's first seat moves on by one each round (RB-SETUP-04); round 200
is the last (RB-END-04)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rules.engine import Seat
from rules.flow import clockwise

from .data import MAX_PLAYERS, ROUND_LIMIT

if TYPE_CHECKING:
    from .fields import RacebowFields


def first_seat(round_number: int, players: int, rotate: bool) -> Seat:
    """The seat a round starts from: seat 1 (0 here), or with rotation seat ((r − 1) mod n) + 1."""
    return (round_number - 1) % players if rotate else 0


ROTATIONS: tuple[tuple[tuple[Seat, ...], ...], ...] = tuple(
    tuple(tuple(clockwise(first, players)) for first in range(players)) for players in range(MAX_PLAYERS + 1)
)
"""``ROTATIONS[players][first]``: every seat in the order of a round that ``first`` opens."""

LATER: tuple[tuple[tuple[tuple[Seat, ...], ...], ...], ...] = tuple(
    tuple(tuple(order[order.index(turn) + 1 :] for turn in range(players)) for order in rotations)
    for players, rotations in enumerate(ROTATIONS)
)
"""``LATER[players][first][turn]``: the seats after ``turn`` in a round that ``first`` opens,
finished or not. Every hand-over asks, so the rotations are listed once."""


def round_order(round_number: int, players: int, rotate: bool, places: Sequence[int]) -> list[Seat]:
    """The seats that play in ``round_number``, in order, finished seats skipped (RB-SETUP-04)."""
    return [seat for seat in ROTATIONS[players][first_seat(round_number, players, rotate)] if not places[seat]]


def pass_turn(w: RacebowFields) -> None:
    """Hand the turn to the next seat of the round, or start the next round; when round 200 ends
    with two or more racers left, the game ends (RB-END-04)."""
    # The seat that just played may have finished, so it is placed by its position in the full
    # rotation, not looked up in the round's remaining order.
    for seat in LATER[w.players][first_seat(w.round, w.players, w.rotate)][w.turn]:
        if not w.places[seat]:
            w.turn = seat
            break
    else:
        if w.round >= ROUND_LIMIT:
            w.event("racebow.event.round_limit", params={"n": w.round})
            w.event("racebow.event.game_over")
            w.over("limit")
            return
        w.round += 1
        w.turn = round_order(w.round, w.players, w.rotate, w.places)[0]
        w.event("racebow.event.round", params={"n": w.round}, seats={"player": w.turn})
    w.step = 1
    w.ask = "move"
