"""The end-of-turn preference (rules/takenoko/orders.py): its four clauses, refused input, that a
game played through it is the same game as its log replayed click by click, and that it never
acts on what its holder cannot see. Takenoko's spec has no rule ID for it: the tests are named
``test_preference_*``, after the clauses of orders.py's docstring."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import LOCALES, Text, catalogue
from rules.engine import IllegalAction, Order, Seat, replay, rng_for
from rules.takenoko import GAME, orders
from rules.takenoko.actions import ACT, END, VALIDATE
from rules.takenoko.state import TakenokoState
from tests.rules.takenoko.helpers import board, play, plot, position

GARDEN = [plot("G", 1, 0, 1), plot("Y", 1, -1, 1), plot("P", 0, -1, 1)]
DONE = ("irrigation", "objective")
"""Two actions used: the turn has no action left (TK-ACT-02)."""
ON: Order = {"auto_end": "on"}
ALWAYS: Order = {"auto_end": "always"}
assert GAME.orders is not None
ORDERS = GAME.orders


def done(hand: tuple[str, ...], eaten: tuple[int, int, int] = (2, 0, 0), **changes: object) -> TakenokoState:
    """Seat 0 to play with its actions done, ``hand`` in hand and ``eaten`` on its board."""
    boards = {0: board(eaten=eaten), **changes.pop("boards", {})}  # type: ignore[dict-item]
    changes = {"garden": GARDEN, "used": DONE, **changes}
    return position(hands={0: hand, 1: ("PA-PP-1",)}, boards=boards, turn=0, **changes)  # type: ignore[arg-type]


def codes_of(state: TakenokoState, seat: Seat = 0) -> list[str]:
    return [GAME.action_code(a) for a in GAME.legal_actions(state, seat)]


# -- clause 1: set, changed or cancelled at any time by a seated player; it lasts -----------------------
def test_preference_may_be_set_by_any_seated_player_at_any_time_until_the_game_is_over() -> None:
    """Clause 1: the field is offered to every seat, on its turn or not, with "off" (not set) first;
    nothing once the game is over or to someone not seated."""
    state = position(3, garden=GARDEN)
    for seat in range(3):
        (spec,) = ORDERS.fields(state, seat)
        assert spec.name == "auto_end" and spec.choices == ("off", "on", "always") and spec.default == "off"
        assert ORDERS.check(state, seat, {"auto_end": "on"}) == ON
        assert ORDERS.check(state, seat, {"auto_end": "off"}) == {"auto_end": "off"}  # cancelled
    assert ORDERS.fields(state, 3) == () and ORDERS.fields(state, -1) == ()
    over = state.model_copy(update={"step": "over"})
    assert all(ORDERS.fields(over, seat) == () for seat in range(3))


def test_preference_lasts_for_the_rest_of_the_game() -> None:
    """Clause 1: kept after every move until the game is over; an order set to "off" is no order."""
    state = done(("PA-GG-1",))
    assert ORDERS.keep(state, 0, ON) and ORDERS.keep(state, 1, ALWAYS)
    # The one card that holds is validated at once, then the empty hand's lone END plays itself.
    after, _ = play(state, "act:validate")
    assert after.turn == 1 and ORDERS.keep(after, 0, ON)
    assert not ORDERS.keep(after, 0, {"auto_end": "off"})
    over = after.model_copy(update={"step": "over"})
    assert not ORDERS.keep(over, 0, ON)
    assert ORDERS.decide(over, 0, ON) == (None, None)


def test_preference_values_are_normalised() -> None:
    """``check`` keeps every field, in lower case; an empty order is the field's "not set"."""
    state = position()
    assert ORDERS.check(state, 0, {"auto_end": " ON "}) == ON
    assert ORDERS.check(state, 1, {"auto_end": "Always"}) == ALWAYS
    assert ORDERS.check(state, 0, {}) == {"auto_end": "off"}


@pytest.mark.parametrize(
    ("seat", "order", "key"),
    [
        (0, {"auto_end": "-1"}, "takenoko.order.error.value"),  # negative
        (0, {"auto_end": "999999"}, "takenoko.order.error.value"),  # absurd
        (0, {"auto_end": "maybe"}, "takenoko.order.error.value"),
        (0, {"auto_end": ""}, "takenoko.order.error.value"),
        (0, {"max_bid": "3"}, "takenoko.order.error.field"),  # unknown field (another game's)
        (0, {"auto_end": "on", "drop_at": "6"}, "takenoko.order.error.field"),
        (2, {"auto_end": "on"}, "takenoko.order.error.not_seated"),
        (-1, {"auto_end": "on"}, "takenoko.order.error.not_seated"),
    ],
)
def test_preference_refuses_bad_input_with_a_reason(seat: Seat, order: Order, key: str) -> None:
    """Refused with a reason the player can act on, in both languages. Takenoko's order holds no
    number, so a negative, absurd or above-the-means value is refused as an unknown value."""
    with pytest.raises(IllegalAction) as refused:
        ORDERS.check(position(), seat, order)
    assert refused.value.msg.key == key
    for locale in LOCALES:
        said = Text(locale, ["Ann", "Bea"]).msg(refused.value.msg)
        assert "{" not in said and (key.endswith("not_seated") or "auto_end" in said or "on" in said)


def test_preference_refuses_an_order_once_the_game_is_over() -> None:
    """Wrong phase: there is nothing left to order once the game is over."""
    over = position().model_copy(update={"step": "over"})
    with pytest.raises(IllegalAction) as refused:
        ORDERS.check(over, 0, ON)
    assert refused.value.msg.key == "takenoko.order.error.over"


# -- clause 2: what the preference plays ----------------------------------------------------------------
def test_preference_ends_the_turn_once_the_actions_are_done() -> None:
    """Clause 2: with nothing that holds, END at once."""
    state = done(("PA-YY-1",))
    assert codes_of(state) == ["end"]  # asked: the public offer shows VALIDATE too
    for order in (ON, ALWAYS):
        assert ORDERS.decide(state, 0, order) == (END, order)
    assert ORDERS.decide(state, 0, {"auto_end": "off"}) == (None, {"auto_end": "off"})


def test_preference_validates_every_card_that_holds_best_first_then_ends() -> None:
    """Clause 2: VALIDATE while a card holds, the card worth the most first (the panda sections go to
    the best card: PA-GYP, 6 points, before PA-GG, 3), then END."""
    state = done(("PA-GG-1", "PA-GYP-1", "PA-YY-1"), eaten=(2, 1, 1))
    moves = []
    while state.turn == 0:
        action, kept = ORDERS.decide(state, 0, ON)
        assert action is not None and action in GAME.legal_actions(state, 0) and kept == ON
        moves.append(GAME.action_code(action))
        state, _ = GAME.apply(state, 0, action, rng_for(1, len(moves)))
    assert moves == ["act:validate", "val:PA-GYP-1", "end"]
    assert state.done[0] == ("PA-GYP-1",) and state.boards[0].eaten == (1, 0, 0)


def test_preference_validates_every_card_that_holds() -> None:
    """Clause 2: every card that holds, one after the other (the last one alone is validated as
    soon as VALIDATE is chosen: a single choice is not asked)."""
    state = done(("PA-GG-1", "PA-GG-2", "PA-PP-1"), eaten=(4, 0, 0))
    played = []
    while state.turn == 0:
        action, _ = ORDERS.decide(state, 0, ALWAYS)
        assert action is not None
        played.append(GAME.action_code(action))
        state, _ = GAME.apply(state, 0, action, rng_for(2, len(played)))
    assert played == ["act:validate", "val:PA-GG-1", "act:validate", "end"]
    assert state.done[0] == ("PA-GG-1", "PA-GG-2")


def test_preference_waits_while_an_action_is_left() -> None:
    """Clause 2: the actions are the player's: before the second action, while SUN's third is left,
    and at the weather, the order does not decide."""
    one = done(("PA-GG-1",), used=("irrigation",))
    sun = done(("PA-GG-1",), condition="SUN")
    wind = done(("PA-GG-1",), used=("panda",), condition="WIND")
    rain = done(("PA-GG-1",), used=(), step="rain", condition="RAIN", round=3)
    for state in (one, sun, wind, rain):
        assert ORDERS.decide(state, 0, ALWAYS) == (None, ALWAYS)
    # Once SUN's third action is taken, the turn has nothing left: the order ends it.
    third, _ = play(sun, "act:panda", "tile:1,0")
    assert third.turn == 0 and ORDERS.decide(third, 0, ALWAYS) == (ACT["validate"], ALWAYS)


def test_preference_forfeits_nothing_a_player_could_still_do() -> None:
    """Clause 2: "done" is the rules' own (TK-ACT-04): with one action used and none left legal, the
    turn may end, and the order ends it."""
    stuck = done(("PA-YY-1",), used=("objective",), plots=(), canal_supply=0, garden=[])
    assert codes_of(stuck) == ["end"]
    assert ORDERS.decide(stuck, 0, ON) == (END, ON)
    free = done(("PA-YY-1",), used=("objective",), canal_supply=0, garden=[])
    assert codes_of(free) == ["act:plot"] and ORDERS.decide(free, 0, ON) == (None, ON)


def test_preference_on_asks_while_a_canal_or_an_improvement_can_be_placed() -> None:
    """Clause 2: ``on`` asks the player while a free placement is offered (a canal that can go on a
    legal edge, an improvement with a bare plot); ``always`` validates and ends all the same."""
    canal = done(("PA-GG-1", "PA-GG-2"), boards={0: board(canals=1, eaten=(4, 0, 0))})
    bare = [*GARDEN, plot("G", -1, 0, 0)]
    chip = done(("PA-YY-1",), garden=bare, boards={0: board(chips=(0, 1, 0), eaten=(2, 0, 0))})
    assert "act:place_canal" in codes_of(canal) and "act:place_chip" in codes_of(chip)
    for state in (canal, chip):
        assert ORDERS.decide(state, 0, ON) == (None, ON)
    assert ORDERS.decide(canal, 0, ALWAYS) == (ACT["validate"], ALWAYS)
    assert ORDERS.decide(chip, 0, ALWAYS) == (END, ALWAYS)
    # A validation the player opens themselves is theirs to make.
    opened, _ = play(canal, "act:validate")
    assert opened.step == "validate" and ORDERS.decide(opened, 0, ON) == (None, ON)
    assert ORDERS.decide(opened, 0, ALWAYS) == (VALIDATE["PA-GG-1"], ALWAYS)
    # A canal with no legal edge is no placement: the order ends the turn.
    nowhere = done(("PA-YY-1",), garden=[plot("G", 1, 0, 1)], boards={0: board(canals=1)})
    assert "act:place_canal" not in codes_of(nowhere) and ORDERS.decide(nowhere, 0, ON) == (END, ON)


def test_preference_decides_only_its_holders_own_turn() -> None:
    """Clause 2: another seat's turn is never decided by this seat's order."""
    state = done(("PA-GG-1",))
    assert ORDERS.decide(state, 1, ALWAYS) == (None, ALWAYS)


# -- clause 3: the player's own move, private --------------------------------------------------------------
def test_preference_plays_the_players_own_move_and_says_nothing_of_itself() -> None:
    """Clause 3: a move the order plays is the move clicked (same state, same events), and no event
    names the order: it is private to its holder, described to them alone."""
    state = done(("PA-GG-1",))
    action, _ = ORDERS.decide(state, 0, ON)
    assert action is not None
    by_order = GAME.apply(state, 0, action, rng_for(3, 1))
    by_click = GAME.apply(state, 0, GAME.parse_action("act:validate"), rng_for(3, 1))
    assert by_order == by_click
    assert not any(".order." in e.key for e in by_order[1])
    for locale in LOCALES:
        entries = catalogue(locale)
        for value in orders.VALUES:
            assert f"takenoko.order.describe.{value}" in entries
            assert Text(locale, ["Ann"]).msg(ORDERS.describe({"auto_end": value}))


def test_preference_menu_texts() -> None:
    """Each field is named in at most 45 characters and each of its values has a menu label."""
    for locale in LOCALES:
        entries = catalogue(locale)
        for spec in ORDERS.fields(position(), 0):
            assert len(entries[f"takenoko.order.{spec.name}"]) <= 45
            for value in spec.choices:
                label = ORDERS.label(spec.name, value)
                assert label.key in entries and len(entries[label.key]) <= 80


# -- clause 4: a timeout applies the order ------------------------------------------------------------------
def test_preference_decides_every_decision_of_its_scope_so_a_timeout_can_apply_it() -> None:
    """Clause 4: where the order decides, a timeout plays the order's move (validating first),
    never the bare END the clock's skip would play."""
    state = done(("PA-GG-1",))
    assert GAME.skip is not None and GAME.skip(state, 0) == END
    assert ORDERS.decide(state, 0, ON)[0] == ACT["validate"]


# -- TK-END-06 with the order on: last turns past round 100 ------------------------------------------------
def test_preference_ends_last_turns_past_round_100() -> None:
    """TK-END-06 (and clause 2): the Emperor was taken in round 100; the other seats' last turns,
    which run into round 101, are played, here ended by their order."""
    state = position(3, garden=GARDEN, round=100, emperor=0, used=DONE, hands={0: (), 1: ("PA-YY-1",), 2: ()})
    state = state.model_copy(update={"turn": 1, "first": 2})
    action, _ = ORDERS.decide(state, 1, ON)
    assert action == END
    after, _ = GAME.apply(state, 1, action, rng_for(4, 1))
    assert after.step != "over" and after.turn == 2 and after.round == 101


# -- equivalence and secrecy: property tests ------------------------------------------------------------------
def play_with_orders(
    seed: int, players: int, holders: frozenset[Seat]
) -> tuple[list[tuple[Seat, str]], list[TakenokoState]]:
    """A whole game of random clicks where the seats in ``holders`` hold random preferences, set
    again at random moments, played through ``decide`` on their turns and dropped when ``keep``
    says so: the log of (seat, code) and the state after each move."""
    chooser = random.Random(seed)
    state = GAME.start(players, {"pros_variant": "on" if seed % 2 else "off"}, seed)
    held: dict[Seat, Order] = {}
    log: list[tuple[Seat, str]] = []
    states: list[TakenokoState] = []
    while GAME.to_act(state):
        assert len(log) < 5000, "the game did not end"
        for seat in holders:
            if seat not in held or chooser.random() < 0.02:
                held[seat] = ORDERS.check(state, seat, {"auto_end": chooser.choice(orders.VALUES)})
        seat = min(GAME.to_act(state))
        legal = list(GAME.legal_actions(state, seat))
        action = None
        if seat in held:
            action, after = ORDERS.decide(state, seat, held[seat])
            if after is None:
                del held[seat]
        if action is None:
            action = chooser.choice(legal)
        assert action in legal
        log.append((seat, GAME.action_code(action)))
        state, _ = GAME.apply(state, seat, action, rng_for(seed, len(log)))
        states.append(state)
        for holder in list(held):
            if not ORDERS.keep(state, holder, held[holder]):
                del held[holder]
    return log, states


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), holders=st.sets(st.integers(0, 3), min_size=1))
def test_preference_games_are_their_logs_replayed_click_by_click(seed: int, players: int, holders: set[int]) -> None:
    """Equivalence: a game where some seats' orders play for them reaches exactly the states, log and
    outcome of the same (seat, action) log replayed one click at a time."""
    log, states = play_with_orders(seed, players, frozenset(s for s in holders if s < players))
    initial = GAME.start(players, {"pros_variant": "on" if seed % 2 else "off"}, seed)
    replayed = list(replay(GAME, initial, seed, [(n, seat, code) for n, (seat, code) in enumerate(log, start=1)]))
    assert [r.after for r in replayed] == states
    assert [(r.seat, r.code) for r in replayed] == log
    assert GAME.outcome(replayed[-1].after) == GAME.outcome(states[-1]) is not None


def decisions(seed: int, players: int) -> list[TakenokoState]:
    """The states of a random game where an order is set for the seat to act, at every decision."""
    _, states = play_with_orders(seed, players, frozenset(range(players)))
    return [s for s in states if s.step != "over"]


@pytest.mark.parametrize("seed", [11, 12])
def test_preference_never_reads_what_its_holder_cannot_see(seed: int) -> None:
    """Secrecy: ``decide`` and ``plan`` answer the same when the other seats' secrets are swapped
    (their hands, the decks), so an order never acts on information its holder could not see;
    and the moment it acts (decides at all) does not depend on its holder's own hand either."""
    swapper = random.Random(seed)
    checked = acted = 0
    for state in decisions(seed, 4):
        holder = state.turn
        others = [s for s in range(4) if s != holder]
        a, b = swapper.sample(others, 2)
        swapped = GAME.swap_secrets(state, a, b, random.Random(swapper.random()))
        mine = GAME.swap_secrets(state, holder, a, random.Random(swapper.random()))
        assert ORDERS.plan is not None
        assert ORDERS.plan(swapped, holder, random.Random(1)) == ORDERS.plan(state, holder, random.Random(1))
        for order in (ON, ALWAYS):
            action, kept = ORDERS.decide(state, holder, order)
            assert ORDERS.decide(swapped, holder, order) == (action, kept)
            if state.step == "action":
                assert (ORDERS.decide(mine, holder, order)[0] is None) == (action is None)
            checked += 1
            acted += action is not None
    assert checked > 500 and acted > 50


@pytest.mark.parametrize("players", [3])
def test_preference_plan_plays_what_the_ai_plays(players: int) -> None:
    """The AI's plan as an order: wherever ``decide(plan(...))`` decides in an all-AI game, it plays
    exactly the AI's own move, so an AI seat (or a player following the AI) may set it for good."""
    assert ORDERS.plan is not None
    seed = 31 + players  # a game with many moments where the plan decides (more than 10)
    state = GAME.start(players, {}, seed)
    decided = 0
    ply = 0
    while GAME.to_act(state):
        ply += 1
        seat = state.turn
        rng = rng_for(f"{seed}:ai", ply)
        planned = ORDERS.plan(state, seat, random.Random(0))
        assert planned is not None and ORDERS.check(state, seat, planned) == planned
        ai = GAME.ai_action(state, seat, rng)
        action, _ = ORDERS.decide(state, seat, planned)
        if action is not None:
            assert action == ai
            decided += 1
        state, _ = GAME.apply(state, seat, ai, rng_for(seed, ply))
    assert decided > 10


# -- the form's suggestion and who plays next (the heads-up) ----------------------------------------------
def test_preference_form_suggests_the_gentle_rule_from_any_seat_until_the_game_is_over() -> None:
    """Clause 1, the form: pre-filled with ``on`` (the AI's own way of ending its turns), a whole
    order that ``check`` keeps as it is; nothing once the game is over or for someone not seated."""
    assert ORDERS.suggest is not None
    state = position(3, garden=GARDEN)
    for seat in range(3):
        assert ORDERS.suggest(state, seat) == ON == ORDERS.check(state, seat, ORDERS.suggest(state, seat))
    assert ORDERS.suggest(state, 3) == {}
    assert ORDERS.suggest(state.model_copy(update={"step": "over"}), 0) == {}


def test_up_next_is_the_next_seat_clockwise_until_the_last_turn() -> None:
    """The heads-up's target: the next seat clockwise (TK-SETUP-04), also into a new round; nobody
    for the last turn before the Emperor's holder (TK-END-02), the last turn of round 100 without
    the Emperor (TK-END-06), or once the game is over."""
    assert GAME.up_next is orders.up_next
    state = position(3, garden=GARDEN)
    assert [orders.up_next(state.model_copy(update={"turn": t, "first": 0})) for t in range(3)] == [1, 2, 0]
    assert orders.up_next(state.model_copy(update={"turn": 1, "emperor": 2})) is None
    assert orders.up_next(state.model_copy(update={"turn": 1, "emperor": 1})) == 2
    assert orders.up_next(state.model_copy(update={"turn": 2, "first": 0, "round": 100, "emperor": -1})) is None
    assert orders.up_next(state.model_copy(update={"turn": 2, "first": 0, "round": 100, "emperor": 1})) == 0
    assert orders.up_next(state.model_copy(update={"step": "over"})) is None


@pytest.mark.parametrize("players", [2])
def test_up_next_names_who_the_game_then_asks(players: int) -> None:
    """Along an AI game, whenever ``up_next`` names a seat, the next turn is that seat's; it never
    names a seat when the game ends after the current turn."""
    seed = 50 + players
    state = GAME.start(players, {}, seed)
    ply = 0
    named = None
    checked = 0
    while GAME.to_act(state):
        ply += 1
        seat = state.turn
        if named is None or seat != named[0]:
            if named is not None:
                assert seat == named[1]
                checked += 1
            named = (seat, orders.up_next(state))
        state, _ = GAME.apply(state, seat, GAME.ai_action(state, seat, rng_for(f"{seed}:ai", ply)), rng_for(seed, ply))
    assert named is not None and named[1] is None and checked > 10
