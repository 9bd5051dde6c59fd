"""Top Race state: one frozen model holding a whole table (both phases, all races).

Tuples indexed by seat or by car (0..5 = A..F) keep the JSON round-trip exact. Sentinels (data.py):
``OFF`` (-1) for "no cell", ``-1`` for "no owner / no seat", ``NOT_BET`` (-1) for "not bet yet",
bet ``BET_NONE`` (6) for an explicit no-bet.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Frozen

Phase = Literal["auction", "race", "over"]
Ask = Literal["none", "bid", "amount", "grid", "play", "mode", "joker", "end", "bet"]
"""The open decision: DP 1 bid (and its amount step), DP 2 grid, DP 3 play, DP 4 mode, DP 5
joker, DP 6 end cell, DP 7 bet."""


PurchaseHow = Literal["auction", "last", "second"]
"""How a driver card was bought: at auction, forced as the last card (TR-AUC-4), or forced on its
second offer (TR-AUC-5)."""


class Purchase(Frozen):
    """A driver card bought in the current race."""

    car: int
    seat: int
    price: int
    how: PurchaseHow


class BetRecord(Frozen):
    """One settled TIP bet (public after the race)."""

    tip: int
    seat: int
    car: int
    place: int
    payout: int


class RaceResult(Frozen):
    """What a finished race left: places, prizes, owners, purchases and bets."""

    race: int
    places: tuple[int, ...]
    """Cars in final place order (1st first)."""
    owners: tuple[int, ...]
    """Owner seat of each car A..F, -1 = unowned (prize to the bank)."""
    prizes: tuple[int, ...]
    """Prize of each car A..F by its place."""
    purchases: tuple[Purchase, ...]
    bets: tuple[BetRecord, ...]
    by_cards: bool
    """True if the race ended because the cards ran out, False when the 6th car finished."""


NoteKind = Literal["move", "finish", "blocked", "ignored", "turbo", "panne", "release", "no_effect", "joker"]


class Note(Frozen):
    """What one slot of the last card did (for the board)."""

    kind: NoteKind
    car: int
    start: int = -1
    end: int = -1
    points: int = 0
    lost: int = 0
    other: int = -1
    """The second car of a pair card, or the car catching up (turbo) / waited for (panne)."""


class LastCard(Frozen):
    """The card played last (or being resolved) and its effects so far."""

    seat: int
    card: int
    notes: tuple[Note, ...] = ()


# fields.py declares these fields again, on purpose (mypy types the working copy through them; see
# there). A list of ``name: type`` lines looks like the other games' lists; each game's are its own.
class TopRacePublic(Frozen):
    """The part of a Top Race table everyone may see, as the state holds it: each view shows these fields
    unchanged (``rules.flow.shared_fields``). A field belongs here only if every seat may see it."""

    players: int
    edition: str
    races: int
    betting: bool
    allow_no_bet: bool
    restrict_pair: bool
    race: int
    """Current race, 1-based."""
    phase: Phase
    ask: Ask
    turn: int
    """The seat deciding (every decision but the bets, DP 7)."""
    money: tuple[int, ...]
    played: tuple[int, ...]
    """Cards played this race, in order (public)."""
    offers: int
    """Offers made this race (re-offers counted), TR-AUC-1."""
    opener: int
    high: int
    high_bidder: int
    passed: tuple[bool, ...]
    """Seats out of the current offer: passed, or not eligible (TR-AUC-2)."""
    placing: int
    """The car being placed on the grid (DP 2), else -1."""
    purchases: tuple[Purchase, ...]
    owner: tuple[int, ...]
    cell: tuple[int, ...]
    """Cell index of each car on the track, OFF if not placed, broken down or finished."""
    ref: tuple[int, ...]
    """Reference cell of a broken-down car (TR-PAIR-3), else OFF."""
    finish: tuple[int, ...]
    """Cars in finish order."""
    start: int
    """Start player of the race: buyer of the last car sold (TR-AUC-8)."""
    skipped: tuple[bool, ...]
    car: int
    """Car moving in the open decision (joker choice made, turbo car), else -1."""
    points: int
    ends: tuple[int, ...]
    """Legal end cells of the open DP 6, in choice order."""
    last: LastCard | None
    tips: tuple[bool, ...]
    """TIP lines 1..3 already crossed this race."""
    results: tuple[RaceResult, ...]


# The secret fields, declared again in fields.py for mypy like the public ones above.
class TopRaceState(TopRacePublic):
    """A whole Top Race table."""

    hands: tuple[tuple[int, ...], ...]
    """Card ids in each seat's hand, sorted (secret to that seat)."""
    removed: tuple[int, ...]
    """Cards set aside unseen at the deal (secret to all)."""
    folded: tuple[int, ...]
    """Hands discarded face down by skipped players (secret to all)."""
    drivers: tuple[int, ...]
    """Unsold driver cards, top first; drivers[0] is the revealed one during an offer (order secret)."""
    offered: tuple[int, ...]
    """Cars whose first offer had no sale this race."""
    block: int
    """The bid block chosen at the first step of a two-step bid (1-based), else 0."""
    stamp: tuple[int, ...]
    counter: int
    card: int
    """Card being resolved, 0 if none."""
    slot: int
    tip_queue: tuple[int, ...]
    """TIP rounds (1..3) to hold; the first is open while ask == 'bet'."""
    bets: tuple[tuple[int, ...], ...]
    """bets[tip-1][seat]: a car, BET_NONE or NOT_BET (secret until the race ends)."""
