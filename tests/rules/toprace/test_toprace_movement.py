"""Top Race movement: TR-MOVE-*, TR-JOKER-*, DP 3/5/6, worked examples 1, 2 and 10."""

from __future__ import annotations

from rules.toprace import GAME
from rules.toprace.data import FINISH, OFF
from rules.toprace.movement import legal_ends
from tests.rules.toprace.helpers import at_cell, car, cell, codes, keys, play, race_state


def test_tr_move_1_play_discard_and_clockwise_turns() -> None:
    """TR-MOVE-1: the active seat plays a card, it is discarded face up, the next seat clockwise plays."""
    s = race_state(3, at={"A": (5, 1)}, hands=[[1, 2], [3, 4], [5, 6]], turn=1)
    assert codes(s, 1) == ["play:3", "play:4"] and GAME.legal_actions(s, 0) == []
    s, ev = play(s, 1, "play:3")  # C10 from the grid: a choice of end cells
    assert s.played == (3,) and s.hands[1] == (4,) and keys(ev)[0] == "play"
    s, _ = play(s, 1, codes(s, 1)[0])
    assert s.turn == 2 and s.ask == "play"
    assert GAME.view(s, None).played == (3,)


def test_dp_3_six_j5_cards_are_one_choice() -> None:
    """DP 3: the identical J5 cards are one choice ('play:J5'); a single choice is played automatically."""
    s = race_state(2, hands=[[13, 14, 1], [15, 16]])
    assert codes(s, 0) == ["play:1", "play:J5"]
    s, _ev = play(s, 0, "play:J5")
    assert s.played == (13,) and s.hands[0] == (1, 14)
    assert GAME.parse_action("play:17") == GAME.parse_action("play:J5")


def test_tr_move_2_slots_top_to_bottom_and_active_seat_decides() -> None:
    """TR-MOVE-2: slots resolve top to bottom and the active seat chooses for every car, owned or not."""
    s = race_state(
        2,
        at={c: (5, i + 1) for i, c in enumerate("ABCD")} | {"E": (3, 1), "F": (3, 2)},
        hands=[[19, 1], [2]],
        owner={"A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1},
    )
    s, _ = play(s, 0, "play:19")  # A6 B5 C4 D3 E2 F1
    assert s.car == car("A") and GAME.to_act(s) == {0}
    seen = []
    while s.turn == 0:
        seen.append(s.car)
        s, _ = play(s, 0, codes(s, 0)[-1])
    assert seen == [0, 1, 2, 3, 4, 5]  # A, B, C, ... in slot order, all asked to seat 0
    assert at_cell(s, "F") == (4, 3) and s.played[0] == 19


def test_tr_move_3_blocked_car_loses_points_example_1() -> None:
    """TR-MOVE-3, worked example 1: red (14,1), yellow (16,1), card 8 (B5) → ends {(15,1),(15,2)}, 4 lost."""
    s = race_state(2, at={"B": (14, 1), "F": (16, 1)}, hands=[[8, 1], [2]])
    s, _ = play(s, 0, "play:8")
    assert codes(s, 0) == ["end:15.1", "end:15.2"]
    s, ev = play(s, 0, "end:15.2")
    assert at_cell(s, "B") == (15, 2)
    jam = next(e for e in ev if e.key == "toprace.event.move_jam")
    assert jam.params["lost"] == 4


def test_tr_move_3_car_that_cannot_step_does_not_move() -> None:
    """TR-MOVE-3: with no free forward neighbour the move ends at once; the points are lost."""
    s = race_state(2, at={"B": (15, 1), "F": (16, 1)}, hands=[[8, 1], [2, 3]])
    s, ev = play(s, 0, "play:8")
    assert at_cell(s, "B") == (15, 1) and "blocked" in keys(ev) and s.turn == 1


def test_tr_move_4_dead_end_cells_are_legal_ends() -> None:
    """TR-MOVE-3/4: a path may steer into a jam; where it stops early is a legal end too."""
    # Red at (13,1); row 16 (one lane) is taken by yellow, so every path stalls in row 15.
    # White blocks (14,2): red's path goes (14,1) then row 15.
    cells = [OFF] * 6
    cells[car("B")] = cell(13, 1)
    cells[car("F")] = cell(16, 1)
    cells[car("C")] = cell(14, 2)
    assert legal_ends(cells, car("B"), 5) == (cell(15, 1), cell(15, 2))
    # Same with a way through: yellow gone → straight to row 18.
    cells[car("F")] = OFF
    assert legal_ends(cells, car("B"), 5) == (cell(18, 1),)
    # A branching jam: a car at (20,2) with cars on (22,1) (22,2) (22,3)? row 21 still free → stall in 21.
    cells = [OFF] * 6
    cells[0] = cell(19, 2)
    cells[1], cells[2], cells[3] = cell(22, 1), cell(22, 2), cell(22, 3)
    assert legal_ends(cells, 0, 6) == (cell(21, 1), cell(21, 2), cell(21, 3))
    # The lane chosen at one step may lead into a jam later: via (12,3) the only way on is (13,2),
    # taken, so the car stalls in row 12; via (12,1) or (12,2) it reaches (13,1) and stalls there.
    cells = [OFF] * 6
    cells[0] = cell(11, 2)
    cells[1] = cell(13, 2)
    cells[2] = cell(14, 1)
    cells[3] = cell(14, 2)
    assert legal_ends(cells, 0, 4) == (cell(13, 1), cell(12, 3))


def test_tr_move_4_end_cells_order_finish_first() -> None:
    """TR-MOVE-4 / DP 6: FINISH first, then rows highest first, lanes left to right."""
    cells = [OFF] * 6
    cells[0] = cell(53, 2)
    cells[1] = cell(54, 1)
    cells[2] = cell(55, 1)
    cells[3] = cell(55, 2)
    cells[4] = cell(55, 3)
    cells[5] = cell(55, 4)
    assert legal_ends(cells, 0, 3) == (cell(54, 2), cell(54, 3))
    cells[5] = OFF
    # (54,3) now leads on to (55,4) and the finish, so the car may not stop there; (54,2) is a jam.
    assert legal_ends(cells, 0, 3) == (FINISH, cell(54, 2))


def test_tr_move_5_finished_car_points_are_ignored() -> None:
    """TR-MOVE-5: points for a finished car are ignored."""
    s = race_state(2, at={"B": (5, 1)}, finished="A", hands=[[1, 2], [3]])
    s, ev = play(s, 0, "play:1")  # A10
    assert "ignored_finished" in keys(ev) and s.turn == 1


def test_tr_move_6_finish_order_example_10() -> None:
    """TR-MOVE-6, worked example 10: dark blue (52,2) finishes on card 5 after 4 steps (6 lost);
    card 45 (C5 F5) with white (53,1) and yellow (54,3): both finish, white first."""
    s = race_state(2, at={"E": (52, 2), "C": (53, 1), "F": (54, 3)}, hands=[[5, 45, 1], []])
    s, ev = play(s, 0, "play:5")  # the finish is the only end: not asked
    fin = next(e for e in ev if e.key == "toprace.event.finish")
    assert fin.params == {"car": "🟦E"} and fin.terms == {"place": "toprace.place.1"}
    assert s.last is not None and [(n.kind, n.lost) for n in s.last.notes] == [("finish", 6)]
    s, ev = play(s, 0, "play:45")
    assert s.finish == (car("E"), car("C"), car("F"))
    assert [e.terms["place"] for e in ev if e.key == "toprace.event.finish"] == ["toprace.place.2", "toprace.place.3"]


def test_tr_move_7_stamps_count_move_ends() -> None:
    """TR-MOVE-7: one counter tick per move end; the car takes it as its stamp; grid cars stamp 0."""
    s = race_state(2, at={"A": (0, 1), "B": (5, 1)}, hands=[[7, 8, 1], [2]])
    assert s.stamp == (0,) * 6 and s.counter == 0
    s, _ = play(s, 0, "play:8")  # B5
    s, _ = play(s, 0, codes(s, 0)[0]) if s.ask == "end" else (s, [])
    assert s.counter == 1 and s.stamp[car("B")] == 1 and s.stamp[car("A")] == 0


def test_tr_move_8_order_move_tip_release_then_round() -> None:
    """TR-MOVE-8: the move, the TIP crossing, then the Panne release; TIP round after the card."""
    s = race_state(2, at={"B": (8, 2)}, broken={"A": (12, 1)}, hands=[[8, 1], [2]])
    s, ev = play(s, 0, "play:8")  # B5 → row 13: crosses TIP 1 and passes row 12 → releases A
    if s.ask == "end":
        s, ev2 = play(s, 0, codes(s, 0)[0])
        ev += ev2
    k = keys(ev)
    assert k.index("tip_crossed") < k.index("release") < k.index("tip_open")
    assert s.ask == "bet" and GAME.to_act(s) == {0, 1}


def test_tr_joker_1_2_example_2() -> None:
    """TR-JOKER-1/2, worked example 2: card 37 (A6 E4 J2 B1) → joker for white, green or yellow;
    giving it to a finished yellow wastes the 2."""
    s = race_state(
        2, at={"A": (1, 1), "E": (1, 3), "B": (3, 2), "C": (3, 1), "D": (3, 3)}, finished="F", hands=[[37, 1], [2]]
    )
    s, _ = play(s, 0, "play:37")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    assert s.ask == "joker" and codes(s, 0) == ["joker:C", "joker:D", "joker:F"]
    for illegal in ("joker:A", "joker:E", "joker:B"):
        try:
            play(s, 0, illegal)
        except ValueError:
            continue
        raise AssertionError(illegal)
    _s2, ev = play(s, 0, "joker:F")
    assert "ignored_finished" in keys(ev)
    s3, _ = play(s, 0, "joker:C")
    assert s3.ask == "end" and s3.car == car("C") and s3.points == 2
