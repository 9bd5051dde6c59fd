"""Nim's turn flow on the working copy: the hooks ``Work.settle`` drives."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Seat
from rules.flow import next_seat

from .actions import TAKES, Take
from .fields import NimFields
from .state import NimState


class NimWork(NimFields, state=NimState):
    """A Nim state while one move is played."""

    def pending(self) -> tuple[Seat, Sequence[Take]] | None:
        """The player to move and their takes (NM-TAKE-1), or None once the pile is empty."""
        return None if self.pile == 0 else (self.turn, TAKES[: min(len(TAKES), self.pile)])

    def advance(self) -> bool:
        """No automatic step in Nim."""
        return False

    def play(self, seat: Seat, action: Take, *, forced: bool = False) -> None:
        """Take the sticks; the next player moves (NM-TAKE-2)."""
        self.pile -= action.n
        self.taken = (*self.taken[:seat], self.taken[seat] + action.n, *self.taken[seat + 1 :])
        self.last = seat
        self.event("nim.event.forced" if forced else "nim.event.take", params={"n": action.n}, seats={"player": seat})
        self.turn = next_seat(seat, self.players) or 0
