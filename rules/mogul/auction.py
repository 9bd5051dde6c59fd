"""The auction (MG-AUC) and loans (MG-LOAN): who may do what on an auction turn, and each move."""

from __future__ import annotations

from rules.engine import Seat, with_item
from rules.flow import next_seat

from .actions import DROP, LOAN, PAY, MogulAction
from .data import LOAN_CHIPS
from .fields import Fields, MogulFields


def can_loan(s: Fields, seat: Seat) -> bool:
    """MG-LOAN-2: once per player per auction, and the bank must hold at least 2 chips."""
    return not s.loaned[seat] and s.bank >= LOAN_CHIPS


def choices(s: Fields, seat: Seat) -> tuple[MogulAction, ...]:
    """DP-A in board order: PAY with a chip to pay (MG-AUC-2/3), DROP always, LOAN if allowed.

    A seat with 0 chips and no loan left has DROP alone, which the turn flow plays for it."""
    pay = (PAY,) if s.chips[seat] else ()
    loan = (LOAN,) if can_loan(s, seat) else ()
    return (*pay, DROP, *loan)


def open_auction(w: MogulFields) -> None:
    """MG-AUC-1: everyone takes part, F opens; nobody has dropped or borrowed yet."""
    w.active = (True,) * w.players
    w.loaned = (False,) * w.players
    w.last_drop = None
    w.winner = None
    w.phase = "auction"
    w.turn = w.first


def _next_in(w: MogulFields, seat: Seat) -> Seat:
    """The next seat clockwise after ``seat`` still in the auction (MG-AUC-1)."""
    found = next_seat(seat, w.players, skip=lambda other: not w.active[other])
    assert found is not None, "an auction always keeps one player in"
    return found


def pay(w: MogulFields, seat: Seat) -> None:
    """MG-AUC-2 PAY: one chip into the pot, stay in."""
    w.gain(seat, -1)
    w.pot += 1
    w.played(seat, "pay")
    # No private chip event: a PAY always costs exactly one chip (only gains are told).
    w.event("mogul.event.pay", params={"pot": w.pot}, seats={"player": seat})
    w.turn = _next_in(w, seat)


def drop(w: MogulFields, seat: Seat, *, forced: bool = False) -> None:
    """MG-AUC-2 DROP: leave the auction and take the whole pot, its size public (MG-AUC-3 if forced)."""
    taken = w.pot
    w.gain(seat, taken)
    w.pot = 0
    w.active = with_item(w.active, seat, False)
    w.last_drop = seat
    w.played(seat, "drop", count=taken)
    w.event("mogul.event.auto_drop" if forced else "mogul.event.drop", params={"taken": taken}, seats={"player": seat})
    w.tell_chips(seat)
    w.turn = _next_in(w, seat)


def loan(w: MogulFields, seat: Seat) -> None:
    """MG-LOAN-1: +2 chips from the bank, −loan_cost points; the same seat decides again."""
    w.gain(seat, LOAN_CHIPS)
    w.bank -= LOAN_CHIPS
    w.score(seat, -w.loan_cost)
    w.loans = with_item(w.loans, seat, w.loans[seat] + 1)
    w.loaned = with_item(w.loaned, seat, True)
    w.played(seat, "loan")
    w.event("mogul.event.loan", params={"cost": w.loan_cost}, seats={"player": seat})
    w.tell_chips(seat)


def close(w: MogulFields) -> None:
    """MG-AUC-4: the one player left wins; the last to drop is the runner-up and took the pot."""
    winner = w.active.index(True)
    assert w.pot == 0, "the pot must be empty when an auction ends"
    assert w.last_drop is not None
    w.winner = winner
    w.phase = "winner"
    w.turn = winner
    w.event("mogul.event.auction_won", seats={"winner": winner, "runner": w.last_drop})
