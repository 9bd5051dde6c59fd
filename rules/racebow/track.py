"""The track: revealing tiles ahead of the leader, stocking them from the supply, discarding the
tiles behind the rearmost racer, and reshuffling the discards (RB-TILE-01..04)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import (
    BONUS_SYMBOLS,
    BONUSES,
    CELLS,
    COLOURS,
    EMPTY,
    START_TILE,
    TILES,
    WINDOW,
    cell_code,
    tile_name,
)

if TYPE_CHECKING:
    from .fields import RacebowFields

COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
BONUS_INDEX = {c: i for i, c in enumerate(BONUS_SYMBOLS)}
BONUS_TERMS = ("racebow.bonus.turbo", "racebow.bonus.propeller", "racebow.bonus.oxygen")
"""Catalogue terms naming each bonus, by track index."""


def colour_term(colour: str) -> str:
    """The catalogue term of a colour (``racebow.colour.B``)."""
    return f"racebow.colour.{colour}"


def last_tile(w: RacebowFields) -> int:
    """The track index of the frontmost tile in play."""
    return w.first + len(w.tiles) - 1


def reveal_window(w: RacebowFields, tile: int) -> bool:
    """RB-TILE-01: after a step onto ``tile``, reveal tiles until tile + 5 exists (nothing to do
    unless the mover leads). False if the game ended because no tile was left (RB-TILE-03)."""
    while last_tile(w) < tile + WINDOW:
        tile_id = draw(w)
        if tile_id is None:
            w.event("racebow.event.no_tiles")
            w.over("tiles")
            return False
        row = stock(w, tile_id, last_tile(w) + 1)
        w.tiles, w.cells = (*w.tiles, tile_id), (*w.cells, row)
    return True


def draw(w: RacebowFields) -> int | None:
    """The top tile of the pile; an empty pile is first refilled from the shuffled discards
    (RB-TILE-03). None when both are empty."""
    if not w.pile:
        if not w.discards:
            return None
        pile = list(w.discards)
        assert w.rng is not None, "a reshuffle needs the move's random source"
        w.rng.shuffle(pile)
        w.event("racebow.event.reshuffle", params={"n": len(pile)})
        w.pile, w.discards = tuple(pile), ()
    top, w.pile = w.pile[0], w.pile[1:]
    return top


def stock(w: RacebowFields, tile_id: int, index: int) -> str:
    """RB-TILE-02: the cells of a tile just revealed as track tile ``index``: its colour pawn and
    its bonus pawn if the supply still has one, its action symbol always. A pawn missing now is
    never added later (the cell simply stays empty)."""
    tile = TILES[tile_id]
    cells = [EMPTY] * CELLS
    w.event(
        "racebow.event.reveal",
        params={"n": index, "tile": tile_name(tile_id)},
        terms={"colour": f"racebow.colour_tile.{tile.colour}"},
    )
    colour = COLOUR_INDEX[tile.colour]
    if w.colours[colour]:
        w.colours = _minus(w.colours, colour)
        cells[tile.colour_cell] = tile.colour
    else:
        w.event("racebow.event.no_colour_pawn", params={"n": index}, terms={"colour": colour_term(tile.colour)})
    if tile.special in BONUSES:
        bonus = BONUSES.index(tile.special)
        if w.bonuses[bonus]:
            w.bonuses = _minus(w.bonuses, bonus)
            cells[tile.special_cell] = BONUS_SYMBOLS[bonus]
        else:
            w.event(
                "racebow.event.no_bonus_pawn",
                params={"n": index, "cell": cell_code(tile.special_cell)},
                terms={"bonus": BONUS_TERMS[bonus]},
            )
    else:
        cells[tile.special_cell] = tile.symbol()
    return "".join(cells)


def discard_behind(w: RacebowFields) -> None:
    """RB-TILE-04: discard, face up, every tile below the rearmost unfinished player's tile; its
    pawns go back to the supply. The start tile leaves the game instead [D]."""
    # A plain loop rather than min() over a list: this runs after every step.
    rearmost = None
    places = w.places
    for seat, (tile, _) in enumerate(w.where):
        if not places[seat] and (rearmost is None or tile < rearmost):
            rearmost = tile
    if rearmost is None:
        return
    while w.first < rearmost:
        tile_id, row = w.tiles[0], w.cells[0]
        returned = 0
        for char in row.replace(EMPTY, ""):  # most cells are empty
            if char in COLOUR_INDEX:
                w.colours = _plus(w.colours, COLOUR_INDEX[char])
                returned += 1
            elif char in BONUS_INDEX:
                w.bonuses = _plus(w.bonuses, BONUS_INDEX[char])
                returned += 1
        if tile_id == START_TILE:
            w.event("racebow.event.start_leaves")
        else:
            w.discards = (*w.discards, tile_id)
            if returned:
                w.event("racebow.event.discard_pawns", params={"n": w.first, "k": returned})
            else:
                w.event("racebow.event.discard", params={"n": w.first})
        w.tiles, w.cells, w.first = w.tiles[1:], w.cells[1:], w.first + 1


def _minus(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*values[:index], values[index] - 1, *values[index + 1 :])


def _plus(values: tuple[int, ...], index: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + 1, *values[index + 1 :])
