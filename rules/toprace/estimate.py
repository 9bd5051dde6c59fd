"""What a seat can expect from the race, read from its own view only (the AI's judgement).

Every function here reads the public board, the seat's own hand and its own bets, never another
seat's hand or bets: ``determinize`` replaces those with a sample consistent with the seat's view,
so that the AI can play moves forward (apply) on a state that holds nothing it could not see.

The estimate of a race: each car's *projected progress* (its row, plus the movement points still
to come for it, at the rate they turn into rows once jams and wasted points are counted, less a
breakdown), a pairwise logistic chance that one car ends ahead of another, and from those the
chance of each final place (TR-END-3), hence each bet's expected payout (TR-TIP-5). Drawing final
orders around the projections gives the seat's chance of ending with the most money (prizes,
§1.4, and its own bets), ``win_chance``: the AI's judgement of a position. The projection's
constants were fitted on self-play positions by ``bench/toprace_fit.py`` (maximum likelihood of
the final order of cars); the others were set by paired games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from rules.engine import Seat, trusted

# The AI (ai.py) imports most of the same game tables: both judge the same race.
from rules.toprace.data import (
    BET_NONE,
    CARD,
    FINISH_ROW,
    JOKER,
    NCARDS,
    NCARS,
    NEXT,
    NOT_BET,
    OFF,
    PRIZES,
    ROW,
    TIP_PAYOUT,
)
from rules.toprace.state import TopRaceState

CAR_POINTS = 77
"""Movement points printed for each car over the whole deck (§1.2 checksum)."""
JOKER_POINTS = 42
"""Joker points over the whole deck (§1.2 checksum)."""

RATE_OWN = 0.43
"""Rows a point in the seat's own hand is worth for its own car (it plays them when the car is free)."""
RATE_HELD = 0.37
"""Rows a point in the seat's hand is worth for a car it does not own (it plays them into jams)."""
RATE_UNSEEN = 0.32
"""Rows a point still in other hands is worth, on average."""
RATE_JOKER = 0.25
"""Rows a joker point is worth to the cars of the hand that holds it."""
BROKEN = -4.4
"""Rows a broken-down car is behind its reference row, in expectation (it waits for its partner)."""
STUCK = -1.4
"""Rows a car with no free cell ahead of it loses (its next points are likely wasted)."""
SPREAD = 2.5
"""Spread of the final order (rows) when no point is left to play."""
SPREAD_PER_ROOT = 0.13
"""Extra spread per square root of the points still to play."""


def card_points(cards: Sequence[int]) -> tuple[list[float], float]:
    """Points per car, and joker points, printed on ``cards``."""
    pts = [0.0] * NCARS
    joker = 0.0
    for cid in cards:
        for car, value in CARD[cid].slots:
            if car == JOKER:
                joker += value
            else:
                pts[car] += value
    return pts, joker


def row_of(state: TopRaceState, car: int) -> int:
    """The row a car stands in for the places (TR-END-3): its cell, its reference cell if broken
    down, past the finish if it has finished."""
    cell = state.cell[car] if state.cell[car] != OFF else state.ref[car]
    return ROW[cell] if cell != OFF else FINISH_ROW


def stuck(state: TopRaceState, car: int) -> bool:
    """True if the car is on the track with no free cell ahead (its next points would be lost)."""
    cell = state.cell[car]
    if cell == OFF:
        return False
    taken = set(state.cell)
    return all(x in taken for x in NEXT[cell])


FEATURES = ("row", "own", "held", "unseen", "joker", "broken", "stuck")
"""What the projection of a car adds up (``car_features``), in the order of ``WEIGHTS``."""
WEIGHTS = (1.0, RATE_OWN, RATE_HELD, RATE_UNSEEN, RATE_JOKER, BROKEN, STUCK)


def car_features(state: TopRaceState, seat: Seat) -> tuple[list[tuple[float, ...] | None], float]:
    """Each car's features as ``seat`` sees it (None for a finished car), and the points still to
    play in the race (the seat's hand, and the other hands' expected share of the unseen cards).

    The features: its row (TR-END-3); the points of the seat's hand for it if the seat owns it, or
    if not; the points it may expect from the other hands; the joker points of the hands that would
    give them to it (their owners'); broken down; stuck behind other cars. Other hands are read
    only as how many cards they hold."""
    mine, my_joker = card_points(state.hands[seat])
    seen, seen_joker = card_points(state.played)
    unseen_cards = NCARDS - len(state.hands[seat]) - len(state.played)
    held = sum(len(h) for s, h in enumerate(state.hands) if s != seat)
    share = held / unseen_cards if unseen_cards else 0.0
    racing = [car for car in range(NCARS) if state.cell[car] != OFF or state.ref[car] != OFF]
    my_cars = sum(1 for car in racing if state.owner[car] == seat)
    their_cars = sum(1 for car in racing if state.owner[car] not in (-1, seat))
    their_joker = (JOKER_POINTS - seen_joker - my_joker) * share
    rest = my_joker + their_joker
    features: list[tuple[float, ...] | None] = [None] * NCARS
    for car in range(NCARS):
        others = (CAR_POINTS - seen[car] - mine[car]) * share
        rest += mine[car] + others
        if car not in racing:
            continue
        owner = state.owner[car]
        own = owner == seat
        joker = my_joker / my_cars if own else (their_joker / their_cars if owner >= 0 else 0.0)
        broken = state.ref[car] != OFF
        features[car] = (
            float(row_of(state, car)),
            mine[car] if own else 0.0,
            0.0 if own else mine[car],
            others,
            joker,
            1.0 if broken else 0.0,
            1.0 if not broken and stuck(state, car) else 0.0,
        )
    return features, rest


def projection(state: TopRaceState, seat: Seat) -> tuple[list[float], float]:
    """Each car's projected progress as ``seat`` sees it (0 for a finished car), and the spread
    of the final order around it."""
    features, rest = car_features(state, seat)
    progress = [0.0 if f is None else sum(w * x for w, x in zip(WEIGHTS, f, strict=True)) for f in features]
    return progress, SPREAD + SPREAD_PER_ROOT * math.sqrt(rest)


def place_chances(state: TopRaceState, seat: Seat) -> list[list[float]]:
    """For each car, the chance of each final place 1..6 (index 0..5) as ``seat`` sees it.

    Finished cars hold their places (TR-MOVE-6); for the others, the number of cars ending ahead
    is a sum of independent pairwise chances (a Poisson binomial)."""
    progress, spread = projection(state, seat)
    return order_chances(progress, spread, state.finish)


def order_chances(progress: Sequence[float], spread: float, finish: Sequence[int] = ()) -> list[list[float]]:
    """For each car, the chance of each final place, given its projected ``progress``, the
    ``spread`` of the final order and the cars already home in ``finish`` order."""
    done = len(finish)
    chances = [[0.0] * NCARS for _ in range(NCARS)]
    for place, car in enumerate(finish):
        chances[car][place] = 1.0
    racing = [car for car in range(NCARS) if car not in finish]
    for car in racing:
        ahead = [1.0]
        for other in racing:
            if other == car:
                continue
            z = (progress[other] - progress[car]) / spread
            p = 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0
            nxt = [0.0] * (len(ahead) + 1)
            for k, q in enumerate(ahead):
                nxt[k] += q * (1.0 - p)
                nxt[k + 1] += q * p
            ahead = nxt
        for k, q in enumerate(ahead):
            chances[car][done + k] += q
    return chances


def expected(chances: Sequence[float], table: Sequence[int]) -> float:
    """The expected amount of a table by final place (prizes, a TIP round's payouts)."""
    return sum(q * amount for q, amount in zip(chances, table, strict=False))


GAUSS = 1.2
"""Spread of one car's final progress, per unit of the pairwise spread (a logistic of scale s is
close to the difference of two normal draws of 1.2 s each)."""
DRAW_COUNT = 48
"""Final orders drawn to judge a position (the same draws for every position: common numbers)."""
LUCK = 45_000
"""What the seat cannot foresee of a rival's final money (the rival's secret bets, mostly): the
scale of the logistic chance of ending ahead of that rival."""
RACE_LUCK = 90_000
"""The same for each race still to run in a Grand Prix."""


def _normal_draws(count: int) -> tuple[tuple[float, ...], ...]:
    """``count`` fixed draws of six standard normal values (stratified, in a fixed shuffled order)."""
    draws: list[list[float]] = [[0.0] * NCARS for _ in range(count)]
    mixer = random.Random(2024)
    for car in range(NCARS):
        column = [_inverse_normal((k + 0.5) / count) for k in range(count)]
        mixer.shuffle(column)
        for k in range(count):
            draws[k][car] = column[k]
    return tuple(tuple(row) for row in draws)


def _inverse_normal(q: float) -> float:
    """The standard normal quantile of ``q`` (bisection on the error function)."""
    lo, hi = -8.0, 8.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if 0.5 * (1 + math.erf(mid / math.sqrt(2))) < q:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


Guess = tuple[Seat, int, int]
"""A rival's bet as a seat guesses it: (the rival, the TIP round 0..2, the car)."""
Draws = Sequence[Sequence[float]]
"""Draws of six standard normal values, one per car."""
STANDARD_DRAWS: Draws = _normal_draws(DRAW_COUNT)
FINE_DRAWS: Draws = _normal_draws(4 * DRAW_COUNT)
"""More draws, for a finer judgement (the strong AI)."""


def _ahead(gap: float, luck: float) -> float:
    """The chance of ending ahead of a rival ``gap`` dollars behind, given ``luck``."""
    z = gap / luck
    return 1.0 / (1.0 + math.exp(-z)) if z > -30 else 0.0


def win_chance(state: TopRaceState, seat: Seat, draws: Draws = STANDARD_DRAWS, guessed: Sequence[Guess] = ()) -> float:
    """The chance, as ``seat`` sees it, that it ends with the most money (TR-END-4, §7).

    Final orders of the cars still racing are drawn around their projections; each one pays the
    owners their prizes and ``seat`` its own bets; the rivals' unseen bets and later races are
    the ``luck`` of a logistic chance of ending ahead of each rival, but for the rivals' bets
    ``guessed`` from the board (never read from the state), which pay those rivals in each draw."""
    money = [float(m) for m in state.money]
    races_left = state.races - state.race
    luck = math.hypot(LUCK, RACE_LUCK * races_left)
    if state.phase == "over":
        best = max(money)
        return 1.0 / money.count(best) if money[seat] == best else 0.0
    rivals = [s for s in range(state.players) if s != seat]
    if state.phase != "race":
        luck = math.hypot(LUCK, RACE_LUCK * (races_left + 1))
        chance = 1.0
        for rival in rivals:
            chance *= _ahead(money[seat] - money[rival], luck)
        return chance
    progress, spread = projection(state, seat)
    scale = GAUSS * spread
    done = len(state.finish)
    owner = state.owner
    for place, car in enumerate(state.finish):
        if owner[car] >= 0:
            money[owner[car]] += PRIZES[place]
    racing = [car for car in range(NCARS) if car not in state.finish]
    bets = [(tip, state.bets[tip][seat]) for tip in range(3) if state.betting] if state.betting else []
    bets = [(tip, car) for tip, car in bets if car not in (NOT_BET, BET_NONE)]
    # Per draw: the cars still racing sorted by drawn progress pay their owners by place; the
    # seat's bets pay by their car's place. Written for speed: this runs for every move weighed.
    payouts = [TIP_PAYOUT[tip] for tip, _ in bets]
    bet_cars = [car for _, car in bets]
    theirs = [(rival, TIP_PAYOUT[tip], car) for rival, tip, car in guessed if rival != seat]
    fixed = {car: place for place, car in enumerate(state.finish)}
    owners = [owner[car] for car in racing]
    exp = math.exp
    total = 0.0
    for draw in draws:
        order = sorted([(progress[car] + scale * draw[car], i) for i, car in enumerate(racing)], reverse=True)
        final = money[:]
        place_of = dict(fixed)
        for k, (_, i) in enumerate(order):
            place_of[racing[i]] = done + k
            if owners[i] >= 0:
                final[owners[i]] += PRIZES[done + k]
        for rival, table, car in theirs:
            final[rival] += table[place_of[car]]
        mine = final[seat]
        for table, car in zip(payouts, bet_cars, strict=True):
            mine += table[place_of[car]]
        chance = 1.0
        for rival in rivals:
            z = (mine - final[rival]) / luck
            chance *= 1.0 / (1.0 + exp(-z)) if z > -30 else 0.0
        total += chance
    return total / len(draws)


def value(state: TopRaceState, seat: Seat, draws: Draws = STANDARD_DRAWS, guessed: Sequence[Guess] = ()) -> float:
    """How good a position is for ``seat``: its chance of winning (with the rivals' bets it guessed)."""
    return win_chance(state, seat, draws, guessed)


def determinize(state: TopRaceState, seat: Seat, rng: random.Random) -> TopRaceState:
    """A state ``seat`` cannot tell from ``state``: the cards it has not seen dealt at random to
    the other hands (each keeping its size), to the cards set aside and to the folded hands; the
    other seats' bets of this race replaced by 'no bet' (who has bet stays as it was); the driver
    pile below the revealed card shuffled."""
    hand = set(state.hands[seat])
    played = set(state.played)
    pool = sorted(c for c in range(1, NCARDS + 1) if c not in hand and c not in played)
    rng.shuffle(pool)
    hands: list[tuple[int, ...]] = []
    start = 0
    for s, h in enumerate(state.hands):
        if s == seat:
            hands.append(h)
            continue
        hands.append(tuple(sorted(pool[start : start + len(h)])))
        start += len(h)
    removed = tuple(sorted(pool[start : start + len(state.removed)]))
    folded = tuple(pool[start + len(state.removed) :])
    bets = tuple(tuple(b if s == seat or b == NOT_BET else BET_NONE for s, b in enumerate(row)) for row in state.bets)
    # The revealed driver card (during an offer) is public; the pile below it is not.
    shown = 1 if state.ask in ("bid", "amount") else 0
    pile = list(state.drivers[shown:])
    rng.shuffle(pile)
    drivers = (*state.drivers[:shown], *pile)
    values = dict(state.__dict__)
    values.update(hands=tuple(hands), removed=removed, folded=folded, bets=bets, drivers=drivers)
    return trusted(TopRaceState, values)
