"""The strong AI's look ahead (rollout.py): the rule of thumb every seat plays by in a game played
on makes legal choices only and plays whole games; a finished game counts as its margin; the plans
are judged the same for the same random source and whatever the other seats hold."""

from __future__ import annotations

import random

from rules.takenoko import GAME
from rules.takenoko.ai import LOOKAHEAD, choose_strong
from rules.takenoko.rollout import WON, Lookahead, Player, _Quiet, margin, near_the_end, plan_values, surely_better
from rules.takenoko.rules import legal_actions
from rules.takenoko.state import TakenokoState
from rules.takenoko.turn import candidates, choices
from tests.rules.takenoko.test_takenoko_ai import STATES

LOOK = Lookahead(worlds=2, plans=2, rounds=3)
"""A short look ahead (the tests check what it reads and returns, not how well it plays)."""


def test_the_rule_of_thumb_plays_whole_games_legally() -> None:
    """Every choice ``Player`` makes is one the rules offer (a spot, tile or canal among the
    candidates a two-step choice asks in rows), and games end by the Emperor (TK-END-01/02)."""
    for players in (2, 3, 4):
        for seed in range(3):
            w = _Quiet(GAME.start(players, {"pros_variant": "on" if seed else "off"}, seed), random.Random(seed))
            player = Player()
            while w.step != "over":
                if w.step == "start":
                    w.advance()
                    continue
                action = player.choose(w)
                assert action in choices(w) or action in candidates(w), (w.step, action)
                w.play(w.turn, action)
            assert w.emperor >= 0 and w.round < 100


def test_a_finished_game_counts_its_margin_and_the_win() -> None:
    """TK-END-04: the seat's points (the Emperor's 2 included) less the best other seat's, and
    ``WON`` more for the winner; a tie on points goes to the panda points (TK-END-05)."""
    done = (("PA-GG-1", "GA-G-F"), ("PA-PP-1",), ("PL-G-LINE",))
    assert margin(done, 1, 0) == 3 + 3 - 7 + 0.0
    assert margin(done, 1, 1) == 7 - 6 + WON
    tied = (("PA-GG-1", "PL-G-LINE"), ("GA-G-0",))
    assert margin(tied, -1, 0) == 0 + WON
    assert margin(tied, -1, 1) == 0


def test_the_look_ahead_waits_for_a_seat_near_the_emperor() -> None:
    """TK-END-01: the games are played on once a seat is ``cards_left`` cards from the Emperor's
    count (7 at 4 players, 9 at 2), or once the Emperor is taken."""
    state = GAME.start(4, {}, 1)
    look = Lookahead(cards_left=2)
    assert not near_the_end(state, look)
    four = ("PA-GG-1", "PA-GG-2", "PA-GG-3", "PA-GG-4")
    assert not near_the_end(state.model_copy(update={"done": (four, (), (), ())}), look)
    assert near_the_end(state.model_copy(update={"done": ((), (), (*four, "PA-GG-5"), ())}), look)
    assert near_the_end(state.model_copy(update={"emperor": 3}), look)


def test_a_plan_replaces_the_searchs_best_only_when_it_surely_gains() -> None:
    """A plan whose games end better in every world by a steady margin replaces the first one; a
    gain that one lucky world makes does not."""
    first = [0.0, 2.0, -1.0, 5.0]
    assert surely_better([first, [v + 1.0 for v in first]], 2.0) == 1
    assert surely_better([first, [v + 1.0 for v in first], [v + 3.0 for v in first]], 2.0) == 2
    assert surely_better([first, [8.0, 2.0, -1.0, 5.0]], 2.0) == 0
    assert surely_better([first, [v - 1.0 for v in first]], 0.0) == 0


def test_the_plans_are_judged_alike_for_the_same_random_source() -> None:
    """The same state, seat and seed give the same values and the same choice (near the end, where
    the strong AI plays the plans on)."""
    state = next(
        s for s in STATES if s.step == "action" and len(legal_actions(s, s.turn)) > 2 and near_the_end(s, LOOKAHEAD)
    )
    plans = list(legal_actions(state, state.turn))[:2]
    first = plan_values(state, state.turn, plans, random.Random(3), LOOK)
    assert plan_values(state, state.turn, plans, random.Random(3), LOOK) == first
    assert choose_strong(state, state.turn, random.Random(4)) == choose_strong(state, state.turn, random.Random(4))


def test_the_plans_do_not_read_the_other_seats_secrets() -> None:
    """Swapping what two other seats hold (their hands, the decks) changes no plan's value: the
    games are played on in worlds dealt from the seat's view (guess.py)."""
    tried = 0
    for n, state in enumerate(STATES):
        if state.step != "action":
            continue
        seat = state.turn
        a, b = (s for s in range(state.players) if s != seat)
        swapped: TakenokoState = GAME.swap_secrets(state, a, b, random.Random(n))
        assert swapped != state
        plans = list(legal_actions(state, seat))[:2]
        assert plan_values(swapped, seat, plans, random.Random(n), LOOK) == plan_values(
            state, seat, plans, random.Random(n), LOOK
        )
        tried += 1
        if tried == 3:
            break
    assert tried == 3


def test_a_bigger_table_plays_on_in_fewer_worlds() -> None:
    """Every seat plays its turns in a game played on, so the look ahead deals 16 worlds at two
    players, 10 at three, 8 at four (a decision's work near a two-player one's), never fewer than
    two; ``plan_values`` returns one result per world dealt."""
    assert [LOOKAHEAD.worlds_at(n) for n in (2, 3, 4)] == [16, 10, 8]
    assert Lookahead(worlds=3).worlds_at(4) == 2
    state = next(s for s in STATES if s.step == "action" and s.players > 2 and len(legal_actions(s, s.turn)) > 1)
    plans = list(legal_actions(state, state.turn))[:2]
    look = Lookahead(worlds=4, plans=2, rounds=1)
    values = plan_values(state, state.turn, plans, random.Random(2), look)
    assert [len(v) for v in values] == [look.worlds_at(state.players)] * 2 and look.worlds_at(state.players) < 4
