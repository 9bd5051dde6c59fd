"""Top Race, the end of a race and of the game (TR-END, TR-GP-3): who sits out, places, prizes, bets."""

from __future__ import annotations

from rules.engine import with_item
from rules.toprace import betting, movement
from rules.toprace.data import LANE, NCARS, OFF, PRIZES, ROW
from rules.toprace.fields import Readable, TopRaceFields
from rules.toprace.state import RaceResult


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


def _standing_cell(s: Readable, car: int) -> int:
    """Where an unfinished car stands for the places: its cell, or its reference cell if broken down."""
    return s.cell[car] if s.cell[car] != OFF else s.ref[car]


def places(s: Readable) -> tuple[int, ...]:
    """TR-END-3: finished cars in order, then by row (broken: reference row), stamp, lane."""
    rest = [c for c in range(NCARS) if c not in s.finish]

    def key(c: int) -> tuple[int, int, int]:
        cell = _standing_cell(s, c)
        return (-ROW[cell], s.stamp[c], LANE[cell])

    return (*s.finish, *sorted(rest, key=key))


def _tell_ties(w: TopRaceFields, order: tuple[int, ...]) -> None:
    """TR-END-3: say which tie-break put a car ahead of another in the same row."""
    for ahead, behind in zip(order[len(w.finish) :], order[len(w.finish) + 1 :], strict=False):
        row = ROW[_standing_cell(w, ahead)]
        if row != ROW[_standing_cell(w, behind)]:
            continue
        key = "toprace.event.tie_stamp" if w.stamp[ahead] < w.stamp[behind] else "toprace.event.tie_lane"
        w.say(key, car=ahead, other=w.token(behind), row=row)


def end_race(w: TopRaceFields, by_cards: bool) -> None:
    """TR-END-3/4, TR-TIP-5: places, prizes to owners (unowned: to the bank), then bets settle."""
    w.flush_notes()
    order = places(w)
    place_of = {car: i for i, car in enumerate(order)}
    prizes = tuple(PRIZES[place_of[c]] for c in range(NCARS))
    w.say("toprace.event.race_over_cards" if by_cards else "toprace.event.race_over_finish", race=w.race)
    _tell_ties(w, order)
    for i, car in enumerate(order):
        owner = w.owner[car]
        if owner >= 0:
            w.money = with_item(w.money, owner, w.money[owner] + PRIZES[i])
            w.say("toprace.event.place", car=car, seat=owner, place=i + 1, amount=PRIZES[i])
        else:
            w.say("toprace.event.place_bank", car=car, place=i + 1, amount=PRIZES[i])
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
    winners = [seat for seat in range(w.players) if w.money[seat] == best]
    # §7 [D]: equal money shares a rank, so a tie for the most money shares the win.
    key = "toprace.event.winner" if len(winners) == 1 else "toprace.event.winner_shared"
    for seat in winners:
        w.say(key, seat=seat, amount=best)
