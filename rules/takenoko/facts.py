"""What the rules look up about a garden and its canals, computed once per tuple and carried over.

A state's ``garden`` and ``canals`` are immutable tuples that pass unchanged from state to state
until a step replaces them, so their look-ups are kept with the very tuple they describe:

- ``Placement``: where the plots lie (position index, placed hexes, board layouts, plot spots,
  figure moves). Only a new plot changes it; growth, eating and irrigation keep the same object.
- ``Irrigated`` and ``Bamboos`` (objectives.py): what objective cards and chips look at. A step
  that changes one plot derives the new ones from the old in O(1) instead of scanning the garden.
- ``CanalFacts``: the canal set and its *frontier*, the edges next to the network (§3: a corner
  at the pond or at a canal), from which the legal edges are read for any placement.

Facts are found again by the identity of their tuple (``garden_facts``, ``canal_facts``). The
registry holds the tuple itself, so no other object can take its id while the entry lives: a hit
is the very tuple the facts were computed from (a cache keyed on anything else, an equal-looking
value or a rebuilt field, gave wrong answers once). A working copy that replaces a tuple derives
the new facts and registers them at once (work.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.takenoko.actions import TakenokoAction, tile
from rules.takenoko.cards import Bamboos, Irrigated
from rules.takenoko.hexes import DIRS, POND, Edge, Hex, corner_edges, edge_hexes, edge_key, neighbours
from rules.takenoko.layout import Layout, layout_of, reading_order_edges, reading_order_hexes
from rules.takenoko.state import Plot

REGISTRY_SIZE = 256
"""Entries kept per registry before it is emptied (a miss only computes again). Most entries are
gardens a move went through or the AI tried and dropped; a small registry keeps the garbage
collector's rounds short (measured: 256 plays faster than 1024 or 4096, the AI as fast)."""


# -- where the plots lie -----------------------------------------------------------------------------
class Placement:
    """The placed hexes of one garden (in placement order) and the look-ups that depend on them alone."""

    __slots__ = ("_layouts", "_moves", "_spot_set", "_spots", "_tiles", "index", "near", "placed", "positions")

    def __init__(self, positions: tuple[Hex, ...], near: dict[Hex, int] | None = None) -> None:
        self.positions = positions
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(positions)}
        """Position in the garden tuple of the plot on each hex."""
        self.placed: frozenset[Hex] = frozenset((*positions, POND))
        """Every placed hex, the pond included."""
        if near is None:
            near = {n: 2 for n in neighbours(POND)}
            for h in positions:
                _touch(near, h)
        self.near = near
        """Every hex next to a placed one, with its placed neighbours (the pond counts twice: §3, a
        spot touches the pond or two plots). Never changed once made: ``with_plot`` copies it."""
        self._spot_set: list[Hex] | None = None
        self._layouts: dict[bool, Layout] = {}
        self._spots: dict[bool, list[Hex]] = {}
        self._moves: dict[tuple[Hex, bool], list[tuple[int, Hex]]] = {}
        self._tiles: dict[tuple[Hex, bool], list[TakenokoAction]] = {}

    def with_plot(self, h: Hex) -> Placement:
        """The placement once a plot lies on ``h`` too."""
        near = self.near.copy()
        _touch(near, h)
        return Placement((*self.positions, h), near)

    def spot_set(self) -> list[Hex]:
        """The plot spots, unordered (§3: empty, next to the pond or to two placed plots)."""
        found = self._spot_set
        if found is None:
            placed = self.placed
            found = self._spot_set = [h for h, n in self.near.items() if n >= 2 and h not in placed]
        return found

    def layout(self, with_spots: bool) -> Layout:
        """The board layout (layout.py), with room for the plot spots while plots remain."""
        found = self._layouts.get(with_spots)
        if found is None:
            shown = self.placed.union(self.spot_set()) if with_spots else self.placed
            found = self._layouts[with_spots] = layout_of(shown)
        return found

    def spots(self, with_spots: bool) -> list[Hex]:
        """The plot spots in the reading order of that layout."""
        found = self._spots.get(with_spots)
        if found is None:
            found = self._spots[with_spots] = reading_order_hexes(self.layout(with_spots), self.spot_set())
        return found

    def can_move(self, start: Hex) -> bool:
        """Whether a figure on ``start`` has a straight move (TK-GARD-02: a placed neighbour)."""
        return start in self.near

    def moves(self, start: Hex, with_spots: bool) -> list[tuple[int, Hex]]:
        """(direction, hex) of every straight-move destination from ``start``, in reading order:
        each direction is walked up to the first empty hex (TK-GARD-02); the pond counts as placed."""
        key = (start, with_spots)
        found = self._moves.get(key)
        if found is None:
            placed = self.placed
            by_hex: dict[Hex, int] = {}
            for d, (dq, dr) in enumerate(DIRS):
                h = (start[0] + dq, start[1] + dr)
                while h in placed:
                    by_hex[h] = d
                    h = (h[0] + dq, h[1] + dr)
            layout = self.layout(with_spots)
            found = self._moves[key] = [(by_hex[h], h) for h in reading_order_hexes(layout, by_hex)]
        return found

    def move_tiles(self, start: Hex, with_spots: bool) -> list[TakenokoAction]:
        """The same destinations as TILE choices."""
        key = (start, with_spots)
        found = self._tiles.get(key)
        if found is None:
            found = self._tiles[key] = [tile(h) for _, h in self.moves(start, with_spots)]
        return found


def _touch(near: dict[Hex, int], h: Hex) -> None:
    """Count a new plot on ``h`` as a placed neighbour of each of its neighbours."""
    for n in neighbours(h):
        near[n] = near.get(n, 0) + 1


# -- one garden ----------------------------------------------------------------------------------------
class GardenFacts:
    """The look-ups of one garden tuple. Irrigation and bamboo summaries are computed on first use,
    and carried over (updated) to the next garden when they exist."""

    __slots__ = ("_bamboos", "_irrigated", "garden", "placement", "shapes")

    def __init__(
        self,
        garden: tuple[Plot, ...],
        placement: Placement | None = None,
        irrigated: Irrigated | None = None,
        bamboos: Bamboos | None = None,
        shapes: dict[str, float] | None = None,
    ) -> None:
        self.garden = garden
        self.placement = placement or Placement(tuple((p.q, p.r) for p in garden))
        self._irrigated = irrigated
        self._bamboos = bamboos
        self.shapes: dict[str, float] = {} if shapes is None else shapes
        """A memo for what depends only on where the plots lie, their colours and which are
        irrigated, not on bamboo nor improvements (the AI's distance to each plot card): kept
        while a step only grows or eats bamboo or lays a chip."""

    def irrigated(self) -> Irrigated:
        """The irrigated plots (what plot cards look at)."""
        found = self._irrigated
        if found is None:
            found = self._irrigated = Irrigated(self.garden)
        return found

    def bamboos(self) -> Bamboos:
        """The bamboo summary (what gardener cards and chips look at)."""
        found = self._bamboos
        if found is None:
            found = self._bamboos = Bamboos(self.garden)
        return found

    def replaced(self, old: Plot, new: Plot, garden: tuple[Plot, ...]) -> GardenFacts:
        """The facts of ``garden``: this garden with the plot ``old`` replaced by ``new`` (same hex)."""
        irrigated = self._irrigated
        shapes: dict[str, float] | None = self.shapes
        if new.irrigated and not old.irrigated:
            shapes = None
            if irrigated is not None:
                irrigated = irrigated.with_plot(new)
        bamboos = self._bamboos
        if bamboos is not None:
            bamboos = bamboos.replaced(old, new)
        return GardenFacts(garden, self.placement, irrigated, bamboos, shapes)

    def added(self, new: Plot, garden: tuple[Plot, ...]) -> GardenFacts:
        """The facts of ``garden``: this garden and the plot ``new``, just laid."""
        irrigated = self._irrigated
        if irrigated is not None and new.irrigated:
            irrigated = irrigated.with_plot(new)
        bamboos = self._bamboos
        if bamboos is not None:
            bamboos = bamboos.replaced(None, new)
        return GardenFacts(garden, self.placement.with_plot((new.q, new.r)), irrigated, bamboos)


# -- canals ----------------------------------------------------------------------------------------------
_EDGES: dict[Edge, tuple[Hex, Hex, tuple[Edge, ...]]] = {}
"""Per edge: its two hexes and the four edges that share a corner with it (filled on first use; a
garden of 27 plots reaches a few hundred edges, so the table stays small)."""


def _ring_edges() -> frozenset[Edge]:
    ring = neighbours(POND)
    pairs = zip(ring, (*ring[1:], ring[0]), strict=True)
    return frozenset(edge_key(a, DIRS.index((b[0] - a[0], b[1] - a[1]))) for a, b in pairs)


RING_EDGES: frozenset[Edge] = _ring_edges()
"""The six edges between two neighbours of the pond: their corner is the pond's (TK-IRR-02)."""


def edge_info(edge: Edge) -> tuple[Hex, Hex, tuple[Edge, ...]]:
    """An edge's two hexes and the edges sharing a corner with it."""
    found = _EDGES.get(edge)
    if found is None:
        a, b = edge_hexes(edge)
        (_, (a1, b1)), (_, (a2, b2)) = corner_edges(edge)
        found = _EDGES[edge] = (a, b, (a1, b1, a2, b2))
    return found


class CanalFacts:
    """The look-ups of one canals tuple: the set, and the frontier where a canal may go once both
    its plots are placed (§3 canal legality: no canal there yet, neither hex the pond, and one
    corner the pond's or touching a canal)."""

    __slots__ = ("_legal", "_legal_for", "_ordered", "canals", "edges", "frontier")

    def __init__(self, canals: tuple[Edge, ...], edges: frozenset[Edge], frontier: frozenset[Edge]) -> None:
        self.canals = canals
        self.edges = edges
        self.frontier = frontier
        self._legal_for: Placement | None = None
        self._legal: list[Edge] = []
        self._ordered: dict[bool, list[Edge]] = {}

    @classmethod
    def of(cls, canals: tuple[Edge, ...]) -> CanalFacts:
        """The facts of a canals tuple, from scratch."""
        edges = frozenset(canals)
        near = set(RING_EDGES)
        for edge in canals:
            near.update(edge_info(edge)[2])
        return cls(canals, edges, _frontier(near, edges))

    def added(self, edge: Edge, canals: tuple[Edge, ...]) -> CanalFacts:
        """The facts of ``canals``: these canals and ``edge``, which leaves the frontier and brings
        the edges at its two corners into it."""
        edges = self.edges | {edge}
        frontier = self.frontier.union(_frontier(edge_info(edge)[2], edges)) - {edge}
        return CanalFacts(canals, edges, frontier)

    def legal(self, placement: Placement) -> list[Edge]:
        """Every legal canal edge for this placement, unordered (the last placement is kept)."""
        if self._legal_for is not placement:
            placed = placement.placed
            found = []
            for edge in self.frontier:
                a, b, _ = edge_info(edge)
                if a in placed and b in placed:
                    found.append(edge)
            self._legal_for, self._legal, self._ordered = placement, found, {}
        return self._legal

    def ordered(self, placement: Placement, with_spots: bool) -> list[Edge]:
        """The legal edges in the reading order of the board's canal marks."""
        legal = self.legal(placement)
        found = self._ordered.get(with_spots)
        if found is None:
            found = self._ordered[with_spots] = reading_order_edges(placement.layout(with_spots), legal)
        return found


def _frontier(near: Iterable[Edge], edges: frozenset[Edge]) -> frozenset[Edge]:
    """The edges of ``near`` that may hold a canal some day: none there yet, neither hex the pond."""
    return frozenset(e for e in near if e not in edges and POND not in edge_info(e)[:2])


# -- the registries ------------------------------------------------------------------------------------
_GARDENS: dict[int, GardenFacts] = {}
_CANALS: dict[int, CanalFacts] = {}


def garden_facts(garden: tuple[Plot, ...]) -> GardenFacts:
    """The facts of this very garden tuple (registered ones, else computed and registered)."""
    found = _GARDENS.get(id(garden))
    if found is None or found.garden is not garden:
        found = GardenFacts(garden)
        register_garden(found)
    return found


def canal_facts(canals: tuple[Edge, ...]) -> CanalFacts:
    """The facts of this very canals tuple (registered ones, else computed and registered)."""
    found = _CANALS.get(id(canals))
    if found is None or found.canals is not canals:
        found = CanalFacts.of(canals)
        register_canals(found)
    return found


def register_garden(facts: GardenFacts) -> GardenFacts:
    """Keep ``facts`` for its garden tuple (the entry holds the tuple: see the module's docstring)."""
    if len(_GARDENS) >= REGISTRY_SIZE:
        _GARDENS.clear()
    _GARDENS[id(facts.garden)] = facts
    return facts


def register_canals(facts: CanalFacts) -> CanalFacts:
    """Keep ``facts`` for its canals tuple."""
    if len(_CANALS) >= REGISTRY_SIZE:
        _CANALS.clear()
    _CANALS[id(facts.canals)] = facts
    return facts
