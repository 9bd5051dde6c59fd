"""Top Race turbo/panne cards: TR-PAIR-*, DP 4, worked examples 3 and 4."""

from __future__ import annotations

from rules.engine import with_item
from rules.toprace import GAME
from rules.toprace.data import PAIRS, PARTNER
from rules.toprace.movement import release
from rules.toprace.work import TopRaceWork
from tests.rules.toprace.helpers import RNG, at_cell, car, cell, codes, keys, play, race_state


def test_tr_pair_1_dp_4_turbo_or_panne() -> None:
    """TR-PAIR-1 / DP 4: a pair card with an effect asks turbo or panne; front = higher row."""
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[46, 3, 4], []])
    s, _ = play(s, 0, "play:46")
    assert s.ask == "mode" and codes(s, 0) == ["turbo", "panne"]
    label = GAME.presentation.action_label(s, 0, GAME.parse_action("turbo"))
    assert label.params == {"rear": "🟥B", "front": "🩵A"}


def test_tr_pair_2_turbo_into_traffic_example_4() -> None:
    """TR-PAIR-2, worked example 4: green (14,1), white (30,2), yellow (16,1); card 47 as turbo →
    green moves k = 16 steps, ends (15,1) or (15,2), the rest lost."""
    s = race_state(2, at={"D": (14, 1), "C": (30, 2), "F": (16, 1)}, hands=[[47, 1], []])
    s, _ = play(s, 0, "play:47")
    s, ev = play(s, 0, "turbo")
    assert s.car == car("D") and s.points == 16
    assert codes(s, 0) == ["end:15.1", "end:15.2"]
    s, ev = play(s, 0, "end:15.1")
    assert at_cell(s, "D") == (15, 1) and at_cell(s, "C") == (30, 2)
    assert next(e for e in ev if e.key.endswith("move_jam")).params["lost"] == 15


def test_tr_pair_3_4_6_panne_and_release_example_3() -> None:
    """TR-PAIR-3/4/6, worked example 3: light blue (20,2) broken by card 46; card 1 (A10) does nothing;
    card 26 takes red to (20,2): reaching row R = 20 is not passing, light blue stays off the track;
    red then moves 1 to (21,2) → light blue re-enters its free reference cell with its old stamp."""
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[46, 1, 26, 33, 2], []])
    s = s.model_copy(update={"stamp": (5, 0, 0, 0, 0, 0), "counter": 9})
    s, _ = play(s, 0, "play:46")
    s, ev = play(s, 0, "panne")
    assert at_cell(s, "A") is None and s.ref[car("A")] == cell(20, 2) and "panne" in keys(ev)
    assert GAME.view(s, None).ref[car("A")] == cell(20, 2)
    s, ev = play(s, 0, "play:1")
    assert "ignored_broken" in keys(ev) and s.ref[car("A")] == cell(20, 2)  # TR-PAIR-4
    s, _ = play(s, 0, "play:26")  # B6 C4 E2
    assert codes(s, 0) == ["end:20.1", "end:20.2", "end:20.3"]
    s, ev = play(s, 0, "end:20.2")
    assert "release" not in keys(ev) and at_cell(s, "A") is None and s.ref[car("A")] == cell(20, 2)
    while s.ask == "end":  # C4, E2 from the grid
        s, ev = play(s, 0, codes(s, 0)[0])
    assert s.ref[car("A")] == cell(20, 2)
    s, _ = play(s, 0, "play:33")  # C6 E4 F2 B1
    while s.car != car("B"):
        s, _ = play(s, 0, codes(s, 0)[0])
    assert codes(s, 0) == ["end:21.1", "end:21.2", "end:21.3"]
    counter = s.counter
    s, ev = play(s, 0, "end:21.2")
    assert "release" in keys(ev) and at_cell(s, "B") == (21, 2)
    assert at_cell(s, "A") == (20, 2) and s.ref[car("A")] == -1 and s.stamp[car("A")] == 5
    assert s.stamp[car("B")] == counter + 1 and s.counter == counter + 2  # the move, then the re-entry


def test_tr_pair_6_row_r_full_release_to_lower_row() -> None:
    """TR-PAIR-6: if row R is full, the car re-enters the nearest free cell of R−1 (tie: lower lane),
    with a new stamp. (Worked example 3's variant cannot be played: a partner passing row R always
    leaves a cell of it free, so the row is filled here by hand.)"""
    s = race_state(2, at={"B": (21, 2), "C": (20, 1), "D": (20, 2), "E": (20, 3)}, broken={"A": (20, 2)})
    w = TopRaceWork(s.model_copy(update={"stamp": (5, 0, 0, 0, 0, 0), "counter": 9}), RNG)
    release(w, car("A"))
    s = w.freeze()
    assert at_cell(s, "A") == (19, 2) and s.ref[car("A")] == -1 and s.stamp[car("A")] == 10
    w = TopRaceWork(s.model_copy(update={"cell": (-1, *s.cell[1:]), "ref": (cell(20, 2), *s.ref[1:])}), RNG)
    w.cell = with_item(w.cell, car("B"), cell(19, 2))
    release(w, car("A"))
    assert at_cell(w.freeze(), "A") == (19, 1)  # (19,1) and (19,3) are as near: the lower lane


def test_tr_pair_4_each_car_on_one_pair_card() -> None:
    """TR-PAIR-4: no other pair card can name a broken car: each car is on exactly one pair card."""
    assert sorted(c for p in PAIRS for c in p) == list(range(6))
    assert all(PARTNER[a] == b and PARTNER[b] == a for a, b in PAIRS)


def test_tr_pair_4_joker_on_broken_car_is_lost() -> None:
    """TR-PAIR-4 / TR-JOKER-2: joker points given to a broken-down car are ignored."""
    s = race_state(
        2,
        at={"A": (1, 1), "E": (1, 3), "B": (3, 2), "D": (3, 3), "F": (3, 1)},
        broken={"C": (5, 2)},
        hands=[[37, 1], []],
    )
    s, _ = play(s, 0, "play:37")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    s, ev = play(s, 0, "joker:C")
    assert "ignored_broken" in keys(ev)


def test_tr_pair_5_no_effect_cases() -> None:
    """TR-PAIR-5: no DP 4 if a car finished or broke down, both in one row, or (option) row ≥ 24."""
    cases = [
        race_state(2, at={"A": (20, 2)}, finished="B", hands=[[46, 3, 4], []]),
        race_state(2, at={"C": (20, 2), "D": (10, 1)}, broken={"A": (30, 1)}, hands=[[46, 3, 4], []]),
        race_state(2, at={"A": (20, 2), "B": (20, 1)}, hands=[[46, 3, 4], []]),
        race_state(2, at={"A": (24, 2), "B": (14, 1)}, hands=[[46, 3, 4], []], restrict_pair_after_tip2="on"),
    ]
    for s in cases:
        s2, ev = play(s, 0, "play:46")
        assert "pair_no_effect" in keys(ev) and s2.played == (46,) and s2.ask == "play"
    # Without the option, row 24 is no obstacle; with it, row 23 still is fine.
    for s in (
        race_state(2, at={"A": (24, 2), "B": (14, 1)}, hands=[[46, 3, 4], []]),
        race_state(2, at={"A": (23, 2), "B": (14, 1)}, hands=[[46, 3, 4], []], restrict_pair_after_tip2="on"),
    ):
        assert play(s, 0, "play:46")[0].ask == "mode"


def test_tr_pair_6_reaching_row_r_is_not_passing() -> None:
    """TR-PAIR-6 (strict): the partner stopping in row R leaves the broken car off the track; one
    row further releases it into its reference cell, with its old stamp."""
    s = race_state(2, at={"B": (11, 2)}, broken={"A": (16, 1)}, hands=[[8, 2], [3]], betting="off")
    s = s.model_copy(update={"stamp": (3, 0, 0, 0, 0, 0), "counter": 4})
    s, ev = play(s, 0, "play:8")  # B5: (11,2) → (16,1), the only end
    assert at_cell(s, "B") == (16, 1) and "release" not in keys(ev)
    assert at_cell(s, "A") is None and s.ref[car("A")] == cell(16, 1)
    s2 = race_state(2, at={"B": (12, 2)}, broken={"A": (16, 1)}, hands=[[8, 2], [3]])
    s2 = s2.model_copy(update={"stamp": (3, 0, 0, 0, 0, 0), "counter": 4})
    s2, ev = play(s2, 0, "play:8")  # B5: (12,2) → (17,1), past row 16
    assert at_cell(s2, "B") == (17, 1) and "release" in keys(ev)
    assert at_cell(s2, "A") == (16, 1) and s2.stamp[car("A")] == 3


def test_tr_pair_6_release_when_partner_finishes() -> None:
    """TR-PAIR-6: the broken car also re-enters when its partner finishes."""
    s = race_state(2, at={"B": (54, 1)}, broken={"A": (55, 2)}, hands=[[8, 3, 4], []])
    s, ev = play(s, 0, "play:8")
    assert s.finish == (car("B"),) and at_cell(s, "A") == (55, 2) and "release" in keys(ev)
