"""Top Race AI: a greedy player that values cars by how much its hand pushes them.

It weighs each car for itself (own cars +1, rivals' cars negative, cars it bet on positive), bids up
to a value estimated from its hand, plays the card that helps its weights most, steers its own cars
far and rivals' cars short, and bets on the likely leader.
"""

from __future__ import annotations

import random

from rules.engine import Order
from rules.toprace import orders
from rules.toprace.actions import Action
from rules.toprace.data import (
    BET_NONE,
    BID_STEP,
    CARD,
    FINISH,
    FINISH_ROW,
    JOKER,
    NCARS,
    NEXT,
    NOT_BET,
    OFF,
    PRIZES,
    ROW,
)
from rules.toprace.movement import legal_ends
from rules.toprace.rules import legal_actions
from rules.toprace.state import TopRaceState

RIVAL = -0.5
"""Weight of a car owned by another player."""
BET_WEIGHT = (0.5, 0.4, 0.3)
"""Extra weight of a car this seat bet on at TIP 1, 2, 3."""
PANNE_COST = 7
"""Rows a breakdown is worth, roughly (the car waits for its partner)."""
POINT_VALUE = 6_000
"""Auction value of one movement point in hand for a car, beyond the average."""
MARGIN = 0.8
"""Bid up to this share of the estimated value."""


def hand_points(state: TopRaceState, seat: int) -> list[float]:
    """How far the seat's hand can push each car (joker points spread over the cars they may take)."""
    pts = [0.0] * NCARS
    for cid in state.hands[seat]:
        card = CARD[cid]
        printed = {car for car, _ in card.slots}
        for car, value in card.slots:
            if car == JOKER:
                free = [c for c in range(NCARS) if c not in printed]
                for c in free:
                    pts[c] += value / len(free)
            else:
                pts[car] += value
    return pts


def weights(state: TopRaceState, seat: int) -> list[float]:
    """How much the seat gains per row each car moves (own > 0, rivals < 0, bets > 0)."""
    w = []
    for car in range(NCARS):
        o = state.owner[car]
        w.append(1.0 if o == seat else (RIVAL if o >= 0 else 0.0))
    for k in range(3):
        b = state.bets[k][seat]
        if b not in (NOT_BET, BET_NONE):
            w[b] += BET_WEIGHT[k]
    return w


def _row(state: TopRaceState, car: int) -> int:
    c = state.cell[car] if state.cell[car] != OFF else state.ref[car]
    return ROW[c] if c != OFF else FINISH_ROW


def _card_score(state: TopRaceState, w: list[float], cid: int) -> float:
    card = CARD[cid]
    live = [state.cell[c] != OFF for c in range(NCARS)]
    if card.pair is not None:
        a, b = card.pair
        if not (live[a] and live[b]) or _row(state, a) == _row(state, b):
            return 0.0
        front, rear = (a, b) if _row(state, a) > _row(state, b) else (b, a)
        k = _row(state, front) - _row(state, rear)
        return max(w[rear] * k, -w[front] * PANNE_COST, 0.0)
    printed = {car for car, _ in card.slots}
    score = 0.0
    for car, value in card.slots:
        if car == JOKER:
            options = [
                w[c] * min(value, FINISH_ROW - _row(state, c)) for c in range(NCARS) if c not in printed and live[c]
            ]
            score += max([0.0, *options])
        elif live[car]:
            score += w[car] * min(value, FINISH_ROW - _row(state, car))
    return score


def bid_limit(state: TopRaceState, seat: int) -> int:
    """The most ``seat`` would pay for the car on offer: a share of its value estimated from the
    hand, within its money, in whole bid steps. It reads only what stays fixed during an offer,
    so one limit answers every turn of the offer (the plan as a standing order, TR-ORD-2)."""
    car = state.drivers[0]
    pts = hand_points(state, seat)
    mean = sum(pts) / NCARS
    value = sum(PRIZES) / NCARS + POINT_VALUE * (pts[car] - mean)
    limit = min(max(value, 0.0) * MARGIN, float(state.money[seat]))
    return int(limit // BID_STEP) * BID_STEP


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
    order = plan(state, seat, random.Random(0))
    action = None if order is None else orders.decide(state, seat, order)[0]
    return opts[0] if action is None else action


def _end(state: TopRaceState, w: list[float], opts: list[Action]) -> Action:
    car = state.car
    if w[car] >= 0:
        best_row = ROW[opts[0].n]
        same = [a for a in opts if ROW[a.n] == best_row]
        # Among equally far cells, keep the most ways forward (avoid a dead end).
        taken = {c for i, c in enumerate(state.cell) if c != OFF and i != car}
        return max(same, key=lambda a: 9 if a.n == FINISH else sum(1 for x in NEXT[a.n] if x not in taken))
    low = ROW[opts[-1].n]
    same = [a for a in opts if ROW[a.n] == low]
    taken = {c for i, c in enumerate(state.cell) if c != OFF and i != car}
    return min(same, key=lambda a: sum(1 for x in NEXT[a.n] if x not in taken))


def _bet(state: TopRaceState, seat: int, opts: list[Action]) -> Action:
    if state.finish:
        return next(a for a in opts if a.n == state.finish[0])
    pts = hand_points(state, seat)
    own = [0.5 if state.owner[c] == seat else 0.0 for c in range(NCARS)]

    def score(car: int) -> float:
        broken = -4.0 if state.ref[car] != OFF else 0.0
        return _row(state, car) + 0.5 * pts[car] + own[car] + broken

    best = max(range(NCARS), key=score)
    return next(a for a in opts if a.n == best)


def ai_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """A sensible legal action for ``seat`` (which must be to act)."""
    opts = list(legal_actions(state, seat))
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount"):
        return _bid(state, seat, opts)
    if ask == "grid":
        return opts[0]  # front-most free arrow
    if ask == "bet":
        return _bet(state, seat, opts)
    w = weights(state, seat)
    if ask == "play":
        scored = [(_card_score(state, w, a.n), -a.n, a) for a in opts]
        return max(scored, key=lambda t: (t[0], t[1]))[2]
    if ask == "mode":
        pair = CARD[state.card].pair
        assert pair is not None
        a, b = pair
        front, rear = (a, b) if _row(state, a) > _row(state, b) else (b, a)
        k = _row(state, front) - _row(state, rear)
        ends = legal_ends(state.cell, rear, k)
        gain = (ROW[ends[0]] - _row(state, rear)) if ends else 0
        turbo = w[rear] * gain
        panne = -w[front] * PANNE_COST
        return opts[0] if turbo >= panne else opts[1]
    if ask == "joker":
        live = [a for a in opts if state.cell[a.n] != OFF]
        best = max(opts, key=lambda a: (w[a.n] if state.cell[a.n] != OFF else 0.0, state.cell[a.n] == OFF))
        if live and max(w[a.n] for a in live) > 0:
            return max(live, key=lambda a: w[a.n])
        return best
    if ask == "end":
        return _end(state, w, opts)
    return rng.choice(opts)
