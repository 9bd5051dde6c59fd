"""Racebow pre-moves (RB-PRE-1..3): the next player's turn set early, played as their own clicks."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import MAX_CHOICES, MAX_FORM_FIELDS, Order, replay, rng_for
from rules.racebow import GAME
from rules.racebow.premoves import M1, fields, next_turn, up_next
from rules.racebow.state import RacebowState

ORDERS = GAME.orders
assert ORDERS is not None and ORDERS.suggest is not None and ORDERS.why_stopped is not None


def ai_game(players: int, seed: int) -> list[RacebowState]:
    """Every decision of an AI game."""
    found = []
    state = GAME.start(players, {}, seed)
    ply = 0
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        found.append(state)
        ply += 1
        state, _ = GAME.apply(state, seat, GAME.ai_action(state, seat, rng_for(seed, -ply)), rng_for(seed, ply))
    return found


def test_rb_pre_1_only_the_next_player_may_set_one_among_the_choices_offered() -> None:
    """RB-PRE-1: while another plays, the player up next (RB-SETUP-04) may set a pre-move whose
    parts are among the choices their position offers; nobody else, not the player to act."""
    for state in ai_game(4, 1)[:60]:
        nxt = up_next(state)
        for seat in range(4):
            specs = fields(state, seat)
            assert bool(specs) == (seat == nxt and seat != state.turn)
            if specs:
                assert len(specs) <= MAX_FORM_FIELDS and all(len(s.choices) <= MAX_CHOICES for s in specs)
                suggested = ORDERS.suggest(state, seat)
                assert ORDERS.check(state, seat, suggested) == suggested
                more = ORDERS.follow_up(state, seat, {M1: suggested[M1]})
                assert len(more) <= MAX_FORM_FIELDS
                assert all(Text(loc, ["A", "B", "C", "D"]).msg(ORDERS.describe(suggested)) for loc in ("en", "fr"))


def test_rb_pre_1_the_suggestion_is_whole_at_every_turn_of_a_game() -> None:
    """RB-PRE-1: at every decision of an AI game the form's suggestion for the player up next is a
    whole pre-move that ``check`` keeps, also where the AI's stack action leaves no turbo that the
    form (which follows the position with no stack action) offers: that part is left as "ask"
    (3 players, seed 7: the AI's BOT takes the turbo away at ply 101)."""
    seed, offered_then_unreached = 7, 0
    state = GAME.start(3, {}, seed)
    ply = 0
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        nxt = up_next(state)
        if nxt is not None and nxt != seat:
            suggested = ORDERS.suggest(state, nxt)
            assert ORDERS.check(state, nxt, suggested) == suggested
            offered_then_unreached += suggested.get("then") == "ask" and suggested.get("stack", "ask") != "ask"
        ply += 1
        state, _ = GAME.apply(state, seat, GAME.ai_action(state, seat, rng_for(f"{seed}:ai", ply)), rng_for(seed, ply))
    assert offered_then_unreached


def test_rb_pre_1_the_same_position_always_suggests_the_same_pre_move() -> None:
    """RB-PRE-1, the form: the suggestion is a function of the position (the AI's ties are broken
    by a source of the suggestion's own, not one shared with earlier calls), so a player opening
    the form twice, or the bench replaying a position, sees the same pre-move."""
    checked = 0
    for seed in range(4):
        state = GAME.start(4, {}, seed)
        ply = 0
        while GAME.to_act(state) and ply < 80:
            (seat,) = GAME.to_act(state)
            nxt = up_next(state)
            if nxt is not None and nxt != seat:
                first = ORDERS.suggest(state, nxt)
                assert all(ORDERS.suggest(state, nxt) == first for _ in range(3))
                checked += 1
            ply += 1
            action = GAME.ai_action(state, seat, rng_for(f"{seed}:ai", ply))
            state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
    assert checked > 100


def test_rb_pre_1_up_next_follows_the_round_order() -> None:
    """RB-SETUP-04: the next turn is the next unfinished seat of the round, or the next round's
    first; ``Game.up_next`` says it."""
    state = GAME.start(4, {"rotate_first_player": "on"}, 3)
    assert state.turn == 0 and up_next(state) == 1 and next_turn(state) == (1, 1)
    assert GAME.up_next is up_next


def play_with_premoves(players: int, seed: int) -> tuple[Any, list[Any], list[Any], list[Any], int, int]:
    """A game where the player up next sets the AI's turn as a pre-move at random moments."""
    rng = random.Random(seed)
    state = GAME.start(players, {}, seed)
    initial = state
    held: dict[int, Order] = {}
    log, states, told = [], [], []
    played = dropped = ply = 0
    while GAME.to_act(state):
        nxt = up_next(state)
        if nxt is not None and nxt not in held and rng.random() < 0.5 and fields(state, nxt):
            held[nxt] = ORDERS.suggest(state, nxt)
        (seat,) = GAME.to_act(state)
        action = None
        if seat in held:
            before = held[seat]
            action, left = ORDERS.decide(state, seat, before)
            if left is None:
                del held[seat]
                dropped += ORDERS.why_stopped(state, seat, before) is not None
        if action is None:
            action = GAME.ai_action(state, seat, rng_for(seed, -ply))
        else:
            assert action in GAME.legal_actions(state, seat)
            played += 1
        ply += 1
        state, events = GAME.apply(state, seat, action, rng_for(seed, ply))
        log.append((ply, seat, GAME.action_code(action)))
        states.append(state)
        told.append(events)
        for s in [s for s, o in held.items() if not ORDERS.keep(state, s, o)]:
            dropped += ORDERS.why_stopped(state, s, held[s]) is not None
            del held[s]
    return initial, log, states, told, played, dropped


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_rb_pre_2_3_pre_moves_replay_as_the_same_clicks(players: int, seed: int) -> None:
    """RB-PRE-2/3 (equivalence): a game whose turns partly come from pre-moves reaches exactly the
    states and events of the same log played one click at a time."""
    initial, log, states, told, _, _ = play_with_premoves(players, seed)
    replayed = list(replay(GAME, initial, seed, log))
    assert [r.after for r in replayed] == states
    assert [r.events for r in replayed] == told


def test_rb_pre_2_pre_moves_play_and_some_are_dropped_with_a_reason() -> None:
    """RB-PRE-2: pre-moves play many decisions; when a cell changed or a part is no longer a
    choice they are dropped with a private line (the property above is not vacuous)."""
    played = dropped = 0
    for seed in range(4):
        *_, p, d = play_with_premoves(4, seed)
        played += p
        dropped += d
    assert played > 50


def test_rb_pre_2_a_changed_cell_drops_the_pre_move() -> None:
    """RB-PRE-2: the cell M1 names holds something else when the turn begins: dropped, with why."""
    for state in ai_game(4, 5)[:80]:
        nxt = up_next(state)
        if nxt is None or not fields(state, nxt):
            continue
        order = ORDERS.suggest(state, nxt)
        changed = {**order, "m1_holds": "?"}
        turn = state.model_copy(
            update={"turn": nxt, "step": 1, "ask": "move", "round": int(order["turn"].split(".")[0])}
        )
        assert ORDERS.decide(turn, nxt, changed) == (None, None)
        why = ORDERS.why_stopped(turn, nxt, changed)
        assert why is not None and why.key == "racebow.premove.why.changed"
        action, _ = ORDERS.decide(turn, nxt, order)
        assert action is not None
        return
    raise AssertionError("no position to test")


def test_rb_pre_3_a_timeout_applies_the_pre_move_not_the_ai() -> None:
    """RB-PRE-3: on a timeout the service plays what ``decide`` answers where it decides (as
    bot/timekeeper.py does), which may differ from the AI's move."""
    for state in ai_game(3, 2)[:80]:
        nxt = up_next(state)
        if nxt is None or not fields(state, nxt):
            continue
        specs = fields(state, nxt)
        for code in specs[0].choices:
            order = ORDERS.check(
                state, nxt, {M1: code, **{s.name: "ask" for s in ORDERS.follow_up(state, nxt, {M1: code})}}
            )
            turn = state.model_copy(
                update={"turn": nxt, "step": 1, "ask": "move", "round": int(order["turn"].split(".")[0])}
            )
            action, _ = ORDERS.decide(turn, nxt, order)
            if action is not None and action != GAME.ai_action(turn, nxt, random.Random(0)):
                return
    raise AssertionError("no pre-move differing from the AI was found")
