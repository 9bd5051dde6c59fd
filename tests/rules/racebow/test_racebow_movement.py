"""Moving and collecting: RB-MOVE-01..09, RB-BONUS-01..03, RB-COLLECT-01..03."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import IllegalAction
from rules.racebow import GAME
from rules.racebow.data import REACH, cell_code
from rules.racebow.movement import legal_cells, why_not
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import (  # the builders this file uses, by name: such lists repeat
    ANN,
    BOB,
    NAMES,
    at,
    check_invariants,
    codes,
    custom,
    keys,
    play,
    position,
    section9,
)

EMPTY_ROWS = [custom() for _ in range(8)]


def _solo(next_row: str, *, cell: str = "E2", stack: str = "", track: tuple[int, int, int] = (2, 3, 3)) -> RacebowState:
    """Seat 0 on tile 10 at ``cell`` before ``next_row``; seat 1 waits on tile 10 E4."""
    rows = [custom(), next_row, *EMPTY_ROWS[:6]]
    return position(rows, [(10, cell), (10, "E4")], stacks=[stack, ""], tracks=[track, (2, 3, 3)])


def test_rb_move_01_one_mandatory_step_then_an_optional_turbo() -> None:
    """The turn opens on a move (END is refused there); after it, TURBO or END."""
    state = section9()
    with pytest.raises(IllegalAction) as refused:
        play(state, ANN, "end")
    assert refused.value.msg.key == "racebow.error.answer_move"
    after, _ = play(state, ANN, "to:E2")
    assert codes(after) == ["turbo", "end"]
    ended, events = play(after, ANN, "end", 2)
    assert ended.turn == BOB and "end_turn" in keys(events)


def test_rb_move_02_reach_is_one_level_and_one_cell_away() -> None:
    """Up to 9 cells; never Water to Air nor Air to Water."""
    assert [cell_code(c) for c in REACH[at("E2")]] == ["A1", "A2", "A3", "E1", "E2", "E3", "W1", "W2", "W3"]
    assert [cell_code(c) for c in REACH[at("A1")]] == ["A1", "A2", "E1", "E2"]
    assert [cell_code(c) for c in REACH[at("W4")]] == ["E3", "E4", "W3", "W4"]
    for index, reach in enumerate(REACH):
        assert len(reach) == len(set(reach)) <= 9
        for cell in reach:
            assert abs(cell // 4 - index // 4) <= 1 and abs(cell % 4 - index % 4) <= 1


def test_rb_move_03_air_and_water_cost_on_every_step_earth_is_free() -> None:
    state = _solo(custom(), cell="A2", track=(0, 2, 2))
    after, _ = play(state, 0, "to:A2")  # Air to Air still costs a propeller
    assert after.tracks[0] == (0, 1, 2)
    state = _solo(custom(), cell="W2", track=(0, 2, 2))
    after, _ = play(state, 0, "to:W3")  # Water to Water still costs oxygen
    assert after.tracks[0] == (0, 2, 1)
    after, _ = play(state, 0, "to:E2")
    assert after.tracks[0] == (0, 2, 2)
    # With 0 on a track, that level is closed, and the refusal says why.
    broke = _solo(custom(), cell="E2", track=(0, 0, 0))
    assert codes(broke) == ["to:E1", "to:E2", "to:E3"]
    for code, reason in (("to:A2", "no_propeller"), ("to:W2", "no_oxygen")):
        with pytest.raises(IllegalAction) as refused:
            play(broke, 0, code)
        assert refused.value.msg.key == f"racebow.error.{reason}"


def test_rb_move_04_owned_colours_and_full_tracks_block_empty_and_action_cells_never_do() -> None:
    row = custom(A2="B", E1=">", E3="^", W2="R")
    state = _solo(row, stack="B", track=(3, 3, 3))
    assert codes(state) == ["to:A1", "to:A3", "to:E2", "to:E3", "to:W1", "to:W2", "to:W3"]
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "to:A2")
    assert refused.value.msg.key == "racebow.error.owned_colour"
    assert refused.value.msg.params == {"cell": "A2"}
    with pytest.raises(IllegalAction) as refused:
        play(state, 0, "to:E1")
    assert refused.value.msg.key == "racebow.error.bonus_full"
    # An emptied cell is open again, even for a player owning that colour.
    emptied = _solo(custom(A2="."), stack="B", track=(3, 3, 3))
    assert "to:A2" in codes(emptied)


@settings(max_examples=300, deadline=None)
@given(
    row=st.text(alphabet=".ROYGB>+o^vx", min_size=12, max_size=12),
    at_cell=st.integers(min_value=0, max_value=11),
    stack=st.sets(st.sampled_from("ROYGB"), max_size=5).map("".join),
    track=st.tuples(st.integers(0, 3), st.integers(0, 5), st.integers(0, 5)),
)
def test_rb_move_02_to_04_the_fast_legal_list_agrees_with_the_stated_reasons(
    row: str, at_cell: int, stack: str, track: tuple[int, int, int]
) -> None:
    """``legal_cells`` (the hot path) lists exactly the cells ``why_not`` finds no reason against."""
    assert legal_cells(row, at_cell, stack, track) == tuple(
        cell for cell in REACH[at_cell] if not why_not(row, at_cell, stack, track, cell)
    )


def test_rb_move_05_players_never_block_each_other() -> None:
    """Two players may share a cell; the strip shows ``*`` there."""
    state = section9()
    after, _ = play(state, ANN, "to:A2")
    after, _ = play(after, ANN, "end", 2)
    assert after.turn == BOB
    # Bob (7E3) can reach 8E2..; put Cid's cell 8A3 in reach: Bob goes to A3 of tile 8 where Cid is.
    assert "to:A3" in codes(after)
    shared, _ = play(after, BOB, "to:A3", 3)
    assert shared.where[BOB] == shared.where[2]
    board = GAME.presentation.render_board(GAME.view(shared, None), Text("en", NAMES))
    assert "A  " in board and any(line.startswith("A  ") and "*" in line for line in board.splitlines())


def test_rb_move_06_fallback_when_no_cell_is_open() -> None:
    """All reachable cells blocked (a custom tile): only the Earth cell facing, ignoring RB-MOVE-04;
    nothing collected and no stack action, even on an action cell."""
    row = custom(E1="B", E2=">", E3="v", A1="G", A2="G", A3="G", W1="B", W2="B", W3="B")
    # E3 is an action cell and would be open: close it by standing on cell 1 (reach 1..2).
    state = _solo(row, cell="E1", stack="BG", track=(3, 0, 0))
    assert legal_cells(row, at("E1"), "BG", (3, 0, 0)) == ()
    assert codes(state) == ["to:E1"]  # the single choice (played for her in a real flow)
    after, events = play(state, 0, "to:E1")
    assert "fallback" in keys(events) and after.stacks[0] == "BG"
    assert after.cells[11 - after.first][at("E1")] == "B"


def test_rb_move_07_turbo_once_per_turn_offered_only_with_an_open_step_2() -> None:
    """A turbo collected on step 1 may be used; no third step; no TURBO when step 2 is closed."""
    rows = [custom(), custom(E2=">"), custom(), *EMPTY_ROWS[:5]]
    state = position(rows, [(10, "E2"), (10, "E4")], tracks=[(0, 3, 3), (2, 3, 3)])
    after, events = play(state, 0, "to:E2")
    assert after.tracks[0][0] == 1 and codes(after) == ["turbo", "end"]
    after, _ = play(after, 0, "turbo", 2)
    after, _ = play(after, 0, "to:E2", 3)
    assert after.turn == 1 and after.tracks[0][0] == 0  # no third step, whatever is left
    # Step 2 entirely closed (owned blue everywhere reachable, no propeller or oxygen): no TURBO.
    blocked = custom(E1="B", E2="B", E3="B")
    rows = [custom(), custom(), blocked, *EMPTY_ROWS[:5]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["B", ""], tracks=[(3, 0, 0), (2, 3, 3)])
    after, events = play(state, 0, "to:E2")
    assert after.turn == 1 and "turbo" not in keys(events)


def test_rb_move_08_order_pay_reveal_collect_check_stack_discard() -> None:
    """Events come in the order of the rule, and a pawn returned by the step's discard cannot
    stock a tile revealed earlier in that step (a crafted position: the window one tile short)."""
    rows = [custom(E1="B"), custom(E2="^"), *EMPTY_ROWS[:4]]  # tiles 10..15 only
    state = position(rows, [(10, "E2"), (11, "E4")], stacks=["RO", ""], tracks=[(0, 3, 3), (2, 3, 3)])
    state = state.model_copy(update={"colours": (*state.colours[:4], 0)})
    pile = tuple([t for t in state.pile if t in range(49, 61)][:1]) + tuple(
        t for t in state.pile if t not in range(49, 61)
    )
    state = state.model_copy(update={"pile": pile})  # the next tile revealed is blue
    after, events = play(state, 0, "to:E2")
    assert keys(events)[:3] == ["move", "reveal", "no_colour_pawn"]
    assert after.ask == "stack"
    done, events = play(after, 0, "skip", 2)
    assert keys(events) == ["skip", "discard_pawns"]
    assert done.colours[4] == 1  # the blue pawn is back, too late for tile 16
    assert "B" not in done.cells[16 - done.first]


def test_rb_move_09_order_and_the_single_choice_played_automatically() -> None:
    """Air, Earth, Water; cells 1 to 4; SWP pairs lower slot first."""
    state = section9()
    listed = codes(state)
    order = ["A", "E", "W"]
    assert listed == sorted(listed, key=lambda c: (order.index(c[3]), int(c[4])))
    rows = [custom(), custom(E2="x"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["GRO", ""])
    after, _ = play(state, 0, "to:E2")
    assert codes(after) == ["swp:G,R", "swp:G,O", "swp:R,O", "skip"]


def test_rb_bonus_01_tracks_stay_between_0_and_their_maximum() -> None:
    """A propeller pawn cannot be entered at 5; at 4 it brings the track to 5, no further."""
    row = custom(E2="+")
    assert "to:E2" not in codes(_solo(row, track=(2, 5, 3)))
    after, _ = play(_solo(row, track=(2, 4, 3)), 0, "to:E2")
    assert after.tracks[0] == (2, 5, 3)


def test_rb_bonus_02_first_to_enter_takes_the_bonus_and_it_returns_to_the_supply() -> None:
    rows = [custom(), custom(E3="o"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E3")], tracks=[(0, 3, 3), (0, 3, 3)])
    before = state.bonuses[2]
    after, events = play(state, 0, "to:E3")
    assert after.tracks[0] == (0, 3, 4) and after.bonuses[2] == before + 1
    assert "take_bonus" in keys(events)
    check_invariants(after)
    second, _ = play(after, 1, "to:E3", 2)
    assert second.tracks[1] == (0, 3, 3)  # the cell is empty now


def test_rb_bonus_03_the_level_cost_is_paid_before_the_bonus_is_collected() -> None:
    """With 1 propeller, an Air cell holding a propeller pawn (custom tile): pay 1 → 0, take 1 → 1."""
    after, _ = play(_solo(custom(A2="+"), track=(0, 1, 3)), 0, "to:A2")
    assert after.tracks[0] == (0, 1, 3)
    # At 0 the same cell is closed: the pawn cannot pay its own way in.
    assert "to:A2" not in codes(_solo(custom(A2="+"), track=(0, 0, 3)))


def test_rb_collect_01_the_first_to_enter_takes_the_colour_into_the_lowest_empty_slot() -> None:
    after, events = play(_solo(custom(E2="Y"), stack="RO", track=(0, 3, 3)), 0, "to:E2")
    assert after.stacks[0] == "ROY" and "take_colour" in keys(events)
    check_invariants(after)


def test_rb_collect_02_a_taken_pawn_leaves_the_cell_empty_for_everyone() -> None:
    rows = [custom(), custom(E3="Y"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E3")], tracks=[(0, 3, 3), (0, 3, 3)])
    after, _ = play(state, 0, "to:E3")
    second, _ = play(after, 1, "to:E3", 2)
    assert second.stacks == ("Y", "")


def test_rb_collect_03_pawns_never_leave_a_stack_and_a_colour_appears_once() -> None:
    """Owned colours block their cells, so the only open colour is a new one; a stack action
    reorders but never removes."""
    state = _solo(custom(E1="R", E2="Y", E3="O"), stack="ROG", track=(0, 0, 0))
    assert codes(state) == ["to:E2"]
    after, _ = play(state, 0, "to:E2")
    assert after.stacks[0] == "ROGY"
    rows = [custom(), custom(E2="^"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROGY", ""])
    after, _ = play(state, 0, "to:E2")
    after, _ = play(after, 0, "top:R", 2)
    assert after.stacks[0] == "OGYR"
