"""Top Race AI: bids by what its own hand lets it do with a car, plays each card by looking at
where it leaves the race, bets on the car with the best expected payout.

Its judgement of a position is ``estimate.value`` (expected money less the rivals', from its own
view); every move it weighs is played forward on a ``determinize``-d copy of the state, so it never
reads a hand or a bet it could not see. Its bidding is a limit fixed for the whole offer, so that it
is also its standing order (``plan``, TR-ORD-2).
"""

from __future__ import annotations

import random

from rules.engine import Order, trusted, with_item
from rules.toprace import estimate, orders
from rules.toprace.actions import Action
from rules.toprace.data import BET_NONE, BID_STEP, CARD, JOKER, NCARS, TIP_PAYOUT
from rules.toprace.rules import apply, legal_actions
from rules.toprace.state import TopRaceState

CAR_VALUE = 85_000
"""What an average car earns its owner (§1.4 prizes, as the AI plays it)."""
POINT_VALUE = 3_500
"""What each point of the hand for a car, beyond the hand's average per car, adds to its value."""
JOKER_VALUE = 800
"""What each joker point of the hand adds to any car the AI buys (it steers jokers to its cars)."""
MARGIN = 10_000
"""The AI's limit stays this far below a car's value."""
_STEPS = ("mode", "joker", "end")
"""The decisions inside the resolution of one card."""


def hand_points(state: TopRaceState, seat: int) -> tuple[list[float], float]:
    """Points the seat's own hand holds for each car, and its joker points."""
    pts = [0.0] * NCARS
    joker = 0.0
    for cid in state.hands[seat]:
        for car, value in CARD[cid].slots:
            if car == JOKER:
                joker += value
            else:
                pts[car] += value
    return pts, joker


def car_value(state: TopRaceState, seat: int, car: int) -> float:
    """What the car on offer is worth to ``seat``: an average car's earnings, more when the hand
    holds more points for it than for the others (the owner plays them while it runs free)."""
    pts, joker = hand_points(state, seat)
    mean = sum(pts) / NCARS
    return CAR_VALUE + POINT_VALUE * (pts[car] - mean) + JOKER_VALUE * joker


def bid_limit(state: TopRaceState, seat: int) -> int:
    """The most ``seat`` would pay for the car on offer, in whole bid steps, within its money.

    It reads only what stays fixed during an offer (the hand, the car, the money), so one limit
    answers every turn of the offer: it is the AI's standing order (TR-ORD-2)."""
    limit = min(car_value(state, seat, state.drivers[0]) - MARGIN, float(state.money[seat]))
    return max(0, int(limit // BID_STEP) * BID_STEP)


def plan(state: TopRaceState, seat: int, rng: random.Random) -> Order | None:
    """The AI's bidding for the open offer as a standing order (TR-ORD): its limit, or a pass in
    advance when the next bid is already beyond it; None outside an offer it is still in."""
    if not orders.fields(state, seat):
        return None
    limit = bid_limit(state, seat)
    lo = max(state.high + BID_STEP, BID_STEP)
    value = str(limit) if lo <= limit else orders.PASS_VALUE
    return orders.check(state, seat, {orders.MAX_BID: value})


def _bid(state: TopRaceState, seat: int, opts: list[Action]) -> Action:
    """DP 1: what the plan, set as an order, plays now."""
    order = plan(state, seat, random.Random(0))
    action = None if order is None else orders.decide(state, seat, order)[0]
    return opts[0] if action is None else action


def _bet(state: TopRaceState, seat: int, opts: list[Action]) -> Action:
    """DP 7: the bet that leaves the best chance of winning, as the seat sees the race (its
    expected payout, TR-TIP-5, breaks ties)."""
    tip = state.tip_queue[0]
    chances = estimate.place_chances(state, seat)
    payout = TIP_PAYOUT[tip - 1]

    def worth(a: Action) -> tuple[float, float]:
        row = with_item(state.bets[tip - 1], seat, a.n)
        betting = trusted(TopRaceState, {**state.__dict__, "bets": with_item(state.bets, tip - 1, row)})
        paid = 0.0 if a.n == BET_NONE else estimate.expected(chances[a.n], payout)
        return estimate.value(betting, seat), paid

    return max(opts, key=worth)


_NO_DRAW = random.Random(0)
"""The source handed to ``apply`` when the AI looks ahead within a race (a move draws nothing)."""


def _after(sample: TopRaceState, seat: int, action: Action) -> TopRaceState:
    """The state after ``action`` and the rest of its card, each later step of the card chosen
    greedily (the best ``estimate.value`` right after it)."""
    state, _ = apply(sample, seat, action, _NO_DRAW)
    while state.phase == "race" and state.card and state.turn == seat and state.ask in _STEPS:
        options = legal_actions(state, seat)
        state = max((apply(state, seat, a, _NO_DRAW)[0] for a in options), key=lambda s: estimate.value(s, seat))
    return state


def look_ahead(sample: TopRaceState, seat: int, opts: list[Action]) -> Action:
    """The move whose card, played out, leaves the best position (ties: the first listed)."""
    return max(opts, key=lambda a: estimate.value(_after(sample, seat, a), seat))


def ai_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """The "normal" AI: a sensible legal action for ``seat`` (which must be to act)."""
    opts = list(legal_actions(state, seat))
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount"):
        return _bid(state, seat, opts)
    if ask == "grid":
        return opts[0]  # the front-most free arrow
    if ask == "bet":
        return _bet(state, seat, opts)
    return look_ahead(estimate.determinize(state, seat, rng), seat, opts)
