"""Stack actions (RB-STACK-01..06) and the end of the game (RB-END-01..05)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction
from rules.racebow import GAME
from rules.racebow.actions import BOTS, SKIP, SWAPS, TOPS
from rules.racebow.data import ROUND_LIMIT
from rules.racebow.scoring import matching
from rules.racebow.stack import operate, stack_choices
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import (  # the builders this file uses, by name: such lists repeat
    NAMES,
    check_invariants,
    codes,
    custom,
    keys,
    play,
    position,
)

EMPTY_ROWS = [custom() for _ in range(8)]


def _on_action(symbol: str, stacks: list[str], **changes: Any) -> RacebowState:
    """Seat 0 about to enter an action cell ``symbol`` at 11E2; seat 1 follows on 10E2."""
    rows = [custom(), custom(E2=symbol), *EMPTY_ROWS[:6]]
    return position(rows, [(10, "E2"), (10, "E2")], stacks=stacks, tracks=[(0, 3, 3), (0, 3, 3)], **changes)


def test_rb_stack_01_slot_1_is_the_bottom_and_the_stack_fills_upward() -> None:
    """A stack is read bottom→top, like the targets: Ann's R O Y G B in this order wins."""
    rows = [custom(), custom(E2="B"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYG", ""], tracks=[(0, 3, 3), (0, 3, 3)])
    after, _ = play(state, 0, "to:E2")
    assert after.stacks[0] == "ROYGB" and after.places[0] == 1
    assert matching("GYORB", "ROYGB") == 1 and matching("RO", "ROYGB") == 2


def test_rb_stack_02_an_action_cell_works_for_everyone_every_time_and_is_optional() -> None:
    state = _on_action("^", ["OR", "GB"])
    after, _ = play(state, 0, "to:E2")
    assert after.ask == "stack" and codes(after) == ["top:O", "skip"]
    after, events = play(after, 0, "skip", 2)
    assert after.stacks[0] == "OR" and "skip" in keys(events)
    assert after.turn == 1
    after, _ = play(after, 1, "to:E2", 3)  # the same cell, for the next player
    assert codes(after) == ["top:G", "skip"]
    after, _ = play(after, 1, "top:G", 4)
    assert after.stacks[1] == "BG"


@pytest.mark.parametrize(
    ("stack", "colour", "result"),
    [("ROYGB", "O", "RYGBO"), ("YOR", "Y", "ORY"), ("BR", "B", "RB"), ("OYBGR", "B", "OYGRB")],
)
def test_rb_stack_03_top_moves_x_to_the_highest_occupied_slot(stack: str, colour: str, result: str) -> None:
    """The pawns above x slide down; "on top" is the highest occupied slot, not slot 5."""
    assert operate(stack, TOPS[colour]) == result


@pytest.mark.parametrize(
    ("stack", "colour", "result"), [("OYR", "R", "ROY"), ("ROYGB", "G", "GROYB"), ("YB", "B", "BY")]
)
def test_rb_stack_04_bottom_moves_x_to_slot_1(stack: str, colour: str, result: str) -> None:
    assert operate(stack, BOTS[colour]) == result


def test_rb_stack_05_swap_exchanges_two_colours_named_in_either_order() -> None:
    assert operate("OYBGR", SWAPS["B", "G"]) == "OYGBR" == operate("OYBGR", SWAPS["G", "B"])
    state = _on_action("x", ["OYB", ""])
    after, _ = play(state, 0, "to:E2")
    assert codes(after) == ["swp:O,Y", "swp:O,B", "swp:Y,B", "skip"]
    after, _ = play(after, 0, "swp:B,O", 2)  # the reverse spelling names the same swap
    assert after.stacks[0] == "BYO"


def test_rb_stack_06_no_decision_under_two_pawns_and_no_choice_that_changes_nothing() -> None:
    state = _on_action("v", ["R", ""])
    after, events = play(state, 0, "to:E2")
    assert after.turn == 1 and "skip" not in keys(events)  # no decision S at all
    assert stack_choices("ROY", "^") == (TOPS["R"], TOPS["O"], SKIP)
    assert stack_choices("ROY", "v") == (BOTS["O"], BOTS["Y"], SKIP)
    state = _on_action("^", ["ROY", ""])
    after, _ = play(state, 0, "to:E2")
    for code, reason in (
        ("top:Y", "no_change"),
        ("top:G", "not_in_stack"),
        ("bot:R", "cell_is.top"),
        ("end", "answer_stack"),
    ):
        with pytest.raises(IllegalAction) as refused:
            play(after, 0, code, 2)
        assert refused.value.msg.key == f"racebow.error.{reason}", code


def test_rb_end_01_win_checked_after_a_collection_and_after_a_stack_action() -> None:
    """A collection completing the order wins at once; an out-of-order stack of five does not,
    until a stack action puts it right."""
    rows = [custom(), custom(E2="B"), *EMPTY_ROWS[:6]]
    won, events = play(position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYG", ""]), 0, "to:E2")
    assert won.places[0] == 1 and "finish" in keys(events)
    rows = [custom(), custom(E2="G"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYB", ""], tracks=[(0, 3, 3), (0, 3, 3)])
    full, _ = play(state, 0, "to:E2")
    assert full.stacks[0] == "ROYBG" and full.places[0] == 0
    state = _on_action("x", ["ROYBG", ""])
    after, _ = play(state, 0, "to:E2")
    after, events = play(after, 0, "swp:B,G", 2)
    assert after.places[0] == 1 and "finish" in keys(events)


def test_rb_end_02_a_finisher_takes_no_turbo_step_leaves_the_track_and_is_skipped() -> None:
    rows = [custom(), custom(E4="R"), *EMPTY_ROWS[:6]]
    state = position(
        rows,
        [(10, "E2"), (10, "E4"), (10, "E1")],
        stacks=["", "OYGB", ""],
        tracks=[(0, 3, 3), (3, 3, 3), (0, 3, 3)],
        turn=1,
    )
    after, events = play(state, 1, "to:E4")
    assert after.places[1] == 1 and after.tracks[1][0] == 3 and "turbo" not in keys(events)
    assert after.turn == 2
    board = GAME.presentation.render_board(GAME.view(after, None), Text("en", NAMES))
    assert "! 2 Bob    OYGBR OYGBR >3 +3 o3 1st" in board  # `!`: the latest turn was his
    # Seat 1 is skipped from now on: the next rounds only ever hand the turn to seats 0 and 2.
    seats = set()
    for ply in range(2, 12):
        seats.add(after.turn)
        after, _ = play(after, after.turn, codes(after)[0], ply)
    assert seats == {0, 2}


def test_rb_end_03_with_two_players_the_first_finish_ends_the_game() -> None:
    rows = [custom(), custom(E2="B"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYG", "OY"])
    after, events = play(state, 0, "to:E2")
    assert after.places == (1, 2) and after.ask == "over" and GAME.to_act(after) == frozenset()
    assert keys(events)[-3:] == ["finish", "last_place", "game_over"]
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners() == frozenset({0})


def _last_turn_of_round(stacks: list[str], where: list[tuple[int, str]]) -> RacebowState:
    rows = [custom() for _ in range(10)]
    tracks = [(0, 3, 3)] * len(where)
    return position(rows, where, stacks=stacks, tracks=tracks, round=ROUND_LIMIT, turn=len(where) - 1, first=10)


def test_rb_end_04_round_200_ends_the_game_and_ranks_by_matching_stack_size_and_tile() -> None:
    """Keys: slots matching the target, stack size, tile index; seats still equal share a place."""
    # Seat 0 ROYGB-target: R O _ = 2 matching; seat 1 (OYGBR): O Y G = 3; seat 2 (YGBRO): Y G = 2,
    # same size as seat 0 but further along; seat 3 (GBROY): G B = 2 like seat 0, on its tile.
    state = _last_turn_of_round(["ROB", "OYG", "YG", "GBY"], [(11, "E1"), (11, "E2"), (12, "E3"), (11, "E4")])
    after, events = play(state, 3, "to:E4")
    assert after.ask == "over" and after.end == "limit"
    assert keys(events)[-2:] == ["round_limit", "game_over"]
    outcome = GAME.outcome(after)
    assert outcome is not None
    by_seat = {s.seat: s for s in outcome.standings}
    assert by_seat[1].rank == 1
    # Seat 3 moved to tile 12 with G B Y (2 matching, 3 pawns): ahead of seat 0 (tile 11).
    assert by_seat[3].keys == (2, 3, 12) and by_seat[0].keys == (2, 3, 11)
    assert by_seat[3].rank == 2 and by_seat[0].rank == 3
    assert by_seat[2].keys == (2, 2, 12) and by_seat[2].rank == 4


def test_rb_end_04_players_still_equal_share_the_place() -> None:
    state = _last_turn_of_round(["RO", "OY"], [(12, "E1"), (11, "E2")])
    after, _ = play(state, 1, "to:E2")  # both on tile 12 now, same keys
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert [(s.seat, s.rank) for s in outcome.standings] == [(0, 1), (1, 1)]
    board = GAME.presentation.render_board(GAME.view(after, None), Text("en", NAMES))
    table = board.split("```")[1]
    assert table.count("1st") == 2 and table.count("—") == 2


def test_rb_end_05_standings_table_columns() -> None:
    """Place, player, board and target, round finished (or —), final stack, the three tracks."""
    rows = [custom(), custom(E2="B"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYG", "OY"], round=17)
    after, _ = play(state, 0, "to:E2")
    check_invariants(after)
    # French writes its own colour letters (J jaune, V vert: issue 28).
    for locale, first, second, letters in (("en", "1st", "2nd", "ROYGB"), ("fr", "1re", "2e", "ROJVB")):
        mapped = str.maketrans("ROYGB", letters)
        board = GAME.presentation.render_board(GAME.view(after, None), Text(locale, NAMES))
        lines = board.splitlines()
        assert lines[1] == "```" and lines[-2] == "```"
        full = "ROYGB".translate(mapped)
        assert lines[3].split() == [first, "Ann", "A", full, "17", full, "2/3/3"]
        assert lines[4].split() == [
            second,
            "Bob",
            "B",
            "OYGBR".translate(mapped),
            "—",
            "OY___".translate(mapped),
            "2/3/3",
        ]
