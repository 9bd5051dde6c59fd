"""Where each hex and canal sits on the text board (spec §9), shared by the rules and the renderers.

The rules list every labelled choice in the reading order of the board the players see (top row
first, left to right, §4.3), so the layout is a pure function of the public garden: the placed
hexes and, while the plot deck lasts, the plot spots (so the board does not jump when the spots
are labelled). Three layouts, the first that fits a phone's 40 columns:

- ``wide`` (§9): 4-character cells ``Chif`` at column 3·(2q+r−xmin), a canal line under each row;
- ``compact``: 3-character cells ``Chi`` at column 2·(2q+r−xmin); figures and tile letters go on
  the canal line, under the middle of their cell; tried as is, then turned by 60° or 120°
  (a long garden is then drawn upright; the legend says so);
- ``list``: one line per row of plots, for a garden that no grid fits.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache
from typing import NamedTuple, Protocol

from rules.takenoko.hexes import POND, Edge, Hex, plot_spots, rotate, step

PHONE_WIDTH = 40
MAX_GRID_LINES = 30
"""A taller grid would crowd out the rest of the message (1,900 characters in all)."""


class Extent(NamedTuple):
    """How far hexes reach once turned: columns ``x = 2q + r`` and rows ``r`` (what a layout's size
    depends on; the wide and the compact layouts of one turn share it)."""

    xmin: int
    xmax: int
    rmin: int
    rmax: int

    @classmethod
    def of(cls, hexes: Iterable[Hex], turn: int) -> Extent:
        """The extent of ``hexes`` turned ``turn`` × 60°."""
        turned = [rotate(h, turn) for h in hexes] if turn else hexes
        xs = [2 * q + r for q, r in turned]
        rs = [r for _, r in turned]
        return cls(min(xs), max(xs), min(rs), max(rs))


class Layout:
    """One way of drawing a garden: cell size, rotation and offsets."""

    __slots__ = ("_at", "_marks", "cell", "fig", "lines", "mode", "pitch", "rmin", "turn", "width", "xmin")

    def __init__(self, mode: str, turn: int, hexes: Iterable[Hex] | Extent) -> None:
        self.mode = mode
        self.turn = turn
        self.cell = 4 if mode == "wide" else 3
        self.pitch = 3 if mode == "wide" else 2
        xmin, xmax, rmin, rmax = hexes if isinstance(hexes, Extent) else Extent.of(hexes, turn)
        self.xmin = xmin
        self.rmin = rmin
        self.width = self.pitch * (xmax - xmin) + self.cell
        self.lines = 2 * (rmax - rmin) + (1 if mode == "wide" else 2)
        self.fig = (0, 3) if mode == "wide" else (1, 1)
        """Where a figure or a tile letter goes: (line offset, column offset) from the cell."""
        self._at: dict[Hex, tuple[int, int]] = {}
        """``at`` of the hexes asked so far: every list of choices is sorted by it."""
        self._marks: dict[Edge, tuple[int, int, str]] = {}
        """``mark`` of the edges asked so far (canal choices are sorted and grouped by it)."""

    def fits(self) -> bool:
        """True if the grid is narrow and short enough."""
        return self.width <= PHONE_WIDTH and self.lines <= MAX_GRID_LINES

    def at(self, h: Hex) -> tuple[int, int]:
        """(line, column) where the cell of hex ``h`` starts (the list layout: its row, 0)."""
        found = self._at.get(h)
        if found is None:
            found = self._at[h] = self._place(h)
        return found

    def in_order(self, hexes: Iterable[Hex]) -> list[Hex]:
        """Hexes in reading order: sorted by ``at``, which no two hexes share."""
        known, place = self._at, self._place
        keyed = []
        for h in hexes:
            key = known.get(h)
            if key is None:
                key = known[h] = place(h)
            keyed.append((key, h))
        keyed.sort()
        return [h for _, h in keyed]

    def _place(self, h: Hex) -> tuple[int, int]:
        q, r = rotate(h, self.turn) if self.turn else h
        if self.mode == "list":
            return (r - self.rmin, 2 * q + r)
        return (2 * (r - self.rmin), self.pitch * (2 * q + r - self.xmin))

    def mark(self, edge: Edge) -> tuple[int, int, str]:
        r"""(line, column, glyph) of a canal on ``edge`` (§9: E ``|`` on the row line, the SE ``\``
        and SW ``/`` edges on the line under the upper hex)."""
        found = self._marks.get(edge)
        if found is None:
            found = self._marks[edge] = self._mark(edge)
        return found

    def _mark(self, edge: Edge) -> tuple[int, int, str]:
        q, r, d = edge
        a: Hex = (q, r)
        if self.turn:
            a = rotate(a, self.turn)
            d = (d + self.turn) % 6
            if d >= 3:
                a, d = step(a, d), d - 3
        line, col = self._at_turned(a)
        if d == 0:
            return (line, col + self.cell, "|")
        # d == 1: the NE neighbour's SW edge; d == 2: the NW neighbour's SE edge.
        upper = step(a, d)
        line, col = self._at_turned(upper)
        return (line + 1, col, "/") if d == 1 else (line + 1, col + self.pitch, "\\")

    def _at_turned(self, h: Hex) -> tuple[int, int]:
        q, r = h
        if self.mode == "list":
            return (r - self.rmin, 2 * q + r)
        return (2 * (r - self.rmin), self.pitch * (2 * q + r - self.xmin))

    def figure(self, h: Hex) -> tuple[int, int]:
        """(line, column) of the figure or tile letter of hex ``h``."""
        line, col = self.at(h)
        return (line + self.fig[0], col + self.fig[1])

    def row(self, h: Hex) -> int:
        """The board row of hex ``h``, 1 = top."""
        return self.at(h)[0] // (1 if self.mode == "list" else 2) + 1

    def edge_row(self, edge: Edge) -> int:
        """The board row a canal mark belongs to (a mark under a row belongs to that row), 1 = top."""
        if self.mode == "list":
            return self.row((edge[0], edge[1]))
        return self.mark(edge)[0] // 2 + 1


class _Deck(Protocol):
    @property
    def plots(self) -> tuple[str, ...]: ...
    @property
    def drawn(self) -> tuple[str, ...]: ...
    @property
    def placing(self) -> str: ...


def shows_spots(state: _Deck) -> bool:
    """True while plots remain to be placed: in the deck, drawn, or chosen and not yet laid."""
    return bool(state.plots or state.drawn or state.placing)


@lru_cache(maxsize=1024)
def layout_for(placed: tuple[Hex, ...], with_spots: bool) -> Layout:
    """The layout of a garden (``placed`` includes the pond), spots included while plots remain."""
    hexes = set(placed) | {POND}
    return layout_of(hexes | set(plot_spots(hexes)) if with_spots else hexes)


def layout_of(shown: Collection[Hex]) -> Layout:
    """The first layout that fits these hexes (the placed ones, the pond and maybe the spots)."""
    extents: dict[int, Extent] = {}
    for mode, turn in (("wide", 0), ("compact", 0), ("compact", 1), ("compact", 2)):
        extent = extents.get(turn)
        if extent is None:
            extent = extents[turn] = Extent.of(shown, turn)
        layout = Layout(mode, turn, extent)
        if layout.fits():
            return layout
    return Layout("list", 0, extents[0])


def reading_order_hexes(layout: Layout, hexes: Iterable[Hex]) -> list[Hex]:
    """Hexes in the board's reading order (top row first, left to right)."""
    return layout.in_order(hexes)


def reading_order_edges(layout: Layout, edges: Iterable[Edge]) -> list[Edge]:
    """Canal edges in the reading order of their marks."""
    if layout.mode == "list":
        return sorted(edges, key=lambda e: (layout.at((e[0], e[1])), e[2]))
    return sorted(edges, key=lambda e: layout.mark(e)[:2])
