"""Mogul's turn flow on the working copy (fields.py): which decision is open and its choices,
the automatic step that is due, and playing a choice (``Work.settle`` loops over them)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Seat

from . import auction, rounds, shares
from .actions import DECLINE, PICKS, SELLS, TAKE, MogulAction
from .fields import Fields, MogulFields
from .state import MogulState


def choices(s: Fields, seat: Seat) -> Sequence[MogulAction]:
    """The choices of the decision ``seat`` faces in its phase (spec §3's table), in board order."""
    phase = s.phase
    if phase == "auction":
        return auction.choices(s, seat)
    if phase == "winner":
        return (TAKE, *SELLS[: shares.sellable(s, seat) + 1])
    if phase == "runner_sell":
        return SELLS[: shares.sellable(s, seat) + 1]
    if phase == "runner_take":
        return (TAKE, DECLINE)
    if phase == "pick":
        return tuple(PICKS[card] for card in s.pick_pile)
    return ()


class MogulWork(MogulFields, state=MogulState):
    """The working copy with Mogul's turn flow (spec §3): who decides what, which automatic step
    is due, and what a choice leads to. ``settle()`` (rules.flow) drives it."""

    def pending(self) -> tuple[Seat, Sequence[MogulAction]] | None:
        """The open decision, or None when an automatic step is due (or the game is over)."""
        phase = self.phase
        if phase in ("reveal", "over"):
            return None
        if phase == "auction" and self.active.count(True) == 1:
            return None  # MG-AUC-4: the auction is over
        if phase == "pick" and not self.pick_order:
            return None  # every quick_start pick is made
        return self.turn, choices(self, self.turn)

    def advance(self) -> bool:
        """Run the automatic step that is due; False once the game is over."""
        if self.phase == "reveal":
            rounds.reveal(self)
        elif self.phase == "auction":
            auction.close(self)
        elif self.phase == "pick":
            rounds.finish_picks(self)
        else:
            return False
        return True

    def play(self, seat: Seat, action: MogulAction, *, forced: bool = False) -> None:
        """Play ``seat``'s choice and move to what follows it (MG-AUC, MG-ACT, DP-Q)."""
        kind = action.kind
        phase = self.phase
        if phase == "auction":
            if kind == "pay":
                auction.pay(self, seat)
            elif kind == "drop":
                auction.drop(self, seat, forced=forced)
            else:
                auction.loan(self, seat)  # the same seat decides again (MG-LOAN-1)
        elif phase == "winner":
            runner = self.last_drop
            assert runner is not None
            if kind == "take":
                shares.take(self, seat)
                self.phase = "runner_sell"  # MG-ACT-4
            else:
                shares.sell(self, seat, action.count)
                self.phase = "runner_take"  # MG-ACT-5
            self.turn = runner
        elif phase == "runner_sell":
            shares.sell(self, seat, action.count, forced=forced)
            rounds.end_round(self)
        elif phase == "runner_take":
            if kind == "take":
                shares.take(self, seat)
            else:
                shares.decline(self, seat)
            rounds.end_round(self)
        else:
            shares.pick(self, seat, action.card, forced=forced)
