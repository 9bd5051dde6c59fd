"""Nim's one action, taking sticks, and its codes ("take:2")."""

from __future__ import annotations

from rules.engine import Frozen, MalformedAction

from .data import MOST


class Take(Frozen):
    """Take ``n`` sticks."""

    n: int


TAKES = tuple(Take(n=n) for n in range(1, MOST + 1))


def action_code(action: Take) -> str:
    """The code of a take: "take:2"."""
    return f"take:{action.n}"


def parse_action(code: str) -> Take:
    """The take a code names."""
    for take in TAKES:
        if code == action_code(take):
            return take
    raise MalformedAction("error.bad_code", code=code[:40])
