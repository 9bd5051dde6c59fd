"""Racebow actions: one small frozen model, shared instances, short stable codes.

Codes: ``to:A2`` (move to a cell of the next tile), ``turbo`` / ``end`` (decision T), ``skip``,
``top:B``, ``bot:R``, ``swp:B,G`` (decision S). Stack actions name colours, not slots (§4.2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from rules.engine import Frozen, MalformedAction

from .data import CELLS, COLOURS, cell_code

Kind = Literal["to", "turbo", "end", "skip", "top", "bot", "swp"]


class RacebowAction(Frozen):
    """One decision: a destination cell (M1/M2), TURBO or END (T), SKIP or a stack action (S)."""

    kind: Kind
    cell: int = -1
    """The destination cell index 0..11 (``to`` only)."""
    colour: str = ""
    """The colour moved by ``top`` / ``bot``, or the lower-slot colour of a ``swp``."""
    other: str = ""
    """The second colour of a ``swp``."""

    @model_validator(mode="after")
    def _fields_match_kind(self) -> RacebowAction:
        if (self.kind == "to") != (0 <= self.cell < CELLS):
            raise ValueError("a move names one cell 0..11; nothing else does")
        wants = {"top": 1, "bot": 1, "swp": 2}.get(self.kind, 0)
        given = [c for c in (self.colour, self.other) if c]
        if (
            len(given) != wants
            or any(len(c) != 1 or c not in COLOURS for c in given)
            or (self.other and self.other == self.colour)
        ):
            raise ValueError("top/bot name one colour, swp two different ones, the rest none")
        if self.other and not self.colour:
            raise ValueError("the first colour comes first")
        return self


MOVES: tuple[RacebowAction, ...] = tuple(RacebowAction(kind="to", cell=i) for i in range(CELLS))
"""``to:<cell>`` by cell index."""
TURBO = RacebowAction(kind="turbo")
END = RacebowAction(kind="end")
SKIP = RacebowAction(kind="skip")
TOPS: dict[str, RacebowAction] = {c: RacebowAction(kind="top", colour=c) for c in COLOURS}
BOTS: dict[str, RacebowAction] = {c: RacebowAction(kind="bot", colour=c) for c in COLOURS}
SWAPS: dict[tuple[str, str], RacebowAction] = {
    (a, b): RacebowAction(kind="swp", colour=a, other=b) for a in COLOURS for b in COLOURS if a != b
}
"""``swp:a,b`` for every ordered pair (the legal list names the lower slot first, RB-MOVE-09)."""

_SIMPLE = {"turbo": TURBO, "end": END, "skip": SKIP}
_CODES: dict[str, RacebowAction] = {
    **_SIMPLE,
    **{f"to:{cell_code(i)}": MOVES[i] for i in range(CELLS)},
    **{f"top:{c}": a for c, a in TOPS.items()},
    **{f"bot:{c}": a for c, a in BOTS.items()},
    **{f"swp:{a},{b}": act for (a, b), act in SWAPS.items()},
}


def action_code(action: RacebowAction) -> str:
    """The short code of an action: ``to:A2``, ``turbo``, ``top:B``, ``swp:B,G``..."""
    if action.kind == "to":
        return f"to:{cell_code(action.cell)}"
    if action.kind == "swp":
        return f"swp:{action.colour},{action.other}"
    if action.kind in ("top", "bot"):
        return f"{action.kind}:{action.colour}"
    return action.kind


def parse_action(code: str) -> RacebowAction:
    """The action a code names (case and surrounding blanks ignored); MalformedAction otherwise.

    Only the ASCII spelling is accepted: a full-width or Arabic-Indic digit names nothing."""
    text = code.strip()
    if text.isascii():
        kind, sep, arg = text.partition(":")
        key = f"{kind.lower()}{sep}{arg.upper().replace(' ', '')}"
        found = _CODES.get(key)
        if found is not None:
            return found
    raise MalformedAction("error.bad_code", code=code[:40])
