"""Movement: the cells a player may enter on the next tile, the fallback move, and one whole step
in the order of RB-MOVE-08 (pay, reveal, collect and check, stack action, discard), then the
turbo decision (RB-MOVE-07)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from rules.engine import IllegalAction, Seat, with_item

from . import scoring
from .actions import MOVES, RacebowAction
from .data import (
    ACTION_SYMBOLS,
    AIR,
    CELL_CODES,
    CELLS,
    CELLS_PER_LEVEL,
    DISPLAY_ORDER,
    EARTH,
    EMPTY,
    OXYGEN,
    PROPELLER,
    REACH,
    TRACK_MAX,
    TURBO,
    WATER,
    cell_code,
)
from .track import BONUS_INDEX, BONUS_TERMS, COLOUR_INDEX, colour_term, discard_behind, reveal_window

if TYPE_CHECKING:
    from .fields import RacebowFields
    from .state import RacebowState


def _open_levels(at: int, air: bool, water: bool) -> int:
    """The reachable cells of levels the player can afford (RB-MOVE-02, RB-MOVE-03), as a mask."""
    mask = 0
    for cell in REACH[at]:
        level = cell // CELLS_PER_LEVEL
        if (air or level != AIR) and (water or level != WATER):
            mask |= 1 << cell
    return mask


AFFORDABLE: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
    (
        (_open_levels(at, False, False), _open_levels(at, False, True)),
        (_open_levels(at, True, False), _open_levels(at, True, True)),
    )
    for at in range(CELLS)
)
"""``AFFORDABLE[at][has a propeller][has an oxygen]``: the reachable cells a player can pay for,
as a 12-bit mask (bit i = cell i). Masks, not lists: the legal cells are found for nearly every
ply (several times), and a mask intersection is one operation."""

CELLS_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(cell for cell in DISPLAY_ORDER if mask >> cell & 1) for mask in range(1 << CELLS)
)
"""``CELLS_IN[mask]``: the cells of a 12-bit mask, in the board's order (RB-MOVE-09)."""

MOVES_IN: tuple[tuple[RacebowAction, ...], ...] = tuple(tuple(MOVES[cell] for cell in cells) for cells in CELLS_IN)
"""``MOVES_IN[mask]``: the ``to`` actions of a mask's cells, in the board's order (made once)."""


@lru_cache(maxsize=2048)
def _blocked(stack: str, track: tuple[int, int, int]) -> frozenset[str]:
    """The cell characters a player may not enter (RB-MOVE-04): the colours they own, and the
    bonus symbols of their tracks at the maximum."""
    full = {symbol for symbol, index in BONUS_INDEX.items() if track[index] >= TRACK_MAX[index]}
    return frozenset(stack) | full


@lru_cache(maxsize=8192)
def _open_cells(row: str, blocked: frozenset[str]) -> int:
    """The cells of ``row`` holding nothing in ``blocked``, as a mask. Cached: a game shows a few
    hundred distinct rows (60 tiles, each with or without its two pawns) and its players a few
    dozen blocked sets, while the question is asked several times per ply."""
    mask = 0
    for cell, char in enumerate(row):
        if char not in blocked:
            mask |= 1 << cell
    return mask


def legal_mask(row: str, at: int, stack: str, track: tuple[int, int, int]) -> int:
    """``legal_cells`` as a 12-bit mask (0 when no cell is open and RB-MOVE-06 applies)."""
    return AFFORDABLE[at][track[PROPELLER] > 0][track[OXYGEN] > 0] & _open_cells(row, _blocked(stack, track))


def legal_cells(row: str, at: int, stack: str, track: tuple[int, int, int]) -> tuple[int, ...]:
    """The cells of the next tile (its contents ``row``) a player on cell ``at`` may enter, in
    the board's order: reachable (RB-MOVE-02), affordable (RB-MOVE-03), and holding no pawn of a
    colour they own nor a bonus pawn of a track at its maximum (RB-MOVE-04); empty and action
    cells are always open, and other players never block (RB-MOVE-05)."""
    return CELLS_IN[legal_mask(row, at, stack, track)]


def why_not(row: str, at: int, stack: str, track: tuple[int, int, int], cell: int) -> str:
    """The catalogue key saying why a player on ``at`` may not enter ``cell`` of the next tile,
    or "" if they may."""
    if cell not in REACH[at]:
        return "racebow.error.out_of_reach"
    level = cell // CELLS_PER_LEVEL
    if level == AIR and track[PROPELLER] == 0:
        return "racebow.error.no_propeller"
    if level == WATER and track[OXYGEN] == 0:
        return "racebow.error.no_oxygen"
    char = row[cell]
    if char in COLOUR_INDEX and char in stack:
        return "racebow.error.owned_colour"
    bonus = BONUS_INDEX.get(char)
    if bonus is not None and track[bonus] >= TRACK_MAX[bonus]:
        return "racebow.error.bonus_full"
    return ""


def fallback_cell(at: int) -> int:
    """RB-MOVE-06: the Earth cell facing ``at`` on the next tile."""
    return EARTH * CELLS_PER_LEVEL + at % CELLS_PER_LEVEL


def next_row(s: RacebowState | RacebowFields, seat: Seat) -> str:
    """The contents of the tile in front of ``seat``."""
    return s.cells[s.where[seat][0] + 1 - s.first]


def move_choices(s: RacebowState | RacebowFields, seat: Seat) -> Sequence[RacebowAction]:
    """Decision M1/M2: the legal destinations, or only the fallback cell if there is none."""
    at = s.where[seat][1]
    legal = legal_mask(next_row(s, seat), at, s.stacks[seat], s.tracks[seat])
    if not legal:
        return (MOVES[fallback_cell(at)],)
    return MOVES_IN[legal]


def check_move(s: RacebowState, seat: Seat, cell: int) -> None:
    """Raise IllegalAction, with the reason, unless ``seat`` may move to ``cell`` now."""
    at = s.where[seat][1]
    row = next_row(s, seat)
    if legal_mask(row, at, s.stacks[seat], s.tracks[seat]):
        reason = why_not(row, at, s.stacks[seat], s.tracks[seat], cell)
        if reason:
            raise IllegalAction(reason, cell=cell_code(cell))
    elif cell != fallback_cell(at):
        raise IllegalAction("racebow.error.fallback_only", cell=cell_code(fallback_cell(at)))


def step(w: RacebowFields, seat: Seat, cell: int, *, forced: bool = False) -> None:
    """One step onto ``cell`` of the next tile, resolved in the order of RB-MOVE-08."""
    tile, at = w.where[seat]
    row = next_row(w, seat)
    # RB-MOVE-06's move can only be onto the fallback cell: any other cell was a legal one.
    fallback = cell == fallback_cell(at) and not legal_mask(row, at, w.stacks[seat], w.tracks[seat])
    tile += 1
    to = f"{tile}{CELL_CODES[cell]}"
    # Pay first (RB-MOVE-03, RB-BONUS-03): a bonus collected on this very cell cannot pay for it.
    turbo, propeller, oxygen = w.tracks[seat]
    level = cell // CELLS_PER_LEVEL
    if level == AIR:
        propeller -= 1
    elif level == WATER:
        oxygen -= 1
    w.tracks = with_item(w.tracks, seat, (turbo, propeller, oxygen))
    w.move_pawn(seat, tile, cell)
    if fallback:
        w.event("racebow.event.fallback", params={"to": to, "n": tile}, seats={"player": seat})
    else:
        if forced:
            w.event("racebow.event.only_cell", seats={"player": seat})
        if level == AIR:
            w.event("racebow.event.move_air", params={"to": to, "left": propeller}, seats={"player": seat})
        elif level == WATER:
            w.event("racebow.event.move_water", params={"to": to, "left": oxygen}, seats={"player": seat})
        else:
            w.event("racebow.event.move", params={"to": to}, seats={"player": seat})
    if not reveal_window(w, tile):
        return
    char = row[cell]
    if not fallback and char != EMPTY:
        if char in COLOUR_INDEX:
            # RB-COLLECT-01/02: the first to enter takes the pawn; the cell is empty from now on.
            stack = w.stacks[seat] + char
            w.stacks = with_item(w.stacks, seat, stack)
            w.set_cell(tile, cell, EMPTY)
            w.event(
                "racebow.event.take_colour",
                params={"stack": stack},
                terms={"colour": colour_term(char)},
                seats={"player": seat},
            )
            if scoring.check_win(w, seat):
                return
        elif char in BONUS_INDEX:
            # RB-BONUS-02: +1 on the track; the pawn goes straight back to the supply.
            bonus = BONUS_INDEX[char]
            value = w.tracks[seat][bonus] + 1
            w.set_track(seat, bonus, value)
            w.bonuses = with_item(w.bonuses, bonus, w.bonuses[bonus] + 1)
            w.set_cell(tile, cell, EMPTY)
            w.event(
                "racebow.event.take_bonus",
                params={"value": value},
                terms={"bonus": BONUS_TERMS[bonus]},
                seats={"player": seat},
            )
        elif char in ACTION_SYMBOLS and len(w.stacks[seat]) >= 2:
            # Decision S; with fewer than 2 pawns the action would change nothing (RB-STACK-06).
            w.ask = "stack"
            return
    end_step(w, seat)


def end_step(w: RacebowFields, seat: Seat) -> None:
    """Close a step: discard the tiles behind (RB-TILE-04), then offer the turbo after step 1 if
    the player has one and step 2 has a cell other than the fallback (RB-MOVE-07)."""
    discard_behind(w)
    if (
        w.step == 1
        and w.tracks[seat][TURBO] > 0
        and legal_mask(next_row(w, seat), w.where[seat][1], w.stacks[seat], w.tracks[seat])
    ):
        w.ask = "turbo"
    else:
        w.ask = "next"


def spend_turbo(w: RacebowFields, seat: Seat) -> None:
    """RB-MOVE-07: spend 1 turbo for a second step under the same rules."""
    left = w.tracks[seat][TURBO] - 1
    w.set_track(seat, TURBO, left)
    w.step = 2
    w.ask = "move"
    w.event("racebow.event.turbo", params={"left": left}, seats={"player": seat})
