"""Top Race standing orders (TR-ORD-1..4): a private maximum bid or a pass in advance for the car
on offer. Every clause of the rules, refused input, the equivalence of a game played with orders
and the same log played one click at a time, and secrecy (an order never acts on what its holder
could not see)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import FieldSpec, IllegalAction, Order, ai_player, playout, replay, rng_for
from rules.toprace import GAME, orders
from rules.toprace.actions import PASS, Action, act
from rules.toprace.data import BID_STEP
from rules.toprace.orders import MAX_BID, NO_POLICY, OFFER, decide, describe, keep, label, menu_amounts
from rules.toprace.state import TopRaceState
from tests.rules.toprace.helpers import auction_state, base, keys, play, race_state

ORDERS = GAME.orders
assert ORDERS is not None and ORDERS.plan is not None
PLAN = ORDERS.plan


def check(state: TopRaceState, seat: int, order: Order) -> Order:
    """``orders.check`` on a whole order: ``order`` with no policy (TR-ORD-5) and, unless named,
    no maximum bid."""
    return orders.check(state, seat, {**NO_POLICY, MAX_BID: "none", **order})


def fields(state: TopRaceState, seat: int) -> list[FieldSpec]:
    """The per-offer field of the form (TR-ORD-1), where it is offered."""
    return [spec for spec in orders.fields(state, seat) if spec.name == MAX_BID]


def amounts(state: TopRaceState, seat: int) -> list[str]:
    """The values of the one field ``seat`` may set now."""
    (spec,) = fields(state, seat)
    return list(spec.choices)


def refused(state: TopRaceState, seat: int, order: Order) -> str:
    """The catalogue key of the reason ``check`` gives (it must refuse, with a sentence in both languages)."""
    with pytest.raises(IllegalAction) as err:
        check(state, seat, order)
    for locale in ("en", "fr"):
        assert Text(locale, ["Ann", "Ben", "Cyd"]).msg(err.value.msg)
    return err.value.msg.key.removeprefix("toprace.error.order.")


# -- TR-ORD-1: who may set an order, and when ------------------------------------------------------


def test_tr_ord_1_every_seat_still_in_the_offer_may_set_one_also_out_of_turn() -> None:
    """TR-ORD-1: during an offer every eligible seat that has not passed may set a maximum bid or a
    pass in advance, whoever's turn it is; the menu holds 'not set' first, the pass, then amounts
    from the minimum next bid up to the seat's money."""
    s = base(3)
    assert s.turn == 0
    for seat in range(3):
        values = amounts(s, seat)
        assert values[:3] == ["none", "pass", "10000"] and values[-1] == "200000"
        assert check(s, seat, {MAX_BID: "50000"}) == {MAX_BID: "50000", OFFER: "1.1"}
    s, _ = play(s, 0, "bid:30000")
    assert amounts(s, 1)[2] == "40000"
    assert amounts(s, 0)[2] == "40000"  # the high bidder may plan for the next round too


def test_tr_ord_1_no_order_for_a_seat_out_of_the_offer_or_outside_an_offer() -> None:
    """TR-ORD-1: a seat that has passed, a seat not eligible (TR-AUC-2), any seat when no offer is
    open (the race) and a seat not at the table can set nothing."""
    s = base(3)
    s, _ = play(s, 0, "pass")
    assert fields(s, 0) == [] and refused(s, 0, {MAX_BID: "pass"}) == "out_of_offer"
    capped = auction_state(3, {"A": 0, "B": 0, "C": 1}, "DEF", offers=3)  # seat 0 owns two cars
    assert capped.passed[0] and fields(capped, 0) == [] and fields(capped, 2) != []
    race = race_state(3, hands=[[1], [2], [3]])
    assert all(fields(race, seat) == [] for seat in range(3))
    assert refused(race, 0, {MAX_BID: "50000"}) == "no_offer"
    assert fields(s, 3) == [] and fields(s, -1) == []
    assert refused(s, 3, {MAX_BID: "pass"}) == "not_seated"


def test_tr_ord_1_changed_or_cancelled_any_time_before_it_acts() -> None:
    """TR-ORD-1: an order is replaced by the next one the holder sets, and 'none' cancels it."""
    s = base(3)
    first = check(s, 2, {MAX_BID: "90000"})
    second = check(s, 2, {MAX_BID: "pass"})
    assert first != second and second == {MAX_BID: "pass", OFFER: "1.1"}
    assert check(s, 2, {MAX_BID: "none"}) == {} and check(s, 2, {}) == {}
    assert not keep(s, 2, {}) and decide(s, 2, {}) == (None, None)


def test_tr_ord_1_an_order_lapses_when_its_offer_ends() -> None:
    """TR-ORD-1: kept while the offer runs (other seats' bids and passes), gone once its holder has
    passed, and gone when the car is sold, even though the next offer opens within the same move."""
    s = base(2)
    mine = check(s, 1, {MAX_BID: "30000"})
    bidder = check(s, 0, {MAX_BID: "50000"})
    s, _ = play(s, 0, "bid:10000")
    assert keep(s, 1, mine) and keep(s, 0, bidder)
    s, ev = play(s, 1, "pass")
    assert not keep(s, 1, mine)  # passed by hand: nothing left to order
    assert "sold" in keys(ev) and not keep(s, 0, bidder)  # sold: the buyer places the car
    s, _ = play(s, 0, "grid:0.1")
    assert s.ask == "bid" and fields(s, 0) and not keep(s, 0, bidder)  # the next offer is another
    # No sale: the first offer's orders lapse even though the same car comes back later (TR-AUC-5).
    t = base(2)
    held = check(t, 1, {MAX_BID: "20000"})
    t, _ = play(t, 0, "pass")
    t, ev = play(t, 1, "pass")
    assert "no_sale" in keys(ev) and t.ask == "bid" and not keep(t, 1, held)
    assert check(t, 1, {MAX_BID: "20000"})[OFFER] == "1.2"


def test_tr_ord_1_menu_amounts_fit_one_menu_and_are_round() -> None:
    """TR-ORD-1: a menu holds at most 25 values: 'not set', the pass and up to 23 amounts, from the
    minimum next bid to the holder's money, round amounts in between when thinned."""
    assert menu_amounts(10_000, 200_000) == list(range(10_000, 200_001, 10_000))
    for lo, hi in [(10_000, 2_000_000), (70_000, 1_230_000), (250_000, 480_000), (10_000, 20_000_000)]:
        found = menu_amounts(lo, hi)
        assert len(found) <= 23 and found[0] == lo and found[-1] == hi
        assert found == sorted(set(found)) and all(a % BID_STEP == 0 for a in found)
    assert menu_amounts(210_000, 200_000) == []
    rich = base(2).model_copy(update={"money": (2_000_000, 200_000)})
    assert len(amounts(rich, 0)) <= 25 and amounts(rich, 0)[-1] == "2000000"
    broke = base(2).model_copy(update={"money": (5_000, 200_000)})
    assert amounts(broke, 0) == ["none", "pass"]  # the next bid is beyond the seat's money


# -- bad input -----------------------------------------------------------------------------------


def test_tr_ord_1_bad_orders_are_refused_with_a_reason() -> None:
    """TR-ORD-1: negative, absurd or unreadable limits, limits above the player's money or below the
    next bid, unknown fields and seats not at the table are refused, each with its own reason."""
    s = base(3)
    s, _ = play(s, 0, "bid:40000")
    assert refused(s, 1, {MAX_BID: "-10000"}) == "negative"
    assert refused(s, 1, {MAX_BID: "−10000"}) == "negative"
    assert refused(s, 1, {MAX_BID: "9" * 40}) == "not_amount"
    assert refused(s, 1, {MAX_BID: "lots"}) == "not_amount"
    assert refused(s, 1, {MAX_BID: "1e9"}) == "not_amount"
    assert refused(s, 1, {MAX_BID: "210000"}) == "above_money"
    assert refused(s, 1, {MAX_BID: "40000"}) == "below_minimum"  # the next bid is 50,000
    assert refused(s, 1, {MAX_BID: "0"}) == "below_minimum"
    assert refused(s, 1, {"max": "50000"}) == "unknown_field"
    assert refused(s, 1, {MAX_BID: "50000", "colour": "red"}) == "unknown_field"
    assert refused(s, 7, {MAX_BID: "50000"}) == "not_seated"


def test_tr_ord_1_typed_amounts_are_normalised() -> None:
    """TR-ORD-1: amounts typed as players write them are read, and a limit between two bid steps
    is rounded down to the highest bid it allows."""
    s = base(3)
    for typed, kept in [("65,000", "60000"), ("$70 000", "70000"), ("80k", "80000"), ("70\u202f000", "70000")]:
        assert check(s, 1, {MAX_BID: typed})[MAX_BID] == kept
    assert check(s, 1, {MAX_BID: " PASS "})[MAX_BID] == "pass"
    assert check(s, 1, {MAX_BID: "60000", OFFER: "9.9"})[OFFER] == "1.1"  # the open offer, always


# -- TR-ORD-2: what an order plays ---------------------------------------------------------------


def test_tr_ord_2_a_pass_in_advance_passes_on_the_holders_turn() -> None:
    """TR-ORD-2: a pass in advance plays 'pass' on the holder's turn, and is then used up."""
    s = base(3)
    order = check(s, 0, {MAX_BID: "pass"})
    assert decide(s, 0, order) == (PASS, None)


def test_tr_ord_2_bids_exactly_the_minimum_while_within_the_limit() -> None:
    """TR-ORD-2: the minimum legal bid (10,000 with no bid, else high + 10,000) while it is within
    X, the order staying for the holder's later turns; beyond X, a pass that uses it up."""
    s = base(2)
    order = check(s, 0, {MAX_BID: "30000"})
    assert decide(s, 0, order) == (act("bid", 10_000), order)  # no bid yet: 10,000
    s, _ = play(s, 0, "bid:10000")
    s, _ = play(s, 1, "bid:20000")
    assert decide(s, 0, order) == (act("bid", 30_000), order)  # high + 10,000 = X exactly
    s, _ = play(s, 0, "bid:30000")
    s, _ = play(s, 1, "bid:40000")
    assert decide(s, 0, order) == (PASS, None)


def test_tr_ord_2_never_more_than_the_players_money() -> None:
    """TR-ORD-2: the minimum bid must also be within the player's money, else the order passes."""
    s = base(2).model_copy(update={"high": 200_000, "high_bidder": 1})
    unchecked = {MAX_BID: "500000", OFFER: "1.1"}  # a limit above the money (check refuses it)
    assert decide(s, 0, unchecked) == (PASS, None)


def test_tr_ord_2_plays_a_two_step_bid_one_step_per_call() -> None:
    """TR-ORD-2 with DP 1 in two steps (more than 24 amounts): the first call picks the block that
    holds the minimum bid, the second bids it."""
    s = base(2).model_copy(update={"money": (1_000_000, 200_000)})
    order = check(s, 0, {MAX_BID: "500000"})
    first, kept = decide(s, 0, order)
    assert first == act("block", 1) and kept == order
    s, _ = GAME.apply(s, 0, first, random.Random(0))
    assert s.ask == "amount"
    assert decide(s, 0, order) == (act("bid", 10_000), order)
    # An amount step the holder opened by hand on a block without the minimum: they choose.
    t = base(2).model_copy(update={"money": (1_000_000, 200_000)})
    t, _ = play(t, 0, "block:2")
    assert decide(t, 0, order) == (None, order)


def test_tr_ord_2_turn_order_and_eligibility_are_unchanged() -> None:
    """TR-ORD-2: an order answers only the holder's own turn: out of turn it plays nothing and
    waits; it never makes a seat bid that may not (TR-AUC-2/3)."""
    s = base(3)
    order = check(s, 2, {MAX_BID: "pass"})
    assert decide(s, 2, order) == (None, order)
    s, _ = play(s, 0, "pass")
    s, _ = play(s, 1, "bid:10000")
    assert decide(s, 2, order) == (PASS, None)
    capped = auction_state(3, {"A": 0, "B": 0, "C": 1}, "DEF", offers=3)
    assert decide(capped, 0, {MAX_BID: "50000", OFFER: "1.4"}) == (None, None)


# -- TR-ORD-3 / TR-ORD-4 -------------------------------------------------------------------------


def test_tr_ord_3_an_orders_move_is_the_players_own_bid_or_pass() -> None:
    """TR-ORD-3: what an order plays is logged and told as the player's own bid or pass, and two
    limits that play the same bid leave the same state and events: the limit is never told."""
    s = base(3)
    low, high = check(s, 0, {MAX_BID: "20000"}), check(s, 0, {MAX_BID: "170000"})
    a, _ = decide(s, 0, low)
    b, _ = decide(s, 0, high)
    assert a == b == act("bid", 10_000)
    after_low, told_low = GAME.apply(s, 0, a, rng_for(1, 1))
    after_high, told_high = GAME.apply(s, 0, b, rng_for(1, 1))
    clicked, told = play(s, 0, "bid:10000")
    assert after_low == after_high == clicked and told_low == told_high == told
    assert keys(told) == ["bid"] and told[0].seats == {"seat": 0} and told[0].to is None
    for locale in ("en", "fr"):
        tr = Text(locale, ["Ann", "Ben", "Cyd"])
        assert all("170" not in tr.msg(e) for e in told)
        assert "170" in tr.msg(describe(high))  # the holder alone reads the limit


def test_tr_ord_4_an_order_decides_every_bidding_turn_it_covers() -> None:
    """TR-ORD-4: on every turn of its offer an order gives a move (so a timeout applies the order,
    not the AI): a bid while within the limit, then the pass that ends it."""
    s = base(2)
    order = check(s, 1, {MAX_BID: "60000"})
    bids = 0
    while keep(s, 1, order):
        if s.turn == 1:
            action, after = decide(s, 1, order)
            assert action is not None and action in GAME.legal_actions(s, 1)
            s, _ = GAME.apply(s, 1, action, random.Random(0))
            bids += action.kind == "bid"
            if after is None:
                break
        else:
            s, _ = play(s, 0, f"bid:{s.high + BID_STEP}")
    assert bids == 3  # 20,000, 40,000 and 60,000, then the pass at 80,000
    assert s.ask == "grid" and s.money == (130_000, 200_000)  # seat 0 bought at 70,000


# -- the texts -----------------------------------------------------------------------------------


def test_order_texts_in_both_languages() -> None:
    """The field's name fits 45 characters; every menu value has a label and every order a
    description, in English and French."""
    s = base(3).model_copy(update={"money": (2_000_000, 200_000, 200_000)})
    for locale in ("en", "fr"):
        tr = Text(locale, ["Ann", "Ben", "Cyd"])
        assert 0 < len(tr(f"toprace.order.{MAX_BID}")) <= 45
        for value in amounts(s, 0):
            assert 0 < len(tr.msg(label(MAX_BID, value))) <= 100
            described = tr.msg(describe(check(s, 0, {MAX_BID: value})))
            assert described and "{" not in described
    assert Text("fr", []).msg(describe(check(s, 0, {MAX_BID: "60000"}))).count("60\u202f000") == 1
    with pytest.raises(ValueError):
        label("colour", "red")


# -- equivalence: orders and clicks give the same game ---------------------------------------------


def rule_ord_2(state: TopRaceState, order: Order) -> Action | None:
    """TR-ORD-2 read from the spec, independently of orders.decide, for one bidding step."""
    lo = state.high + BID_STEP if state.high_bidder >= 0 else BID_STEP
    if order[MAX_BID] == "pass":
        return PASS if state.ask == "bid" else None
    if lo <= int(order[MAX_BID]) and lo <= state.money[state.turn]:
        if state.ask == "bid":
            legal = GAME.legal_actions(state, state.turn)
            return act("bid", lo) if act("bid", lo) in legal else act("block", 1)
        return act("bid", lo) if act("bid", lo) in GAME.legal_actions(state, state.turn) else None
    return PASS if state.ask == "bid" else None


def random_order(state: TopRaceState, seat: int, rng: random.Random) -> Order | None:
    """A value the seat might pick from its menu, or type: None if it may set nothing now."""
    specs = fields(state, seat)
    if not specs:
        return None
    value = rng.choice(specs[0].choices)
    if rng.random() < 0.2:  # typed: any amount from the high bid to the money, refused or not
        value = str(rng.randint(state.high, max(state.high, state.money[seat])) // 1000 * 1000)
    try:
        return check(state, seat, {MAX_BID: value})
    except IllegalAction:
        return None


def play_with_orders(players: int, seed: int, options: dict[str, str], reset: float) -> tuple[Any, ...]:
    """A game where every seat may hold random orders (re-set at random moments, also out of turn,
    dropped when ``keep`` says so); a seat without an order, or whose order does not decide,
    clicks at random. So that every game has an order that plays, the first seat asked to bid
    sets, right before its turn, a menu value other than 'not set' (the pass or a limit from the
    minimum next bid up to its money: TR-ORD-2 makes it decide). Returns the initial state, the
    log, every state, every ply's events and how many moves orders decided."""
    rng = random.Random(seed)
    initial = GAME.start(players, options, seed)
    held: dict[int, Order] = {}
    state = initial
    log: list[tuple[int, int, str]] = []
    states, told = [initial], []
    decided = 0
    first_bid = True
    while GAME.to_act(state):
        for seat in range(players):
            if rng.random() < reset:
                order = random_order(state, seat, rng)
                if order:
                    held[seat] = order
                elif order == {}:
                    held.pop(seat, None)
        seat = min(GAME.to_act(state))
        if first_bid and state.ask == "bid":
            first_bid = False
            held[seat] = check(state, seat, {MAX_BID: rng.choice(amounts(state, seat)[1:])})
        action = None
        if seat in held:
            expected = rule_ord_2(state, held[seat])
            action, after = decide(state, seat, held[seat])
            assert action == expected, (held[seat], state.ask, state.high)
            if after is None:
                held.pop(seat)
            else:
                held[seat] = after
        if action is None:
            action = rng.choice(list(GAME.legal_actions(state, seat)))
        else:
            decided += 1
            assert action in GAME.legal_actions(state, seat)
        ply = len(log) + 1
        state, events = GAME.apply(state, seat, action, rng_for(seed, ply))
        log.append((ply, seat, GAME.action_code(action)))
        states.append(state)
        told.append(events)
        held = {s: o for s, o in held.items() if keep(state, s, o)}
        assert len(log) < 5_000
    return initial, log, states, told, decided


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    races=st.sampled_from(["1", "3"]),
    reset=st.sampled_from([0.05, 0.3, 0.9]),
)
def test_tr_ord_equivalence_orders_replay_as_clicks(players: int, seed: int, races: str, reset: float) -> None:
    """TR-ORD-2/3 equivalence: a game where seats act through random orders reaches exactly the
    states, events, log and outcome of the same (seat, move) log replayed one click at a time."""
    initial, log, states, told, decided = play_with_orders(players, seed, {"races": races}, reset)
    replayed = list(replay(GAME, initial, seed, log))
    assert [r.after for r in replayed] == states[1:]
    assert [r.events for r in replayed] == told
    assert GAME.outcome(replayed[-1].after) == GAME.outcome(states[-1]) is not None
    assert decided > 0  # an order did play (the first bidder's, by construction)


def test_tr_ord_equivalence_holds_with_many_orders() -> None:
    """TR-ORD-2: the property test's game plays a good share of its auction through orders."""
    _, log, _, _, decided = play_with_orders(4, 11, {"races": "3"}, 0.9)
    bids = sum(1 for _, _, code in log if code == "pass" or code.startswith(("bid", "block")))
    assert decided >= bids // 3


# -- secrecy ---------------------------------------------------------------------------------------


def auction_states(players: int, seed: int) -> list[TopRaceState]:
    """Every state of an AI game where a driver card is on offer."""
    state = GAME.start(players, {"races": "3"}, seed)
    found = []
    for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
        if ply.before.ask in ("bid", "amount"):
            found.append(ply.before)
    return found


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_tr_ord_3_orders_and_plans_never_read_other_seats_secrets(players: int) -> None:
    """TR-ORD-3 (X private, and an order reads only its holder's view): decide and the AI's plan
    give the same answer when two other seats' secrets (hands) are swapped."""
    swaps = 0
    for state in auction_states(players, players)[::2]:
        for seat in range(players):
            if not fields(state, seat):
                continue
            planned = PLAN(state, seat, random.Random(3))
            typed = check(state, seat, {MAX_BID: amounts(state, seat)[-1]})
            others = [s for s in range(players) if s != seat]
            for trial in range(3):
                a, b = random.Random(trial).sample(others, 2)
                swapped = GAME.swap_secrets(state, a, b, random.Random(trial))
                swaps += swapped != state
                assert PLAN(swapped, seat, random.Random(3)) == planned
                assert decide(swapped, seat, typed) == decide(state, seat, typed)
                if planned is not None:
                    assert decide(swapped, seat, planned) == decide(state, seat, planned)
    assert swaps > 0


# -- the AI's plan as an order --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_ais_plan_plays_what_the_ai_plays_for_the_whole_offer(players: int) -> None:
    """The AI's plan, set as an order at the AI seat's first look at an offer, plays every one of
    its later turns of that offer exactly as the AI would (what the service and the tempo bench
    rely on), and is None outside an offer."""
    checked = 0
    for seed in range(3):
        state = GAME.start(players, {}, seed)
        plans: dict[int, Order] = {}
        for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
            before = ply.before
            if before.ask not in ("bid", "amount"):
                assert PLAN(before, ply.seat, random.Random(0)) is None
                continue
            for seat in range(players):
                if seat not in plans and fields(before, seat):
                    plan = PLAN(before, seat, random.Random(ply.number))
                    assert plan is not None
                    plans[seat] = plan
            action, _ = decide(before, ply.seat, plans[ply.seat])
            assert action == ply.action, (ply.number, plans[ply.seat], ply.action)
            checked += 1
            plans = {s: o for s, o in plans.items() if keep(ply.after, s, o)}
    assert checked > 20


def test_orders_module_is_the_games_hook() -> None:
    """The bundle's Orders are this module's functions (the service reaches them through GAME)."""
    assert ORDERS.fields is orders.fields and ORDERS.decide is orders.decide and ORDERS.keep is orders.keep
