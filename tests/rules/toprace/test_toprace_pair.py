"""Top Race turbo/panne cards: TR-PAIR-*, DP 4, worked examples 3 and 4."""

from __future__ import annotations

from rules.toprace import GAME
from rules.toprace.data import PAIRS, PARTNER
from rules.toprace.scoring import places
from tests.rules.toprace.helpers import at_cell, car, cell, codes, keys, play, race_state


def test_tr_pair_1_dp_4_turbo_or_panne() -> None:
    """TR-PAIR-1 / DP 4: a pair card with an effect asks turbo or panne; front = higher row."""
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[46, 3, 4], []])
    s, _ = play(s, 0, "play:46")
    assert s.ask == "mode" and codes(s, 0) == ["turbo", "panne"]
    label = GAME.presentation.action_label(s, 0, GAME.parse_action("turbo"))
    assert label.params == {"rear": "🟥", "front": "🩵"}


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
    """TR-PAIR-3/4/6, worked example 3: light blue (20,2) broken by card 46, card 1 (A10) does nothing,
    card 26 takes red to (20,2) → light blue re-enters (20,1) with its old stamp, ahead of red."""
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[46, 1, 26, 2], []])
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
    assert "release" in keys(ev)
    assert at_cell(s, "A") == (20, 1) and s.ref[car("A")] == -1 and s.stamp[car("A")] == 5
    assert s.stamp[car("B")] == 10 and s.counter == 11  # one tick for the move, one for the re-entry
    order = places(s)
    assert order.index(car("A")) < order.index(car("B"))


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


def test_tr_pair_6_release_to_lower_row_takes_new_stamp() -> None:
    """TR-PAIR-6: if row R is full, the car re-enters the nearest free cell of R−1 with a new stamp."""
    # A broken at (16,1) (one lane); B reaches row 16 → (16,1) taken by B → row 15.
    s = race_state(2, at={"B": (10, 2)}, broken={"A": (16, 1)}, hands=[[8, 3, 4], []])
    s = s.model_copy(update={"stamp": (3, 0, 0, 0, 0, 0), "counter": 4})
    s, _ = play(s, 0, "play:8")  # B5 → (15,x) … (16,1)? 6 rows needed: 5 points reach row 15
    assert s.ref[car("A")] != -1  # row 15 < 16: not yet
    s2 = race_state(2, at={"B": (11, 2)}, broken={"A": (16, 1)}, hands=[[8, 3, 4], []])
    s2 = s2.model_copy(update={"stamp": (3, 0, 0, 0, 0, 0), "counter": 4})
    s2, _ev = play(s2, 0, "play:8")  # B5: (11,2) → (16,1), the only end
    assert at_cell(s2, "B") == (16, 1) and at_cell(s2, "A") == (15, 1)
    assert s2.stamp[car("A")] == 6 and s2.stamp[car("B")] == 5


def test_tr_pair_6_release_when_partner_finishes() -> None:
    """TR-PAIR-6: the broken car also re-enters when its partner finishes."""
    s = race_state(2, at={"B": (54, 1)}, broken={"A": (55, 2)}, hands=[[8, 3, 4], []])
    s, ev = play(s, 0, "play:8")
    assert s.finish == (car("B"),) and at_cell(s, "A") == (55, 2) and "release" in keys(ev)
