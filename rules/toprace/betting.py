"""Top Race, the TIP bets (TR-TIP; DP 7): lines crossed, secret rounds, payouts at the race's end."""

from __future__ import annotations

from rules.engine import IllegalAction, Seat, with_item
from rules.toprace.actions import Action, act
from rules.toprace.data import BET_NONE, NCARS, NOT_BET, TIP_PAYOUT, TIP_ROWS
from rules.toprace.fields import Readable, TopRaceFields
from rules.toprace.state import BetRecord


def crossing(w: TopRaceFields, car: int, r0: int, r1: int) -> None:
    """TR-TIP-1/2: the first crossing of line k in a race (row ≤ Lk to > Lk) triggers round k,
    held after the card."""
    for k, line in enumerate(TIP_ROWS):
        if r0 <= line < r1 and not w.tips[k]:
            w.tips = with_item(w.tips, k, True)
            if w.betting:
                w.tip_queue = tuple(sorted((*w.tip_queue, k + 1)))  # ascending k (TR-TIP-2)
                w.say("toprace.event.tip_crossed", car=car, tip=k + 1)


_BETS = tuple(act("bet", c) for c in range(NCARS))
_BETS_OR_NONE = (*_BETS, act("bet", BET_NONE))


def bet_choices(s: Readable) -> list[Action]:
    """DP 7 / TR-TIP-3: any of the six cars, and 'none' with allow_no_bet."""
    return list(_BETS_OR_NONE if s.allow_no_bet else _BETS)


def bet_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a bet is refused at DP 7: 'no bet' needs the allow_no_bet option (TR-TIP-3)."""
    return IllegalAction("toprace.error.must_bet")


def open_round(w: TopRaceFields) -> None:
    """TR-TIP-3: every seat (skipped ones too) bets at once on the first queued round."""
    w.ask = "bet"
    w.say("toprace.event.tip_open", tip=w.tip_queue[0])


def bet(w: TopRaceFields, seat: Seat, car: int) -> None:
    """A secret bet; the round closes when every seat has bet."""
    tip = w.tip_queue[0]
    w.bets = with_item(w.bets, tip - 1, with_item(w.bets[tip - 1], seat, car))
    w.say("toprace.event.has_bet", seat=seat, tip=tip)
    if car == BET_NONE:
        w.say("toprace.event.my_bet_none", to=seat, tip=tip)
    else:
        w.say("toprace.event.my_bet", to=seat, car=car, tip=tip)
    if NOT_BET not in w.bets[tip - 1]:
        w.say("toprace.event.bets_closed", tip=tip)
        w.tip_queue = w.tip_queue[1:]
        w.ask = "none"


def settle(w: TopRaceFields, place_of: dict[int, int]) -> tuple[BetRecord, ...]:
    """TR-TIP-4/5: every bet of a held round pays the table amount for its car's final place."""
    records: list[BetRecord] = []
    for k in range(3):
        if not w.tips[k]:
            continue  # TR-TIP-4: nobody crossed that line, nobody bet
        for seat in range(w.players):
            car = w.bets[k][seat]
            if car == NOT_BET:
                continue
            place = 0 if car == BET_NONE else place_of[car] + 1
            payout = 0 if car == BET_NONE else TIP_PAYOUT[k][place - 1]
            w.money = with_item(w.money, seat, w.money[seat] + payout)
            records.append(BetRecord(tip=k + 1, seat=seat, car=car, place=place, payout=payout))
            if car == BET_NONE:
                w.say("toprace.event.bet_result_none", seat=seat, tip=k + 1)
            else:
                w.say("toprace.event.bet_result", seat=seat, car=car, tip=k + 1, place=place, amount=payout)
    return tuple(records)
