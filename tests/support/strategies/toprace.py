"""Scripted Top Race players a reasonable person might be, for measuring the AI (bench/ai_strength.py).

Each strategy reads only its own seat's view (``GAME.view(state, seat)``: the public board, its own
hand and its own bets) and its legal actions, so ``strength.blind`` holds by construction:

- ``hand``: values each car by the cards for it in its own hand, bids up to that value, plays the
  card that pushes its own cars most, bets on the car its hand and the board favour;
- ``racer``: buys a car at a fair flat price and only ever pushes its own cars, turbo for its
  rear car, bets on its own best-placed car;
- ``tipster``: buys cheaply, bets on the car most likely to win (position and the points still
  to come from its hand) and plays to bring that car home;
- ``blocker``: buys at a fair price and spends its cards holding back the leading rival car:
  breakdowns for it, jams, jokers elsewhere.

``blunders`` counts the habits a player would call blunders in the AI's seat of a finished match.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from rules.engine import Seat
from rules.toprace import GAME
from rules.toprace.actions import Action
from rules.toprace.data import (
    BID_STEP,
    CARD,
    FINISH,
    FINISH_ROW,
    JOKER,
    NCARS,
    NEXT,
    OFF,
    PRIZES,
    ROW,
)
from rules.toprace.movement import legal_ends
from rules.toprace.scoring import places
from rules.toprace.state import TopRaceState
from rules.toprace.view import TopRaceView
from tests.support.strength import Match, Strategy

GAMES = {"easy": 16, "normal": 16, "strong": 8}
"""Seeded games per bench cell and level: the whole Top Race bench (5 player counts, 3 levels, 4
strategies and the previous AI, 65 cells) stays within about three minutes of one core (a game
costs about 0.2 s of CPU with the normal AI in one seat, 0.6 s with the strong one). So few games
cannot tell a ratio of 1.3 from 1.6; a cell measured alone with ``--games 200`` can."""

Policy = Callable[[TopRaceView, list[Action]], Action]


# -- what a seat sees ------------------------------------------------------------------------------


def row(v: TopRaceView, car: int) -> int:
    """The row a car stands in (a broken-down car: its reference row; finished: past the line)."""
    if car in v.finish:
        return FINISH_ROW + NCARS - v.finish.index(car)
    cell = v.cell[car] if v.cell[car] != OFF else v.ref[car]
    return ROW[cell] if cell != OFF else -3


def hand_points(v: TopRaceView) -> list[float]:
    """Points the seat's own hand holds for each car (a joker's points spread over the cars it may move)."""
    pts = [0.0] * NCARS
    for cid in v.hand or ():
        printed = {car for car, _ in CARD[cid].slots}
        for car, value in CARD[cid].slots:
            if car == JOKER:
                free = [c for c in range(NCARS) if c not in printed]
                for c in free:
                    pts[c] += value / len(free)
            else:
                pts[car] += value
    return pts


def mine(v: TopRaceView) -> list[int]:
    """The seat's own cars."""
    return [c for c in range(NCARS) if v.owner[c] == v.seat]


def live(v: TopRaceView, car: int) -> bool:
    """True if the car is on the track (not finished, not broken down)."""
    return v.cell[car] != OFF


def card_push(v: TopRaceView, cid: int, weight: Sequence[float]) -> float:
    """How much a card helps a seat that weighs each car's rows by ``weight`` (jokers to the best car)."""
    card = CARD[cid]
    if card.pair is not None:
        a, b = card.pair
        if not (live(v, a) and live(v, b)) or row(v, a) == row(v, b):
            return 0.0
        front, rear = (a, b) if row(v, a) > row(v, b) else (b, a)
        return max(weight[rear] * (row(v, front) - row(v, rear)), -weight[front] * 8.0, 0.0)
    printed = {car for car, _ in card.slots}
    score = 0.0
    for car, value in card.slots:
        if car == JOKER:
            score += max([0.0, *(weight[c] * value for c in range(NCARS) if c not in printed and live(v, c))])
        elif live(v, car):
            score += weight[car] * min(value, FINISH_ROW - row(v, car))
    return score


def bid_up_to(v: TopRaceView, legal: list[Action], limit: float) -> Action:
    """The minimum raise while it is within ``limit`` (first block of a two-step bid), else pass."""
    want = max(v.high + BID_STEP, BID_STEP)
    if want > min(limit, v.money[v.seat or 0]):
        return next((a for a in legal if a.kind == "pass"), legal[0])
    exact = next((a for a in legal if a.kind == "bid" and a.n == want), None)
    if exact is not None:
        return exact
    return next((a for a in legal if a.kind == "block"), legal[0])


def steer(v: TopRaceView, legal: list[Action], far: bool) -> Action:
    """DP 6: the furthest end cell with most ways on (``far``), or the shortest, most boxed-in one."""
    taken = {c for i, c in enumerate(v.cell) if c != OFF and i != v.car}

    def exits(a: Action) -> int:
        return 9 if a.n == FINISH else sum(1 for x in NEXT[a.n] if x not in taken)

    if far:
        return max(legal, key=lambda a: (ROW[a.n] if a.n != FINISH else FINISH_ROW, exits(a)))
    return min(legal, key=lambda a: (ROW[a.n] if a.n != FINISH else FINISH_ROW, exits(a)))


def pair_of(v: TopRaceView) -> tuple[int, int]:
    """The pair card being resolved: (front, rear)."""
    assert v.last is not None
    pair = CARD[v.last.card].pair
    assert pair is not None
    a, b = pair
    return (a, b) if row(v, a) > row(v, b) else (b, a)


def favourite(v: TopRaceView, pts: Sequence[float], hand_weight: float) -> int:
    """The car most likely to win as the seat sees it: the row it stands in, plus a share of the
    points its own hand still holds for it; a broken-down car is behind."""
    if v.finish:
        return v.finish[0]

    def score(car: int) -> float:
        return row(v, car) + hand_weight * pts[car] - (6.0 if v.ref[car] != OFF else 0.0)

    return max(range(NCARS), key=score)


def bet_on(legal: list[Action], car: int) -> Action:
    """The bet on ``car``."""
    return next(a for a in legal if a.n == car)


def strategy(policy: Policy) -> Strategy:
    """A strategy that sees only its seat's view and its legal actions."""

    def play(state: TopRaceState, seat: Seat, rng: random.Random) -> Action:
        legal = list(GAME.legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        return policy(GAME.view(state, seat), legal)

    return play


# -- the players ---------------------------------------------------------------------------------


def hand_player(v: TopRaceView, legal: list[Action]) -> Action:
    """Values cars by the points its own hand holds for them; pushes its own cars."""
    pts = hand_points(v)
    if v.ask in ("bid", "amount"):
        average = sum(pts) / NCARS or 1.0
        return bid_up_to(v, legal, 85_000 * pts[v.revealed] / average)
    weight = [1.0 if v.owner[c] == v.seat else -0.3 for c in range(NCARS)]
    return race_move(v, legal, weight, bet=favourite(v, pts, 0.5))


def racer(v: TopRaceView, legal: list[Action]) -> Action:
    """A racer who knows its hand: values a car by the place the points its own hand holds for
    it promise and bids up to three quarters of that; plays the card that moves its own cars
    furthest (each move played out on the track: a jammed car's points are lost, so that card
    waits), steers rivals' cars short, turbo for its own cars and breakdowns for a rival leader;
    bets on the leader."""
    pts = hand_points(v)
    if v.ask in ("bid", "amount"):
        return bid_up_to(v, legal, RACER_SHARE * hand_worth(v, pts, v.revealed))
    weight = [1.0 if v.owner[c] == v.seat else (RACER_RIVAL if v.owner[c] >= 0 else 0.0) for c in range(NCARS)]
    for b in v.my_bets or ():
        if 0 <= b < NCARS:
            weight[b] += 0.4
    tip = leader(v, pts)
    if v.ask == "play":
        return max(legal, key=lambda a: (played_out(v, a.n, weight), -a.n))
    return race_move(v, legal, weight, bet=tip)


RACER_SHARE = 0.75
"""The share of a car's worth the racer bids up to."""
RACER_RIVAL = -0.35
"""How much the racer minds a rival's car moving, per row (its own: 1)."""


def hand_worth(v: TopRaceView, pts: Sequence[float], car: int) -> float:
    """What ``car`` should earn its owner, judged from the seat's own hand: the chance of each
    place when each other car ends ahead of it by a logistic of the difference in hand points,
    and the prize of each place."""
    spread = 4.0 + 0.25 * sum(pts) / NCARS
    ahead = [1.0]
    for other in range(NCARS):
        if other == car:
            continue
        p = 1.0 / (1.0 + math.exp(-(pts[other] - pts[car]) / spread))
        ahead = [q * (1 - p) + (ahead[k - 1] * p if k else 0.0) for k, q in enumerate([*ahead, 0.0])]
    return sum(q * PRIZES[k] for k, q in enumerate(ahead))


def leader(v: TopRaceView, pts: Sequence[float]) -> int:
    """The car in front (the first home if one is), its own cars a little ahead for the points
    its hand still holds for them; a broken-down car is behind."""
    if v.finish:
        return v.finish[0]

    def score(car: int) -> float:
        own = 0.2 * pts[car] if v.owner[car] == v.seat else 0.0
        return row(v, car) + own - (5.0 if v.ref[car] != OFF else 0.0)

    return max(range(NCARS), key=score)


def played_out(v: TopRaceView, cid: int, weight: Sequence[float]) -> float:
    """The rows a card moves each car once played out on the track (TR-MOVE-3/4), weighted: a car
    it likes goes as far as it can, one it minds as short; a joker to the car it likes best."""
    cells = list(v.cell)
    card = CARD[cid]
    if card.pair is not None:
        return card_push(v, cid, weight)
    printed = {car for car, _ in card.slots}
    gained = 0.0
    for car, points in card.slots:
        if car == JOKER:
            options = [c for c in range(NCARS) if c not in printed and cells[c] != OFF]
            if not options:
                continue
            moves = [(weight[c] * _advance(cells, c, points, weight[c] >= 0)[0], c) for c in options]
            best, car = max(moves)
            if best <= 0:
                # It must move one: the car it minds least.
                car = max(options, key=lambda c: (weight[c], -row(v, c)))
        if cells[car] == OFF:
            continue
        rows, end = _advance(cells, car, points, weight[car] >= 0)
        gained += weight[car] * rows
        cells[car] = OFF if end == FINISH else end
    return gained


def _advance(cells: Sequence[int], car: int, points: int, far: bool) -> tuple[int, int]:
    """(rows moved, end cell) of a move steered far or short."""
    ends = legal_ends(cells, car, points)
    if not ends:
        return 0, cells[car]
    end = ends[0] if far else ends[-1]
    return ROW[end] - ROW[cells[car]], end


def tipster(v: TopRaceView, legal: list[Action]) -> Action:
    """Buys cheaply and bets on the likeliest winner, then pushes that car and its own."""
    pts = hand_points(v)
    if v.ask in ("bid", "amount"):
        return bid_up_to(v, legal, 55_000 if not mine(v) else 30_000)
    tip = favourite(v, pts, 0.7)
    weight = [1.0 if v.owner[c] == v.seat else 0.0 for c in range(NCARS)]
    bets = [b for b in v.my_bets or () if 0 <= b < NCARS]
    for b in bets:
        weight[b] += 0.6
    return race_move(v, legal, weight, bet=tip)


def blocker(v: TopRaceView, legal: list[Action]) -> Action:
    """Buys at a fair price and holds back the leading rival car."""
    pts = hand_points(v)
    if v.ask in ("bid", "amount"):
        return bid_up_to(v, legal, 75_000)
    rivals = [c for c in range(NCARS) if v.owner[c] not in (-1, v.seat) and c not in v.finish]
    leader = max(rivals, key=lambda c: row(v, c)) if rivals else -1
    weight = [1.0 if v.owner[c] == v.seat else (-1.5 if c == leader else -0.2) for c in range(NCARS)]
    return race_move(v, legal, weight, bet=favourite(v, pts, 0.4))


def race_move(v: TopRaceView, legal: list[Action], weight: list[float], bet: int, panne_rivals: bool = True) -> Action:
    """The race decisions of a player who weighs each car's rows by ``weight``."""
    ask = v.ask
    if ask == "bet":
        return bet_on(legal, bet)
    if ask == "grid":
        return legal[0]  # the front-most free arrow
    if ask == "play":
        return max(legal, key=lambda a: (card_push(v, a.n, weight), -a.n))
    if ask == "mode":
        front, rear = pair_of(v)
        turbo = weight[rear] * (row(v, front) - row(v, rear))
        panne = -weight[front] * 8.0 if panne_rivals or weight[front] > 0 else -1.0
        return next(a for a in legal if a.kind == ("turbo" if turbo >= panne else "panne"))
    if ask == "joker":
        on_track = [a for a in legal if live(v, a.n)] or legal
        return max(on_track, key=lambda a: (weight[a.n], -row(v, a.n)))
    if ask == "end":
        return steer(v, legal, far=weight[v.car] >= 0)
    return legal[0]


def first_racer(v: TopRaceView, legal: list[Action]) -> Action:
    """The racer as it was first written: a fair flat price for a car, only ever pushes its own
    cars (by the points printed, jams not looked at), never breaks a rival down, bets on its own
    best-placed car."""
    own = mine(v)
    if v.ask in ("bid", "amount"):
        return bid_up_to(v, legal, 90_000 if not own else 50_000)
    weight = [1.0 if v.owner[c] == v.seat else 0.0 for c in range(NCARS)]
    best_own = max(own, key=lambda c: row(v, c)) if own else favourite(v, hand_points(v), 0.3)
    return race_move(v, legal, weight, bet=best_own, panne_rivals=False)


STRATEGIES: dict[str, Strategy] = {
    "hand": strategy(hand_player),
    "racer": strategy(racer),
    "tipster": strategy(tipster),
    "blocker": strategy(blocker),
}
"""The scripted players the bench measures the AI against."""

EARLIER: dict[str, Strategy] = {"racer": strategy(first_racer)}
"""Strategies as they were before they were made stronger, by name (the bench's ``<name>@earlier``)."""


# -- blunders --------------------------------------------------------------------------------------


CHANCES = {"overpaid": "purchases", "back_marker_bet": "bets", "panne_own_leader": "games", "min_raise_duel": "games"}
"""What each blunder count is out of (bench/ai_strength.py prints the rates)."""


def blunders(match: Match, seat: Seat) -> dict[str, int]:
    """Habits a player would call blunders, by the player in ``seat``:

    - ``overpaid``: cars bought at auction for more than the prize they earned;
    - ``panne_own_leader``: a breakdown played on its own car, the front car of the pair;
    - ``min_raise_duel``: minimum-step raises answering a minimum-step raise over its own bid
      (two bidders climbing in lockstep, 10,000 at a time);
    - ``purchases``: cars bought at auction (the base of the first count);
    - ``back_marker_bet``: a TIP bet on the car in last place at that moment (TR-END-3's order);
    - ``bets``: TIP bets (the base of the last count).
    """
    counts = {
        "overpaid": 0,
        "panne_own_leader": 0,
        "min_raise_duel": 0,
        "purchases": 0,
        "back_marker_bet": 0,
        "bets": 0,
    }
    for result in match.state.results:
        for purchase in result.purchases:
            if purchase.seat == seat and purchase.how == "auction":
                counts["purchases"] += 1
                counts["overpaid"] += purchase.price > result.prizes[purchase.car]
    history: list[tuple[Seat, int]] = []
    for state, who, action in match.steps():
        if state.ask in ("bid", "amount") and state.high_bidder < 0:
            history = []
        if action.kind == "bid":
            if who == seat and len(history) >= 2 and history[-2][0] == seat:
                duel = action.n == history[-1][1] + BID_STEP and history[-1][1] == history[-2][1] + BID_STEP
                counts["min_raise_duel"] += duel
            history.append((who, action.n))
        if action.kind == "bet" and who == seat:
            counts["bets"] += 1
            counts["back_marker_bet"] += action.n == places(state)[-1]
        if action.kind == "panne" and who == seat:
            front = front_car(state)
            counts["panne_own_leader"] += state.owner[front] == seat
    return counts


def front_car(state: TopRaceState) -> int:
    """The front car of the pair card being resolved."""
    pair = CARD[state.card].pair
    assert pair is not None
    a, b = pair
    return a if ROW[state.cell[a]] > ROW[state.cell[b]] else b
