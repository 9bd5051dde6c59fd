"""Top Race actions: one small model, a short stable code for each, cached instances."""

from __future__ import annotations

from typing import Literal

from rules.engine import Frozen, MalformedAction
from rules.toprace.data import CAR_LETTERS, CARD, CELL_INDEX, FINISH, J5_IDS, NCARS, cell_code
from rules.toprace.state import BET_NONE

Kind = Literal["pass", "bid", "block", "grid", "play", "turbo", "panne", "joker", "end", "bet"]


class Action(Frozen):
    """A choice; ``n`` = amount, block (1-based), cell index, card id or car (BET_NONE = no bet)."""

    kind: Kind
    n: int = 0


_CACHE: dict[tuple[str, int], Action] = {}


def act(kind: Kind, n: int = 0) -> Action:
    """The (shared, immutable) action of that kind and number."""
    key = (kind, n)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Action(kind=kind, n=n)
    return found


_J5 = J5_IDS
_J5_ID = min(J5_IDS)
"""The canonical id standing for 'a J5 card' in actions (all six are one choice, DP 3)."""

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
    if a.kind == "play" and a.n in _J5:
        return "play:J5"
    return f"{a.kind}:{a.n}"


def _cell(text: str, allow_finish: bool) -> int:
    if text == "F" and allow_finish:
        return FINISH
    row, _, lane = text.partition(".")
    cell = CELL_INDEX.get((int(row), int(lane)))
    if cell is None:
        raise ValueError(text)
    return cell


def parse_action(code: str) -> Action:
    """The action named by ``code``; IllegalAction if it names none."""
    kind, _, arg = code.strip().partition(":")
    try:
        if kind in ("pass", "turbo", "panne") and not arg:
            return act(kind)  # type: ignore[arg-type]
        if kind in ("bid", "block") and arg.isdigit() and int(arg) > 0:
            return act(kind, int(arg))  # type: ignore[arg-type]
        if kind == "play":
            if arg == "J5":
                return act("play", _J5_ID)
            if arg.isdigit() and int(arg) in CARD:
                return act("play", _J5_ID if int(arg) in _J5 else int(arg))
        if kind == "grid" and arg:
            return act("grid", _cell(arg, False))
        if kind == "end" and arg:
            return act("end", _cell(arg, True))
        if kind == "joker" and len(arg) == 1 and arg in CAR_LETTERS[:NCARS]:
            return act("joker", CAR_LETTERS.index(arg))
        if kind == "bet" and arg:
            if arg == "none":
                return act("bet", BET_NONE)
            if len(arg) == 1 and arg in CAR_LETTERS[:NCARS]:
                return act("bet", CAR_LETTERS.index(arg))
    except ValueError:
        pass
    raise MalformedAction("toprace.error.bad_code", code=code[:40])
