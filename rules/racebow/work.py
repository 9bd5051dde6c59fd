"""The working copy one ``apply`` plays on, and the turn flow's three hooks.

``pending`` names the open decision of spec §4.2 (M1/M2, S or T) and its choices; ``advance``
hands the turn on; ``play`` runs one chosen action through the step modules. ``settle`` (from
``rules.flow``) then plays every decision that has a single choice, as RB-MOVE-09 asks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat, with_item
from rules.flow import Work

from . import movement, stack, turns
from .actions import END, TURBO, RacebowAction
from .state import Ask, End, RacebowState


class RacebowWork(Work[RacebowState, RacebowAction], state=RacebowState):
    """A mutable copy of ``RacebowState`` (the same fields, checked by ``Work``)."""

    players: int
    rotate: bool
    round: int
    turn: int
    step: int
    ask: Ask
    first: int
    tiles: tuple[int, ...]
    cells: tuple[str, ...]
    pile: tuple[int, ...]
    discards: tuple[int, ...]
    colours: tuple[int, ...]
    bonuses: tuple[int, ...]
    where: tuple[tuple[int, int], ...]
    stacks: tuple[str, ...]
    tracks: tuple[tuple[int, int, int], ...]
    places: tuple[int, ...]
    finished: tuple[int, ...]
    end: End

    working = (*Work.working, "offer")

    def __init__(self, state: RacebowState | None = None, rng: random.Random | None = None) -> None:
        super().__init__(state, rng)
        # Set here, not declared on the class: the class's annotations must be the state's fields.
        self.offer: Sequence[RacebowAction] = ()
        """The choices the latest ``pending`` found: once ``settle`` stops on a decision, those of
        the new state, handed to ``rules.remember`` so that nobody computes them again."""

    # -- small writers, so the step modules read as the rules do ---------------------------------
    def set_cell(self, tile: int, cell: int, char: str) -> None:
        """Write ``char`` into cell ``cell`` of track tile ``tile`` (a pawn taken or placed)."""
        k = tile - self.first
        row = self.cells[k]
        self.cells = with_item(self.cells, k, row[:cell] + char + row[cell + 1 :])

    def set_track(self, seat: Seat, index: int, value: int) -> None:
        """Set one of ``seat``'s bonus tracks."""
        values = list(self.tracks[seat])
        values[index] = value
        self.tracks = with_item(self.tracks, seat, (values[0], values[1], values[2]))

    def unfinished(self) -> list[Seat]:
        """Seats still racing, in seat order."""
        return [seat for seat in range(self.players) if not self.places[seat]]

    def over(self, why: End) -> None:
        """End the game now (RB-END-03, RB-END-04, RB-TILE-03)."""
        self.ask = "over"
        self.end = why
        self.turn = -1

    # -- the turn-flow hooks -----------------------------------------------------------------------
    def pending(self) -> tuple[Seat, Sequence[RacebowAction]] | None:
        """The active seat's open decision and its choices; None when the turn passes or it is over."""
        if self.ask in ("next", "over"):
            return None
        self.offer = choices(self)
        return self.turn, self.offer

    def advance(self) -> bool:
        """Hand the turn to the next seat (RB-SETUP-04); False once the game is over."""
        if self.ask != "next":
            return False
        turns.pass_turn(self)
        return True

    def play(self, seat: Seat, action: RacebowAction, *, forced: bool = False) -> None:
        """Play ``action`` for ``seat`` (already checked); ``forced`` when it was the only choice."""
        if action.kind == "to":
            movement.step(self, seat, action.cell, forced=forced)
        elif action.kind == "turbo":
            movement.spend_turbo(self, seat)
        elif action.kind == "end":
            self.event("racebow.event.end_turn", seats={"player": seat})
            self.ask = "next"
        else:
            stack.play(self, seat, action)


def choices(s: RacebowState | RacebowWork) -> Sequence[RacebowAction]:
    """The choices of the open decision, in the board's order (RB-MOVE-09)."""
    seat = s.turn
    if s.ask == "move":
        return movement.move_choices(s, seat)
    if s.ask == "stack":
        tile, cell = s.where[seat]
        return stack.stack_choices(s.stacks[seat], s.cells[tile - s.first][cell])
    if s.ask == "turbo":
        return (TURBO, END)
    return ()
