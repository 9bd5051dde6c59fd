"""Top Race, the end of a race and of the game (TR-END, TR-GP-3): who sits out, places, prizes, bets."""

from __future__ import annotations

from rules.engine import with_item
from rules.toprace import betting, movement
from rules.toprace.data import LANE, NCARS, OFF, PRIZES, ROW, fmt_money, money_sign
from rules.toprace.state import RaceResult, Readable, TopRaceFields


def skip_finished_owners(w: TopRaceFields) -> None:
    """TR-END-1: after a card, a player whose cars have all finished discards the hand face down
    and sits out the rest of the race."""
    racing = {w.owner[c] for c in range(NCARS) if c not in w.finish}
    for seat in range(w.players):
        if not w.skipped[seat] and seat in w.owner and seat not in racing:
            w.say("toprace.event.skipped", seat=seat, count=len(w.hands[seat]))
            w.skipped = with_item(w.skipped, seat, True)
            w.folded = w.folded + w.hands[seat]
            w.hands = with_item(w.hands, seat, ())


def places(s: Readable) -> tuple[int, ...]:
    """TR-END-3: finished cars in order, then by row (broken: reference row), stamp, lane."""
    rest = [c for c in range(NCARS) if c not in s.finish]

    def key(c: int) -> tuple[int, int, int]:
        cell = s.cell[c] if s.cell[c] != OFF else s.ref[c]
        return (-ROW[cell], s.stamp[c], LANE[cell])

    return (*s.finish, *sorted(rest, key=key))


def end_race(w: TopRaceFields, by_cards: bool) -> None:
    """TR-END-3/4, TR-TIP-5: places, prizes to owners (unowned: to the bank), then bets settle."""
    w.flush_notes()
    order = places(w)
    place_of = {car: i for i, car in enumerate(order)}
    prizes = tuple(PRIZES[place_of[c]] for c in range(NCARS))
    w.say("toprace.event.race_over_cards" if by_cards else "toprace.event.race_over_finish", race=w.race)
    for i, car in enumerate(order):
        owner = w.owner[car]
        if owner >= 0:
            w.money = with_item(w.money, owner, w.money[owner] + PRIZES[i])
            w.say("toprace.event.place", car=car, seat=owner, place=i + 1, amount=fmt_money(PRIZES[i]))
        else:
            w.say("toprace.event.place_bank", car=car, place=i + 1, amount=fmt_money(PRIZES[i]))
    bets = betting.settle(w, place_of) if w.betting else ()
    result = RaceResult(
        race=w.race,
        places=order,
        owners=w.owner,
        prizes=prizes,
        purchases=w.purchases,
        bets=bets,
        by_cards=by_cards,
    )
    w.results = (*w.results, result)
    movement.card_done(w)
    w.tip_queue = ()


def game_over(w: TopRaceFields) -> None:
    """TR-END-4 / TR-GP-3: after the last race the richest player wins."""
    w.phase = "over"
    w.ask = "none"
    best = max(w.money)
    for seat in range(w.players):
        if w.money[seat] == best:
            w.say("toprace.event.winner", seat=seat, sign=money_sign(best), amount=fmt_money(best))
