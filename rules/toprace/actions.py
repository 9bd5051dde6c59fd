"""Top Race actions: one small model, a short stable code for each, shared instances.

Every action that can ever be legal is built once at import (``_CACHE``) and shared: ``choices``
hands out these instances on every ply. A code typed by a player that names no cached action
(an absurd bid, say) still parses to a fresh action when it is well-formed, so that ``apply`` can
say why it is refused, but it is never added to the cache: the cache cannot grow.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from rules.engine import Frozen, MalformedAction
from rules.toprace.data import (
    ARROWS,
    BET_NONE,
    BID_STEP,
    BLOCK,
    CAR_LETTERS,
    CARD,
    CELL_INDEX,
    FINISH,
    J5_IDS,
    NCARS,
    NCELLS,
    cell_code,
)

Kind = Literal["pass", "bid", "block", "grid", "play", "turbo", "panne", "joker", "end", "bet"]


class Action(Frozen):
    """A choice; ``n`` = amount, block (1-based), cell index, card id or car (BET_NONE = no bet)."""

    kind: Kind
    n: int = 0


J5_ACTION_ID = min(J5_IDS)
"""The card id standing for 'a J5 card' in actions: the six identical J5 are one choice (DP 3)."""

MAX_CACHED_BID = 2_000_000
"""Bids up to this amount are shared instances. No player can hold more: 200,000 at the start plus,
over three races, at most two cars' prizes (350,000) and three winning bets (180,000) a race."""

_LEGAL_NUMBERS: dict[Kind, Sequence[int]] = {
    "pass": (0,),
    "turbo": (0,),
    "panne": (0,),
    "bid": range(BID_STEP, MAX_CACHED_BID + 1, BID_STEP),
    "block": range(1, BLOCK + 1),
    "grid": ARROWS,
    "play": [c for c in CARD if c not in J5_IDS or c == J5_ACTION_ID],
    "joker": range(NCARS),
    "end": range(NCELLS + 1),  # every cell, and FINISH
    "bet": (*range(NCARS), BET_NONE),
}
_CACHE: dict[tuple[Kind, int], Action] = {
    (kind, n): Action(kind=kind, n=n) for kind, numbers in _LEGAL_NUMBERS.items() for n in numbers
}
"""Every action that can be legal, built once (about 460 of them); never grows."""


def act(kind: Kind, n: int = 0) -> Action:
    """The shared action of that kind and number (a fresh one if it can never be legal)."""
    found = _CACHE.get((kind, n))
    return found if found is not None else Action(kind=kind, n=n)


PASS = act("pass")
TURBO = act("turbo")
PANNE = act("panne")


def action_code(a: Action) -> str:
    """Short stable code: 'bid:120000', 'pass', 'block:3', 'grid:-1.2', 'play:37', 'end:F', 'bet:none'…"""
    if a.kind in ("pass", "turbo", "panne"):
        return a.kind
    if a.kind in ("grid", "end"):
        return f"{a.kind}:{cell_code(a.n)}"
    if a.kind in ("joker", "bet"):
        return f"{a.kind}:{'none' if a.n == BET_NONE else CAR_LETTERS[a.n]}"
    if a.kind == "play" and a.n in J5_IDS:
        return "play:J5"
    return f"{a.kind}:{a.n}"


# ASCII digits only: str.isdigit() and int() also accept '²', '٣' or '1_000'.
_AMOUNT = re.compile(r"[0-9]{1,12}")
_BLOCK = re.compile(r"[0-9]{1,2}")
_CARD = re.compile(r"[0-9]{1,2}")
_CELL = re.compile(r"(-?[0-9]{1,2})\.([0-9])")
_CAR = {letter: car for car, letter in enumerate(CAR_LETTERS[:NCARS])}
_PLAIN = {"pass": PASS, "turbo": TURBO, "panne": PANNE}


def _cell(text: str) -> int | None:
    found = _CELL.fullmatch(text)
    return None if found is None else CELL_INDEX.get((int(found[1]), int(found[2])))


def _parse(kind: str, arg: str) -> Action | None:
    if kind in _PLAIN:
        return None if arg else _PLAIN[kind]
    if kind == "bid" and _AMOUNT.fullmatch(arg):
        return act("bid", int(arg))
    if kind == "block" and _BLOCK.fullmatch(arg) and 1 <= int(arg) <= BLOCK:
        return act("block", int(arg))
    if kind == "play":
        if arg == "J5":
            return act("play", J5_ACTION_ID)
        if _CARD.fullmatch(arg) and int(arg) in CARD:
            return act("play", J5_ACTION_ID if int(arg) in J5_IDS else int(arg))
        return None
    if kind == "grid":
        cell = _cell(arg)
        return None if cell is None else act("grid", cell)
    if kind == "end":
        cell = FINISH if arg == "F" else _cell(arg)
        return None if cell is None else act("end", cell)
    if kind == "joker" and arg in _CAR:
        return act("joker", _CAR[arg])
    if kind == "bet":
        if arg == "none":
            return act("bet", BET_NONE)
        if arg in _CAR:
            return act("bet", _CAR[arg])
    return None


def parse_action(code: str) -> Action:
    """The action named by ``code``; MalformedAction if it names none (a typo, a forged button).

    A well-formed code may still name a move that is never legal (a bid of $15,000): ``apply``
    refuses it and says why."""
    kind, _, arg = code.strip().partition(":")
    found = _parse(kind, arg)
    if found is None:
        raise MalformedAction("toprace.error.bad_code", code=code[:40])
    return found
