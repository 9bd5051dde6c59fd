"""The AI: legal, plans its colour order, repairs its stack, beats a random player."""

from __future__ import annotations

import random

from rules.engine import ai_against_random, drew_randomly, playout, rng_for
from rules.racebow import GAME
from rules.racebow.ai import DEFAULT, REPAIRS, Me, _Planner, choose
from rules.racebow.data import TARGETS
from tests.rules.racebow.helpers import at, custom, position, section9

EMPTY_ROWS = [custom() for _ in range(8)]


def test_repairs_count_the_stack_actions_still_needed() -> None:
    """0 for a prefix of the target, 1 for one swap or one move away, more for a reversed stack."""
    table = REPAIRS[0]  # target R O Y G B
    assert table[""] == table["RO"] == table["ROYGB"] == 0
    assert table["ROYBG"] == 1 and table["OR"] == 1 and table["BROYG"] == 1
    assert table["BGYOR"] >= 2
    assert all(REPAIRS[seat][TARGETS[seat]] == 0 for seat in range(4))
    assert len(table) == 326  # every stack of 0..5 distinct colours


def test_it_steers_to_the_colour_its_target_order_wants_next() -> None:
    """Stack R O (target R O Y G B): between a yellow and a blue pawn it takes the yellow."""
    rows = [custom(), custom(E1="B", E3="Y"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["RO", ""], tracks=[(0, 0, 0), (2, 3, 3)])
    assert GAME.action_code(choose(state, 0, random.Random(1))) == "to:E3"


def test_it_uses_the_action_that_finishes_and_would_not_waste_a_repair() -> None:
    rows = [custom(), custom(E2="x"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROYBG", ""], tracks=[(0, 3, 3), (2, 3, 3)])
    # At M1 it walks onto the swap cell, and at S it swaps B and G (a win).
    assert GAME.action_code(choose(state, 0, random.Random(1))) == "to:E2"
    after, _ = GAME.apply(state, 0, GAME.parse_action("to:E2"), random.Random(1))
    assert GAME.action_code(choose(after, 0, random.Random(1))) == "swp:B,G"


def test_it_skips_an_action_that_would_spoil_a_good_stack() -> None:
    rows = [custom(), custom(E2="^"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["ROY", ""], tracks=[(0, 0, 0), (2, 3, 3)])
    after, _ = GAME.apply(state, 0, GAME.parse_action("to:E2"), random.Random(1))
    assert after.ask == "stack"
    assert GAME.action_code(choose(after, 0, random.Random(1))) == "skip"


def test_its_choices_are_always_legal() -> None:
    state = section9()
    for seat in range(4):
        probe = state.model_copy(update={"turn": seat})
        assert choose(probe, seat, random.Random(seat)) in GAME.legal_actions(probe, seat)


def test_it_beats_a_random_player_from_either_seat() -> None:
    """Two-player games, seats alternated: the AI wins every one of these ten."""
    wins = 0
    for seed in range(10):
        ai_seat = seed % 2
        state = GAME.start(2, {}, seed)
        for ply in playout(GAME, state, seed, ai_against_random(GAME, seed, frozenset({ai_seat}))):
            state = ply.after
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += outcome.winners() == frozenset({ai_seat})
    assert wins == 10


def test_a_clear_best_choice_needs_no_tie_break_draw() -> None:
    """The random nudge only matters between near-equal scores: with a clear best cell the AI takes
    it without drawing (the random source is never even seeded)."""
    rows = [custom(), custom(E3="Y"), *EMPTY_ROWS[:6]]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["RO", ""], tracks=[(0, 0, 0), (2, 3, 3)])
    rng = rng_for("clear", 1)
    assert GAME.action_code(choose(state, 0, rng)) == "to:E3"
    assert not drew_randomly(rng)


def test_equal_choices_are_split_by_the_random_nudge() -> None:
    """Three empty Earth cells and nothing ahead score the same: the pick follows the random
    source, and over a few sources each of them is taken."""
    state = position(list(EMPTY_ROWS), [(10, "E2"), (10, "E4")], tracks=[(0, 0, 0), (2, 3, 3)])
    picks = set()
    for n in range(30):
        rng = rng_for("tie", n)
        picks.add(GAME.action_code(choose(state, 0, rng)))
        assert drew_randomly(rng)
    assert picks == {"to:E1", "to:E2", "to:E3"}


def test_the_look_ahead_counts_the_three_best_reachable_gains() -> None:
    """The score's look-ahead (cached outlooks, reach cones, level masks) against a hand count:
    a yellow pawn one tile ahead, a green one two tiles ahead, and a blue one out of reach."""
    rows = [custom(), custom(E3="Y"), custom(A4="G"), custom(W1="B"), *EMPTY_ROWS[:4]]
    state = position(rows, [(10, "E4"), (10, "E1")], stacks=["RO", ""], tracks=[(0, 1, 0), (2, 3, 3)])
    plan = _Planner(state, 0, DEFAULT)
    me = Me(10, at("E4"), "RO", (0, 1, 0))
    w = DEFAULT
    base = w.colour * 2 - w.repair * 0 + (w.spare * 1)
    yellow = w.colour  # the colour its target wants next: no repair added
    green = (w.colour - w.repair * (REPAIRS[0]["ROG"] - 0)) * w.fade
    # Blue (3 tiles ahead, cell 1) is within reach but in Water, and it has no oxygen.
    expected = base + w.ahead * sum(g / (i + 1) for i, g in enumerate(sorted((yellow, green), reverse=True)))
    assert plan.score(me, rows) == expected
