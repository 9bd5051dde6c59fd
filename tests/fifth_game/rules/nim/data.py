"""Nim's components: one pile of sticks (NM-SET-1) and how many a turn may take (NM-TAKE-1)."""

from __future__ import annotations

PILE = 9
MOST = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 3
