"""The worked examples of spec §10, from the §9 position (built as a fixture in helpers)."""

from __future__ import annotations

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction
from rules.racebow import GAME
from rules.racebow.actions import BOTS
from rules.racebow.movement import move_choices
from rules.racebow.stack import operate
from rules.racebow.state import RacebowState
from rules.racebow.turns import round_order
from tests.rules.racebow.helpers import (  # the builders this file uses, by name: such lists repeat
    ANN,
    BOB,
    CID,
    DEE,
    NAMES,
    at,
    check_invariants,
    codes,
    custom,
    keys,
    play,
    position,
    section9,
    stocked,
)

SECTION9_STRIP = """
   6G   7O   8R   9B   10G  11B  12O  13G
A  .... .... ..3. B... ...o .... .... >...
E  ..4. ..2. 1... ..o. .G.. ..v. x... ..G.
W  G... +... .... .... .... B... ..O. ....
"""


def strip_columns(text: str) -> dict[str, tuple[str, str, str]]:
    """Each strip column of a board (or of the §9 example), by header: its A, E and W cells."""
    lines = text.splitlines()
    columns: dict[str, tuple[str, str, str]] = {}
    for i, line in enumerate(lines):
        if line.startswith("   ") and i + 3 < len(lines) and lines[i + 1].startswith("A  "):
            heads = line.split()
            rows = [lines[i + k].split()[1:] for k in (1, 2, 3)]
            columns.update({head: (a, e, w) for head, a, e, w in zip(heads, *rows, strict=True)})
    return columns


def test_the_section9_fixture_is_the_example_position() -> None:
    """Pawn counts add up (40 colour, 15 bonus) and the board's strip, wrapped for phones, shows
    exactly the §9 example's columns; the player, moves and supply lines carry its figures."""
    state = section9()
    check_invariants(state)
    board = GAME.presentation.render_board(GAME.view(state, None), Text("en", NAMES))
    assert strip_columns(board) == strip_columns(SECTION9_STRIP)
    assert "> 1 Ann    ROYGB YOR__ >1 +2 o3 8E1" in board
    assert "  3 Cid    YGBRO YGBR_ >2 +2 o5 8A3" in board
    assert "  4 Dee    GBROY G____ >0 +4 o3 6E3" in board
    moves = board[board.index("Ann -> 9:") :].split("pile")[0].split()
    assert moves[3:] == ["A1(+,B)", "A2(+)", "E1", "E2", "W1(o)", "W2(o)"]
    assert "pile 47  discards 5" in board
    assert "supply R6 O5 Y5 G3 B5 >4 +4 o3" in board


def test_example_1_air_costs_a_propeller() -> None:
    """Ann moves 8E1 → A1: propeller 2→1, takes B (stack Y O R B), tile 14 revealed (pile 47→46)."""
    state = section9()
    assert codes(state) == ["to:A1", "to:A2", "to:E1", "to:E2", "to:W1", "to:W2"]
    after, events = play(state, ANN, "to:A1")
    assert after.tracks[ANN] == (1, 1, 3)
    assert after.stacks[ANN] == "YORB"
    assert after.where[ANN] == (9, at("A1"))
    assert len(after.pile) == 46 and after.first + len(after.tiles) - 1 == 14
    assert keys(events)[:3] == ["move_air", "reveal", "take_colour"]
    assert events[1].params == {"n": 14, "tile": f"T{after.tiles[-1]:02d}"}
    check_invariants(after)
    # Step 1 is over and she has a turbo with an open cell ahead: decision T.
    assert after.ask == "turbo" and codes(after) == ["turbo", "end"]


def test_example_2_turbo_double_move() -> None:
    """She spends her turbo (1→0); from 9A1: A1 A2 E1 E2; E2 takes G; tile 15; her turn ends."""
    state, _ = play(section9(), ANN, "to:A1")
    state, events = play(state, ANN, "turbo", 2)
    assert keys(events) == ["turbo"]
    assert state.tracks[ANN][0] == 0 and state.step == 2
    assert codes(state) == ["to:A1", "to:A2", "to:E1", "to:E2"]
    state, events = play(state, ANN, "to:E2", 3)
    assert keys(events)[:3] == ["move", "reveal", "take_colour"]
    assert state.stacks[ANN] == "YORBG"
    assert len(state.pile) == 45 and state.first + len(state.tiles) - 1 == 15
    assert state.turn == BOB and state.step == 1 and state.ask == "move"
    check_invariants(state)


def test_example_3_bonus_track_at_maximum() -> None:
    """Cid at 8A3 with oxygen 5: E3 (an oxygen pawn) is illegal, Water out of reach."""
    state = section9(turn=CID)
    assert codes(state) == ["to:A2", "to:A3", "to:A4", "to:E2", "to:E4"]
    with pytest.raises(IllegalAction) as refused:
        play(state, CID, "to:E3")
    assert refused.value.msg.key == "racebow.error.bonus_full"
    with pytest.raises(IllegalAction) as refused:
        play(state, CID, "to:W3")
    assert refused.value.msg.key == "racebow.error.out_of_reach"
    after, _ = play(state, CID, "to:A2")
    assert after.tracks[CID] == (2, 1, 5)


def _eve(next_row: str, turbo: int = 2) -> RacebowState:
    """Eve (seat 1) on 10E1 with propeller 0, oxygen 0 and B in her stack; seat 0 plays before her."""
    rows = [custom(), next_row, *(custom() for _ in range(5))]
    return position(rows, [(10, "E4"), (10, "E1")], stacks=["", "B"], tracks=[(0, 3, 3), (turbo, 0, 0)])


def test_example_4_blocked_by_owned_colours_the_only_choice_is_played() -> None:
    """T53 (B@E1, TU@A3): W1/W2 need oxygen, A1/A2 a propeller, E1 holds her blue: only E2,
    which is not asked but played for her and said (RB-MOVE-09)."""
    state = _eve(stocked(53), turbo=0)
    assert [GAME.action_code(a) for a in move_choices(state, 1)] == ["to:E2"]
    after, events = play(state, 0, "to:E4")
    assert after.where[1] == (11, at("E2"))
    assert "only_cell" in keys(events) and after.turn == 0
    assert after.stacks[1] == "B"


def test_example_4_custom_tile_forces_the_fallback() -> None:
    """RB-MOVE-06: a custom tile also blocking E2 (a turbo pawn, her turbo at 3) puts her on E1
    ignoring RB-MOVE-04; she collects nothing and the blue pawn stays."""
    state = _eve(custom(E1="B", E2=">", A3=">"), turbo=3)
    assert [GAME.action_code(a) for a in move_choices(state, 1)] == ["to:E1"]
    after, events = play(state, 0, "to:E4")
    assert after.where[1] == (11, at("E1"))
    assert "fallback" in keys(events)
    assert after.stacks[1] == "B" and after.cells[11 - after.first][at("E1")] == "B"
    # "No action" is the stack action: her turbo step is still offered, tile 12 being open.
    assert after.turn == 1 and after.ask == "turbo"


def test_example_5_discard() -> None:
    """Dee, alone on tile 6, moves to tile 7: tile 6 is discarded (5→6), its G returns (G 3→4)."""
    state = section9(turn=DEE)
    after, events = play(state, DEE, "to:E3")
    assert len(after.discards) == 6 and after.discards[-1] == 46
    assert after.colours[3] == 4
    assert after.first == 7
    assert "discard_pawns" in keys(events)
    check_invariants(after)


def _swap_tile_9(tile_id: int, **changes: object) -> RacebowState:
    """The §9 position with track tile 9 replaced by ``tile_id`` (taken out of the pile)."""
    base = section9()
    tiles = list(base.tiles)
    old, tiles[3] = tiles[3], tile_id
    cells = list(base.cells)
    cells[3] = stocked(tile_id)
    pile = tuple(old if t == tile_id else t for t in base.pile)
    return base.model_copy(update={"tiles": tuple(tiles), "cells": tuple(cells), "pile": pile, **changes})


def test_example_6_move_to_top_then_win() -> None:
    """Ann (R O Y B G, target R O Y G B) enters a ^ cell and chooses TOP B: she finishes 1st at
    once, takes no turbo step although she has one, and her pawn leaves the track."""
    state = _swap_tile_9(7, stacks=("ROYBG", "YO", "YGBR", "G"))  # T07: TOP@E1
    state, _ = play(state, ANN, "to:E1")
    assert state.ask == "stack"
    assert codes(state) == ["top:R", "top:O", "top:Y", "top:B", "skip"]
    state, events = play(state, ANN, "top:B", 2)
    assert state.stacks[ANN] == "ROYGB"
    assert state.places[ANN] == 1 and state.finished[ANN] == 8
    assert "finish" in keys(events) and "turbo" not in keys(events)
    assert state.turn == BOB and state.tracks[ANN][0] == 1
    board = GAME.presentation.render_board(GAME.view(state, None), Text("en", NAMES))
    strip = [line for line in board.splitlines() if line[:3] in ("A  ", "E  ", "W  ")]
    assert not any("1" in line[3:] for line in strip)  # no "1" on the track any more


def test_example_7_bottom() -> None:
    """A stack of O Y R with BOT R becomes R O Y, on a v cell of the track as in the function."""
    assert operate("OYR", BOTS["R"]) == "ROY"
    state = section9(turn=BOB, where=(*section9().where[:1], (10, at("E3")), *section9().where[2:]))
    state = state.model_copy(update={"stacks": ("YOR", "OYR", "YGBR", "G")})
    state, _ = play(state, BOB, "to:E3")  # tile 11 is T49, BOT@E3
    assert codes(state) == ["bot:Y", "bot:R", "skip"]
    state, _ = play(state, BOB, "bot:R", 2)
    assert state.stacks[BOB] == "ROY"


def test_example_8_swap_then_win() -> None:
    """Bob (O Y B G R, target O Y G B R) uses SWP B G on an x cell and finishes."""
    where = list(section9().where)
    where[BOB] = (11, at("E2"))
    state = section9(turn=BOB, where=tuple(where), stacks=("YOR", "OYBGR", "YGBR", "G"))
    state, _ = play(state, BOB, "to:E1")  # tile 12 is T22, SWP@E1
    assert len(codes(state)) == 11 and codes(state)[:2] == ["swp:O,Y", "swp:O,B"]
    state, events = play(state, BOB, "swp:B,G", 2)
    assert state.stacks[BOB] == "OYGBR" and state.places[BOB] == 1
    assert "finish" in keys(events)


def test_example_9_end_with_three_players() -> None:
    """Ann finished 1st in round 31; Cid finishes 2nd in round 40; Bob, alone, is placed 3rd and
    the game ends at once (RB-END-03)."""
    rows = [custom(), custom(E2="O"), *(custom() for _ in range(5))]
    state = position(
        rows,
        [(10, "E1"), (10, "E3"), (10, "E2")],
        stacks=["ROYGB", "OY", "YGBR"],
        turn=CID,
        round=40,
        places=(1, 0, 0),
        finished=(31, 0, 0),
    )
    state, events = play(state, CID, "to:E2")
    assert state.places == (1, 3, 2) and state.finished == (31, 0, 40)
    assert state.ask == "over" and state.end == "finish" and GAME.to_act(state) == frozenset()
    assert keys(events)[-3:] == ["finish", "last_place", "game_over"]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [(s.seat, s.rank) for s in outcome.standings] == [(ANN, 1), (CID, 2), (BOB, 3)]


def test_example_10_rotate_first_player_with_four_seats() -> None:
    """Round 1 plays 1 2 3 4, round 2 plays 2 3 4 1, round 5 plays 1 2 3 4; with seat 2 finished
    round 2 plays 3 4 1, and so does round 6 (seats are 0-based here)."""
    racing = [0, 0, 0, 0]
    assert round_order(1, 4, True, racing) == [0, 1, 2, 3]
    assert round_order(2, 4, True, racing) == [1, 2, 3, 0]
    assert round_order(5, 4, True, racing) == [0, 1, 2, 3]
    seat2_done = [0, 1, 0, 0]
    assert round_order(2, 4, True, seat2_done) == [2, 3, 0]
    assert round_order(6, 4, True, seat2_done) == [2, 3, 0]
    assert round_order(2, 4, False, seat2_done) == [0, 2, 3]
