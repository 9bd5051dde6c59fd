"""The gardener and the panda (TK-GARD-02..05, TK-PANDA-01..03, TK-IMP-04) and worked examples 4
and 5 of §10."""

from __future__ import annotations

from rules.takenoko.figures import destinations, move_gardener, move_panda
from tests.rules.takenoko.helpers import at, board, codes, keys, play, plot, position, work

EXAMPLE_4 = [
    plot("G", 1, 0, 1),
    plot("G", 1, -1, 2),
    plot("G", 2, -1, 3, improvement="f"),
    plot("G", 2, 0, 0, irrigated=False),
    plot("Y", 0, 1, 1),
]


def heights(state: object, *hexes: tuple[int, int]) -> list[int]:
    """Bamboo heights on those hexes."""
    return [at(state, h).height for h in hexes]  # type: ignore[arg-type]


def test_example_4_the_gardener_grows_the_destination_and_its_irrigated_neighbours() -> None:
    """§10 example 4 (TK-GARD-03, TK-IMP-05): E1 grows (1,0), (1,−1) and the fertilized (2,−1)
    (capped at 4), not the dry (2,0) nor the yellow (0,1); E2 to the dry (2,0) grows only its
    irrigated green neighbours."""
    start = position(garden=EXAMPLE_4, canals=[(1, 0, 2), (1, 0, 1)])
    hexes = ((1, 0), (1, -1), (2, -1), (2, 0), (0, 1))
    one, _ = play(start, "act:gardener", "tile:1,0")
    assert heights(one, *hexes) == [2, 3, 4, 0, 1]
    assert one.gardener == (1, 0)
    two, _ = play(start, "act:gardener", "tile:2,0")
    assert heights(two, *hexes) == [2, 2, 4, 0, 1]
    assert one.bamboo[0] == start.bamboo[0] - 3 and two.bamboo[0] == start.bamboo[0] - 2


def test_example_5_the_panda_never_eats_in_an_enclosure() -> None:
    """§10 example 5 (TK-IMP-04): yellow (0,−1) height 2 with an enclosure chip: neither PANDA NW1
    nor a STORM there eats anything."""
    garden = [plot("Y", 0, -1, 2, improvement="e", chip=True), plot("G", 1, 0, 1)]
    start = position(garden=garden)
    walked, events = play(start, "act:panda", "tile:0,-1")
    assert at(walked, (0, -1)).height == 2 and walked.boards == start.boards
    assert "panda_enclosure" in keys(events)
    storm = position(garden=garden, round=2, step="storm", weather="STORM", condition="STORM")
    stormed, _ = play(storm, "col:Y")  # the only yellow tile is played alone
    assert stormed.panda == (0, -1) and at(stormed, (0, -1)).height == 2 and stormed.boards == start.boards


def test_tk_gard_02_straight_lines_across_the_pond_never_across_a_gap() -> None:
    """TK-GARD-02 / TK-PANDA-01: a move of at least one step in a straight line, through or onto the
    pond, never over an empty hex."""
    garden = [plot("G", 1, 0, 1), plot("G", -1, 0, 1), plot("Y", 3, 0, 1), plot("Y", 2, -1, 0, irrigated=False)]
    w = work(position(garden=garden, gardener=(1, 0), panda=(1, 0)))
    reached = {h for _, h in destinations(w, "gardener")}
    assert reached == {(0, 0), (-1, 0), (2, -1)}  # (3,0) lies beyond the gap at (2,0)
    assert (1, 0) not in reached
    assert {h for _, h in destinations(w, "panda")} == reached


def test_tk_gard_04_on_the_pond_nothing_grows() -> None:
    """TK-GARD-04: the gardener on the pond grows nothing."""
    w = work(position(garden=[plot("G", 1, 0, 1), plot("G", 1, -1, 1)], gardener=(1, 0)))
    before = w.garden
    move_gardener(w, (0, 0))
    assert w.garden == before and w.gardener == (0, 0)


def test_tk_gard_05_short_supply_serves_the_destination_first() -> None:
    """TK-GARD-05: with one green section left, the destination takes it; neighbours get none."""
    garden = [plot("G", 1, 0, 1), plot("G", 1, -1, 1), plot("G", 0, 1, 1)]
    w = work(position(garden=garden))
    w.bamboo = (1, w.bamboo[1], w.bamboo[2])
    move_gardener(w, (1, 0))
    assert [w.plot_at(h).height for h in ((1, 0), (1, -1), (0, 1))] == [2, 1, 1]  # type: ignore[union-attr]
    assert w.bamboo[0] == 0


def test_tk_panda_02_03_the_panda_eats_one_section_onto_the_board() -> None:
    """TK-PANDA-02: one section from a plot with bamboo and no enclosure, onto the player's board
    (TK-PANDA-03: it stays there); nothing on a bare plot or the pond."""
    garden = [plot("P", 1, 0, 3), plot("P", 1, -1, 0)]
    state, events = play(position(garden=garden), "act:panda", "tile:1,0")
    seat = state.turn
    assert at(state, (1, 0)).height == 2 and state.boards[seat].eaten == (0, 0, 1)
    assert "panda_eats" in keys(events)
    assert state.bamboo == position(garden=garden).bamboo  # eaten sections are not back in the reserve
    w = work(position(garden=garden, panda=(1, 0)))
    move_panda(w, (1, -1))
    assert w.boards == position(garden=garden).boards
    move_panda(w, (0, 0))
    assert w.panda == (0, 0) and w.boards == position(garden=garden).boards


def test_gardener_and_panda_need_a_destination() -> None:
    """TK-ACT-03: GARDENER and PANDA are offered only with a destination (none before any plot)."""
    empty = position()
    assert "act:gardener" not in codes(empty) and "act:panda" not in codes(empty)
    one = position(garden=[plot("G", 1, 0)])
    assert {"act:gardener", "act:panda"} <= set(codes(one))


def test_tk_imp_04_the_panda_may_cross_and_stop_on_an_enclosure() -> None:
    """TK-IMP-04: an enclosure does not block the panda's way."""
    garden = [plot("G", 1, 0, 2, improvement="e"), plot("G", 2, 0, 2), plot("G", 1, -1, 1)]
    w = work(position(garden=garden, boards={0: board(), 1: board()}))
    assert {(1, 0), (2, 0)} <= {h for _, h in destinations(w, "panda")}
