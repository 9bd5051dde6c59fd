"""The working copy one Mogul move is played on: the state's fields, mutable for one ``apply``.

The step modules (``rounds``, ``auction``, ``shares``, ``scoring``) are functions over it; the
turn flow that chains them (``pending``, ``advance``, ``play``) is ``work.MogulWork``, a subclass,
so the steps never import the flow that calls them.
"""

from __future__ import annotations

from rules.engine import Seat, with_item
from rules.flow import Work

from .actions import MogulAction
from .state import LastMove, MogulState, MoveKind, Phase, QuickStart


class MogulFields(Work[MogulState, MogulAction]):
    """Every field of ``MogulState``, declared again so that mypy types each step function
    (``rules.flow.Work`` refuses the class if the two lists ever differ), plus shared bookkeeping."""

    # The state's fields again, on purpose: mypy types every step's ``w.<field>`` through them.
    # One declaration for both loses a check: on a plain base, mypy no longer checks the state's
    # constructor and frozen fields; on a model base, the pydantic plugin gives this copy (and
    # work.py's) the model's constructor. ``rules.flow.Work`` refuses this class if the lists differ.
    # Such lists look alike from game to game (one ``name: type`` a line); each game's are its own.
    players: int
    loan_cost: int
    quick_start: QuickStart
    phase: Phase
    turn: int
    round: int
    first: int
    chips: tuple[int, ...]
    scores: tuple[int, ...]
    shares: tuple[tuple[str, ...], ...]
    loans: tuple[int, ...]
    bank: int
    pot: int
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    revealed: str | None
    taker: int | None
    sale_value: int
    dividends: tuple[int, ...]
    active: tuple[bool, ...]
    loaned: tuple[bool, ...]
    last_drop: int | None
    winner: int | None
    pick_pile: tuple[str, ...]
    pick_order: tuple[int, ...]
    last: tuple[LastMove, ...]

    working = (*Work.working, "moves")

    def played(self, seat: Seat, kind: MoveKind, *, count: int = 0, detail: str = "") -> None:
        """Note a move for the boards' marks (``detail``: the card taken, declined or picked, or
        the colour sold). The first move of a ply starts ``last`` again."""
        moves: list[LastMove] | None = self.__dict__.get("moves")
        if moves is None:
            moves = []
            self.moves = moves
        moves.append((seat, kind, count, detail))
        self.last = tuple(moves)

    def gain(self, seat: Seat, chips: int) -> None:
        """Add ``chips`` (negative to pay) to a seat's hidden chips."""
        self.chips = with_item(self.chips, seat, self.chips[seat] + chips)

    def score(self, seat: Seat, points: int) -> None:
        """Move a seat's track score by ``points`` (negative for a loan)."""
        self.scores = with_item(self.scores, seat, self.scores[seat] + points)

    def own(self, seat: Seat, card: str) -> None:
        """Put a share face up in front of ``seat``, after the ones it already owns."""
        self.shares = with_item(self.shares, seat, (*self.shares[seat], card))

    def tell_chips(self, seat: Seat) -> None:
        """Tell one seat, privately, its chips after a gain (§6: never in public)."""
        self.event("mogul.event.your_chips", to=seat, params={"chips": self.chips[seat]})


Fields = MogulState | MogulFields
"""The frozen state or its working copy: the rule queries (``can_loan``, ``sellable`` ...) read both."""
