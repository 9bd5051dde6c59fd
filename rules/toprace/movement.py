"""Top Race, the race: playing cards, moving cars, the joker and the turbo/panne cards
(TR-MOVE, TR-JOKER, TR-PAIR; DP 3 play, DP 4 pair mode, DP 5 joker, DP 6 end cell).

``play_card`` starts a card; ``resolve`` plays its slots top to bottom until one needs a choice
(the joker's car, the pair mode, where a car stops) or the card is done (then ``card`` is 0).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from functools import lru_cache

from rules.engine import IllegalAction, Seat, trusted, with_item
from rules.flow import next_seat
from rules.toprace import betting
from rules.toprace.actions import J5_ACTION_ID, PANNE, TURBO, Action, act
from rules.toprace.data import (
    CARD,
    CENTRE,
    FINISH,
    J5_IDS,
    JOKER,
    LANE,
    NCARS,
    NEXT,
    OFF,
    PARTNER,
    RESTRICT_PAIR_ROW,
    ROW,
    ROW_CELLS,
    ROW_MIN,
)
from rules.toprace.fields import Readable, TopRaceFields
from rules.toprace.state import LastCard

# -- where a car may stop ------------------------------------------------------------------------

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


def pair_effect(s: Readable, a: int, b: int) -> bool:
    """TR-PAIR-5: does the pair card have an effect (and so a DP 4)?"""
    if s.cell[a] == OFF or s.cell[b] == OFF:
        return False  # finished or broken down
    ra, rb = ROW[s.cell[a]], ROW[s.cell[b]]
    if ra == rb:
        return False
    return not (s.restrict_pair and max(ra, rb) >= RESTRICT_PAIR_ROW)


def front_rear(s: Readable, a: int, b: int) -> tuple[int, int]:
    """TR-PAIR-1: the pair's front car (higher row) and rear car."""
    return (a, b) if ROW[s.cell[a]] > ROW[s.cell[b]] else (b, a)


# -- decisions: DP 3 play, DP 4 mode, DP 5 joker, DP 6 end cell ------------------------------------


def play_choices(s: Readable) -> list[Action]:
    """DP 3: every card of the hand, the identical J5 cards as one choice."""
    return list(_hand_choices(s.hands[s.turn]))


@lru_cache(maxsize=1024)
def _hand_choices(hand: tuple[int, ...]) -> tuple[Action, ...]:
    # Cached by hand: a hand is asked about several times a ply (legal_actions, apply, settle).
    cards = [c for c in hand if c not in J5_IDS]
    if len(cards) < len(hand):
        bisect.insort(cards, J5_ACTION_ID)  # the J5 cards take the place of the lowest one
    return tuple(act("play", c) for c in cards)


def mode_choices(s: Readable) -> list[Action]:
    """DP 4: turbo or panne."""
    return [TURBO, PANNE]


_JOKER_CHOICES: dict[int, tuple[Action, ...]] = {
    card.id: tuple(act("joker", c) for c in range(NCARS) if c not in {car for car, _ in card.slots})
    for card in CARD.values()
    if any(car == JOKER for car, _ in card.slots)
}
_END_ACTIONS: tuple[Action, ...] = tuple(act("end", c) for c in range(FINISH + 1))


def joker_choices(s: Readable) -> list[Action]:
    """DP 5 / TR-JOKER-1: every car not printed on the card (finished or broken down too)."""
    return list(_JOKER_CHOICES[s.card])


def end_choices(s: Readable) -> list[Action]:
    """DP 6: the legal end cells, FINISH first, rows highest first, lanes left to right."""
    return [_END_ACTIONS[c] for c in s.ends]


def play_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a card is refused at DP 3: it is not in the hand."""
    if a.n in J5_IDS:
        return IllegalAction("toprace.error.no_j5")
    return IllegalAction("toprace.error.not_in_hand", card=a.n)


def joker_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a car is refused at DP 5: TR-JOKER-1, it is printed on the card."""
    return IllegalAction("toprace.error.joker_printed")


def end_refusal(s: Readable, a: Action) -> IllegalAction:
    """Why a cell is refused at DP 6: no path of the move ends there (TR-MOVE-3/4)."""
    if a.n == FINISH:
        return IllegalAction("toprace.error.no_finish")
    return IllegalAction("toprace.error.cannot_stop", row=ROW[a.n], lane=LANE[a.n])


# -- playing a choice --------------------------------------------------------------------------


def play_card(w: TopRaceFields, seat: Seat, card: int, forced: bool) -> None:
    """TR-MOVE-1: the card leaves the hand, face up; its slots are resolved next."""
    hand = w.hands[seat]
    if card in J5_IDS:
        card = next(c for c in hand if c in J5_IDS)
    w.flush_notes()
    w.hands = with_item(w.hands, seat, tuple(c for c in hand if c != card))
    w.played = (*w.played, card)
    w.last = trusted(LastCard, {"seat": seat, "card": card, "notes": ()})
    w.say("toprace.event.play_auto" if forced else "toprace.event.play", seat=seat, card=card)
    w.card = card
    w.slot = 0
    w.car = -1
    w.ask = "none"


def choose_mode(w: TopRaceFields, panne: bool) -> None:
    """TR-PAIR-2 turbo (the rear car catches up) or TR-PAIR-3 panne (the front car leaves the track)."""
    pair = CARD[w.card].pair
    assert pair is not None, "a mode is only asked for a pair card"
    front, rear = front_rear(w, *pair)
    w.ask = "none"
    if panne:
        # TR-PAIR-3: the front car leaves the track, keeping its reference cell.
        w.ref = with_item(w.ref, front, w.cell[front])
        w.note("panne", front, w.cell[front], other=rear)
        w.say("toprace.event.panne", car=front, partner=w.token(rear))
        w.cell = with_item(w.cell, front, OFF)
        w.slot = 1
        return
    # TR-PAIR-2: the rear car moves row(front) − row(rear) steps under TR-MOVE-3/4.
    k = ROW[w.cell[front]] - ROW[w.cell[rear]]
    w.say("toprace.event.turbo", car=rear, front=w.token(front), points=k)
    w.note("turbo", rear, w.cell[rear], other=front, points=k)
    _ask_end(w, rear, k)


def joker(w: TopRaceFields, car: int) -> None:
    """TR-JOKER-1: the joker slot moves the chosen car."""
    w.car = car
    w.note("joker", car, points=w.points)
    w.say("toprace.event.joker", car=car, points=w.points)
    w.ask = "none"


def end_move(w: TopRaceFields, end: int) -> None:
    """DP 6: the moving car stops at the chosen cell; the card goes on with its next slot."""
    _move(w, w.car, end)
    w.slot += 1
    w.car = -1
    w.points = 0
    w.ends = ()
    w.ask = "none"


# -- automatic steps -----------------------------------------------------------------------------


def resolve(w: TopRaceFields) -> None:
    """TR-MOVE-2: resolve the card's slots top to bottom until a choice is needed, the sixth car
    finishes (TR-END-2: the card stops there), or the card is done (``card`` back to 0)."""
    card = CARD[w.card]
    while True:
        if len(w.finish) == NCARS:
            return  # the sixth car is home: the race ends at once, mid-card
        if card.pair is not None:
            if w.slot >= 1:
                break
            a, b = card.pair
            if pair_effect(w, a, b):
                w.ask = "mode"
                return
            w.note("no_effect", a, other=b)
            w.say("toprace.event.pair_no_effect", a=w.token(a), b=w.token(b))
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
            key = "toprace.event.ignored_finished" if car in w.finish else "toprace.event.ignored_broken"
            w.say(key, car=car, points=pts)
            w.slot += 1
            w.car = -1
            continue
        if _ask_end(w, car, pts):
            return
    card_done(w)


def _ask_end(w: TopRaceFields, car: int, points: int) -> bool:
    """TR-MOVE-3/4: ask where ``car`` stops (DP 6); if it cannot step at all, the points are lost
    and the card goes on with its next slot (False)."""
    ends = legal_ends(w.cell, car, points)
    if not ends:
        w.note("blocked", car, w.cell[car], w.cell[car], points, points)
        w.say("toprace.event.blocked", car=car, points=points)
        w.slot += 1
        w.car = -1
        return False
    w.car = car
    w.points = points
    w.ends = ends
    w.ask = "end"
    return True


def card_done(w: TopRaceFields) -> None:
    """No card is being resolved any more (it is done, or the race ended in its middle)."""
    w.card = 0
    w.slot = 0
    w.car = -1
    w.points = 0
    w.ends = ()


def _move(w: TopRaceFields, car: int, end: int) -> None:
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
        w.say("toprace.event.finish", car=car, place=len(w.finish))
    else:
        w.cell = with_item(w.cell, car, end)
        w.note("move", car, start, end, w.points, lost)
        if lost:
            w.say("toprace.event.move_jam", car=car, row=r1, lane=LANE[end], lost=lost)
        else:
            w.say("toprace.event.move", car=car, row=r1, lane=LANE[end])
    betting.crossing(w, car, r0, r1)
    partner = PARTNER[car]
    ref = w.ref[partner]
    # TR-PAIR-6: the broken car waits "until the other car has passed it" (seeds 000/001): its
    # partner must be in a row beyond the reference row R, or home. Reaching row R is not passing.
    if ref != OFF and (end == FINISH or r1 > ROW[ref]):
        release(w, partner)


def release(w: TopRaceFields, car: int) -> None:
    """TR-PAIR-6: re-enter at the reference cell, else the nearest free cell of row R, R−1, …

    Row R always has a free cell when the partner has just passed it (the partner stepped through
    row R and left it, or stood in it and moved on), so the search below row R only serves a row
    filled some other way; it is the spec's rule, kept whole."""
    ref = w.ref[car]
    row_ref = ROW[ref]
    occ = {c for i, c in enumerate(w.cell) if c != OFF and i != car}
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
    w.say("toprace.event.release", car=car, row=ROW[best], lane=LANE[best])


def next_turn(w: TopRaceFields) -> None:
    """TR-MOVE-1: the next seat clockwise that is not skipped and holds a card plays."""
    seat = next_seat(w.turn, w.players, lambda s: w.skipped[s] or not w.hands[s])
    assert seat is not None, "a hand holds cards, so some seat can play"
    w.turn = seat
    w.ask = "play"
