"""Takenoko components against the spec's tables (§2) and the hex geometry (§3)."""

from __future__ import annotations

from collections import Counter

from rules.takenoko.data import (
    BAMBOO,
    CANALS,
    CARDS,
    CHIP_SUPPLY,
    EMPEROR_POINTS,
    FACES,
    PLOTS,
    SHAPES,
    deck_of,
    objectives_needed,
)
from rules.takenoko.hexes import (
    DIRS,
    corner_edges,
    dist,
    edge_hexes,
    edge_key,
    opp,
    plot_spots,
    rotate,
    shape_placements,
    straight_moves,
)


def test_plots_colours_and_printed_improvements() -> None:
    """§2: 27 plots — green 11 (6 none, 2 w, 2 e, 1 f), yellow 9 (6/1/1/1), pink 7 (4/1/1/1), ids [D]."""
    assert len(PLOTS) == 27
    table = Counter((plot_id[0], improvement) for plot_id, improvement in PLOTS.items())
    assert table == Counter(
        {
            ("G", ""): 6, ("G", "w"): 2, ("G", "e"): 2, ("G", "f"): 1,
            ("Y", ""): 6, ("Y", "w"): 1, ("Y", "e"): 1, ("Y", "f"): 1,
            ("P", ""): 4, ("P", "w"): 1, ("P", "e"): 1, ("P", "f"): 1,
        }
    )  # fmt: skip
    assert PLOTS["G07"] == PLOTS["G08"] == "w" and PLOTS["G11"] == "f" and PLOTS["Y08"] == "e"
    assert PLOTS["P05"] == "w" and PLOTS["P07"] == "f" and PLOTS["G06"] == ""


def test_supplies_and_die() -> None:
    """§2: bamboo 36/30/24, 20 canals, 3 chips of each type, six weather faces, Emperor 2 points."""
    assert BAMBOO == (36, 30, 24) and sum(BAMBOO) == 90
    assert CANALS == 20 and CHIP_SUPPLY == (3, 3, 3)
    assert sorted(FACES) == sorted(("SUN", "RAIN", "WIND", "STORM", "CLOUDS", "CHOICE"))
    assert EMPEROR_POINTS == 2
    assert [objectives_needed(n) for n in (2, 3, 4)] == [9, 8, 7]


def test_objective_cards_match_the_spec_tables() -> None:
    """§2: 45 cards, 15 per category, with the points and copies of the tables."""
    assert len(CARDS) == 45
    assert Counter(card.category for card in CARDS.values()) == {"PL": 15, "GA": 15, "PA": 15}
    by_type = Counter(card.type for card in CARDS.values())
    points = {card.type: card.points for card in CARDS.values()}
    assert {t: (by_type[t], points[t]) for t in ("PA-GG", "PA-YY", "PA-PP", "PA-GYP")} == {
        "PA-GG": (5, 3), "PA-YY": (4, 4), "PA-PP": (3, 5), "PA-GYP": (3, 6),
    }  # fmt: skip
    assert [f"PA-GG-{n}" for n in range(1, 6)] == [c for c in deck_of("PA") if c.startswith("PA-GG-")]
    gardener = {
        "GA-G-F": 3,
        "GA-G-W": 4,
        "GA-G-E": 4,
        "GA-G-0": 5,
        "GA-Y-F": 4,
        "GA-Y-W": 5,
        "GA-Y-E": 5,
        "GA-Y-0": 6,
        "GA-P-F": 5,
        "GA-P-W": 6,
        "GA-P-E": 6,
        "GA-P-0": 7,
        "GA-G-4x3": 8,
        "GA-Y-3x3": 7,
        "GA-P-2x3": 6,
    }
    assert {c: points[c] for c in gardener} == gardener
    assert (CARDS["GA-G-4x3"].count, CARDS["GA-Y-3x3"].count, CARDS["GA-P-2x3"].count) == (4, 3, 2)
    assert CARDS["GA-P-E"].improvement == "e" and CARDS["GA-Y-0"].improvement == "0"
    plot_cards = {
        "PL-G-LINE": 2,
        "PL-G-CURVE": 2,
        "PL-G-TRI": 2,
        "PL-G-DIA": 3,
        "PL-Y-LINE": 3,
        "PL-Y-CURVE": 3,
        "PL-Y-TRI": 3,
        "PL-Y-DIA": 4,
        "PL-P-LINE": 4,
        "PL-P-CURVE": 4,
        "PL-P-TRI": 4,
        "PL-P-DIA": 5,
        "PL-GY-DIA": 3,
        "PL-GP-DIA": 4,
        "PL-PY-DIA": 5,
    }
    assert {c: points[c] for c in plot_cards} == plot_cards
    assert sum(card.points for card in CARDS.values()) == sum(points[t] * n for t, n in by_type.items())


def test_shapes_are_the_specs() -> None:
    """§2 shapes and the rotation (q, r) -> (q + r, −q)."""
    assert SHAPES["LINE"] == ((0, 0), (1, 0), (2, 0))
    assert SHAPES["CURVE"] == ((0, 0), (1, 0), (2, -1))
    assert SHAPES["TRI"] == ((0, 0), (1, 0), (0, 1))
    assert SHAPES["DIA"] == ((0, 0), (1, 0), (1, -1), (0, 1))
    assert rotate((1, 0)) == (1, -1) and rotate((1, 0), 6) == (1, 0)
    assert len(shape_placements(SHAPES["LINE"])) == 6
    assert all(cells[0] == (0, 0) for cells in shape_placements(SHAPES["DIA"]))


def test_directions_edges_and_corners() -> None:
    """§3: directions, opp, dist, edge keys (d ∈ 0..2), corners of an edge."""
    assert DIRS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert [opp(d) for d in range(6)] == [3, 4, 5, 0, 1, 2]
    assert dist((0, 0), (2, -1)) == 2 and dist((-1, 2), (1, -1)) == 3
    assert edge_key((1, 0), 3) == (0, 0, 0) and edge_key((0, 1), 4) == (-1, 2, 1)
    assert edge_hexes((1, 0, 2)) == ((1, 0), (1, -1))
    (c1, (a1, b1)), (c2, (a2, b2)) = corner_edges((1, 0, 2))
    assert {c1, c2} == {(0, 0), (2, -1)}
    assert {a1, b1, a2, b2} == {edge_key((1, 0), 1), edge_key((1, -1), 0), edge_key((1, 0), 3), edge_key((1, -1), 4)}


def test_plot_spots_and_straight_moves() -> None:
    """§3: spots touch the pond or two plots; straight moves stop at the first gap."""
    assert sorted(plot_spots({(0, 0)})) == sorted(DIRS)
    placed = {(0, 0), (1, 0), (1, -1)}
    assert (2, -1) in plot_spots(placed) and (3, 0) not in plot_spots(placed)
    moves = {(d, k): h for d, k, h in straight_moves((0, 0), {(0, 0), (1, 0), (2, 0), (0, 1)})}
    assert moves == {(0, 1): (1, 0), (0, 2): (2, 0), (5, 1): (0, 1)}
