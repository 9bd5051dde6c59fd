"""The gardener and the panda: straight moves, growth and eating (TK-GARD-02..05, TK-PANDA-*,
TK-WEATHER-05, TK-IMP-04)."""

from __future__ import annotations

from rules.takenoko.actions import TakenokoAction
from rules.takenoko.data import COLOUR_INDEX, add_at
from rules.takenoko.fields import TakenokoFields
from rules.takenoko.garden import grow, plot_term
from rules.takenoko.hexes import Hex, neighbours
from rules.takenoko.layout import shows_spots


def destinations(w: TakenokoFields, figure: str) -> list[tuple[int, Hex]]:
    """(direction, hex) of every straight-move destination of a figure, in reading order."""
    start = w.gardener if figure == "gardener" else w.panda
    return w.facts().placement.moves(start, shows_spots(w))


def destination_tiles(w: TakenokoFields, figure: str) -> list[TakenokoAction]:
    """The same destinations as TILE choices (shared: do not change the list)."""
    start = w.gardener if figure == "gardener" else w.panda
    return w.facts().placement.move_tiles(start, shows_spots(w))


def move_gardener(w: TakenokoFields, h: Hex) -> None:
    """GARDENER (TK-GARD-03): grow the destination if irrigated, then each irrigated neighbour of
    its colour, in direction order (TK-GARD-05); on the pond nothing grows (TK-GARD-04)."""
    w.move_figure("gardener", h)
    plot = w.plot_at(h)
    if plot is None:
        w.event("takenoko.event.gardener_pond", seats={"player": w.turn})
        return
    w.event("takenoko.event.gardener", seats={"player": w.turn}, terms={"plot": plot_term(plot)})
    grown: list[str] = []
    targets = [plot] + [n for n in map(w.plot_at, neighbours(h)) if n is not None and n.colour == plot.colour]
    for target in targets:
        added = grow(w, target) if target.irrigated else 0
        if added:
            grown.append(str(target.height + added))
    if grown:
        w.event(
            "takenoko.event.grew",
            params={"n": len(grown), "heights": ", ".join(grown)},
        )
    else:
        w.event("takenoko.event.nothing_grew")


def move_panda(w: TakenokoFields, h: Hex, *, storm: bool = False) -> None:
    """PANDA (TK-PANDA-01/02) or STORM (TK-WEATHER-05): move, then eat one section onto the player's
    board unless the tile is the pond, bare, or enclosed (TK-IMP-04)."""
    w.move_figure("panda", h)
    plot = w.plot_at(h)
    seat = w.turn
    if plot is None:
        w.event("takenoko.event.panda_pond", seats={"player": seat})
        return
    w.event(
        "takenoko.event.panda_storm" if storm else "takenoko.event.panda",
        seats={"player": seat},
        terms={"plot": plot_term(plot)},
    )
    if plot.height == 0:
        w.event("takenoko.event.panda_nothing")
        return
    if plot.improvement == "e":
        w.event("takenoko.event.panda_enclosure")
        return
    w.set_plot(plot, height=plot.height - 1)
    colour = COLOUR_INDEX[plot.colour]
    board = w.board(seat)
    w.set_board(seat, eaten=add_at(board.eaten, colour, 1))
    w.event(
        "takenoko.event.panda_eats",
        seats={"player": seat},
        terms={"colour": f"takenoko.bamboo.{plot.colour}"},
        params={"height": plot.height - 1},
    )
