"""Racebow game state: one frozen, JSON-friendly model holding the whole game.

Everything is public except the order of the draw pile (spec §7). Per-seat data are tuples
indexed by seat. The tiles in play are stored by what their cells hold now, one 12-character
string per tile (cell index ``level * 4 + cell - 1``, as in ``data``), written with the board's
own characters: ``.`` empty, a colour letter, a bonus symbol ``> + o`` or an action symbol
``^ v x``. So a collected pawn is a ``.``, the strip is drawn straight from the state, and a test
can lay a custom tile (RB-MOVE-06) without touching the component table.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Frozen

Ask = Literal["move", "stack", "turbo", "next", "over"]
"""What the game waits on: M1/M2 (``move``), S (``stack``), T (``turbo``) of spec §4.2; ``next``
is the automatic hand-over to the next seat; ``over`` is the end."""

End = Literal["", "finish", "limit", "tiles"]
"""Why the game ended: at most one player unfinished (RB-END-03), the round limit (RB-END-04),
or no tile left to reveal (RB-TILE-03); empty while it runs."""


class LastTurn(Frozen):
    """What the latest turn did, for the boards' marks (a player back after a day sees it first):
    who moved, and the cells their pawn went through."""

    seat: int = -1
    """Who moved; -1 before anyone has."""
    round: int = 0
    path: tuple[tuple[int, int], ...] = ()
    """(track index, cell index): where the turn started, then the cell of each step (a pawn or
    bonus on one of them was taken)."""


# fields.py declares these fields again, on purpose (mypy types the working copy through them; see
# there). A list of ``name: type`` lines looks like the other games' lists; each game's are its own.
class RacebowPublic(Frozen):
    """The part of a Racebow race everyone may see, as the state holds it: each view shows these fields
    unchanged (``rules.flow.shared_fields``). A field belongs here only if every seat may see it."""

    players: int
    """Number of seats, 2..4; seat k-1 plays board k (A, B, C, D) from start cell k (RB-SETUP-01)."""
    rotate: bool
    """The rotate_first_player option (RB-SETUP-04)."""
    round: int
    """The current round, from 1."""
    turn: int
    """The seat whose turn it is (-1 once the game is over)."""
    step: int
    """1 during the mandatory step, 2 during the turbo step (RB-MOVE-01)."""
    ask: Ask
    """The decision (or automatic step) the game waits on."""
    first: int
    """The track index of ``tiles[0]``: the rearmost tile still in play."""
    tiles: tuple[int, ...]
    """Ids of the tiles in play, rearmost first (0 = the start tile)."""
    cells: tuple[str, ...]
    """What each tile in play holds now, one 12-character string per tile (see the module doc)."""
    discards: tuple[int, ...]
    """The face-up discard pile, oldest first."""
    colours: tuple[int, ...]
    """Colour pawns in the supply, by colour index (R O Y G B)."""
    bonuses: tuple[int, ...]
    """Bonus pawns in the supply, by track (turbo, propeller, oxygen)."""
    where: tuple[tuple[int, int], ...]
    """Each seat's position: (track index, cell index). A finished seat keeps its last one."""
    stacks: tuple[str, ...]
    """Each seat's colour stack, bottom→top (``"YOR"``)."""
    tracks: tuple[tuple[int, int, int], ...]
    """Each seat's bonus tracks: (turbo, propeller, oxygen)."""
    places: tuple[int, ...]
    """Each seat's final place (1 = first), 0 while it races."""
    finished: tuple[int, ...]
    """The round each seat finished in, 0 if it did not (shown "—")."""
    end: End
    """Why the game is over, once it is."""
    last: LastTurn = LastTurn()
    """The latest turn's path (a default, so states stored before it load)."""


class RacebowState(RacebowPublic):
    """The whole game at one moment."""

    pile: tuple[int, ...]
    """The face-down draw pile, top first. Its order is the one hidden fact of the game."""
