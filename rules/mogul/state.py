"""Mogul game state: one frozen model holding everything, secrets included.

Per-seat data are tuples indexed by seat (JSON-friendly, no int-keyed dicts). The deck order and
every player's chips live here; views decide who may see what.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Frozen

Phase = Literal["pick", "auction", "winner", "runner_sell", "runner_take", "reveal", "over"]
"""The decision the game waits on: DP-Q, DP-A, DP-W, DP-R after TAKE, DP-R after SELL, or the end.

``reveal`` says that the next card is due (spec §3, steps 1-2). It only lives inside a move:
``settle()`` runs it at once, so a stored state never holds it."""

QuickStart = Literal["off", "deal", "pick"]

MoveKind = Literal["pay", "drop", "loan", "take", "sell", "decline", "pick"]

LastMove = tuple[int, MoveKind, int, str]
"""One move of the latest ply, for the boards' marks: the seat, what it did, a count (the chips a
drop took from the pot, the shares a sale sold) and a card (taken, declined or picked) or the
colour sold. A plain tuple: it is written on every move of every playout."""


# fields.py declares these fields again, on purpose (mypy types the working copy through them; see
# there). A list of ``name: type`` lines looks like the other games' lists; each game's are its own.
class MogulPublic(Frozen):
    """The part of a Mogul table everyone may see, as the state holds it: each view shows these fields
    unchanged (``rules.flow.shared_fields``). A field belongs here only if every seat may see it."""

    players: int
    """Number of seats, 3..6; seats are 0..players-1 clockwise."""
    loan_cost: int
    """Points lost per loan (option loan_cost)."""
    phase: Phase
    """Which decision point the game waits on."""
    turn: int
    """The seat that must decide now (-1 once the game is over)."""
    round: int
    """Shares revealed so far (the round number)."""
    first: int
    """The first player F."""
    bank: int
    """Chips in the bank."""
    pot: int
    """Chips in the auction pot."""
    discard: tuple[str, ...]
    """Sold and declined shares, oldest first (face up)."""
    revealed: str | None = None
    """The card turned over this round (a share id, or Crash at the end); stays shown once taken."""
    taker: int | None = None
    """Who took the revealed share this round (then it is owned, no longer on offer)."""
    sale_value: int = 0
    """n: X-centre shares owned by all players, X = the revealed card's border (MG-ACT-1)."""
    last_drop: int | None = None
    """The last seat that dropped out: the runner-up once the auction ends (MG-AUC-4)."""
    winner: int | None = None
    """The auction winner during the action step."""
    pick_pile: tuple[str, ...] = ()
    """quick_start = pick: the cards still on offer."""
    pick_order: tuple[int, ...] = ()
    """quick_start = pick: seats still to pick, next first."""


# The secret fields, declared again in fields.py for mypy like the public ones above.
class MogulState(MogulPublic):
    """The whole game at one moment (spec §3): decision point, money, shares, deck and auction."""

    quick_start: QuickStart
    """The quick_start option."""
    chips: tuple[int, ...]
    """Each seat's hidden chips."""
    scores: tuple[int, ...]
    """Each seat's track score (before the final chip conversion)."""
    shares: tuple[tuple[str, ...], ...]
    """Card ids owned by each seat, in the order they were gained."""
    loans: tuple[int, ...]
    """Loans taken by each seat over the game."""
    deck: tuple[str, ...]
    """The draw pile, top card first; includes Crash. Hidden from every view."""
    dividends: tuple[int, ...] = ()
    """Points each seat scored at the last reveal (MG-DIV)."""
    active: tuple[bool, ...] = ()
    """Seats still in the current auction."""
    loaned: tuple[bool, ...] = ()
    """Seats that took a loan in the current auction (MG-LOAN-2)."""
    last: tuple[LastMove, ...] = ()
    """The moves of the latest ply, in order, those the turn flow played for a seat included (the
    boards mark them; all of it is public, spec §6)."""
