"""Top Race AI, three levels: ``ai_action`` (normal), ``easy_action``, and the strong one in
search.py.

The normal AI bids up to a limit set by what its own hand lets it do with the car on offer, plays
the card (and makes each choice inside it) that leaves the best position, and bets where its
chance of winning is best, guessing that the rivals back the favourite. Its judgement of a
position is ``estimate.value``, its chance of ending with the most money as seen from its own
seat; every move it weighs is played forward on a ``determinize``-d copy of the state, so it
never reads a hand or a bet it could not see. Its bidding is one limit for the whole offer, so
that it is also its standing order (``plan``, TR-ORD-2). It never plays a breakdown on its own
front car (``sensible``).

The easy AI makes a newcomer's mistakes, on purpose and always the same ones (``easy_action``).
The reflexes (``reflex``) are a quick player by a weight per car: the easy AI's play, and the
choices inside a card of the strong AI's model of the other seats (steering.py).
"""

from __future__ import annotations

import math
import random

from rules.engine import Order, trusted, with_item
from rules.toprace import estimate, orders
from rules.toprace.actions import Action
from rules.toprace.data import (
    BET_NONE,
    BID_STEP,
    CARD,
    DECK,
    FINISH,
    FINISH_ROW,
    JOKER,
    NCARS,
    NEXT,
    NOT_BET,
    OFF,
    PRIZES,
    ROW,
    TIP_PAYOUT,
)
from rules.toprace.movement import front_rear, pair_effect
from rules.toprace.rules import apply, legal_actions
from rules.toprace.scoring import places
from rules.toprace.state import TopRaceState

CAR_VALUE = 85_000
"""What an average car earns its owner (§1.4 prizes, as the AI plays it)."""
POINT_VALUE = 3_500
"""What each point of the hand for a car, beyond the hand's average per car, adds to its value."""
JOKER_VALUE = 800
"""What each joker point of the hand adds to any car the AI buys (it steers jokers to its cars)."""
MARGIN = 10_000
"""The AI's limit stays this far below a car's value."""
EASY_FIRST_CAR = 120_000
"""What the easy AI pays at most for its first car, whatever the car."""
EASY_SECOND_CAR = 90_000
"""What it pays at most for a second one."""
EASY_OTHERS = 0.5
"""How much the easy AI likes to see any other car move, per row (its own: 1): it plays the card
that moves the most, its own cars counting double."""
_STEPS = ("mode", "joker", "end")
"""The decisions inside the resolution of one card."""


def hand_points(state: TopRaceState, seat: int) -> tuple[list[float], float]:
    """Points the seat's own hand holds for each car, and its joker points."""
    return estimate.card_points(state.hands[seat])


def car_value(state: TopRaceState, seat: int, car: int) -> float:
    """What the car on offer is worth to ``seat``: an average car's earnings, more when the hand
    holds more points for it than for the others (the owner plays them while it runs free)."""
    pts, joker = hand_points(state, seat)
    mean = sum(pts) / NCARS
    return CAR_VALUE + POINT_VALUE * (pts[car] - mean) + JOKER_VALUE * joker


SHARE = 0.45
"""The share of a car's worth (``car_worth``) the AI bids up to where each seat can own two cars
(``NCARS`` for two players or three): it lets a rival overpay and takes the next car cheaply. At a
larger table it bids on one car from the flat value (``ONE_CAR_PLAYERS``, ``best_unsold``)."""


def car_worth(state: TopRaceState, seat: int, car: int) -> float:
    """What ``car`` should earn ``seat`` if it buys it, judged at the race's start: each car's
    progress is the points to come for it (the seat's own hand at the rate an owner plays them
    for this car, at the rate a rival's car gets them for the others, the unseen points at their
    rate), the chance of each place follows as in the race (``estimate.order_chances``), and the
    prizes by place (§1.4)."""
    pts, joker = hand_points(state, seat)
    seen, _ = estimate.card_points(state.played)
    unseen_cards = len(DECK) - len(state.hands[seat]) - len(state.played)
    held = sum(len(h) for s, h in enumerate(state.hands) if s != seat)
    share = held / unseen_cards if unseen_cards else 0.0
    progress = [
        (estimate.RATE_OWN if c == car else estimate.RATE_HELD) * pts[c]
        + estimate.RATE_UNSEEN * (estimate.CAR_POINTS - pts[c] - seen[c]) * share
        for c in range(NCARS)
    ]
    progress[car] += estimate.RATE_JOKER * joker
    spread = estimate.SPREAD + estimate.SPREAD_PER_ROOT * math.sqrt(sum(pts) + joker + held * 10.5)
    chances = estimate.order_chances(progress, spread)
    return estimate.expected(chances[car], PRIZES)


ONE_CAR_PLAYERS = 4
"""The table size where the AI buys one car only: two seats may own a second (TR-AUC-2), and the
racers that reach for one pay for it while the cars they let go come cheap, the last one at
30,000 to a seat still without a car (TR-AUC-4). At a larger table the AI bids on its hand's
best car only (``best_unsold``)."""
ONE_CAR_MARGIN = 30_000
"""How far below a car's value (``car_value``) the AI's limit for its one car stays there."""


def best_unsold(state: TopRaceState, seat: int, car: int) -> float | None:
    """What ``car`` is worth to ``seat`` at five players or six if its hand holds as many points
    for it as for any car still unsold (an average car's earnings, more for the points beyond the
    unsold cars' average); None if the hand favours another unsold car.

    There one seat at most may own two cars (TR-AUC-2; none at six), so a seat that lets a car go
    still gets one, the last at 30,000 (TR-AUC-4) or an unsold one at 10,000 (TR-AUC-5), and the
    owner of the car that ends first nearly always wins: the AI bids for the car its hand pushes
    most and lets the others go."""
    pts, joker = hand_points(state, seat)
    unsold = [c for c in range(NCARS) if state.owner[c] < 0]
    if any(pts[c] > pts[car] for c in unsold):
        return None
    mean = sum(pts[c] for c in unsold) / len(unsold)
    return CAR_VALUE + POINT_VALUE * (pts[car] - mean) + JOKER_VALUE * joker


def car_limit(state: TopRaceState, seat: int, car: int) -> int:
    """The most ``seat`` would pay for ``car``, in whole bid steps, within its money."""
    two_each = 2 * state.players <= NCARS
    if two_each:
        value = SHARE * car_worth(state, seat, car)
    elif state.players == ONE_CAR_PLAYERS:
        value = 0.0 if seat in state.owner else car_value(state, seat, car) - ONE_CAR_MARGIN
    else:
        best = best_unsold(state, seat, car)
        value = 0.0 if best is None else best - MARGIN
    limit = min(value, float(state.money[seat]))
    return max(0, int(limit // BID_STEP) * BID_STEP)


def bid_limit(state: TopRaceState, seat: int) -> int:
    """The most ``seat`` would pay for the car on offer, in whole bid steps, within its money.

    It reads only what stays fixed during an offer (the hand, the car, the money), so one limit
    answers every turn of the offer: it is the AI's standing order (TR-ORD-2)."""
    return car_limit(state, seat, state.drivers[0])


def limit_order(state: TopRaceState, seat: int, limit: int) -> Order | None:
    """A limit as a standing order (TR-ORD): the limit, or a pass in advance when the next bid is
    already beyond it; None outside an offer ``seat`` is still in."""
    if not orders.in_offer(state, seat):
        return None
    lo = max(state.high + BID_STEP, BID_STEP)
    value = str(limit) if lo <= limit else orders.PASS_VALUE
    return orders.check(state, seat, {**orders.NO_POLICY, orders.MAX_BID: value})


def plan(state: TopRaceState, seat: int, rng: random.Random) -> Order | None:
    """The normal (and strong) AI's bidding for the open offer as a standing order."""
    return limit_order(state, seat, bid_limit(state, seat)) if orders.in_offer(state, seat) else None


def suggest(state: TopRaceState, seat: int) -> Order:
    """The form's pre-filled order (TR-ORD-6), from the seat's own view (its hand and money, the
    public board): during an auction, the normal AI's limit for the car on offer, and a policy
    giving each car still unsold the AI's limit for it (its hand decides which cars it pushes),
    the lowest of them for any car; else no policy. ``{}`` once the game is over.

    The policy is for the whole game while races follow this one (TR-GP-1): its maxima, from this
    race's hand, then answer the next race's first offers too, until the player next looks and
    the form offers that race's (a policy for this race alone would ask each player again at the
    start of every auction)."""
    if state.phase == "over" or not 0 <= seat < state.players:
        return {}
    values: dict[str, str] = dict(orders.NO_POLICY)
    if state.race < state.races:
        values[orders.SCOPE] = "game"
    if orders.in_offer(state, seat):
        lo = max(state.high + BID_STEP, BID_STEP)
        limit = bid_limit(state, seat)
        values[orders.MAX_BID] = str(limit) if lo <= limit else orders.PASS_VALUE
    if state.phase == "auction":
        unsold = [car for car in range(NCARS) if state.owner[car] < 0]
        limits = {car: car_limit(state, seat, car) for car in unsold}
        if limits:
            values[orders.POLICY] = _policy_value(min(limits.values()))
            values[orders.COLOURS] = orders.OWN
            for car in range(NCARS):
                own = _policy_value(limits[car]) if car in limits else orders.SAME
                values[orders.car_field(state, car)] = orders.SAME if own == values[orders.POLICY] else own
    return orders.check(state, seat, values)


def _policy_value(limit: int) -> str:
    """A limit as a policy's value: the amount, or a pass below the smallest bid."""
    return str(limit) if limit >= BID_STEP else orders.PASS_VALUE


def easy_limit(state: TopRaceState, seat: int) -> int:
    """The easy AI's limit: a newcomer keen to own a car pays a flat, high price for any car, more
    for its first, whatever its hand holds for it."""
    keen = EASY_FIRST_CAR if seat not in state.owner else EASY_SECOND_CAR
    return max(0, min(keen, state.money[seat]) // BID_STEP * BID_STEP)


def easy_plan(state: TopRaceState, seat: int, rng: random.Random) -> Order | None:
    """The easy AI's bidding as a standing order (a level's own plan, for a service that sets
    each AI seat's order at its level)."""
    return limit_order(state, seat, easy_limit(state, seat)) if orders.in_offer(state, seat) else None


def _bid(state: TopRaceState, seat: int, opts: list[Action], order: Order | None) -> Action:
    """DP 1: what the plan, set as an order, plays now."""
    action = None if order is None else orders.decide(state, seat, order)[0]
    return opts[0] if action is None else action


def bet(state: TopRaceState, seat: int, opts: list[Action], draws: estimate.Draws = estimate.STANDARD_DRAWS) -> Action:
    """DP 7: the bet that leaves the best chance of winning, as the seat sees the race (its
    expected payout, TR-TIP-5, breaks ties), each rival guessed to bet this round on the car
    that pays best as the seat sees it (``favourite``): a bet on the car everyone backs gains
    nothing on them, one on another car gains on all of them if it comes in. Never on the car in
    last place."""
    tip = state.tip_queue[0]
    chances = estimate.place_chances(state, seat)
    payout = TIP_PAYOUT[tip - 1]
    backed = favourite(chances, payout)
    # The car in last place (TR-END-3) comes in too rarely for a bet on it to pay (TR-TIP-5),
    # the seat's own car included.
    last = places(state)[-1]
    opts = [a for a in opts if a.n != last] or opts
    guessed = [(rival, tip - 1, backed) for rival in range(state.players) if rival != seat]

    def worth(a: Action) -> tuple[float, float]:
        row = with_item(state.bets[tip - 1], seat, a.n)
        betting = trusted(TopRaceState, {**state.__dict__, "bets": with_item(state.bets, tip - 1, row)})
        paid = 0.0 if a.n == BET_NONE else estimate.expected(chances[a.n], payout)
        return estimate.value(betting, seat, draws, guessed), paid

    return max(opts, key=worth)


def favourite(chances: list[list[float]], payout: tuple[int, ...]) -> int:
    """The car whose bet pays best by ``chances`` of each place (the car a table backs)."""
    return max(range(NCARS), key=lambda car: estimate.expected(chances[car], payout))


_NO_DRAW = random.Random(0)
"""The source handed to ``apply`` when the AI looks ahead within a race (a move draws nothing)."""


def in_card(state: TopRaceState, seat: int) -> bool:
    """True while ``seat`` has a decision inside the card being resolved (DP 4 to DP 6)."""
    return state.phase == "race" and state.card != 0 and state.turn == seat and state.ask in _STEPS


def sensible(state: TopRaceState, seat: int) -> list[Action]:
    """The legal actions less the one a player would call a blunder: a breakdown (TR-PAIR-3) that
    stops the seat's own front car, when turbo is there instead."""
    opts = list(legal_actions(state, seat))
    if state.ask == "mode":
        pair = CARD[state.card].pair
        assert pair is not None, "a mode is only asked for a pair card"
        front, _ = front_rear(state, *pair)
        if state.owner[front] == seat:
            return [a for a in opts if a.kind != "panne"]
    return opts


def finish_card(state: TopRaceState, seat: int, draws: estimate.Draws = estimate.STANDARD_DRAWS) -> TopRaceState:
    """The state once the card being resolved is done, each of its later steps chosen greedily
    (the best ``estimate.value`` right after it)."""
    while in_card(state, seat):
        after = [apply(state, seat, a, _NO_DRAW)[0] for a in sensible(state, seat)]
        state = max(after, key=lambda s: estimate.value(s, seat, draws))
    return state


def look_ahead(sample: TopRaceState, seat: int, opts: list[Action]) -> Action:
    """The move whose card, played out, leaves the best position (ties: the first listed)."""
    return max(opts, key=lambda a: estimate.value(finish_card(apply(sample, seat, a, _NO_DRAW)[0], seat), seat))


# -- reflexes: a fast player, by a weight per car ---------------------------------------------------

RIVAL = -0.4
"""Weight of a rival's car in the reflexes (own cars weigh 1, unowned cars 0)."""
BET_WEIGHT = (0.5, 0.4, 0.3)
"""Extra weight of the car the seat bet on at TIP 1, 2, 3."""
PANNE_ROWS = 5
"""Rows a breakdown costs the front car, as the reflexes reckon it (estimate.BROKEN, rounded)."""


def weights(state: TopRaceState, seat: int, rival: float = RIVAL) -> list[float]:
    """How much ``seat`` gains per row each car moves: its own cars, its rivals', its bets."""
    found = [1.0 if o == seat else (rival if o >= 0 else 0.0) for o in state.owner]
    for tip in range(3):
        car = state.bets[tip][seat]
        if car not in (NOT_BET, BET_NONE):
            found[car] += BET_WEIGHT[tip]
    return found


def card_push(state: TopRaceState, w: list[float], cid: int) -> float:
    """What a card is worth by the weights, if every car moved its full points (no look-ahead)."""
    card = CARD[cid]
    if card.pair is not None:
        a, b = card.pair
        if not pair_effect(state, a, b):
            return 0.0
        front, rear = front_rear(state, a, b)
        gap = ROW[state.cell[front]] - ROW[state.cell[rear]]
        return max(w[rear] * gap, -w[front] * PANNE_ROWS, 0.0)
    printed = {car for car, _ in card.slots}
    score = 0.0
    for car, points in card.slots:
        if car == JOKER:
            score += max([0.0, *(w[c] * points for c in range(NCARS) if c not in printed and state.cell[c] != OFF)])
        elif state.cell[car] != OFF:
            score += w[car] * min(points, FINISH_ROW - ROW[state.cell[car]])
    return score


def _exits(state: TopRaceState, cell: int) -> int:
    """Free cells ahead of ``cell`` (the finish counts as many)."""
    if cell == FINISH:
        return 9
    taken = set(state.cell)
    return sum(1 for x in NEXT[cell] if x not in taken)


def reflex(state: TopRaceState, seat: int, opts: list[Action], w: list[float]) -> Action:
    """A quick decision by the weights: the card that pushes the weighted cars most, the turbo or
    breakdown that pays more, the joker to the heaviest car on the track, an end cell far and
    open for a car it likes, short and boxed in for one it does not; the favourite as a bet."""
    ask = state.ask
    if ask == "play":
        return max(opts, key=lambda a: (card_push(state, w, a.n), -a.n))
    if ask == "mode":
        pair = CARD[state.card].pair
        assert pair is not None, "a mode is only asked for a pair card"
        front, rear = front_rear(state, *pair)
        gap = ROW[state.cell[front]] - ROW[state.cell[rear]]
        return opts[0] if w[rear] * gap >= -w[front] * PANNE_ROWS else opts[1]
    if ask == "joker":
        return max(opts, key=lambda a: (state.cell[a.n] != OFF, w[a.n]))
    if ask == "end":
        if w[state.car] >= 0:
            return max(opts, key=lambda a: (ROW[a.n], _exits(state, a.n)))
        return min(opts, key=lambda a: (ROW[a.n], _exits(state, a.n)))
    if ask == "bet":
        chances = estimate.place_chances(state, seat)
        payout = TIP_PAYOUT[state.tip_queue[0] - 1]
        return max(opts, key=lambda a: -1e9 if a.n == BET_NONE else estimate.expected(chances[a.n], payout))
    if ask in ("bid", "amount"):
        return _bid(state, seat, opts, plan(state, seat, random.Random(0)))
    return opts[0]


# -- the levels -----------------------------------------------------------------------------------


def ai_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """The "normal" AI: a sensible legal action for ``seat`` (which must be to act)."""
    opts = sensible(state, seat)
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount"):
        return _bid(state, seat, opts, plan(state, seat, rng))
    if ask == "grid":
        return opts[0]  # the front-most free arrow
    if ask == "bet":
        return bet(state, seat, opts)
    return look_ahead(estimate.determinize(state, seat, rng), seat, opts)


def easy_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """The "easy" AI, a keen newcomer, makes a newcomer's mistakes: it pays a flat, high price for
    the first cars offered, whatever its hand holds for them (``easy_limit``); it plays the card
    that moves the cars most, its own counting double, never holding one back for later; it takes
    turbo whenever a pair card offers it and lets a rival's car run as far as it can (the first
    end cell listed); and it bets on its own best-placed car, even a hopeless one."""
    opts = list(legal_actions(state, seat))
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount"):
        return _bid(state, seat, opts, easy_plan(state, seat, rng))
    own = [c for c in range(NCARS) if state.owner[c] == seat]
    if ask == "bet" and own:
        best = max(own, key=lambda c: (c in state.finish, estimate.row_of(state, c)))
        return next(a for a in opts if a.n == best)
    if ask == "mode":
        return opts[0]  # turbo
    if ask == "end" and state.car not in own:
        return opts[0]  # the furthest cell, first in the list
    return reflex(state, seat, opts, [1.0 if o == seat else EASY_OTHERS for o in state.owner])
