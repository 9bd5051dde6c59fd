"""Top Race standing orders: a private maximum bid, or a pass in advance, for the car on offer
(TR-ORD-1..4), so that an auction played over days does not wait for every raise.

An order is ``{"max_bid": value}`` with value ``"pass"`` or an amount in dollars (text), plus the
``"offer"`` it was set for (added by ``check``: the race and the offer's number), so that it lapses
when that offer ends even if the next one opens within the same move (TR-ORD-1). On the holder's
bidding turn it plays the minimum legal bid while that is within its limit, else a pass (TR-ORD-2);
what it plays is an ordinary bid or pass (TR-ORD-3), and the limit never reaches the state.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg
from rules.toprace.actions import PASS, Action, act
from rules.toprace.auction import bid_range
from rules.toprace.data import BID_STEP
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


def fields(state: TopRaceState, seat: Seat) -> Sequence[FieldSpec]:
    """TR-ORD-1: during an offer, a seat still in it may set a maximum bid or pass in advance;
    nothing otherwise. The amounts depend on the high bid and the seat's own money only."""
    if not _in_offer(state, seat):
        return []
    lo = max(state.high + BID_STEP, BID_STEP)
    hi = (state.money[seat] // BID_STEP) * BID_STEP
    amounts = tuple(str(amount) for amount in menu_amounts(lo, hi))
    return [FieldSpec(name=MAX_BID, choices=(NOT_SET, PASS_VALUE, *amounts), default=NOT_SET)]


def _amount(text: str) -> int:
    """The amount a player typed ('60000', '60,000', '$60 000', '60k'); IllegalAction if none."""
    plain = _SEPARATORS.sub("", text).lower()
    if plain.startswith(("-", "−")):
        raise IllegalAction("toprace.error.order.negative")
    found = _AMOUNT.fullmatch(plain)
    if found is None or len(found[1]) > MAX_DIGITS:
        raise IllegalAction("toprace.error.order.not_amount", value=text[:20])
    return int(found[1]) * (1000 if found[2] else 1)


def check(state: TopRaceState, seat: Seat, order: Order) -> Order:
    """The order as kept: ``{}`` to cancel, else the pass or the limit (rounded down to a bid
    step) with the offer it is for; IllegalAction with a reason the player can act on."""
    if not _seated(state, seat):
        raise IllegalAction("toprace.error.order.not_seated")
    unknown = sorted(set(order) - {MAX_BID, OFFER})
    if unknown:
        raise IllegalAction("toprace.error.order.unknown_field", name=unknown[0][:20], fields=MAX_BID)
    value = order.get(MAX_BID, NOT_SET).strip().lower()
    if value in (NOT_SET, ""):
        return {}  # TR-ORD-1: cancelled (always allowed: there is nothing to check)
    if not _offer_open(state):
        raise IllegalAction("toprace.error.order.no_offer")
    if state.passed[seat]:
        raise IllegalAction("toprace.error.order.out_of_offer")
    tag = {OFFER: _offer_tag(state)}
    if value == PASS_VALUE:
        return {MAX_BID: PASS_VALUE, **tag}
    amount = _amount(value)
    money = state.money[seat]
    if amount > money:
        raise IllegalAction("toprace.error.order.above_money", amount=max(money, 0))
    limit = (amount // BID_STEP) * BID_STEP
    lo = max(state.high + BID_STEP, BID_STEP)
    if limit < lo:
        raise IllegalAction("toprace.error.order.below_minimum", amount=lo)
    return {MAX_BID: str(limit), **tag}


def keep(state: TopRaceState, seat: Seat, order: Order) -> bool:
    """TR-ORD-1: an order lives while its offer is open and its holder is still in it; it lapses
    when the offer ends (sold, no sale) or once its holder has passed."""
    return bool(order.get(MAX_BID)) and _in_offer(state, seat) and order.get(OFFER) == _offer_tag(state)


def decide(state: TopRaceState, seat: Seat, order: Order) -> tuple[Action | None, Order | None]:
    """TR-ORD-2 on the holder's bidding turn: a pass in advance passes; else the minimum legal
    bid if it is within the limit and the holder's money (the first step of a two-step bid picks
    the block that holds it), else a pass. The order stays for the holder's later turns of the
    offer after a bid; it is used up by a pass. None when the order cannot decide this step."""
    if not keep(state, seat, order):
        return None, None
    if seat != state.turn:
        return None, order  # TR-ORD-2: an order only answers the holder's own turns
    value = order[MAX_BID]
    lo, hi = bid_range(state)
    if value != PASS_VALUE and lo <= int(value) and lo <= hi:
        wanted = act("bid", lo)
        legal = legal_actions(state, seat)
        if wanted in legal:
            return wanted, order
        if state.ask == "bid":
            return act("block", 1), order  # [D] two-step bid: the first block starts at the minimum
        return None, order  # the holder picked another block by hand: they choose the amount
    if state.ask == "bid":
        return PASS, None
    return None, order  # a pass is not a choice at the amount step: the holder is asked


def describe(order: Order) -> Msg:
    """The order in words, for its holder alone."""
    value = order.get(MAX_BID, NOT_SET)
    if value == PASS_VALUE:
        return msg("toprace.order.describe_pass")
    if value in (NOT_SET, ""):
        return msg("toprace.order.describe_none")
    return msg("toprace.order.describe_max", params={"amount": int(value)})


def label(field: str, value: str) -> Msg:
    """A menu entry for one value of the ``max_bid`` field."""
    if field != MAX_BID:
        raise ValueError(f"Top Race orders have no field {field!r}")
    if value == NOT_SET:
        return msg("toprace.order.value_none")
    if value == PASS_VALUE:
        return msg("toprace.order.value_pass")
    return msg("toprace.order.value_max", params={"amount": int(value)})
