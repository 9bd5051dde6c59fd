"""The garden: plots, irrigation and canals, growth, improvements (TK-PLOT-*, TK-IRR-*, TK-IMP-*,
TK-GARD-01) and worked examples 1, 2, 3 and 10 of §10."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction
from rules.takenoko.garden import canal_spots, chip_targets, grow, place_canal, place_plot, spots
from tests.rules.takenoko.helpers import RING, at, board, codes, keys, play, plot, position, total_bamboo, work

RING_AND_ONE = [plot("G", q, r, 1) for q, r in RING] + [plot("P", 2, -1, irrigated=False)]


def test_example_1_first_canals_start_at_the_pond() -> None:
    """§10 example 1 (TK-IRR-02, §3 canal legality): with the ring and (2,−1) placed and no canal,
    exactly the six pond-corner edges are legal; a canal on (1,0,2) sprouts nothing and opens
    (1,0,1) and (1,−1,0)."""
    w = work(position(garden=RING_AND_ONE, boards={0: board(canals=1), 1: board(canals=1)}))
    assert sorted(canal_spots(w)) == sorted([(1, 0, 2), (0, -1, 0), (-1, 0, 1), (-1, 1, 2), (-1, 1, 0), (0, 1, 1)])
    heights = [p.height for p in w.garden]
    place_canal(w, (1, 0, 2))
    assert [p.height for p in w.garden] == heights
    assert set(canal_spots(w)) - {(0, -1, 0), (-1, 0, 1), (-1, 1, 2), (-1, 1, 0), (0, 1, 1)} == {(1, 0, 1), (1, -1, 0)}


def test_example_2_a_canal_sprouts_a_dry_plot_once() -> None:
    """§10 example 2 (TK-IRR-05, TK-IRR-06): the canal (1,0,1) irrigates pink (2,−1): height 1, pink
    supply −1, (1,0) unchanged; a later canal (1,−1,0) adds nothing."""
    start = position(garden=RING_AND_ONE, canals=[(1, 0, 2)], boards={0: board(canals=2), 1: board(canals=2)})
    state, events = play(start, "act:place_canal", "canal:1,0,1")
    assert at(state, (2, -1)).height == 1 and at(state, (2, -1)).irrigated
    assert state.bamboo[2] == start.bamboo[2] - 1
    assert at(state, (1, 0)).height == 1
    assert "sprout" in [e.key.split(".")[-1] for e in events]
    later, _ = play(state, "act:place_canal", "canal:1,-1,0")
    assert at(later, (2, -1)).height == 1 and later.bamboo == state.bamboo
    assert later.step == "action" and later.used == ()  # TK-ACT-05: free, no action spent


def test_example_3_a_chip_placed_with_the_plot_takes_effect_at_once() -> None:
    """§10 example 3 (TK-PLOT-01, TK-PLOT-02, TK-IMP-05): G03 at (0,1) with a fertilizer chip sprouts 2
    (green supply −2); a plot with a printed improvement (P05) is not offered a chip."""
    garden = [plot("Y", 1, 0, 1), plot("P", 1, -1, 1)]
    start = position(garden=garden, boards={0: board(chips=(0, 0, 1)), 1: board(chips=(0, 0, 1))})
    start = start.model_copy(
        update={"plots": ("G03", "Y01", "P05", *[p for p in start.plots if p not in ("G03", "Y01", "P05")])}
    )
    drawn, _ = play(start, "act:plot")
    assert drawn.drawn == ("G03", "Y01", "P05") and codes(drawn) == ["plot:G03", "plot:Y01", "plot:P05"]
    chosen, _ = play(drawn, "plot:G03", "spot:0,1")
    assert codes(chosen) == ["chip:none", "chip:f"]
    with_chip, _ = play(chosen, "chip:f")
    assert at(with_chip, (0, 1)).height == 2 and at(with_chip, (0, 1)).improvement == "f"
    assert with_chip.bamboo[0] == start.bamboo[0] - 2 and with_chip.boards[with_chip.turn].chips == (0, 0, 0)
    without, _ = play(chosen, "chip:none")
    assert at(without, (0, 1)).height == 1 and without.bamboo[0] == start.bamboo[0] - 1
    # TK-PLOT-01: the other two go under the deck, in drawn order.
    assert with_chip.plots[-2:] == ("Y01", "P05")
    pink, _ = play(drawn, "plot:P05", "spot:0,1")
    assert at(pink, (0, 1)).improvement == "w" and not at(pink, (0, 1)).chip and pink.step == "action"


def test_example_10_an_eaten_plot_never_sprouts_again() -> None:
    """§10 example 10 (TK-IRR-05): G(−1,0) sprouted at placement and was eaten to 0; a canal on its
    edge adds nothing."""
    garden = [plot("G", -1, 0, 0), plot("Y", 0, -1, 1)]
    state, events = play(position(garden=garden, boards={0: board(canals=1), 1: board(canals=1)}), "act:place_canal")
    # The only legal edge, (−1,0,1), is played for the player and said in the events.
    assert state.canals == ((-1, 0, 1),) and "only.canal" in keys(events)
    assert at(state, (-1, 0)).height == 0 and at(state, (0, -1)).height == 1


def test_tk_plot_spots_and_irrigation_at_placement() -> None:
    """TK-PLOT-03 / §3 plot spot: a spot touches the pond or two plots; a plot next to the pond or
    with a watershed is irrigated and sprouts at once, another stays dry (TK-PLOT-04: its own colour)."""
    w = work(position(garden=[plot("G", 1, 0, 1), plot("G", 1, -1, 1)]))
    assert (2, -1) in spots(w) and (3, -1) not in spots(w)
    place_plot(w, "Y01", (2, -1), "")
    assert at_w(w, (2, -1)).height == 0 and not at_w(w, (2, -1)).irrigated
    place_plot(w, "P05", (2, 0), "")  # printed watershed, not next to the pond
    assert at_w(w, (2, 0)).irrigated and at_w(w, (2, 0)).height == 1 and w.bamboo[2] == 23
    place_plot(w, "Y02", (0, 1), "")
    assert at_w(w, (0, 1)).irrigated and at_w(w, (0, 1)).height == 1 and w.bamboo[1] == 29


def at_w(w: object, h: tuple[int, int]) -> object:
    """The plot on a hex of a working copy."""
    plot_at = w.plot_at  # type: ignore[attr-defined]
    return plot_at(h)


def test_tk_irr_01_and_04_irrigation_takes_a_canal_while_the_supply_lasts() -> None:
    """TK-IRR-01: IRRIGATION moves a canal from the supply to the board. TK-IRR-04: with the supply
    empty the action is not offered, but stored canals can still be placed."""
    start = position(garden=[plot("G", 1, 0, 1), plot("G", 1, -1, 1)])
    state, _ = play(start, "act:irrigation")
    assert state.canal_supply == 19 and state.boards[state.turn].canals == 1
    empty = start.model_copy(update={"canal_supply": 0, "boards": (board(canals=1), board(canals=1))})
    assert "act:irrigation" not in codes(empty) and "act:place_canal" in codes(empty)


def test_tk_irr_02_and_03_canals_never_touch_the_pond_and_watersheds_start_no_network() -> None:
    """TK-IRR-02: no canal on a pond edge; TK-IRR-03: a watershed irrigates only its plot, so a canal
    beside it but away from the pond and the network is illegal."""
    garden = [plot("G", 1, 0, 1), plot("G", 2, -1, 1, improvement="w"), plot("Y", 3, -1, irrigated=False)]
    w = work(position(garden=garden))
    legal = set(canal_spots(w))
    assert (0, 0, 0) not in legal and (2, -1, 0) not in legal
    state = position(garden=garden, boards={0: board(canals=1), 1: board(canals=1)})
    with pytest.raises(IllegalAction):
        play(state, "act:place_canal", "canal:2,-1,0")


def test_tk_gard_01_growth_is_capped_and_limited_by_the_reserve() -> None:
    """TK-GARD-01: one section of the plot's colour, never above 4, none when the reserve is empty."""
    w = work(position(garden=[plot("P", 1, 0, 4), plot("P", 0, 1, 2)]))
    assert grow(w, w.garden[0]) == 0
    assert grow(w, w.garden[1]) == 1 and w.garden[1].height == 3
    w.bamboo = (w.bamboo[0], w.bamboo[1], 0)
    assert grow(w, w.garden[1]) == 0 and w.garden[1].height == 3


def test_tk_imp_01_02_chips_go_on_bare_plots_without_improvement() -> None:
    """TK-IMP-01, TK-IMP-02: a chip goes only on a plot (not the pond) with no improvement and no bamboo;
    TK-IMP-06: a chip on a board does nothing until placed."""
    garden = [plot("G", 1, 0, 0), plot("G", 1, -1, 2), plot("Y", 0, -1, 0, improvement="e"), plot("P", -1, 0, 0)]
    state = position(garden=garden, boards={0: board(chips=(1, 1, 0)), 1: board(chips=(1, 1, 0))})
    assert chip_targets(work(state)) == [(1, 0), (-1, 0)] or set(chip_targets(work(state))) == {(1, 0), (-1, 0)}
    chosen, _ = play(state, "act:place_chip")
    assert codes(chosen) == ["chip:w", "chip:e"]
    placed, _ = play(chosen, "chip:e", f"tile:{-1},{0}")
    assert at(placed, (-1, 0)).improvement == "e" and at(placed, (-1, 0)).chip
    assert placed.boards[placed.turn].chips == (1, 0, 0) and placed.step == "action"


def test_tk_imp_03_a_watershed_chip_irrigates_and_sprouts() -> None:
    """TK-IMP-03: a watershed chip irrigates its plot, whose first irrigation sprouts (TK-IRR-05)."""
    garden = [plot("G", 1, 0, 1), plot("G", 1, -1, 1), plot("Y", 2, -1, 0, irrigated=False)]
    state = position(garden=garden, boards={0: board(chips=(1, 0, 0)), 1: board(chips=(1, 0, 0))})
    placed, _ = play(state, "act:place_chip")  # one chip type, one bare plot: both played alone
    assert at(placed, (2, -1)).irrigated and at(placed, (2, -1)).height == 1


def test_tk_imp_05_fertilizer_adds_two_capped() -> None:
    """TK-IMP-05: every growth on fertilizer adds 2, capped at 4 (3 → 4). TK-IMP-06: a fertilizer
    chip kept on the player's board does nothing."""
    garden = [plot("G", 1, 0, 0, improvement="f"), plot("G", 0, 1, 3, improvement="f", chip=True), plot("Y", 1, -1)]
    w = work(position(garden=garden, boards={0: board(chips=(0, 0, 1)), 1: board(chips=(0, 0, 1))}))
    assert grow(w, w.garden[0]) == 2 and grow(w, w.garden[1]) == 1
    assert (w.garden[0].height, w.garden[1].height) == (2, 4)
    assert grow(w, w.garden[2]) == 1


def test_counts_are_kept_by_the_helpers() -> None:
    """The hand-built positions keep 90 sections (the playout invariant's starting point)."""
    assert total_bamboo(position(garden=RING_AND_ONE)) == (36, 30, 24)


def test_tk_irr_05_first_irrigation_counts_even_with_an_empty_reserve() -> None:
    """TK-IRR-05: the first irrigation is spent even if no section of the colour is left: the plot
    is irrigated at height 0 and a later canal does not sprout it."""
    garden = [plot("P", 1, 0, 1), plot("P", 1, -1, 1), plot("P", 2, -1, irrigated=False)]
    start = position(garden=garden, canals=[(1, 0, 2)], boards={0: board(canals=2), 1: board(canals=2)})
    dry = start.model_copy(update={"bamboo": (start.bamboo[0], start.bamboo[1], 0)})
    wet, events = play(dry, "act:place_canal", "canal:1,0,1")
    assert at(wet, (2, -1)).irrigated and at(wet, (2, -1)).height == 0
    assert "irrigated_no_bamboo" in keys(events)
    refilled = wet.model_copy(update={"bamboo": start.bamboo})
    later, _ = play(refilled, "act:place_canal")  # (1,−1,0), the one edge left, is played alone
    assert later.canals[-1] == (1, -1, 0) and at(later, (2, -1)).height == 0
