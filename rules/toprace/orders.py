"""Top Race standing orders: a private maximum bid, or a pass in advance, for the car on offer
(TR-ORD-1..4), and a standing bidding policy that outlives offers (TR-ORD-5), so that an auction
played over days does not wait for every raise.

One order holds both, set as a whole (TR-ORD-6). Its first form: ``max_bid`` (only while an offer
is open and the seat may bid in it), ``policy`` (a maximum for any car, ``pass`` on every car, or
``none``), ``scope`` (``race``: this race; ``game``: every race of the game) and ``colours``
(``same``, or ``own``: a different maximum for some colours). With ``own`` two more forms follow
(``follow_up``), three cars each: ``car_<edition>_<letter>``, each ``same`` (the policy's
maximum), ``pass`` or an amount. The kept order also holds ``offer`` (the offer ``max_bid`` was
set for) and ``race`` (the race a ``race`` policy was set in).

An order is ``{"max_bid": value}`` with value ``"pass"`` or an amount in dollars (text), plus the
``"offer"`` it was set for (added by ``check``: the race and the offer's number), so that it lapses
when that offer ends even if the next one opens within the same move (TR-ORD-1). On the holder's
bidding turn it plays the minimum legal bid while that is within its limit, else a pass (TR-ORD-2);
what it plays is an ordinary bid or pass (TR-ORD-3), and the limit never reaches the state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg, unfilled
from rules.toprace.actions import PASS, Action, act
from rules.toprace.auction import bid_range
from rules.toprace.data import BID_STEP, CAR_LETTERS, NCARS
from rules.toprace.rules import legal_actions
from rules.toprace.state import TopRaceState

MAX_BID = "max_bid"
"""The one field a player sets: their maximum bid for the car on offer, or a pass in advance."""
OFFER = "offer"
"""The offer an order was set for ('race.offer'), written by ``check``; not a menu field."""
NOT_SET = "none"
"""The field's first value: no order (the player is asked)."""
PASS_VALUE = "pass"
"""A pass in advance (TR-ORD-1)."""
MENU_AMOUNTS = 23
"""Amounts a menu offers: 25 values a Discord menu holds, less 'not set' and 'pass'."""
NICE_STEPS = tuple(m * BID_STEP for m in (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000))
"""Spacings of a thinned menu: round amounts a player would type."""
POLICY, SCOPE, COLOURS, RACE = "policy", "scope", "colours", "race"
"""The policy's fields (TR-ORD-5), and its bookkeeping: the race a ``race`` policy is for."""
SCOPES = ("race", "game")
"""This race, every race of the game."""
SAME, OWN = "same", "own"
"""``colours``: one maximum for every car, or some colours with their own."""
POLICY_WORDS = (NOT_SET, PASS_VALUE)
CAR_WORDS = (SAME, PASS_VALUE)
CARS_PER_FORM = 3
"""Cars in each per-colour form (two forms: a form holds at most five fields)."""
MAX_DIGITS = 12
"""Longest amount ``check`` reads; longer text is refused as absurd before it is parsed."""

_SEPARATORS = re.compile(r"[\s,_$\u00a0\u202f]")
_AMOUNT = re.compile(r"([0-9]+)(k?)")


def _offer_open(state: TopRaceState) -> bool:
    """TR-AUC-1: a driver card is on offer and a seat is asked to bid (DP 1, one or two steps)."""
    return state.phase == "auction" and state.ask in ("bid", "amount")


def _offer_tag(state: TopRaceState) -> str:
    """The open offer's identity: offers are counted per race, re-offers included (TR-AUC-1)."""
    return f"{state.race}.{state.offers}"


def _seated(state: TopRaceState, seat: Seat) -> bool:
    return 0 <= seat < state.players


def _in_offer(state: TopRaceState, seat: Seat) -> bool:
    """TR-ORD-1: an offer is open and ``seat`` may still bid in it (eligible, not passed)."""
    return _seated(state, seat) and _offer_open(state) and not state.passed[seat]


def in_offer(state: TopRaceState, seat: Seat) -> bool:
    """TR-ORD-1: an offer is open and ``seat`` may still bid in it."""
    return _in_offer(state, seat)


NO_POLICY: Order = {"policy": "none", "scope": "race", "colours": "same"}
"""The policy's fields when no policy is set (TR-ORD-5)."""


def menu_amounts(lo: int, hi: int) -> list[int]:
    """Maximum bids a menu offers, from the minimum next bid ``lo`` up to ``hi`` (the holder's
    money): every 10,000 when they fit, else ``lo``, round amounts in between, and ``hi``."""
    if hi < lo:
        return []
    every = list(range(lo, hi + 1, BID_STEP))
    if len(every) <= MENU_AMOUNTS:
        return every
    for step in NICE_STEPS:
        inner = list(range((lo // step + 1) * step, hi, step))
        if len(inner) + 2 <= MENU_AMOUNTS:
            return [lo, *inner, hi]
    return [lo, hi]


def car_field(state: TopRaceState, car: int) -> str:
    """The field holding one car's own maximum: named by the edition's colour (``car_classic_B``)."""
    return f"car_{state.edition}_{CAR_LETTERS[car]}"


def _money_cap(state: TopRaceState, seat: Seat) -> int:
    return max((state.money[seat] // BID_STEP) * BID_STEP, BID_STEP)


def fields(state: TopRaceState, seat: Seat) -> Sequence[FieldSpec]:
    """The first form: during an offer a seat still in it may set a maximum bid or pass in advance
    (TR-ORD-1); at any time until the game is over, the standing policy (TR-ORD-5). The amounts
    depend on the high bid and the seat's own money only."""
    if not _seated(state, seat) or state.phase == "over":
        return []
    found = []
    if _in_offer(state, seat):
        lo = max(state.high + BID_STEP, BID_STEP)
        hi = (state.money[seat] // BID_STEP) * BID_STEP
        amounts = tuple(str(amount) for amount in menu_amounts(lo, hi))
        found.append(FieldSpec(name=MAX_BID, choices=(NOT_SET, PASS_VALUE, *amounts), default=NOT_SET))
    cap = _money_cap(state, seat)
    found += [
        FieldSpec(name=POLICY, choices=POLICY_WORDS, default=NOT_SET, kind="number", low=BID_STEP, high=cap),
        FieldSpec(name=SCOPE, choices=SCOPES, default="race"),
        FieldSpec(name=COLOURS, choices=(SAME, OWN), default=SAME),
    ]
    return found


def follow_up(state: TopRaceState, seat: Seat, chosen: Order) -> Sequence[FieldSpec]:
    """TR-ORD-5's per-colour maxima, once ``colours`` is ``own``: the next three cars whose field
    is not chosen yet (A–C, then D–F); nothing otherwise."""
    if chosen.get(COLOURS, SAME).strip().lower() != OWN:
        return []
    cap = _money_cap(state, seat)
    for first in range(0, NCARS, CARS_PER_FORM):
        cars = range(first, first + CARS_PER_FORM)
        if any(car_field(state, car) not in chosen for car in cars):
            return [
                FieldSpec(
                    name=car_field(state, car), choices=CAR_WORDS, default=SAME, kind="number", low=BID_STEP, high=cap
                )
                for car in cars
            ]
    return []


def _amount(text: str) -> int:
    """The amount a player typed ('60000', '60,000', '$60 000', '60k'); IllegalAction if none."""
    plain = _SEPARATORS.sub("", text).lower()
    if plain.startswith(("-", "−")):
        raise IllegalAction("toprace.error.order.negative")
    found = _AMOUNT.fullmatch(plain)
    if found is None or len(found[1]) > MAX_DIGITS:
        raise IllegalAction("toprace.error.order.not_amount", value=text[:20])
    return int(found[1]) * (1000 if found[2] else 1)


def _limit(state: TopRaceState, seat: Seat, value: str, words: tuple[str, ...]) -> str:
    """A policy or per-car value as kept: one of ``words``, or an amount within the holder's money,
    rounded down to a bid step."""
    if value in words:
        return value
    amount = _amount(value)
    if amount > state.money[seat]:
        raise IllegalAction("toprace.error.order.above_money", amount=max(state.money[seat], 0))
    limit = (amount // BID_STEP) * BID_STEP
    if limit < BID_STEP:
        raise IllegalAction("toprace.error.order.below_minimum", amount=BID_STEP)
    return str(limit)


def check(state: TopRaceState, seat: Seat, order: Order) -> Order:
    """The order as kept: ``{}`` to cancel (nothing set), else the per-offer part (the pass or the
    limit, rounded down to a bid step, with the offer it is for) and the policy; IllegalAction
    with a reason the player can act on. The order is whole (TR-ORD-6): every field the forms
    offer now is given a value; a missing one is refused, named."""
    if not _seated(state, seat):
        raise IllegalAction("toprace.error.order.not_seated")
    if state.phase == "over":
        raise IllegalAction("toprace.error.order.over")
    chosen = {name: str(value).strip().lower() for name, value in order.items()}
    specs = list(fields(state, seat))
    while all(chosen.get(spec.name) for spec in specs):  # the follow-up forms, as form_fields walks them
        more = follow_up(state, seat, {spec.name: chosen[spec.name] for spec in specs})
        if not more:
            break
        specs += more
    unknown, missing = unfilled(specs, chosen, (OFFER, RACE))
    if unknown and not set(unknown) <= {MAX_BID}:  # a maximum bid out of an offer: said below
        names = ", ".join(spec.name for spec in specs)
        raise IllegalAction("toprace.error.order.unknown_field", name=unknown[0][:20], fields=names)
    if missing:
        raise IllegalAction("toprace.error.order.missing", terms={"field": f"toprace.order.{missing[0]}"})
    kept: Order = {}
    value = chosen.get(MAX_BID, NOT_SET)
    if value not in (NOT_SET, ""):
        if not _offer_open(state):
            raise IllegalAction("toprace.error.order.no_offer")
        if state.passed[seat]:
            raise IllegalAction("toprace.error.order.out_of_offer")
        if value != PASS_VALUE:
            amount = _amount(value)
            money = state.money[seat]
            if amount > money:
                raise IllegalAction("toprace.error.order.above_money", amount=max(money, 0))
            lo = max(state.high + BID_STEP, BID_STEP)
            value = str((amount // BID_STEP) * BID_STEP)
            if int(value) < lo:
                raise IllegalAction("toprace.error.order.below_minimum", amount=lo)
        kept = {MAX_BID: value, OFFER: _offer_tag(state)}
    policy = _limit(state, seat, chosen[POLICY], POLICY_WORDS)
    scope, colours = chosen[SCOPE], chosen[COLOURS]
    if scope not in SCOPES:
        raise IllegalAction("toprace.error.order.scope", value=scope[:20])
    if colours not in (SAME, OWN):
        raise IllegalAction("toprace.error.order.colours", value=colours[:20])
    cars = {
        spec.name: _limit(state, seat, chosen[spec.name], CAR_WORDS) for spec in specs if spec.name.startswith("car_")
    }
    if colours == OWN and all(v == SAME for v in cars.values()):
        colours, cars = SAME, {}
    if policy == NOT_SET and not any(v != SAME for v in cars.values()):
        return kept  # no policy: the per-offer order alone, or nothing (cancelled)
    race = str(state.race)
    return {**kept, POLICY: policy, SCOPE: scope, COLOURS: colours, **cars, RACE: race}


def _policy_limit(state: TopRaceState, order: Order) -> str | None:
    """TR-ORD-5: the policy's maximum for the car on offer (an amount or ``pass``), or None when
    the order holds no policy for it (none set, another race's, or ``none`` for this car)."""
    if POLICY not in order:
        return None
    if order.get(SCOPE) == "race" and order.get(RACE) != str(state.race):
        return None
    car = state.drivers[0] if state.drivers else -1
    own = order.get(car_field(state, car), SAME) if 0 <= car < NCARS else SAME
    value = own if own != SAME else order[POLICY]
    return None if value == NOT_SET else value


def _live_offer(state: TopRaceState, order: Order) -> bool:
    """True while the order's per-offer part is for the open offer (TR-ORD-1)."""
    return bool(order.get(MAX_BID)) and order.get(OFFER) == _offer_tag(state)


def _without_offer(order: Order) -> Order | None:
    """The order once its per-offer part is used up: the policy alone, or None."""
    rest = {k: v for k, v in order.items() if k not in (MAX_BID, OFFER)}
    return rest or None


def keep(state: TopRaceState, seat: Seat, order: Order) -> bool:
    """TR-ORD-1: the per-offer part lives while its offer is open and its holder is still in it;
    TR-ORD-5: a policy lives for its race (``race``) or the whole game (``game``)."""
    if state.phase == "over":
        return False
    if POLICY in order:
        return order.get(SCOPE) == "game" or order.get(RACE) == str(state.race)
    return bool(order.get(MAX_BID)) and _in_offer(state, seat) and order.get(OFFER) == _offer_tag(state)


def _bid_up_to(state: TopRaceState, seat: Seat, value: str) -> Action | None:
    """TR-ORD-2 with the maximum ``value``: a pass in advance passes; else the minimum legal bid if
    it is within the limit and the holder's money (the first step of a two-step bid picks the
    block that holds it), else a pass; None when it cannot decide this step."""
    lo, hi = bid_range(state)
    if value != PASS_VALUE and lo <= int(value) and lo <= hi:
        wanted = act("bid", lo)
        if wanted in legal_actions(state, seat):
            return wanted
        if state.ask == "bid":
            return act("block", 1)  # [D] two-step bid: the first block starts at the minimum
        return None  # the holder picked another block by hand: they choose the amount
    return PASS if state.ask == "bid" else None  # a pass is not a choice at the amount step


def decide(state: TopRaceState, seat: Seat, order: Order) -> tuple[Action | None, Order | None]:
    """TR-ORD-2 on the holder's bidding turn, with the per-offer order's maximum where one is set
    for this offer (it overrides the policy, TR-ORD-5), else the policy's maximum for this car.
    The per-offer part stays for the holder's later turns of the offer after a bid and is used up
    by a pass; the policy stays. None when the order cannot decide this step."""
    if not keep(state, seat, order):
        return None, None
    if seat != state.turn or not _in_offer(state, seat):
        return None, order  # TR-ORD-2: an order only answers the holder's own turns
    if _live_offer(state, order):
        action = _bid_up_to(state, seat, order[MAX_BID])
        return action, (_without_offer(order) if action == PASS else order)
    limit = _policy_limit(state, order)
    if limit is None:
        return None, order
    return _bid_up_to(state, seat, limit), order


def why_stopped(state: TopRaceState, seat: Seat, order: Order) -> Msg | None:
    """The private line when the order leaves a bidding step to its holder: the amount of a
    two-step bid, which a pass cannot answer (the holder picked a block by hand)."""
    asked = seat == state.turn and _in_offer(state, seat) and state.ask == "amount" and keep(state, seat, order)
    if asked and decide(state, seat, order)[0] is None and (_live_offer(state, order) or _policy_limit(state, order)):
        return msg("toprace.order.why.amount")
    return None


def describe(order: Order) -> Msg:
    """The whole order read back in words, for its holder alone (TR-ORD-6): the car on offer's
    maximum or pass, then the policy, its scope and how many colours have their own maximum."""
    value = order.get(MAX_BID, NOT_SET) or NOT_SET
    offer = "max" if value not in (NOT_SET, PASS_VALUE) else value
    params: dict[str, str | int] = {}
    if offer == "max":
        params["amount"] = int(value)
    policy = order.get(POLICY, NOT_SET)
    if policy not in (NOT_SET, PASS_VALUE):
        params["most"] = int(policy)
    shape = "max" if policy not in (NOT_SET, PASS_VALUE) else policy
    own = [k for k, v in order.items() if k.startswith("car_") and v != SAME]
    terms = {}
    if POLICY in order:
        terms["scope"] = f"toprace.order.read.scope.{order.get(SCOPE, 'race')}"
        if own:
            shape += ".own"
            params["n"] = len(own)
    return msg(f"toprace.order.read.{offer}.{shape}", params=params, terms=terms)


def label(field: str, value: str) -> Msg:
    """A menu entry for one value of a field."""
    if field in (MAX_BID, POLICY) or field.startswith("car_"):
        if value == NOT_SET:
            return msg("toprace.order.value_none" if field == MAX_BID else "toprace.order.value_no_policy")
        if value == SAME:
            return msg("toprace.order.value_same")
        if value == PASS_VALUE:
            return msg("toprace.order.value_pass" if field == MAX_BID else "toprace.order.value_pass_all")
        return msg("toprace.order.value_max", params={"amount": int(value)})
    if field in (SCOPE, COLOURS):
        return msg(f"toprace.order.value.{field}.{value}")
    raise ValueError(f"Top Race orders have no field {field!r}")


def up_next(state: TopRaceState) -> Seat | None:
    """Who is asked after the current turn, as the board tells: the next seat clockwise that may
    still bid in the offer (TR-AUC-3), or the next race turn's player (TR-MOVE-1); None at a
    simultaneous bet, a grid placement or the end."""
    if state.phase == "auction" and state.ask in ("bid", "amount"):
        for step in range(1, state.players):
            seat = (state.turn + step) % state.players
            if not state.passed[seat]:
                return seat
        return None
    if state.phase == "race" and state.turn >= 0:
        for step in range(1, state.players + 1):
            seat = (state.turn + step) % state.players
            if not state.skipped[seat]:
                return seat
    return None
