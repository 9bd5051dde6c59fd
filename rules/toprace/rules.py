"""Top Race rules: the auction, the race, TIP betting and the Grand Prix (spec rules/toprace.md).

``apply`` copies the frozen state into a mutable work object (``_W``), plays the action, then runs
every automatic step (forced buys, single choices, TIP detection, releases, skips, race end) until a
seat faces a real choice (≥ 2 options) or the game is over, and freezes the result again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from rules.engine import (
    Event,
    Frozen,
    IllegalAction,
    Msg,
    Options,
    OptionSpec,
    Outcome,
    Seat,
    Standing,
    Text,
    fill_options,
    rank_by,
    trusted,
    with_item,
)
from rules.toprace.actions import PANNE, PASS, TURBO, Action, act
from rules.toprace.actions import action_code as _action_code
from rules.toprace.actions import parse_action as _parse_action
from rules.toprace.data import (
    ARROWS,
    ARROWS_REARMOST,
    BID_STEP,
    BLOCK,
    CARD,
    CENTRE,
    FINISH,
    J5_IDS,
    JOKER,
    LANE,
    LAST_CARD_PRICE,
    NCARDS,
    NCARS,
    NEXT,
    OFF,
    PARTNER,
    PRIZES,
    RESTRICT_PAIR_ROW,
    ROW,
    ROW_CELLS,
    ROW_MIN,
    SECOND_OFFER_PRICE,
    START_MONEY,
    TIP_PAYOUT,
    TIP_ROWS,
    car_key,
    fmt_money,
    money_sign,
)
from rules.toprace.state import (
    BET_NONE,
    NOT_BET,
    Ask,
    BetRecord,
    LastCard,
    Note,
    Phase,
    Purchase,
    RaceResult,
    TopRaceState,
)
from rules.toprace.view import TopRaceView, make_view

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(name="edition", choices=("classic", "alt"), default="classic"),
    OptionSpec(name="races", choices=("1", "3"), default="1"),
    OptionSpec(name="betting", choices=("on", "off"), default="on"),
    OptionSpec(name="allow_no_bet", choices=("off", "on"), default="off"),
    OptionSpec(name="restrict_pair_after_tip2", choices=("off", "on"), default="off"),
    OptionSpec(name="auction", choices=("turn_order",), default="turn_order"),
)

J5_ACTION_ID = min(J5_IDS)
RELEASE_ON_REACHING_ROW = True
"""TR-PAIR-6 [D]: release when the partner reaches the reference row (row ≥ R), as worked example 3
requires (its partner stops *in* row 20 and the broken car re-enters beside it); the rule text's
"row > R" would contradict the example."""

_FIELDS = tuple(TopRaceState.model_fields)


class _W:
    """A mutable working copy of a TopRaceState during one apply (same field names).

    The annotations below repeat the state's fields on purpose: they give mypy the types of
    ``w.money``, ``w.cell`` ... in every rule function. A test keeps them equal to the state's.
    """

    players: int
    edition: str
    races: int
    betting: bool
    allow_no_bet: bool
    restrict_pair: bool
    race: int
    phase: Phase
    ask: Ask
    turn: int
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    folded: tuple[int, ...]
    played: tuple[int, ...]
    drivers: tuple[int, ...]
    offers: int
    offered: tuple[int, ...]
    opener: int
    high: int
    high_bidder: int
    passed: tuple[bool, ...]
    block: int
    placing: int
    purchases: tuple[Purchase, ...]
    owner: tuple[int, ...]
    cell: tuple[int, ...]
    ref: tuple[int, ...]
    stamp: tuple[int, ...]
    counter: int
    finish: tuple[int, ...]
    start: int
    skipped: tuple[bool, ...]
    card: int
    slot: int
    car: int
    points: int
    ends: tuple[int, ...]
    last: LastCard | None
    tips: tuple[bool, ...]
    tip_queue: tuple[int, ...]
    bets: tuple[tuple[int, ...], ...]
    results: tuple[RaceResult, ...]

    def __init__(self, state: TopRaceState | None, rng: random.Random | None = None) -> None:
        if state is not None:
            self.__dict__.update(state.__dict__)
        self.rng = rng
        self.events: list[Event] = []
        self.notes: list[Note] = []

    def freeze(self) -> TopRaceState:
        """The frozen state (no re-validation: every field already has its exact type)."""
        self._flush_notes()
        d = self.__dict__
        return trusted(TopRaceState, {k: d[k] for k in _FIELDS})

    def _flush_notes(self) -> None:
        if self.notes and self.last is not None:
            self.last = trusted(
                LastCard, {"seat": self.last.seat, "card": self.last.card, "notes": self.last.notes + tuple(self.notes)}
            )
            self.notes = []

    def ev(
        self,
        key: str,
        *,
        to: int | None = None,
        car: int | None = None,
        seat: int | None = None,
        terms: dict[str, str] | None = None,
        **params: str | int,
    ) -> None:
        """Record an event (public unless ``to``); ``car``/``seat`` fill {car}/{seat}."""
        t = dict(terms) if terms else {}
        if car is not None:
            t["car"] = car_key(self.edition, car)
        self.events.append(
            trusted(
                Event,
                {
                    "key": "toprace.event." + key,
                    "params": params,
                    "terms": t,
                    "seats": {} if seat is None else {"seat": seat},
                    "to": None if to is None else frozenset((to,)),
                },
            )
        )

    def note(
        self, kind: Any, car: int, start: int = -1, end: int = -1, points: int = 0, lost: int = 0, other: int = -1
    ) -> None:
        """Remember what a slot did, for the board."""
        self.notes.append(
            trusted(
                Note,
                {"kind": kind, "car": car, "start": start, "end": end, "points": points, "lost": lost, "other": other},
            )
        )


# -- setup and races ---------------------------------------------------------------------------


def _new_race(w: _W) -> None:
    """TR-SETUP-2/3, TR-GP-2: shuffle and deal the movement cards, shuffle the drivers, reset the race."""
    assert w.rng is not None
    n = w.players
    deck = list(range(1, NCARDS + 1))
    w.rng.shuffle(deck)
    extra = NCARDS % n
    per = (NCARDS - extra) // n
    w.removed = tuple(sorted(deck[:extra]))
    rest = deck[extra:]
    w.hands = tuple(tuple(sorted(rest[i * per : (i + 1) * per])) for i in range(n))
    drivers = list(range(NCARS))
    w.rng.shuffle(drivers)
    w.drivers = tuple(drivers)
    w.folded = ()
    w.played = ()
    w.offers = 0
    w.offered = ()
    w.opener = 0
    w.high = 0
    w.high_bidder = -1
    w.passed = (False,) * n
    w.block = 0
    w.placing = -1
    w.purchases = ()
    w.owner = (-1,) * NCARS
    w.cell = (OFF,) * NCARS
    w.ref = (OFF,) * NCARS
    w.stamp = (0,) * NCARS
    w.counter = 0
    w.finish = ()
    w.start = 0
    w.skipped = (False,) * n
    w.card = 0
    w.slot = 0
    w.car = -1
    w.points = 0
    w.ends = ()
    w.last = None
    w.notes = []
    w.tips = (False, False, False)
    w.tip_queue = ()
    w.bets = ((NOT_BET,) * n,) * 3
    w.phase = "auction"
    w.ask = "none"
    w.turn = 0
    w.ev("race_dealt", race=w.race, races=w.races, count=per)
    if extra:
        w.ev("removed", count=extra)
    for s in range(n):
        w.ev("hand", to=s, count=per)


def _owned(w: _W, seat: int) -> int:
    return sum(1 for o in w.owner if o == seat)


def _clockwise(n: int, first: int) -> list[int]:
    return [(first + i) % n for i in range(n)]


def _carless(w: _W, first: int) -> list[int]:
    """Seats without a car, clockwise from ``first`` (inclusive)."""
    return [s for s in _clockwise(w.players, first) if _owned(w, s) == 0]


def _eligible(w: _W, seat: int) -> bool:
    """TR-AUC-2: carless players may bid; owners only if cars_left > carless and under the car cap."""
    owned = _owned(w, seat)
    if owned == 0:
        return True
    carless = sum(1 for s in range(w.players) if _owned(w, s) == 0)
    if len(w.drivers) <= carless:
        return False
    return owned < (1 if w.players == 6 else 2)


def _auction_step(w: _W) -> None:
    """Reveal the next driver card (TR-AUC-1) or start the race when all cars are placed (TR-AUC-8)."""
    if not w.drivers:
        w.phase = "race"
        w.turn = w.start
        w.ask = "play"
        w.ev("race_begins", seat=w.start)
        return
    car = w.drivers[0]
    w.offers += 1
    w.opener = (w.race - 1 + w.offers - 1) % w.players
    w.high = 0
    w.high_bidder = -1
    w.block = 0
    w.ev("offer", car=car, seat=w.opener, offer=w.offers, left=len(w.drivers))
    carless = _carless(w, w.opener)
    if len(w.drivers) == 1 and carless:
        # TR-AUC-4: the last card goes without auction to a carless player for 30,000.
        _buy(w, carless[0], LAST_CARD_PRICE, "last")
        return
    w.passed = tuple(not _eligible(w, s) for s in range(w.players))
    first = next((s for s in _clockwise(w.players, w.opener) if not w.passed[s]), None)
    if first is None:
        _no_sale(w)
        return
    w.turn = first
    w.ask = "bid"


def _buy(w: _W, seat: int, price: int, how: Any) -> None:
    """Pay for drivers[0] (TR-AUC-6: even into debt) and ask where to place it (DP 2)."""
    car = w.drivers[0]
    w.money = with_item(w.money, seat, w.money[seat] - price)
    w.owner = with_item(w.owner, car, seat)
    w.purchases = (*w.purchases, Purchase.model_construct(car=car, seat=seat, price=price, how=how))
    w.drivers = w.drivers[1:]
    w.start = seat  # TR-AUC-8: the buyer of the last car sold starts
    w.placing = car
    w.turn = seat
    w.ask = "grid"
    w.high = 0
    w.high_bidder = -1
    w.block = 0
    w.passed = (False,) * w.players
    key = {"auction": "sold", "last": "forced_last", "second": "forced_second"}[how]
    w.ev(key, car=car, seat=seat, amount=fmt_money(price))


def _no_sale(w: _W) -> None:
    """TR-AUC-5: first offer → under the pile; second offer → first carless pays 10,000, else unowned."""
    car = w.drivers[0]
    w.passed = (False,) * w.players
    if car not in w.offered:
        w.offered = (*w.offered, car)
        w.drivers = (*w.drivers[1:], car)
        w.ev("no_sale", car=car)
        w.ask = "none"
        return
    carless = _carless(w, w.opener)
    if carless:
        _buy(w, carless[0], SECOND_OFFER_PRICE, "second")
        return
    w.drivers = w.drivers[1:]
    taken = set(w.cell)
    cell = next(c for c in ARROWS_REARMOST if c not in taken)
    w.cell = with_item(w.cell, car, cell)  # TR-AUC-7: unowned car to the rearmost free arrow
    w.ev("unowned", car=car, n=1 - ROW[cell], lane=LANE[cell])
    w.ask = "none"


def _next_bidder(w: _W) -> None:
    """TR-AUC-3: next eligible seat clockwise still in; the last one left wins."""
    n = w.players
    for i in range(1, n + 1):
        t = (w.turn + i) % n
        if not w.passed[t] and t != w.high_bidder:
            w.turn = t
            w.ask = "bid"
            return
    if w.high_bidder >= 0:
        _buy(w, w.high_bidder, w.high, "auction")
    else:
        _no_sale(w)


def _bid_range(w: _W | TopRaceState) -> tuple[int, int]:
    lo = max(w.high + BID_STEP, BID_STEP)
    hi = (w.money[w.turn] // BID_STEP) * BID_STEP
    return lo, hi


# -- movement ----------------------------------------------------------------------------------


def _occupied(w: _W, moving: int) -> set[int]:
    return {c for i, c in enumerate(w.cell) if c != OFF and i != moving}


_END_KEY: tuple[tuple[int, int], ...] = tuple((-ROW[i], LANE[i]) for i in range(FINISH + 1))


def legal_ends(cells: Sequence[int], car: int, points: int) -> tuple[int, ...]:
    """TR-MOVE-3/4: the end cells of every step-by-step path, in DP 6 order; () if the car cannot step."""
    # A path ends after ``points`` steps, or earlier at a cell with no free forward neighbour (jam),
    # or at FINISH. Order: FINISH first, then rows highest first, lanes left to right.
    start = cells[car]
    occ = {c for i, c in enumerate(cells) if c != OFF and i != car}
    ends: list[int] = []
    frontier = [start]
    for _ in range(points):
        nxt: dict[int, None] = {}
        for c in frontier:
            free = [x for x in NEXT[c] if x not in occ]
            if free:
                for x in free:
                    nxt[x] = None
            else:
                ends.append(c)  # jammed (or FINISH): the path stops here
        frontier = list(nxt)
        if not frontier:
            break
    ends.extend(frontier)
    if ends == [start]:
        return ()
    return tuple(sorted(set(ends), key=_END_KEY.__getitem__))


def _move(w: _W, car: int, end: int) -> None:
    """TR-MOVE-8 order: move, finish, stamp, TIP crossing, Panne release check."""
    start = w.cell[car]
    r0, r1 = ROW[start], ROW[end]
    lost = w.points - (r1 - r0)
    w.counter += 1
    w.stamp = with_item(w.stamp, car, w.counter)  # TR-MOVE-7: the row always changes on a move
    if end == FINISH:
        w.cell = with_item(w.cell, car, OFF)
        w.finish = (*w.finish, car)  # TR-MOVE-6: crossing order
        w.note("finish", car, start, end, w.points, lost)
        w.ev("finish", car=car, place=len(w.finish), lost=lost)
    else:
        w.cell = with_item(w.cell, car, end)
        w.note("move", car, start, end, w.points, lost)
        if lost:
            w.ev("move_jam", car=car, row=r1, lane=LANE[end], lost=lost)
        else:
            w.ev("move", car=car, row=r1, lane=LANE[end])
    for k, line in enumerate(TIP_ROWS):
        if r0 <= line < r1 and not w.tips[k]:
            # TR-TIP-1/2: the first crossing of line k triggers round k after the card.
            w.tips = with_item(w.tips, k, True)
            if w.betting:
                w.tip_queue = tuple(sorted((*w.tip_queue, k + 1)))  # ascending k (TR-TIP-2)
                w.ev("tip_crossed", car=car, tip=k + 1)
    partner = PARTNER[car]
    ref = w.ref[partner]
    if ref != OFF and (end == FINISH or r1 >= ROW[ref] + (0 if RELEASE_ON_REACHING_ROW else 1)):
        _release(w, partner)


def _release(w: _W, car: int) -> None:
    """TR-PAIR-6: re-enter at the reference cell, else the nearest free cell of row R, R−1, …"""
    ref = w.ref[car]
    row_ref = ROW[ref]
    occ = _occupied(w, car)
    rc = CENTRE[ref]
    best = -1
    row = row_ref
    for row in range(row_ref, ROW_MIN - 1, -1):
        free = [c for c in ROW_CELLS[row] if c not in occ]
        if free:
            best = min(free, key=lambda c: (abs(CENTRE[c] - rc), LANE[c]))
            break
    w.counter += 1
    if row != row_ref:
        w.stamp = with_item(w.stamp, car, w.counter)
    w.cell = with_item(w.cell, car, best)
    w.ref = with_item(w.ref, car, OFF)
    w.note("release", car, ref, best)
    w.ev("release", car=car, row=ROW[best], lane=LANE[best])


def _pair_effect(w: _W, a: int, b: int) -> bool:
    """TR-PAIR-5: does the pair card have an effect (and so a DP 4)?"""
    if w.cell[a] == OFF or w.cell[b] == OFF:
        return False  # finished or broken down
    ra, rb = ROW[w.cell[a]], ROW[w.cell[b]]
    if ra == rb:
        return False
    return not (w.restrict_pair and max(ra, rb) >= RESTRICT_PAIR_ROW)


def _front_rear(w: _W, a: int, b: int) -> tuple[int, int]:
    return (a, b) if ROW[w.cell[a]] > ROW[w.cell[b]] else (b, a)


def _resolve(w: _W) -> None:
    """Resolve the current card's slots top to bottom (TR-MOVE-2) until a choice is needed."""
    card = CARD[w.card]
    while True:
        if len(w.finish) == NCARS:
            _end_race(w, by_cards=False)  # TR-END-2: at once, even mid-card
            return
        if card.pair is not None:
            if w.slot >= 1:
                break
            a, b = card.pair
            if _pair_effect(w, a, b):
                w.ask = "mode"
                return
            w.note("no_effect", a, other=b)
            w.ev("pair_no_effect", terms={"a": car_key(w.edition, a), "b": car_key(w.edition, b)})
            w.slot = 1
            continue
        if w.slot >= len(card.slots):
            break
        car, pts = card.slots[w.slot]
        if car == JOKER:
            if w.car < 0:
                w.points = pts
                w.ask = "joker"
                return
            car = w.car
        if w.cell[car] == OFF:
            # TR-MOVE-5 / TR-PAIR-4 / TR-JOKER-2: points of a finished or broken-down car are lost.
            w.note("ignored", car, points=pts, lost=pts)
            w.ev("ignored_finished" if car in w.finish else "ignored_broken", car=car, points=pts)
            w.slot += 1
            w.car = -1
            continue
        ends = legal_ends(w.cell, car, pts)
        if not ends:
            w.note("blocked", car, w.cell[car], w.cell[car], pts, pts)
            w.ev("blocked", car=car, points=pts)
            w.slot += 1
            w.car = -1
            continue
        w.car = car
        w.points = pts
        w.ends = ends
        w.ask = "end"
        return
    w.card = 0
    w.slot = 0
    w.car = -1
    w.points = 0
    w.ends = ()
    _after_card(w)


def _after_card(w: _W) -> None:
    """TR-MOVE-8: after the card, TIP rounds, then skips, end check and the next turn."""
    if w.tip_queue:
        _open_tip(w)
        return
    _after_tips(w)


def _open_tip(w: _W) -> None:
    w.ask = "bet"
    w.ev("tip_open", tip=w.tip_queue[0])


def _after_tips(w: _W) -> None:
    n = w.players
    for s in range(n):
        if w.skipped[s]:
            continue
        mine = [c for c in range(NCARS) if w.owner[c] == s]
        if mine and all(c in w.finish for c in mine):
            # TR-END-1: all own cars finished → discard the hand face down, sit out.
            w.ev("skipped", seat=s, count=len(w.hands[s]))
            w.skipped = with_item(w.skipped, s, True)
            w.folded = w.folded + w.hands[s]
            w.hands = with_item(w.hands, s, ())
    if not any(w.hands):
        _end_race(w, by_cards=True)
        return
    for i in range(1, n + 1):
        t = (w.turn + i) % n
        if not w.skipped[t] and w.hands[t]:
            w.turn = t
            w.ask = "play"
            return
    raise AssertionError("a hand holds cards but no seat can play")  # pragma: no cover


def places(w: _W | TopRaceState) -> tuple[int, ...]:
    """TR-END-3: finished cars in order, then by row (broken: reference row), stamp, lane."""
    rest = [c for c in range(NCARS) if c not in w.finish]

    def key(c: int) -> tuple[int, int, int]:
        cell = w.cell[c] if w.cell[c] != OFF else w.ref[c]
        return (-ROW[cell], w.stamp[c], LANE[cell])

    return (*w.finish, *sorted(rest, key=key))


def _end_race(w: _W, by_cards: bool) -> None:
    """TR-END-3/4: places, prizes to owners, bets settle; next race or game over (TR-GP)."""
    w._flush_notes()
    order = places(w)
    place_of = {car: i for i, car in enumerate(order)}
    prizes = tuple(PRIZES[place_of[c]] for c in range(NCARS))
    w.ev("race_over_cards" if by_cards else "race_over_finish", race=w.race)
    for i, car in enumerate(order):
        o = w.owner[car]
        if o >= 0:
            w.money = with_item(w.money, o, w.money[o] + PRIZES[i])
            w.ev("place", car=car, seat=o, place=i + 1, amount=fmt_money(PRIZES[i]))
        else:
            w.ev("place_bank", car=car, place=i + 1, amount=fmt_money(PRIZES[i]))
    records: list[BetRecord] = []
    if w.betting:
        for k in range(3):
            if not w.tips[k]:
                continue  # TR-TIP-4
            for s in range(w.players):
                b = w.bets[k][s]
                if b == NOT_BET:
                    continue
                place = 0 if b == BET_NONE else place_of[b] + 1
                payout = 0 if b == BET_NONE else TIP_PAYOUT[k][place - 1]
                w.money = with_item(w.money, s, w.money[s] + payout)
                records.append(BetRecord.model_construct(tip=k + 1, seat=s, car=b, place=place, payout=payout))
                if b == BET_NONE:
                    w.ev("bet_result_none", seat=s, tip=k + 1)
                else:
                    w.ev(
                        "bet_result",
                        seat=s,
                        car=b,
                        tip=k + 1,
                        place=place,
                        sign=money_sign(payout, True),
                        amount=fmt_money(payout),
                    )
    w.results = (
        *w.results,
        RaceResult.model_construct(
            race=w.race,
            places=order,
            owners=w.owner,
            prizes=prizes,
            purchases=w.purchases,
            bets=tuple(records),
            by_cards=by_cards,
        ),
    )
    w.card = 0
    w.slot = 0
    w.car = -1
    w.ends = ()
    w.tip_queue = ()
    if w.race >= w.races:
        w.phase = "over"  # TR-END-4 / TR-GP-3
        w.ask = "none"
        best = max(w.money)
        for s in range(w.players):
            if w.money[s] == best:
                w.ev("winner", seat=s, sign=money_sign(best), amount=fmt_money(best))
        return
    w.race += 1  # TR-GP-1/2: money carries over, everything else is reset
    _new_race(w)


# -- decisions ---------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _bid_choices(lo: int, count: int) -> tuple[Action, ...]:
    if count <= BLOCK:
        return (PASS, *(act("bid", lo + i * BID_STEP) for i in range(count)))
    blocks = min(BLOCK, -(-count // BLOCK))  # [D] two steps: a block of ≤ 24 amounts, then one
    return (PASS, *(act("block", b + 1) for b in range(blocks)))


def choices(w: _W | TopRaceState) -> list[Action]:
    """The legal actions of the open single-seat decision (or of any seat at a bet)."""
    ask = w.ask
    if ask == "bid":
        lo, hi = _bid_range(w)
        if hi < lo:
            return [PASS]
        return list(_bid_choices(lo, (hi - lo) // BID_STEP + 1))
    if ask == "amount":
        lo, hi = _bid_range(w)
        first = lo + (w.block - 1) * BLOCK * BID_STEP
        return [act("bid", a) for a in range(first, min(hi, first + (BLOCK - 1) * BID_STEP) + 1, BID_STEP)]
    if ask == "grid":
        taken = set(w.cell)
        return [act("grid", c) for c in ARROWS if c not in taken]
    if ask == "play":
        out: list[Action] = []
        j5 = False
        for c in w.hands[w.turn]:
            if c in J5_IDS:
                if j5:
                    continue
                j5 = True
                out.append(act("play", J5_ACTION_ID))
            else:
                out.append(act("play", c))
        return out
    if ask == "mode":
        return [TURBO, PANNE]
    if ask == "joker":
        printed = {car for car, _ in CARD[w.card].slots}
        return [act("joker", c) for c in range(NCARS) if c not in printed]
    if ask == "end":
        return [act("end", c) for c in w.ends]
    if ask == "bet":
        bets = [act("bet", c) for c in range(NCARS)]
        return [*bets, act("bet", BET_NONE)] if w.allow_no_bet else bets
    return []


def _do(w: _W, seat: int, a: Action, auto: bool) -> None:
    """Play one chosen (or forced) action."""
    kind = a.kind
    if kind == "pass":
        w.passed = with_item(w.passed, seat, True)
        w.ev("auto_pass" if auto else "pass", seat=seat)
        _next_bidder(w)
    elif kind == "bid":
        w.high = a.n
        w.high_bidder = seat
        w.block = 0
        w.ev("bid", seat=seat, amount=fmt_money(a.n))
        _next_bidder(w)
    elif kind == "block":
        w.block = a.n
        w.ask = "amount"
    elif kind == "grid":
        car = w.placing
        w.cell = with_item(w.cell, car, a.n)
        w.placing = -1
        w.ask = "none"
        w.ev("placed_auto" if auto else "placed", car=car, seat=seat, n=1 - ROW[a.n], lane=LANE[a.n])
    elif kind == "play":
        card = a.n
        hand = w.hands[seat]
        if card in J5_IDS:
            card = next(c for c in hand if c in J5_IDS)
        w._flush_notes()
        w.hands = with_item(w.hands, seat, tuple(c for c in hand if c != card))
        w.played = (*w.played, card)
        w.last = trusted(LastCard, {"seat": seat, "card": card, "notes": ()})
        w.ev("play_auto" if auto else "play", seat=seat, card=card)
        w.card = card
        w.slot = 0
        w.car = -1
        w.ask = "none"
    elif kind in ("turbo", "panne"):
        pair = CARD[w.card].pair
        assert pair is not None
        front, rear = _front_rear(w, *pair)
        w.ask = "none"
        if kind == "panne":
            # TR-PAIR-3: the front car leaves the track, keeping its reference cell.
            w.ref = with_item(w.ref, front, w.cell[front])
            w.note("panne", front, w.cell[front], other=rear)
            w.ev("panne", car=front, terms={"partner": car_key(w.edition, rear)})
            w.cell = with_item(w.cell, front, OFF)
            w.slot = 1
            return
        # TR-PAIR-2: the rear car moves row(front) − row(rear) steps under TR-MOVE-3/4.
        k = ROW[w.cell[front]] - ROW[w.cell[rear]]
        w.ev("turbo", car=rear, terms={"front": car_key(w.edition, front)}, points=k)
        w.note("turbo", rear, w.cell[rear], other=front, points=k)
        ends = legal_ends(w.cell, rear, k)
        if not ends:
            w.note("blocked", rear, w.cell[rear], w.cell[rear], k, k)
            w.ev("blocked", car=rear, points=k)
            w.slot = 1
            return
        w.car = rear
        w.points = k
        w.ends = ends
        w.ask = "end"
    elif kind == "joker":
        w.car = a.n
        w.note("joker", a.n, points=w.points)
        w.ev("joker", car=a.n, points=w.points)
        w.ask = "none"
    elif kind == "end":
        _move(w, w.car, a.n)
        w.slot += 1
        w.car = -1
        w.points = 0
        w.ends = ()
        w.ask = "none"
    elif kind == "bet":
        tip = w.tip_queue[0]
        w.bets = with_item(w.bets, tip - 1, with_item(w.bets[tip - 1], seat, a.n))
        w.ev("has_bet", seat=seat, tip=tip)
        if a.n == BET_NONE:
            w.ev("my_bet_none", to=seat, tip=tip)
        else:
            w.ev("my_bet", to=seat, car=a.n, tip=tip)
        if NOT_BET not in w.bets[tip - 1]:
            w.ev("bets_closed", tip=tip)
            w.tip_queue = w.tip_queue[1:]
            if w.tip_queue:
                _open_tip(w)
            else:
                _after_tips(w)


def settle(w: _W) -> None:
    """Run automatic steps until a seat has ≥ 2 choices or the game is over."""
    while True:
        if w.ask == "none":
            if w.phase == "over":
                return
            if w.phase == "auction":
                _auction_step(w)
            elif w.card:
                _resolve(w)
            else:  # pragma: no cover - every path sets the next decision
                raise AssertionError("race without a decision")
            continue
        if w.ask == "bet":
            return
        opts = choices(w)
        if len(opts) > 1:
            return
        _do(w, w.turn, opts[0], auto=True)


def to_act(state: TopRaceState) -> frozenset[int]:
    """Seats that must decide now."""
    if state.phase == "over":
        return frozenset()
    if state.ask == "bet":
        row = state.bets[state.tip_queue[0] - 1]
        return frozenset(s for s in range(state.players) if row[s] == NOT_BET)
    return frozenset((state.turn,))


def work(state: TopRaceState, rng: random.Random | None = None) -> _W:
    """A mutable working copy of ``state`` (for the AI and tests)."""
    return _W(state, rng)


def apply(state: TopRaceState, seat: int, action: Action, rng: random.Random) -> tuple[TopRaceState, list[Event]]:
    """Play ``action`` for ``seat`` and every automatic step after it."""
    if seat not in to_act(state):
        raise IllegalAction("toprace.error.not_your_turn")
    w = _W(state, rng)
    key = (action.kind, action.n)
    if not any(a.kind == key[0] and a.n == key[1] for a in choices(w)):
        raise IllegalAction("toprace.error.illegal", code=_action_code(action))
    _do(w, seat, action, auto=False)
    settle(w)
    return w.freeze(), w.events


def new_state(players: int, options: dict[str, str], rng: random.Random) -> TopRaceState:
    """TR-SETUP-1..3: 200,000 each, cards dealt, drivers shuffled, the first offer opened."""
    w = _W(None, rng)
    w.players = players
    w.edition = options["edition"]
    w.races = int(options["races"])
    w.betting = options["betting"] == "on"
    w.allow_no_bet = options["allow_no_bet"] == "on"
    w.restrict_pair = options["restrict_pair_after_tip2"] == "on"
    w.race = 1
    w.money = (START_MONEY,) * players
    w.results = ()
    _new_race(w)
    settle(w)
    return w.freeze()


class TopRaceRules:
    """Top Race (Wolfgang Kramer): auction six cars, race them with shared cards, bet on the winner."""

    name: ClassVar[str] = "toprace"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    state_type: ClassVar[type[Frozen]] = TopRaceState
    state_version: ClassVar[int] = 1

    def check_options(self, players: int, options: Options) -> dict[str, str]:
        """Fill defaults and validate the §5 options."""
        return fill_options(OPTIONS, options)

    def setup(self, players: int, options: Options, rng: random.Random) -> TopRaceState:
        """The initial state: money, the deal and the first driver card revealed."""
        if not self.min_players <= players <= self.max_players:
            raise IllegalAction("toprace.error.players", min=self.min_players, max=self.max_players)
        return new_state(players, self.check_options(players, options), rng)

    def to_act(self, state: TopRaceState) -> frozenset[Seat]:
        """Seats that must decide now (all seats still to bet in a TIP round)."""
        return to_act(state)

    def legal_actions(self, state: TopRaceState, seat: Seat) -> Sequence[Action]:
        """Every legal action of ``seat`` in board order; [] if ``seat`` is not to act."""
        if seat not in to_act(state):
            return []
        return choices(state)

    def apply(
        self, state: TopRaceState, seat: Seat, action: Action, rng: random.Random
    ) -> tuple[TopRaceState, list[Event]]:
        """Play ``action`` for ``seat``; IllegalAction if it is not legal now."""
        return apply(state, seat, action, rng)

    def outcome(self, state: TopRaceState) -> Outcome | None:
        """Standings by money once the game is over (equal money shares a rank)."""
        if state.phase != "over":
            return None
        ranks = rank_by([(s, (state.money[s],)) for s in range(state.players)])
        return Outcome(standings=tuple(Standing(seat=s, rank=r, score=state.money[s]) for s, r in ranks))

    def view(self, state: TopRaceState, seat: Seat | None) -> TopRaceView:
        """What ``seat`` may see (None = public)."""
        from rules.toprace.render import prompt

        question = prompt(state, seat) if seat is not None and seat in to_act(state) else None
        return make_view(state, seat, question)

    def action_code(self, action: Action) -> str:
        """Short stable code of ``action``."""
        return _action_code(action)

    def parse_action(self, code: str) -> Action:
        """The action named by ``code``."""
        return _parse_action(code)

    def action_label(self, state: TopRaceState, seat: Seat, action: Action) -> Msg:
        """A short button label for ``action``."""
        from rules.toprace.render import label

        return label(state, seat, action)

    def prompt(self, state: TopRaceState, seat: Seat) -> Msg:
        """What ``seat`` is being asked now."""
        from rules.toprace.render import prompt

        return prompt(state, seat)

    def render_board(self, view: TopRaceView, tr: Text) -> str:
        """The public board (≤ 1,900 characters)."""
        from rules.toprace.render import render_board

        return render_board(view, tr)

    def render_private(self, view: TopRaceView, tr: Text) -> str:
        """One seat's hand, bets and current question."""
        from rules.toprace.render import render_private

        return render_private(view, tr)

    def ai_action(self, state: TopRaceState, seat: Seat, rng: random.Random) -> Action:
        """A sensible legal action for ``seat``."""
        from rules.toprace.ai import ai_action

        return ai_action(state, seat, rng)

    def swap_secrets(self, state: TopRaceState, a: Seat, b: Seat, rng: random.Random) -> TopRaceState:
        """A state differing only in what ``a`` and ``b`` privately know: one card swapped, or bets."""
        return swap_secrets(state, a, b, rng)

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Version 1 is the only version so far."""
        return data


def swap_secrets(state: TopRaceState, a: int, b: int, rng: random.Random) -> TopRaceState:
    """Swap one card between two hands (keeping any open play decision ≥ 2 choices), else bets."""
    if a == b:
        return state
    ha, hb = state.hands[a], state.hands[b]
    pairs = [(x, y) for x in ha for y in hb if x != y and not (x in J5_IDS and y in J5_IDS)]
    rng.shuffle(pairs)
    for x, y in pairs:
        na = tuple(sorted((*(c for c in ha if c != x), y)))
        nb = tuple(sorted((*(c for c in hb if c != y), x)))
        hands = with_item(with_item(state.hands, a, na), b, nb)
        cand = state.model_copy(update={"hands": hands})
        if state.ask != "play" or len(choices(cand)) >= 2:
            return cand
    # Bets of one round, only while both have bet or both have not (who has bet is public).
    bets = list(state.bets)
    changed = False
    for k in range(3):
        row = bets[k]
        if row[a] != row[b] and row[a] != NOT_BET and row[b] != NOT_BET:
            bets[k] = with_item(with_item(row, a, row[b]), b, row[a])
            changed = True
    if changed:
        return state.model_copy(update={"bets": tuple(bets)})
    return state
