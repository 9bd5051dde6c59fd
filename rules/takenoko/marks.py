"""The letters that name a decision's places on the boards (the text garden and the picture): a
spot ``(a)`` for a plot, a tile for a figure or an improvement, a number or letter for a canal.
Events name the place chosen by its letter, as the board showed it to everyone."""

from __future__ import annotations

from collections.abc import Sequence

from rules.takenoko.actions import TakenokoAction, action_code

TILE_MARKS = "abcdefghijklmnopqrstuvwxy"
"""Labels of plot spots ``(a)`` and tiles, in board reading order (at most 25 choices)."""
CANAL_MARKS = "123456789abcdefghijklmnop"
"""Labels of canal spots: digits first (§9), then letters."""
ROW_MARK = "*"
"""Marks every candidate while the board row is asked first."""


PLACES = ("spot", "tile", "canal")
"""The kinds of choice that name a place on the boards, and so take a mark."""


def mark_of(actions: Sequence[TakenokoAction], chosen: TakenokoAction) -> str | None:
    """The board label ``marks_of(actions)`` gives ``chosen``, or None if it names no place (read
    up to ``chosen`` only: a decision's choices have distinct codes, and a place's code is its
    kind, its hex and, for a canal, its side)."""
    if chosen.kind not in PLACES:
        return None
    seen = 0
    for action in actions:
        if action.kind not in PLACES:
            continue
        if (
            action.kind == chosen.kind
            and action.q == chosen.q
            and action.r == chosen.r
            and (chosen.kind != "canal" or action.d == chosen.d)
        ):
            marks = CANAL_MARKS if chosen.kind == "canal" else TILE_MARKS
            return marks[seen] if seen < len(marks) else ROW_MARK
        seen += 1
    return None


def marks_of(actions: Sequence[TakenokoAction]) -> dict[str, str]:
    """The board label of each spot, canal or tile among ``actions``, by action code (reading order)."""
    found: dict[str, str] = {}
    for action in actions:
        if action.kind in PLACES:
            marks = CANAL_MARKS if action.kind == "canal" else TILE_MARKS
            # Beyond 25 the row is asked first and every candidate shows ROW_MARK anyway.
            found[action_code(action)] = marks[len(found)] if len(found) < len(marks) else ROW_MARK
    return found
