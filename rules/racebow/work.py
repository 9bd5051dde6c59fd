"""Racebow's turn flow on the working copy (fields.py): the three hooks ``Work.settle`` drives.

``pending`` names the open decision of spec §4.2 (M1/M2, S or T) and its choices; ``advance``
hands the turn on; ``play`` runs one chosen action through the step modules. ``settle`` (from
``rules.flow``) then plays every decision that has a single choice, as RB-MOVE-09 asks.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Seat

from . import movement, stack, turns
from .actions import END, TURBO, RacebowAction
from .fields import RacebowFields
from .state import RacebowState


# Every game's working copy answers the same three hooks of ``rules.flow.Work`` (pending, advance,
# play), so they look alike from game to game; what each hook does is the game's own.
class RacebowWork(RacebowFields, state=RacebowState):
    """A Racebow state while one move is played, with the hooks that play its turn flow."""

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


def choices(s: RacebowState | RacebowFields) -> Sequence[RacebowAction]:
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
