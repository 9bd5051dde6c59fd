"""Top Race's standing bidding policy (TR-ORD-5), orders set as a whole (TR-ORD-6), the form's
suggestion, and who plays next (the heads-up)."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import MAX_CHOICES, MAX_FORM_FIELDS, IllegalAction, Order, form_fields, replay, rng_for
from rules.toprace import GAME, orders
from rules.toprace.actions import PASS, act
from rules.toprace.orders import MAX_BID, NO_POLICY, car_field, up_next
from rules.toprace.state import TopRaceState
from tests.rules.toprace.helpers import base, play

ORDERS = GAME.orders
assert ORDERS is not None and ORDERS.suggest is not None and ORDERS.follow_up is not None


def policy(state: TopRaceState, seat: int, **values: str) -> Order:
    """A whole order: no maximum bid for the offer unless named, the policy's ``values``."""
    given = {**NO_POLICY, **values}
    if orders.in_offer(state, seat):
        given.setdefault(MAX_BID, "none")
    return ORDERS.check(state, seat, given)


def reads(message: Any) -> list[str]:
    """A Msg in both languages."""
    return [Text(locale, ["Ann", "Ben", "Cyd", "Dee"]).msg(message) for locale in ("en", "fr")]


def test_tr_ord_5_a_policy_answers_every_offer_with_that_cars_maximum() -> None:
    """TR-ORD-5: with no per-offer order, the policy bids the minimum while it stays within the
    car's maximum (the colour's own, else any car's) and passes beyond it, offer after offer."""
    s = base(3)
    car = s.drivers[0]
    held = policy(s, 0, policy="30000", scope="race")
    assert ORDERS.decide(s, 0, held) == (act("bid", 10000), held)
    s, _ = play(s, 0, "bid:10000")
    s, _ = play(s, 1, "bid:30000")
    s, _ = play(s, 2, "pass")
    assert ORDERS.decide(s, 0, held) == (PASS, held)  # 40,000 is beyond it; the policy stays
    own = policy(
        s,
        0,
        policy="30000",
        colours="own",
        **{car_field(s, c): "same" for c in range(6)} | {car_field(s, car): "90000"},
    )
    assert ORDERS.decide(s, 0, own) == (act("bid", 40000), own)
    passing = policy(s, 0, policy="pass")
    assert ORDERS.decide(s, 0, passing) == (PASS, passing)


def test_tr_ord_5_a_per_offer_order_overrides_the_policy_for_its_offer_only() -> None:
    """TR-ORD-5: a TR-ORD-1 order set for an offer answers it instead of the policy; once used up
    (a pass), the policy answers the next offers."""
    s = base(3)
    held = policy(s, 0, policy="90000", max_bid="pass")
    action, left = ORDERS.decide(s, 0, held)
    assert action == PASS and left is not None and MAX_BID not in left and left["policy"] == "90000"
    assert ORDERS.keep(s, 0, left)


def test_tr_ord_5_scope_this_race_or_every_race() -> None:
    """TR-ORD-5: a ``race`` policy lapses when its race ends, a ``game`` one lasts to the end."""
    s = base(3, races="3")
    race = policy(s, 0, policy="50000", scope="race")
    game = policy(s, 0, policy="50000", scope="game")
    later = s.model_copy(update={"race": 2})
    assert not ORDERS.keep(later, 0, race) and ORDERS.keep(later, 0, game)
    assert ORDERS.decide(later, 0, race) == (None, None)
    over = s.model_copy(update={"phase": "over"})
    assert not ORDERS.keep(over, 0, game)


def test_tr_ord_6_every_field_is_needed_and_named_when_missing() -> None:
    """TR-ORD-6: an order is set as a whole: each field the forms offer must have a value; a
    missing one is refused, named; an unknown key too. The forms fit Discord's modals."""
    s = base(3)
    whole = {MAX_BID: "none", **NO_POLICY}
    for name in whole:
        for partial in ({k: v for k, v in whole.items() if k != name}, {**whole, name: ""}):
            with pytest.raises(IllegalAction) as caught:
                ORDERS.check(s, 0, partial)
            assert caught.value.msg.key == "toprace.error.order.missing"
            assert caught.value.msg.terms == {"field": f"toprace.order.{name}"} and all(reads(caught.value.msg))
    with pytest.raises(IllegalAction) as caught:
        ORDERS.check(s, 0, {**whole, "limit": "1"})
    assert caught.value.msg.key == "toprace.error.order.unknown_field"
    own = {**whole, "colours": "own"}
    with pytest.raises(IllegalAction) as caught:
        ORDERS.check(s, 0, own)  # the per-colour forms follow: each car needs a value
    assert caught.value.msg.key == "toprace.error.order.missing"
    first = ORDERS.follow_up(s, 0, own)
    second = ORDERS.follow_up(s, 0, {**own, **{spec.name: "same" for spec in first}})
    assert (
        len(first) == len(second) == 3
        and ORDERS.follow_up(s, 0, {**own, **{f.name: "same" for f in (*first, *second)}}) == []
    )
    for specs in (ORDERS.fields(s, 0), first, second):
        assert len(specs) <= MAX_FORM_FIELDS and all(len(spec.choices) <= MAX_CHOICES for spec in specs)
    assert len(form_fields(ORDERS, s, 0, own)) == 4 + 3  # the next form comes once these are filled
    assert len(form_fields(ORDERS, s, 0, {**own, **{f.name: "same" for f in (*first, *second)}})) == 4 + 6
    assert ORDERS.check(s, 0, whole) == {}  # nothing set: cancelled


def test_tr_ord_6_the_read_back_says_the_whole_order() -> None:
    """TR-ORD-6: the order is read back in words, both languages, amounts through Babel."""
    s = base(3)
    cars = {car_field(s, c): "same" for c in range(6)} | {car_field(s, 1): "pass"}
    for values in (
        {"policy": "50000"},
        {"policy": "pass", "scope": "game"},
        {"policy": "50000", "max_bid": "70000"},
        {"policy": "40000", "colours": "own", **cars},
        {"max_bid": "pass"},
    ):
        en, fr = reads(ORDERS.describe(policy(s, 0, **values)))
        assert en and fr
    en, fr = reads(ORDERS.describe(policy(s, 0, policy="50000", scope="game")))
    assert "$50,000" in en and "every race" in en and "50\u202f000" in fr


@pytest.mark.parametrize("players", [3, 5])
def test_tr_ord_6_the_suggestion_is_whole_and_reads_the_seats_own_view(players: int) -> None:
    """TR-ORD-6 and §6: the pre-filled order is one ``check`` keeps, sets a policy during the
    auction, and is the same when other seats' hands are swapped (``Secrets.swap``)."""
    s = base(players)
    checked = 0
    seed = 0
    while s.phase == "auction" and checked < 30:
        for holder in range(players):
            suggested = ORDERS.suggest(s, holder)
            assert ORDERS.check(s, holder, suggested) == suggested
            a, b = random.Random(seed).sample([x for x in range(players) if x != holder], 2)
            swapped = GAME.swap_secrets(s, a, b, random.Random(seed))
            assert ORDERS.suggest(swapped, holder) == suggested
            checked += 1
        (seat,) = GAME.to_act(s)
        seed += 1
        s, _ = GAME.apply(s, seat, GAME.ai_action(s, seat, rng_for(seed, -1)), rng_for(seed, 1))
    assert checked >= 10


def test_tr_ord_5_the_suggested_policy_holds_for_the_whole_grand_prix_until_its_last_race() -> None:
    """TR-ORD-5 and TR-GP-1: in a Grand Prix the pre-filled policy is for every race of the game
    (its maxima then answer the next race's first offers, until its holder looks again), in the
    last race for that race; one race: for the race. Kept as suggested either way."""
    gp = base(4, races="3")
    for seat in range(4):
        suggested = ORDERS.suggest(gp, seat)
        assert suggested["scope"] == "game" and ORDERS.check(gp, seat, suggested) == suggested
    last = gp.model_copy(update={"race": 3})
    assert ORDERS.suggest(last, 1)["scope"] == "race"
    assert ORDERS.suggest(base(4), 1)["scope"] == "race"


def test_up_next_is_the_next_bidder_then_the_next_player() -> None:
    """The heads-up's target: the next seat still in the offer (TR-AUC-3), the next race turn
    (TR-MOVE-1); nobody at a simultaneous bet."""
    s = base(3)
    assert s.turn == 0 and up_next(s) == 1
    s, _ = play(s, 0, "pass")
    assert up_next(s) == 2
    assert GAME.up_next is up_next


# -- equivalence ------------------------------------------------------------------------------------
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_tr_ord_5_policies_replay_as_clicks(players: int, seed: int) -> None:
    """TR-ORD-3/5 (equivalence): a game where every seat's bids come from random policies and
    per-offer orders reaches exactly the states and events of the same log clicked."""
    rng = random.Random(seed)
    state = GAME.start(players, {"races": "3"}, seed)
    initial = state
    held: dict[int, Order] = {}
    log, states, told = [], [], []
    answered = ply = 0
    while GAME.to_act(state):
        for seat in range(players):
            if state.phase != "over" and (seat not in held or rng.random() < 0.1):
                cap = max(state.money[seat] // 10000, 1)
                values = {
                    "policy": rng.choice(["pass", str(10000 * rng.randint(1, cap))]),
                    "scope": rng.choice(["race", "game"]),
                }
                if orders.in_offer(state, seat) and rng.random() < 0.3:
                    values[MAX_BID] = "pass"
                with contextlib.suppress(IllegalAction):
                    held[seat] = policy(state, seat, **values)
        seat = min(GAME.to_act(state))
        action = None
        if seat in held:
            action, left = ORDERS.decide(state, seat, held[seat])
            if left is None:
                del held[seat]
            else:
                held[seat] = left
        if action is None:
            action = rng.choice(list(GAME.legal_actions(state, seat)))
        else:
            assert action in GAME.legal_actions(state, seat)
            answered += 1
        ply += 1
        state, events = GAME.apply(state, seat, action, rng_for(seed, ply))
        log.append((ply, seat, GAME.action_code(action)))
        states.append(state)
        told.append(events)
        held = {s: o for s, o in held.items() if ORDERS.keep(state, s, o)}
    replayed = list(replay(GAME, initial, seed, log))
    assert [r.after for r in replayed] == states
    assert [r.events for r in replayed] == told
    assert answered > 0
