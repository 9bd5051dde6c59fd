"""Axial hex geometry of the garden (spec §3): directions, edge keys, corners, canal legality,
plot spots, straight moves and the rotations of plot-card shapes.

Pointy-top axial coordinates (q, r) with the pond at (0, 0). A hex is a ``(q, r)`` tuple; an edge
is its key ``(q, r, d)`` with d ∈ {0, 1, 2} (E, NE, NW of the hex (q, r)).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Final

Hex = tuple[int, int]
Edge = tuple[int, int, int]

POND: Final[Hex] = (0, 0)
DIRS: Final[tuple[Hex, ...]] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""Directions 0..5: E, NE, NW, W, SW, SE."""
DIR_NAMES: Final[tuple[str, ...]] = ("E", "NE", "NW", "W", "SW", "SE")


def step(h: Hex, d: int, k: int = 1) -> Hex:
    """The hex ``k`` steps from ``h`` in direction ``d``."""
    dq, dr = DIRS[d]
    return (h[0] + k * dq, h[1] + k * dr)


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``h`` in direction order 0..5."""
    q, r = h
    return ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1))


def opp(d: int) -> int:
    """The opposite direction."""
    return (d + 3) % 6


def dist(a: Hex, b: Hex) -> int:
    """Hex distance."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def edge_key(a: Hex, d: int) -> Edge:
    """The key of the edge between ``a`` and its neighbour in direction ``d`` (§3)."""
    if d < 3:
        return (a[0], a[1], d)
    b = step(a, d)
    return (b[0], b[1], d - 3)


def edge_hexes(edge: Edge) -> tuple[Hex, Hex]:
    """The two hexes an edge separates."""
    q, r, d = edge
    return (q, r), step((q, r), d)


def corner_edges(edge: Edge) -> tuple[tuple[Hex, tuple[Edge, Edge]], tuple[Hex, tuple[Edge, Edge]]]:
    """The two corners of an edge {a, b}: for each, its third hex c and the two other edges there
    ({a, c} and {b, c}), as in §3 (c1 = a + DIR[d+1], c2 = a + DIR[d−1])."""
    q, r, d = edge
    a = (q, r)
    b = step(a, d)
    c1 = step(a, (d + 1) % 6)
    c2 = step(a, (d + 5) % 6)
    return (
        (c1, (edge_key(a, (d + 1) % 6), _key_between(b, c1))),
        (c2, (edge_key(a, (d + 5) % 6), _key_between(b, c2))),
    )


def _key_between(a: Hex, b: Hex) -> Edge:
    """The key of the edge between two neighbouring hexes."""
    return edge_key(a, DIRS.index((b[0] - a[0], b[1] - a[1])))


def canal_legal(edge: Edge, placed: Collection[Hex], canals: Collection[Edge]) -> bool:
    """§3 canal legality: both hexes are placed plots (not the pond), no canal there yet, and one
    corner is the pond's or touches a canal (TK-IRR-02: the network starts at the pond)."""
    if edge in canals:
        return False
    a, b = edge_hexes(edge)
    if a == POND or b == POND or a not in placed or b not in placed:
        return False
    return any(c == POND or ac in canals or bc in canals for c, (ac, bc) in corner_edges(edge))


def legal_canals(placed: Collection[Hex], canals: Collection[Edge]) -> list[Edge]:
    """Every edge where a canal may go now (unordered)."""
    found: list[Edge] = []
    for h in placed:
        if h == POND:
            continue
        for d in range(3):
            edge = (h[0], h[1], d)
            if canal_legal(edge, placed, canals):
                found.append(edge)
    return found


def plot_spots(placed: Collection[Hex]) -> list[Hex]:
    """§3 plot spots: empty hexes next to the pond or to at least two placed plots (unordered)."""
    counts: dict[Hex, int] = {}
    for h in placed:
        for n in neighbours(h):
            if n not in placed:
                counts[n] = counts.get(n, 0) + (2 if h == POND else 1)
    return [h for h, n in counts.items() if n >= 2]


def straight_moves(start: Hex, placed: Collection[Hex]) -> Iterator[tuple[int, int, Hex]]:
    """Every straight-line destination (direction, distance, hex): walk each direction up to the
    first empty hex (TK-GARD-02: never across a gap); the pond counts as placed."""
    for d in range(6):
        k = 1
        h = step(start, d)
        while h in placed:
            yield d, k, h
            k += 1
            h = step(h, d)


def rotate(h: Hex, times: int = 1) -> Hex:
    """``h`` turned ``times`` × 60° about the pond: (q, r) -> (q + r, −q) (§2)."""
    q, r = h
    for _ in range(times % 6):
        q, r = q + r, -q
    return (q, r)


def shape_placements(shape: tuple[Hex, ...]) -> tuple[tuple[Hex, ...], ...]:
    """The six rotations of a shape, each translated so that its first cell is (0, 0): anchored on
    every plot in turn, they find every placement. Cells keep their order (a diamond's middles
    first, then its tips); rotations that land on the very same cells are kept once."""
    found: list[tuple[Hex, ...]] = []
    for times in range(6):
        cells = [rotate(c, times) for c in shape]
        q0, r0 = cells[0]
        moved = tuple((q - q0, r - r0) for q, r in cells)
        if moved not in found:
            found.append(moved)
    return tuple(found)
