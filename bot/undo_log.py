"""Undo in an append-only log: a move taken back stays in the log, followed by an undo entry."""

from __future__ import annotations

UNDO = "!undo"
"""The log entry of a move taken back (the log stays append-only; a replay undoes the move)."""


def in_effect(log: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The moves of a log still in effect once every undo has taken its move back."""
    kept: list[tuple[int, int, str]] = []
    for entry in log:
        if entry[2] == UNDO:
            kept.pop()
        else:
            kept.append(entry)
    return kept
