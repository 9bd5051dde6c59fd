"""Top Race, the deal and the auction (TR-SETUP, TR-AUC, TR-GP-2; DP 1 bid and DP 2 grid).

A race begins with ``new_race``: the deal and a fresh driver pile. Then each ``reveal`` offers the
top driver card; eligible players bid clockwise or pass for good; the last one in buys and places
the car. Forced buys (last card, second offer) and unowned cars need no decision.
"""

from __future__ import annotations

from functools import lru_cache

from rules.engine import IllegalAction, Seat, with_item
from rules.flow import blocks, clockwise, fits, next_seat
from rules.toprace import movement
from rules.toprace.actions import PASS, Action, act
from rules.toprace.data import (
    ARROWS,
    ARROWS_REARMOST,
    BID_STEP,
    LANE,
    LAST_CARD_PRICE,
    NCARDS,
    NCARS,
    NOT_BET,
    OFF,
    ROW,
    SECOND_OFFER_PRICE,
)
from rules.toprace.fields import Readable, TopRaceFields
from rules.toprace.state import Purchase, PurchaseHow

# -- a new race --------------------------------------------------------------------------------


def new_race(w: TopRaceFields) -> None:
    """TR-SETUP-2/3, TR-GP-2: shuffle and deal the movement cards, shuffle the drivers, reset the race."""
    assert w.rng is not None, "a deal needs the ply's random source"
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
    movement.card_done(w)
    w.last = None
    w.notes = []
    w.tips = (False, False, False)
    w.tip_queue = ()
    w.bets = ((NOT_BET,) * n,) * 3
    w.phase = "auction"
    w.ask = "none"
    w.turn = 0
    if w.races == 1:
        w.say("toprace.event.dealt", count=per)
    else:
        w.say("toprace.event.dealt_gp", race=w.race, races=w.races, count=per)
    if extra:
        w.say("toprace.event.removed", count=extra)
    for seat in range(n):
        w.say("toprace.event.hand", to=seat, count=per)


# -- offers ------------------------------------------------------------------------------------


def carless(w: TopRaceFields, first: Seat) -> list[Seat]:
    """Seats without a car, clockwise from ``first`` (inclusive)."""
    return [s for s in clockwise(first, w.players) if w.owned(s) == 0]


def eligible(w: TopRaceFields, seat: Seat) -> bool:
    """TR-AUC-2: carless players may bid; owners only if cars_left > carless and under the car cap."""
    owned = w.owned(seat)
    if owned == 0:
        return True
    if len(w.drivers) <= sum(1 for s in range(w.players) if w.owned(s) == 0):
        return False
    return owned < (1 if w.players == 6 else 2)


def reveal(w: TopRaceFields) -> None:
    """Reveal the next driver card (TR-AUC-1) or start the race when all cars are placed (TR-AUC-8)."""
    if not w.drivers:
        w.phase = "race"
        w.turn = w.start
        w.ask = "play"
        w.say("toprace.event.race_begins", seat=w.start)
        return
    car = w.drivers[0]
    w.offers += 1
    w.opener = (w.race - 1 + w.offers - 1) % w.players
    w.high = 0
    w.high_bidder = -1
    w.block = 0
    without = carless(w, w.opener)
    if len(w.drivers) == 1 and without:
        # TR-AUC-4: the last card goes without auction to a carless player for 30,000.
        w.say("toprace.event.offer_last", car=car)
        _buy(w, without[0], LAST_CARD_PRICE, "last")
        return
    w.passed = tuple(not eligible(w, s) for s in range(w.players))
    first = next((s for s in clockwise(w.opener, w.players) if not w.passed[s]), None)
    again = car in w.offered
    if first is None:
        w.say("toprace.event.offer_nobody", car=car)
        _no_sale(w)
        return
    # The opening seat (TR-AUC-1) may not bid (TR-AUC-2): name the seat that really bids first.
    key = "toprace.event.offer_again" if again else "toprace.event.offer"
    w.say(key, car=car, seat=first, left=len(w.drivers))
    w.turn = first
    w.ask = "bid"


def _buy(w: TopRaceFields, seat: Seat, price: int, how: PurchaseHow) -> None:
    """Pay for drivers[0] (TR-AUC-6: even into debt) and ask where to place it (DP 2)."""
    car = w.drivers[0]
    w.money = with_item(w.money, seat, w.money[seat] - price)
    w.owner = with_item(w.owner, car, seat)
    w.purchases = (*w.purchases, Purchase(car=car, seat=seat, price=price, how=how))
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
    w.say(f"toprace.event.{key}", car=car, seat=seat, amount=price)


def _no_sale(w: TopRaceFields) -> None:
    """TR-AUC-5: first offer → under the pile; second offer → first carless pays 10,000, else unowned."""
    car = w.drivers[0]
    w.passed = (False,) * w.players
    if car not in w.offered:
        w.offered = (*w.offered, car)
        w.drivers = (*w.drivers[1:], car)
        w.say("toprace.event.no_sale", car=car)
        w.ask = "none"
        return
    without = carless(w, w.opener)
    if without:
        _buy(w, without[0], SECOND_OFFER_PRICE, "second")
        return
    w.drivers = w.drivers[1:]
    taken = set(w.cell)
    cell = next(c for c in ARROWS_REARMOST if c not in taken)
    w.cell = with_item(w.cell, car, cell)  # TR-AUC-7: unowned car to the rearmost free arrow
    w.say("toprace.event.unowned", car=car, row=ROW[cell], lane=LANE[cell])
    w.ask = "none"


def _next_bidder(w: TopRaceFields) -> None:
    """TR-AUC-3: the next eligible seat clockwise still in; the last one left wins."""
    seat = next_seat(w.turn, w.players, lambda s: w.passed[s] or s == w.high_bidder)
    if seat is not None:
        w.turn = seat
        w.ask = "bid"
    elif w.high_bidder >= 0:
        _buy(w, w.high_bidder, w.high, "auction")
    else:
        _no_sale(w)


# -- decisions: DP 1 bid (one or two steps), DP 2 grid ---------------------------------------------


def bid_range(s: Readable) -> tuple[int, int]:
    """The lowest and highest legal bid of the seat to bid (TR-AUC-3); empty when hi < lo."""
    return max(s.high + BID_STEP, BID_STEP), (s.money[s.turn] // BID_STEP) * BID_STEP


@lru_cache(maxsize=4096)
def _bid_choices(lo: int, count: int) -> tuple[Action, ...]:
    if fits(count, reserved=1):
        return (PASS, *(act("bid", lo + i * BID_STEP) for i in range(count)))
    # [D] DP 1 in two steps: a block of consecutive amounts (beside the pass), then the amount.
    return (PASS, *(act("block", b + 1) for b in range(len(blocks(count, reserved=1)))))


def bid_choices(s: Readable) -> list[Action]:
    """DP 1: pass, then every legal amount, or the blocks of amounts when they do not fit."""
    lo, hi = bid_range(s)
    if hi < lo:
        return [PASS]
    return list(_bid_choices(lo, (hi - lo) // BID_STEP + 1))


def block_amounts(s: Readable, block: int) -> range:
    """The amounts of a block (1-based) of a two-step bid."""
    lo, hi = bid_range(s)
    part = blocks((hi - lo) // BID_STEP + 1, reserved=1)[block - 1]
    return range(lo + part.start * BID_STEP, lo + part.stop * BID_STEP, BID_STEP)


def amount_choices(s: Readable) -> list[Action]:
    """DP 1, second step: the amounts of the block chosen at the first."""
    return [act("bid", amount) for amount in block_amounts(s, s.block)]


def grid_choices(s: Readable) -> list[Action]:
    """DP 2: every free arrow cell, front row first, lanes left to right."""
    taken = set(s.cell)
    return [act("grid", c) for c in ARROWS if c not in taken]


def bid_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a bid, a block or a pass is refused at DP 1 (TR-AUC-3)."""
    lo, hi = bid_range(s)
    if a.kind == "block":
        if s.ask == "amount" or fits((hi - lo) // BID_STEP + 1, reserved=1):
            return IllegalAction("toprace.error.no_blocks")
        return IllegalAction("toprace.error.no_such_block", n=a.n)
    if a.kind == "pass":
        return IllegalAction("toprace.error.step.amount")
    if a.n % BID_STEP:
        return IllegalAction("toprace.error.bid_step", step=BID_STEP)
    if a.n < lo:
        return IllegalAction("toprace.error.bid_low", amount=lo)
    if a.n > s.money[s.turn]:
        return IllegalAction("toprace.error.bid_money", amount=s.money[s.turn])
    if s.ask == "bid":
        return IllegalAction("toprace.error.pick_block")
    amounts = block_amounts(s, s.block)
    return IllegalAction("toprace.error.bid_block", lo=amounts[0], hi=amounts[-1])


def grid_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a cell is refused at DP 2 (TR-AUC-7)."""
    if a.n not in ARROWS:
        return IllegalAction("toprace.error.not_arrow")
    return IllegalAction("toprace.error.arrow_taken")


# -- playing a choice --------------------------------------------------------------------------


def pass_(w: TopRaceFields, seat: Seat, forced: bool) -> None:
    """TR-AUC-3: a pass is final for this offer."""
    w.passed = with_item(w.passed, seat, True)
    w.say("toprace.event.auto_pass" if forced else "toprace.event.pass", seat=seat)
    _next_bidder(w)


def bid(w: TopRaceFields, seat: Seat, amount: int) -> None:
    """TR-AUC-3: the new high bid; the next seat still in is asked."""
    w.high = amount
    w.high_bidder = seat
    w.block = 0
    w.say("toprace.event.bid", seat=seat, amount=amount)
    _next_bidder(w)


def choose_block(w: TopRaceFields, block: int) -> None:
    """DP 1 [D], first step of a two-step bid: the amounts of that block are asked next."""
    w.block = block
    w.ask = "amount"


def place(w: TopRaceFields, seat: Seat, cell: int, forced: bool) -> None:
    """TR-AUC-7 / DP 2: the buyer puts the car on a free arrow."""
    car = w.placing
    w.cell = with_item(w.cell, car, cell)
    w.placing = -1
    w.ask = "none"
    key = "toprace.event.placed_auto" if forced else "toprace.event.placed"
    w.say(key, car=car, seat=seat, row=ROW[cell], lane=LANE[cell])
