"""The strong Top Race AI: the normal AI's judgement, made finer, and a determinized search over
the other players' replies to the card it plays.

Which card to play is where a look one move deep misses most: the next players answer with their
own cards (a breakdown for the leader, a jam behind a car just moved). The search keeps the few
cards the normal AI rates best, then, for a fixed number of samples of the hidden cards consistent
with the seat's view (``estimate.determinize``: never read from the state), plays each candidate and
the next two seats' cards (fewer if the seat's own turn comes first) with the quick ``ai.reflex``
player, and keeps the candidate whose positions are best on average (the same samples for every
candidate). It is bounded by a count of samples and replies, not by time: rules are pure.

Measured (tests/support/strategies/toprace.py, paired games against the normal AI): the search
pays at three players (+0.4 to +0.5 in win ratio against the hand-valuing player); at five and
six the other seats' answers are too many to foresee and it neither gains nor loses.
"""

from __future__ import annotations

import random

from rules.engine import Order, trusted
from rules.toprace import ai, estimate, orders
from rules.toprace.actions import Action
from rules.toprace.data import ARROWS, BID_STEP, NCARS, OFF
from rules.toprace.rules import apply, legal_actions, to_act
from rules.toprace.state import TopRaceState

CANDIDATES = 3
"""Cards the search weighs (the normal AI's best)."""
SAMPLES = 6
"""Samples of the hidden cards each candidate is played against."""
REPLY_CARDS = 2
"""Cards of the next seats played after a candidate (more seats' replies add more noise than
insight: the later ones answer a board the first ones have already changed)."""
MAX_REPLIES = 60
"""Decisions of the other seats played at most after a candidate (a round of cards and a TIP round
take far fewer)."""

GOING_PRICE = 70_000
"""What a car other than the one on offer is reckoned to cost, for the strong AI's bidding."""

_NO_DRAW = random.Random(0)


def replies(state: TopRaceState, seat: int) -> TopRaceState:
    """The state once the next seats have played ``REPLY_CARDS`` cards, or up to ``seat``'s next
    card, or the race is over; each decision taken by the quick reflex player (bets included,
    ``seat``'s own too)."""
    race = state.race
    cards = 0
    for _ in range(MAX_REPLIES):
        if state.phase != "race" or state.race != race:
            break
        if state.ask == "play" and (state.turn == seat or cards == REPLY_CARDS):
            break
        cards += state.ask == "play"
        mover = min(to_act(state))
        opts = list(legal_actions(state, mover))
        action = opts[0] if len(opts) == 1 else ai.reflex(state, mover, opts, ai.weights(state, mover))
        state, _ = apply(state, mover, action, _NO_DRAW)
    return state


def best_card(state: TopRaceState, seat: int, opts: list[Action], rng: random.Random) -> Action:
    """DP 3 for the strong AI: the normal AI's best few cards, each played against the same
    samples of the hidden cards and answered by the other seats; the best average position."""
    first = estimate.determinize(state, seat, rng)
    rated = sorted(
        opts,
        key=lambda a: -estimate.value(ai.finish_card(apply(first, seat, a, _NO_DRAW)[0], seat), seat),
    )
    candidates = rated[:CANDIDATES]
    if len(candidates) == 1 or SAMPLES == 0:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        sample = estimate.determinize(state, seat, rng)
        for i, card in enumerate(candidates):
            after = ai.finish_card(apply(sample, seat, card, _NO_DRAW)[0], seat)
            totals[i] += estimate.value(replies(after, seat), seat, estimate.FINE_DRAWS)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


# -- bidding: the judgement's own price for the car on offer (DP 1) -------------------------------


def _eligible(state: TopRaceState, seat: int) -> bool:
    """TR-AUC-2 read from the board: carless seats may bid; owners only while more cars are left
    than carless seats, and under the car cap."""
    owned = state.owner.count(seat)
    if owned == 0:
        return True
    carless = sum(1 for s in range(state.players) if s not in state.owner)
    return len(state.drivers) > carless and owned < (1 if state.players == 6 else 2)


def start_position(state: TopRaceState, seat: int, deal: dict[int, tuple[int, int]]) -> TopRaceState:
    """The race as ``seat`` would see it start once the cars of ``deal`` (car: (buyer, price))
    are bought: they take the front-most free arrows, the other unsold cars race unowned on the
    rest (TR-AUC-7), and the race has not begun (nobody has bet, no card is played)."""
    owner = list(state.owner)
    cell = list(state.cell)
    money = list(state.money)
    free = [c for c in ARROWS if c not in cell]
    unsold = [car for car in range(NCARS) if cell[car] == OFF and state.ref[car] == OFF]
    for car in sorted(unsold, key=lambda c: c not in deal):
        cell[car] = free.pop(0)
        if car in deal:
            buyer, price = deal[car]
            owner[car] = buyer
            money[buyer] -= price
    values = dict(state.__dict__)
    values.update(phase="race", ask="play", turn=seat, owner=tuple(owner), cell=tuple(cell), money=tuple(money))
    return trusted(TopRaceState, values)


def offer_worth(state: TopRaceState, seat: int, price: int) -> float:
    """How much better ``seat`` stands buying the car on offer at ``price`` than letting the
    richest eligible rival buy it at that price, as a chance of winning (> 0: buy).

    The other cars are not free either: in both worlds one other unsold car goes at the
    ``GOING_PRICE``, to the rival when ``seat`` buys, to ``seat`` when the rival does, and the
    worst of these comparisons counts (``seat``'s best other car); a seat that owns a car already
    may also end with no other car."""
    car = state.drivers[0]
    rivals = [s for s in range(state.players) if s != seat and _eligible(state, s)]
    if not rivals:
        return 1.0
    rival = max(rivals, key=lambda s: (state.money[s], -((s - seat) % state.players)))
    draws = estimate.STANDARD_DRAWS
    pairs: list[tuple[dict[int, tuple[int, int]], dict[int, tuple[int, int]]]] = [
        ({car: (seat, price), other: (rival, GOING_PRICE)}, {car: (rival, price), other: (seat, GOING_PRICE)})
        for other in sorted(state.drivers[1:])  # the unsold cars (their order is secret, TR-SETUP-3)
    ]
    if seat in state.owner or not pairs:
        pairs.append(({car: (seat, price)}, {car: (rival, price)}))
    return min(
        estimate.value(start_position(state, seat, bought), seat, draws)
        - estimate.value(start_position(state, seat, passed), seat, draws)
        for bought, passed in pairs
    )


def strong_limit(state: TopRaceState, seat: int) -> int:
    """The most the strong AI pays for the car on offer: the highest price, in whole bid steps
    within its money, at which buying it still beats letting a rival have it (``offer_worth``).

    Like ``ai.bid_limit`` it reads only what stays fixed during an offer (the board, the hand,
    the money, who may bid), so one limit answers every turn: it is the standing order (TR-ORD-2)."""
    top = max(0, state.money[seat]) // BID_STEP
    if top < 1 or offer_worth(state, seat, BID_STEP) <= 0:
        return 0
    lo, hi = 1, top  # worth > 0 at lo steps; find the last step where it still is
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if offer_worth(state, seat, mid * BID_STEP) > 0:
            lo = mid
        else:
            hi = mid - 1
    return lo * BID_STEP


def strong_plan(state: TopRaceState, seat: int, rng: random.Random) -> Order | None:
    """The strong AI's bidding for the open offer as a standing order (its ``strong_limit``)."""
    return ai.limit_order(state, seat, strong_limit(state, seat)) if orders.fields(state, seat) else None


def strong_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """The "strong" AI: bids as the normal AI (one limit per offer, its standing order), bets and
    steers with a finer judgement, and chooses its card by ``best_card``."""
    opts = ai.sensible(state, seat)
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount"):
        return ai.play_order(state, seat, opts, strong_plan(state, seat, rng))
    if ask == "grid":
        return ai.ai_action(state, seat, rng)
    if ask == "bet":
        return ai.bet(state, seat, opts, estimate.FINE_DRAWS)
    if ask == "play":
        return best_card(state, seat, opts, rng)
    sample = estimate.determinize(state, seat, rng)
    fine = estimate.FINE_DRAWS

    def worth(a: Action) -> float:
        return estimate.value(ai.finish_card(apply(sample, seat, a, _NO_DRAW)[0], seat, fine), seat, fine)

    return max(opts, key=worth)
