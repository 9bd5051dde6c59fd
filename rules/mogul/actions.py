"""Mogul actions: one small frozen model for every decision, with short stable codes.

``kind`` names the move; ``count`` is k for ``sell`` and ``card`` the chosen card for ``pick``.
Common actions are module constants, so ``legal_actions`` hands out shared instances.
"""

from __future__ import annotations

from typing import Literal

from pydantic import model_validator

from rules.engine import Frozen, MalformedAction

from .data import CARDS

Kind = Literal["pay", "drop", "loan", "take", "sell", "decline", "pick"]


class MogulAction(Frozen):
    """One decision: PAY / DROP / LOAN (DP-A), TAKE / SELL k / DECLINE (DP-W, DP-R), pick (DP-Q)."""

    kind: Kind
    count: int = 0
    """k, the number of shares sold (``sell`` only)."""
    card: str = ""
    """The card picked (``pick`` only)."""

    @model_validator(mode="after")
    def _fields_match_kind(self) -> MogulAction:
        if self.kind != "sell" and self.count:
            raise ValueError("count is only for sell")
        if not 0 <= self.count <= 31:
            raise ValueError("count out of range")
        if (self.kind == "pick") != bool(self.card):
            raise ValueError("card is only for pick, and pick needs one")
        if self.card and self.card not in CARDS:
            raise ValueError("unknown card")
        return self


PAY = MogulAction(kind="pay")
DROP = MogulAction(kind="drop")
LOAN = MogulAction(kind="loan")
TAKE = MogulAction(kind="take")
DECLINE = MogulAction(kind="decline")
SELLS: tuple[MogulAction, ...] = tuple(MogulAction(kind="sell", count=k) for k in range(32))
"""SELL k for k = 0..31, shared instances."""
PICKS: dict[str, MogulAction] = {card: MogulAction(kind="pick", card=card) for card in CARDS}
"""pick:<card> for every card, shared instances."""

_SIMPLE: dict[str, MogulAction] = {"pay": PAY, "drop": DROP, "loan": LOAN, "take": TAKE, "decline": DECLINE}


def action_code(action: MogulAction) -> str:
    """The short code of an action: pay, drop, loan, take, decline, sell:2, pick:M07."""
    if action.kind == "sell":
        return f"sell:{action.count}"
    if action.kind == "pick":
        return f"pick:{action.card}"
    return action.kind


def parse_action(code: str) -> MogulAction:
    """The action a code names; MalformedAction("error.bad_code") for a code that names none."""
    code = code.strip().lower()
    if code in _SIMPLE:
        return _SIMPLE[code]
    kind, _, arg = code.partition(":")
    if kind == "sell" and arg.isascii() and arg.isdigit() and len(arg) <= 2 and int(arg) < len(SELLS):
        return SELLS[int(arg)]
    if kind == "pick" and arg.upper() in PICKS:
        return PICKS[arg.upper()]
    raise MalformedAction("error.bad_code", code=code[:40])
