"""The working copy one Racebow move is played on: the state's fields, mutable and typed, with
the small writers the step modules (movement, stack, track, turns, scoring) share."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat, trusted, with_item
from rules.flow import Work

from .actions import RacebowAction
from .state import Ask, End, LastTurn, RacebowState


class RacebowFields(Work[RacebowState, RacebowAction]):
    """A mutable copy of ``RacebowState``'s fields, with the small writers the steps share
    (``work.RacebowWork`` adds the turn flow and is checked against the state by ``Work``)."""

    # The state's fields again, on purpose: mypy types every step's ``w.<field>`` through them.
    # One declaration for both loses a check: on a plain base, mypy no longer checks the state's
    # constructor and frozen fields; on a model base, the pydantic plugin gives this copy (and
    # work.py's) the model's constructor. ``rules.flow.Work`` refuses this class if the lists differ.
    # Such lists look alike from game to game (one ``name: type`` a line); each game's are its own.
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
    last: LastTurn

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

    def move_pawn(self, seat: Seat, tile: int, cell: int) -> None:
        """Put ``seat``'s pawn on ``cell`` of track tile ``tile``, noting the step in ``last``: the
        turn's first step starts a new path from where the pawn stood."""
        last = self.last
        path = last.path if last.seat == seat and last.round == self.round else (self.where[seat],)
        self.last = trusted(LastTurn, {"seat": seat, "round": self.round, "path": (*path, (tile, cell))})
        self.where = with_item(self.where, seat, (tile, cell))

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
