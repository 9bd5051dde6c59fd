"""Racebow components as data (spec §2): the 60 track tiles, the boards' target orders, the bonus
tracks, and the geometry of a tile's 12 cells.

A cell is addressed by one index 0..11: ``level * 4 + (cell - 1)`` with the levels Water 0,
Earth 1, Air 2 (spec §3: W < E < A). The tile table below is the spec's, entry for entry; the
data tests check its counts and every "property to test" of §2.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

COLOURS = "ROYGB"
"""The five colours, in the order of their index (R 0, O 1, Y 2, G 3, B 4) and of the supply line."""

LEVELS = "WEA"
"""Level letters by level index: Water 0, Earth 1, Air 2."""

WATER, EARTH, AIR = 0, 1, 2
CELLS_PER_LEVEL = 4
CELLS = 12
"""Cells on a tile: 3 levels × 4."""

BOARDS = "ABCD"
"""Board letters; seat k takes board k (RB-SETUP-01)."""

TARGETS = ("ROYGB", "OYGBR", "YGBRO", "GBROY")
"""Each board's target order, bottom→top [D] (§2)."""

TURBO, PROPELLER, OXYGEN = 0, 1, 2
"""Bonus track indices, in the order the board shows them."""
BONUSES = ("TU", "PR", "OX")
"""The bonus specials, by track index."""
BONUS_SYMBOLS = ">+o"
"""The board's symbol of each bonus, by track index (§9)."""
TRACK_START = (2, 3, 3)
"""Bonus markers at setup: turbo 2, propeller 3, oxygen 3 (RB-SETUP-02)."""
TRACK_MAX = (3, 5, 5)
"""Bonus track maxima [D] (RB-BONUS-01); every minimum is 0."""

ACTIONS = ("TOP", "BOT", "SWP")
"""The printed stack actions [D]."""
ACTION_SYMBOLS = "^vx"
"""The board's symbol of each action (§9)."""

PAWNS_PER_COLOUR = 8
PAWNS_PER_BONUS = 5
WINDOW = 5
"""Tiles kept revealed ahead of the leader (§3, RB-TILE-01)."""
ROUND_LIMIT = 200
"""The safety limit of RB-END-04."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4

EMPTY = "."
"""An empty cell (emptied or never filled)."""
START_CELLS = EMPTY * CELLS
"""The start tile: 4 Earth cells and nothing on them [D]."""
START_TILE = 0
"""The start tile's id; it never joins the draw or discard pile (RB-TILE-04)."""

Special = Literal["TU", "PR", "OX", "TOP", "BOT", "SWP"]


class Tile(NamedTuple):
    """A track tile: its id, colour, colour cell and special cell (cell indices 0..11)."""

    id: int
    colour: str
    colour_cell: int
    special: Special
    special_cell: int

    def symbol(self) -> str:
        """The board symbol of the special: ``>`` ``+`` ``o`` for a bonus, ``^`` ``v`` ``x`` for an action."""
        if self.special in BONUSES:
            return BONUS_SYMBOLS[BONUSES.index(self.special)]
        return ACTION_SYMBOLS[ACTIONS.index(self.special)]


def cell_index(code: str) -> int:
    """The index of a cell code such as ``A2`` (level letter, then cell 1..4)."""
    return LEVELS.index(code[0]) * CELLS_PER_LEVEL + int(code[1]) - 1


CELL_CODES: tuple[str, ...] = tuple(f"{LEVELS[i // CELLS_PER_LEVEL]}{i % CELLS_PER_LEVEL + 1}" for i in range(CELLS))
"""``CELL_CODES[i]``: the code of cell index i (every step's event names one, so they are made once)."""


def cell_code(index: int) -> str:
    """The code of a cell index: 4 → ``E1``."""
    return CELL_CODES[index]


_SPECIALS: dict[str, Special] = {"TU": "TU", "PR": "PR", "OX": "OX", "TOP": "TOP", "BOT": "BOT", "SWP": "SWP"}

# The §2 table, one row per k, one entry per colour column: "colour cell special@cell".
# Its rows look alike because the printed table's do: it is transcribed as printed, to check by eye.
_TABLE = """
W1 TU@E3 | W2 PR@E4 | W3 OX@E1 | W4 TOP@E2 | W1 BOT@E3
E2 TU@A4 | E3 PR@W1 | E4 OX@A2 | E1 TOP@A3 | E2 BOT@A4
A3 PR@E1 | A4 OX@E2 | A1 TOP@W3 | A2 BOT@W4 | A3 SWP@W1
W4 PR@E2 | W1 OX@E3 | W2 TOP@E4 | W3 BOT@E1 | W4 SWP@E2
E1 OX@A3 | E2 TOP@A4 | E3 BOT@A1 | E4 SWP@A2 | E1 TU@A3
A2 OX@E4 | A3 TOP@W1 | A4 BOT@W2 | A1 SWP@W3 | A2 TU@W4
W3 TOP@E1 | W4 BOT@E2 | W1 SWP@E3 | W2 TU@E4 | W3 PR@E1
E4 TOP@A2 | E1 BOT@A3 | E2 SWP@A4 | E3 TU@A1 | E4 PR@W2
A1 BOT@W3 | A2 SWP@W4 | A3 TU@W1 | A4 PR@E2 | A1 OX@E3
W2 BOT@E4 | W3 SWP@E1 | W4 TU@E2 | W1 PR@E3 | W2 OX@E4
E3 SWP@A1 | E4 TU@A2 | E1 PR@W3 | E2 OX@A4 | E3 TOP@A1
A4 SWP@W2 | A1 TU@W3 | A2 PR@E4 | A3 OX@E1 | A4 TOP@W2
"""


def _tiles() -> dict[int, Tile]:
    """The 60 tiles by id: T(12·i + k) for colour index i and row k (§2, "Ids")."""
    tiles: dict[int, Tile] = {}
    for k, row in enumerate(_TABLE.strip().splitlines(), start=1):
        for i, entry in enumerate(row.split("|")):
            colour_code, special_entry = entry.split()
            special, special_code = special_entry.split("@")
            tile_id = 12 * i + k
            tiles[tile_id] = Tile(
                tile_id, COLOURS[i], cell_index(colour_code), _SPECIALS[special], cell_index(special_code)
            )
    return dict(sorted(tiles.items()))


TILES: dict[int, Tile] = _tiles()
"""The 60 track tiles by id, 1..60."""

TILE_IDS: tuple[int, ...] = tuple(TILES)
"""Every track tile id, in order (the draw pile before it is shuffled)."""


def tile_name(tile_id: int) -> str:
    """A tile's printed name: ``T05``."""
    return f"T{tile_id:02d}"


def reach(index: int) -> tuple[int, ...]:
    """The cells of the next tile reachable from cell ``index`` (§3), in the board's order:
    Air, then Earth, then Water; cells 1 to 4 (RB-MOVE-09)."""
    level, cell = divmod(index, CELLS_PER_LEVEL)
    return tuple(
        to_level * CELLS_PER_LEVEL + to_cell
        for to_level in (AIR, EARTH, WATER)
        if abs(to_level - level) <= 1
        for to_cell in range(CELLS_PER_LEVEL)
        if abs(to_cell - cell) <= 1
    )


REACH: tuple[tuple[int, ...], ...] = tuple(reach(index) for index in range(CELLS))
"""``REACH[i]``: the cells of the next tile reachable from cell i, in the board's order."""

DISPLAY_ORDER: tuple[int, ...] = tuple(level * CELLS_PER_LEVEL + c for level in (AIR, EARTH, WATER) for c in range(4))
"""Every cell in the board's order (Air first, cells 1 to 4), the order moves are listed in."""
