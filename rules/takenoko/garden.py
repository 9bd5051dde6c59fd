"""The garden: plot spots and placement, irrigation and the first sprout, growth, canals and chips
(spec §3, TK-PLOT-*, TK-IRR-*, TK-GARD-01/05, TK-IMP-*)."""

from __future__ import annotations

from rules.engine import trusted
from rules.takenoko.data import CHIP_INDEX, COLOUR_INDEX, MAX_HEIGHT, PLOTS, add_at
from rules.takenoko.fields import TakenokoFields
from rules.takenoko.hexes import POND, Edge, Hex, edge_hexes, neighbours
from rules.takenoko.layout import reading_order_hexes, shows_spots
from rules.takenoko.state import Plot


def spots(w: TakenokoFields) -> list[Hex]:
    """Plot spots in reading order (§3: next to the pond or to two placed plots)."""
    return w.facts().placement.spots(shows_spots(w))


def canal_spots(w: TakenokoFields) -> list[Edge]:
    """Edges where a canal may go now, in reading order (§3 canal legality)."""
    return w.canal_facts().ordered(w.facts().placement, shows_spots(w))


def any_canal_spot(w: TakenokoFields) -> bool:
    """Whether a canal may go anywhere now (the list itself waits for the canal step)."""
    return bool(w.canal_facts().legal(w.facts().placement))


def chip_targets(w: TakenokoFields) -> list[Hex]:
    """Plots that may take a chip, in reading order (TK-IMP-02: no improvement, no bamboo)."""
    bare = [(p.q, p.r) for p in w.garden if not p.improvement and p.height == 0]
    return reading_order_hexes(w.layout(), bare)


def any_chip_target(w: TakenokoFields) -> bool:
    """Whether a plot may take a chip now (TK-IMP-02)."""
    return w.facts().bamboos().bare > 0


def grow(w: TakenokoFields, plot: Plot) -> int:
    """One growth (TK-GARD-01): 1 section of the plot's colour, 2 with fertilizer (TK-IMP-05), never
    above 4 nor more than the reserve holds. Returns the sections added."""
    colour = COLOUR_INDEX[plot.colour]
    amount = min(2 if plot.improvement == "f" else 1, MAX_HEIGHT - plot.height, w.bamboo[colour])
    if amount > 0:
        w.set_plot(plot, height=plot.height + amount)
        w.bamboo = add_at(w.bamboo, colour, -amount)
    return amount


def irrigate(w: TakenokoFields, h: Hex) -> None:
    """Irrigate the plot on ``h``: its first irrigation gives it one growth (TK-IRR-05), once ever."""
    plot = w.plot_at(h)
    if plot is None or plot.irrigated:
        return
    plot = w.set_plot(plot, irrigated=True)
    added = grow(w, plot)
    w.event(
        "takenoko.event.sprout" if added else "takenoko.event.irrigated_no_bamboo",
        params={"n": added, "height": plot.height + added},
        terms={"plot": plot_term(plot)},
    )


def place_plot(w: TakenokoFields, plot_id: str, h: Hex, chip: str) -> None:
    """Lay a plot on a spot, with an optional chip from the player's board (TK-PLOT-02), then
    irrigate it if it lies next to the pond or has a watershed (TK-PLOT-03)."""
    printed = PLOTS[plot_id]
    if chip:
        take_chip_from_board(w, chip)
    plot = trusted(
        Plot,
        {
            "id": plot_id,
            "q": h[0],
            "r": h[1],
            "colour": plot_id[0],
            "improvement": printed or chip,
            "chip": bool(chip),
            "height": 0,
            "irrigated": False,
        },
    )
    w.add_plot(plot)
    w.event(
        "takenoko.event.placed_chip" if chip else "takenoko.event.placed",
        seats={"player": w.turn},
        # A chip chosen for the plot is said once: "places a green plot and puts a watershed on it".
        terms={
            "plot": f"takenoko.plot.{plot.colour}" if chip else plot_term(plot),
            "chip": f"takenoko.chip.{chip}" if chip else "takenoko.chip.none",
        },
    )
    if POND in neighbours(h) or plot.improvement == "w":
        irrigate(w, h)


def take_chip_from_board(w: TakenokoFields, chip: str) -> None:
    """Take one chip of a type off the active player's board."""
    board = w.board(w.turn)
    i = CHIP_INDEX[chip]
    w.set_board(w.turn, chips=add_at(board.chips, i, -1))


def place_canal(w: TakenokoFields, edge: Edge) -> None:
    """PLACE_CANAL (TK-IRR-02): a canal from the player's board onto a legal edge; each of its two
    plots that was dry gets its first irrigation (TK-IRR-06)."""
    w.set_board(w.turn, canals=w.board(w.turn).canals - 1)
    w.add_canal(edge)
    a, b = edge_hexes(edge)
    pa, pb = w.plot_at(a), w.plot_at(b)
    assert pa is not None and pb is not None
    if pa.colour == pb.colour:
        # "between the green plot and the green plot" says one thing twice: "two green plots".
        w.event(
            "takenoko.event.canal_placed_same",
            seats={"player": w.turn},
            terms={"plots": f"takenoko.plots_two.{pa.colour}"},
        )
    else:
        w.event(
            "takenoko.event.canal_placed",
            seats={"player": w.turn},
            terms={"a": plot_term(pa), "b": plot_term(pb)},
        )
    irrigate(w, a)
    irrigate(w, b)


def place_chip(w: TakenokoFields, chip: str, h: Hex) -> None:
    """PLACE_CHIP (TK-IMP-02): a chip from the player's board onto a plot with no improvement and no
    bamboo; a watershed irrigates it at once (TK-IMP-03)."""
    take_chip_from_board(w, chip)
    plot = w.plot_at(h)
    assert plot is not None and not plot.improvement and plot.height == 0
    bare = plot_term(plot)  # "puts an enclosure on the green plot", not "... with an enclosure"
    plot = w.set_plot(plot, improvement=chip, chip=True)
    w.event(
        "takenoko.event.chip_placed",
        seats={"player": w.turn},
        terms={"chip": f"takenoko.chip.{chip}", "plot": bare},
    )
    if chip == "w":
        irrigate(w, h)


def plot_term(plot: Plot) -> str:
    """The catalogue key naming a plot by colour and improvement ("the green plot with fertilizer")."""
    return f"takenoko.plot.{plot.colour}{plot.improvement}"


def plot_id_term(plot_id: str) -> str:
    """The same for a plot not placed yet (its printed improvement)."""
    return f"takenoko.plot.{plot_id[0]}{PLOTS[plot_id]}"
