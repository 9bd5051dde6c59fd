"""The strong Top Race AI's model of how the other seats steer (rules/toprace/steering.py): each
pushes its own cars and the cars it backs, holds back the rival in front, and plays a card by its
moves played out on the track; the search answers its candidates with that model and reads only
the searching seat's view."""

from __future__ import annotations

import random

from rules.toprace import GAME, ai, estimate, search, steering
from rules.toprace.data import BET_NONE, NOT_BET
from tests.rules.toprace.helpers import car, mid_race, race_state

A10, C5 = 1, 9
"""Card ids (§1.2 deck order): A10 moves car A ten rows, C5 car C five."""


def jammed(turn: int) -> object:
    """Two players; seat 1 owns A and C, holds A10 and C5; A is boxed in behind B (row 16 has one
    lane, TR-MOVE-4), so A10 moves it nowhere."""
    return race_state(
        2,
        at={"A": (15, 1), "B": (16, 1), "C": (5, 1), "D": (3, 1), "E": (2, 1), "F": (1, 1)},
        hands=[[2, 3], [A10, C5]],
        owner={"A": 1, "B": 0, "C": 1, "D": 0, "E": 0, "F": 0},
        turn=turn,
    )


def test_tr_move_4_the_model_plays_a_card_by_its_moves_played_out() -> None:
    """A card whose car is jammed (TR-MOVE-4: its points are lost) is worth nothing to the model,
    where the reflexes count its printed points."""
    state = jammed(turn=1)
    opts = list(GAME.legal_actions(state, 1))
    assert ai.reflex(state, 1, opts, ai.weights(state, 1)).n == A10
    assert steering.reply(state, 1, opts).n == C5
    w = steering.weights(state, 1)
    assert steering.card_worth(state, w, A10) == 0.0
    assert steering.card_worth(state, w, C5) == 5.0


def test_strong_search_answers_with_the_steering_model() -> None:
    """search.replies plays the other seats' cards by the steering model: seat 1 answers seat 0's
    card with C5, not the jammed A10 the reflexes would play."""
    answered = search.replies(jammed(turn=1), 0)
    assert C5 in answered.played and A10 not in answered.played
    assert answered.turn == 0


def test_tr_tip_3_the_model_backs_the_car_in_front_and_holds_back_the_rival_leader() -> None:
    """A rival's secret bet (TR-TIP-3) is guessed to be on the car in front; the seat's own bets
    stay; a seat weighs the rival car in front lowest and a car it backs higher than a rival's."""
    state = race_state(
        3,
        at={"A": (20, 1), "B": (14, 2), "C": (30, 2), "D": (3, 1), "E": (9, 2), "F": (0, 1)},
        hands=[[1, 2], [4, 5], [7, 8]],
        owner={"A": 0, "B": 1, "C": 2, "D": 0, "E": 1, "F": 2},
    )
    state = state.model_copy(update={"bets": ((car("B"), BET_NONE, NOT_BET), (NOT_BET,) * 3, (NOT_BET,) * 3)})
    guessed = steering.guess_bets(state, 0)
    assert guessed.bets[0] == (car("B"), car("C"), NOT_BET)
    w = steering.weights(guessed, 0)
    assert min(range(6), key=lambda c: w[c]) == car("C")
    assert w[car("B")] > w[car("E")] and w[car("A")] == steering.OWN
    assert steering.weights(guessed, 1)[car("C")] > 0  # seat 1 backs C: it pushes it


def test_strong_reads_only_its_own_view() -> None:
    """The strong AI's card is the same whatever the other seats hold or bet (the search deals
    them from the seat's view, ``estimate.determinize``, and guesses the bets)."""
    state = mid_race(4, 3, 12, tipped=True)
    seat = state.turn
    assert state.ask == "play" and any(b not in (NOT_BET,) for row in state.bets for b in row)
    others = [s for s in range(4) if s != seat]
    pool = sorted((c for s in others for c in state.hands[s]), reverse=True)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = tuple(sorted(pool[: len(hands[s])])), pool[len(hands[s]) :]
    hidden = tuple(
        tuple(b if s == seat or b == NOT_BET else (b + 1) % 6 for s, b in enumerate(row)) for row in state.bets
    )
    other = state.model_copy(update={"hands": tuple(hands), "bets": hidden})
    assert [len(h) for h in other.hands] == [len(h) for h in state.hands] and other.hands != state.hands
    chosen = search.strong_action(state, seat, random.Random(5))
    assert search.strong_action(other, seat, random.Random(5)) == chosen
    sample = steering.guess_bets(estimate.determinize(other, seat, random.Random(1)), seat)
    assert (
        sample.hands[seat] == state.hands[seat]
        and sample.bets == steering.guess_bets(estimate.determinize(state, seat, random.Random(1)), seat).bets
    )
