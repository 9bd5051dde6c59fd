"""Shared builders and checks for the Racebow tests: the §9 position, custom positions, stocked
tile rows, a play helper and the pawn-count invariants."""

from __future__ import annotations

from typing import Any

from rules.engine import Event, rng_for
from rules.racebow import GAME
from rules.racebow.data import (
    BONUS_SYMBOLS,
    BONUSES,
    CELLS,
    COLOURS,
    EMPTY,
    PAWNS_PER_BONUS,
    PAWNS_PER_COLOUR,
    TILE_IDS,
    TILES,
    TRACK_MAX,
    cell_index,
)
from rules.racebow.state import RacebowState

ANN, BOB, CID, DEE = 0, 1, 2, 3
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def stocked(tile_id: int, *taken: str) -> str:
    """The row of a tile just revealed with both pawns available, minus the cells in ``taken``
    (codes such as ``E3``) whose pawns were collected."""
    tile = TILES[tile_id]
    cells = [EMPTY] * CELLS
    cells[tile.colour_cell] = tile.colour
    cells[tile.special_cell] = tile.symbol()
    for code in taken:
        cells[cell_index(code)] = EMPTY
    return "".join(cells)


def custom(**cells: str) -> str:
    """A custom tile row: ``custom(E1="B", E2=">")`` (anything the §2 tiles never hold)."""
    row = [EMPTY] * CELLS
    for code, char in cells.items():
        row[cell_index(code)] = char
    return "".join(row)


def at(code: str) -> int:
    """A cell index from a code: ``at("E1")`` is 4."""
    return cell_index(code)


SECTION9_TILES = (46, 14, 5, 57, 47, 49, 22, 44)
"""The tiles on track positions 6..13 of the §9 example."""
SECTION9_DISCARDS = (1, 13, 25, 37, 50)
"""Five tiles for the discard pile (the example says only how many)."""


def section9(**changes: Any) -> RacebowState:
    """The §9 position: Ann to play, tiles 6..13 in play, the pawns of 6E3, 7E3, 8E1 and 8A3
    collected; pile 47, discards 5, supply R6 O5 Y5 G3 B5, >4 +4 o3."""
    rows = [stocked(t) for t in SECTION9_TILES]
    rows[0] = stocked(46, "E3")
    rows[1] = stocked(14, "E3")
    rows[2] = stocked(5, "E1", "A3")
    used = set(SECTION9_TILES) | set(SECTION9_DISCARDS)
    values: dict[str, Any] = {
        "players": 4,
        "rotate": False,
        "round": 8,
        "turn": ANN,
        "step": 1,
        "ask": "move",
        "first": 6,
        "tiles": SECTION9_TILES,
        "cells": tuple(rows),
        "pile": tuple(t for t in TILE_IDS if t not in used),
        "discards": SECTION9_DISCARDS,
        "colours": (6, 5, 5, 3, 5),
        "bonuses": (4, 4, 3),
        "where": ((8, at("E1")), (7, at("E3")), (8, at("A3")), (6, at("E3"))),
        "stacks": ("YOR", "YO", "YGBR", "G"),
        "tracks": ((1, 2, 3), (1, 3, 2), (2, 2, 5), (0, 4, 3)),
        "places": (0, 0, 0, 0),
        "finished": (0, 0, 0, 0),
        "end": "",
    }
    values.update(changes)
    return RacebowState(**values)


def play(state: RacebowState, seat: int, code: str, ply: int = 1) -> tuple[RacebowState, list[Event]]:
    """Apply the action named by ``code`` for ``seat``."""
    return GAME.apply(state, seat, GAME.parse_action(code), rng_for("test", ply))


def codes(state: RacebowState, seat: int | None = None) -> list[str]:
    """The legal codes of ``seat`` (default: the seat to play), in order."""
    return [GAME.action_code(a) for a in GAME.legal_actions(state, state.turn if seat is None else seat)]


def keys(events: list[Event]) -> list[str]:
    """The events' keys, without the ``racebow.event.`` prefix."""
    return [e.key.removeprefix("racebow.event.") for e in events]


def check_invariants(state: RacebowState) -> None:
    """Pawns on the track + in stacks + in the supply = 40 colour and 15 bonus pawns; each tile
    of the game is in the pile, the discards or in play exactly once; tracks within bounds."""
    for i, colour in enumerate(COLOURS):
        on_track = sum(row.count(colour) for row in state.cells)
        in_stacks = sum(stack.count(colour) for stack in state.stacks)
        assert on_track + in_stacks + state.colours[i] == PAWNS_PER_COLOUR, colour
    for i, symbol in enumerate(BONUS_SYMBOLS):
        assert sum(row.count(symbol) for row in state.cells) + state.bonuses[i] == PAWNS_PER_BONUS, BONUSES[i]
    every = [t for t in state.tiles if t] + list(state.pile) + list(state.discards)
    assert sorted(every) == list(TILE_IDS)
    for track in state.tracks:
        assert all(0 <= value <= top for value, top in zip(track, TRACK_MAX, strict=True)), track
    for stack in state.stacks:
        assert len(set(stack)) == len(stack) <= 5 and set(stack) <= set(COLOURS)
    assert len(state.tiles) == len(state.cells)
    racing = [state.where[s][0] for s in range(state.players) if not state.places[s]]
    if state.ask != "over":
        # The tiles in play run from the rearmost racer to the leader's tile + 5 (§3); during
        # decision S the discard of the step is still to come (RB-MOVE-08).
        assert state.first == min(racing) or (state.ask == "stack" and state.first < min(racing))
        assert state.first + len(state.tiles) - 1 >= max(racing) + 5


def position(
    rows: list[str],
    where: list[tuple[int, str]],
    *,
    first: int = 10,
    stacks: list[str] | None = None,
    tracks: list[tuple[int, int, int]] | None = None,
    **changes: Any,
) -> RacebowState:
    """A custom position: ``rows`` are the tiles in play from track index ``first`` (tile ids are
    taken from the pile in order), ``where`` each seat's (track index, cell code). The supply
    holds whatever pawns the track and the stacks do not, so the invariants hold."""
    players = len(where)
    stacks = stacks or [""] * players
    tracks = tracks or [(2, 3, 3)] * players
    tiles = TILE_IDS[: len(rows)]
    colours = tuple(PAWNS_PER_COLOUR - sum(r.count(c) for r in rows) - sum(s.count(c) for s in stacks) for c in COLOURS)
    bonuses = tuple(PAWNS_PER_BONUS - sum(r.count(b) for r in rows) for b in BONUS_SYMBOLS)
    assert min(colours) >= 0 and min(bonuses) >= 0
    values: dict[str, Any] = {
        "players": players,
        "rotate": False,
        "round": 5,
        "turn": 0,
        "step": 1,
        "ask": "move",
        "first": first,
        "tiles": tiles,
        "cells": tuple(rows),
        "pile": TILE_IDS[len(rows) :],
        "discards": (),
        "colours": colours,
        "bonuses": bonuses,
        "where": tuple((t, at(code)) for t, code in where),
        "stacks": tuple(stacks),
        "tracks": tuple(tracks),
        "places": (0,) * players,
        "finished": (0,) * players,
        "end": "",
    }
    values.update(changes)
    return RacebowState(**values)
