"""Top Race views: allow-list models of what the public channel and each seat may see (§6), and
what a seat is asked now (its prompt, part of its own view)."""

from __future__ import annotations

from rules.engine import Frozen, Msg, ParamValue, Seat, msg
from rules.flow import copied, shared_fields
from rules.toprace.auction import bid_range
from rules.toprace.data import CARD, FINISH, JOKER, NOT_BET, OFF, car_token
from rules.toprace.movement import front_rear
from rules.toprace.rules import to_act
from rules.toprace.state import TopRacePublic, TopRaceState


class Trail(Frozen):
    """A car the last move moved: the cell it left and the cell it reached (``OFF`` before its
    placement on the grid, or once broken down; ``FINISH`` when it crossed the line)."""

    car: int
    start: int
    end: int


class TopRaceView(TopRacePublic):
    """The public view (``seat`` None) or one seat's (adds its hand, own bets and question)."""

    # Never holds: other hands, removed or folded cards, the driver pile order, bets before race end.

    seat: int | None
    to_act: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    revealed: int
    """The driver card on offer (auction), else -1."""
    drivers_left: int
    tip_open: int
    """The open TIP round (1..3), else 0."""
    has_bet: tuple[bool, ...]
    moved: tuple[Trail, ...]
    """What the last move changed on the track, for the boards' marks: the cars the last card
    moved (kept until the next card), or in an auction the car placed last."""
    hand: tuple[int, ...] | None = None
    my_bets: tuple[int, ...] | None = None
    """This seat's bet per TIP round this race (a car, 6 = none, -1 = none yet)."""
    question: Msg | None = None


def prompt(state: TopRaceState, seat: Seat) -> Msg:
    """What ``seat`` is asked now (or who is awaited)."""
    ed = state.edition
    if state.phase == "over":
        return msg("toprace.prompt.over")
    if state.ask == "bet":
        tip = state.tip_queue[0]
        if 0 <= seat < state.players and state.bets[tip - 1][seat] == NOT_BET:
            return msg("toprace.prompt.bet", params={"tip": tip})
        return msg("toprace.prompt.wait_bets", params={"tip": tip})
    if seat != state.turn:
        return msg("toprace.prompt.wait", seats={"seat": state.turn})
    ask = state.ask
    if ask in ("bid", "amount"):
        car = car_token(ed, state.drivers[0])
        if ask == "amount":
            return msg("toprace.prompt.amount", params={"car": car})
        lo, _ = bid_range(state)
        if state.high_bidder < 0:
            return msg("toprace.prompt.bid_first", params={"car": car, "amount": lo})
        params: dict[str, ParamValue] = {"car": car, "amount": lo, "high": state.high}
        return msg("toprace.prompt.bid", params=params, seats={"bidder": state.high_bidder})
    if ask == "grid":
        return msg("toprace.prompt.grid", params={"car": car_token(ed, state.placing)})
    if ask == "play":
        return msg("toprace.prompt.play", params={"count": len(state.hands[seat])})
    if ask == "mode":
        pair = CARD[state.card].pair
        assert pair is not None, "a mode is only asked for a pair card"
        front, rear = front_rear(state, *pair)
        return msg("toprace.prompt.mode", params={"rear": car_token(ed, rear), "front": car_token(ed, front)})
    if ask == "joker":
        return msg("toprace.prompt.joker", params={"joker": car_token(ed, JOKER), "points": state.points})
    return msg("toprace.prompt.end", params={"car": car_token(ed, state.car), "points": state.points})


MOVING = frozenset(("move", "finish", "panne", "release"))
"""The notes of a card's slot that change where a car stands (TR-MOVE, TR-PAIR-3/6)."""


def moved(state: TopRaceState) -> tuple[Trail, ...]:
    """The cars the last card moved, each from its first cell to its last (a car may move twice
    on one card: a turbo, then a release), in the order they first moved; during an auction, the
    car placed last on the grid (TR-AUC-7)."""
    if state.phase == "auction":
        placed = [p.car for p in state.purchases if state.cell[p.car] != OFF]
        if not placed:
            return ()
        return (Trail(car=placed[-1], start=OFF, end=state.cell[placed[-1]]),)
    if state.last is None:
        return ()
    starts: dict[int, int] = {}
    ends: dict[int, int] = {}
    for note in state.last.notes:
        if note.kind not in MOVING:
            continue
        starts.setdefault(note.car, note.start)
        ends[note.car] = FINISH if note.kind == "finish" else OFF if note.kind == "panne" else note.end
    return tuple(Trail(car=car, start=start, end=ends[car]) for car, start in starts.items())


SHOWN = shared_fields(TopRaceState, TopRaceView)
"""The fields the view shows as the state holds them."""


def view(state: TopRaceState, seat: Seat | None) -> TopRaceView:
    """What ``seat`` may see (None = the public channel): its own hand, bets and question added."""
    acting = to_act(state)
    tip_open = state.tip_queue[0] if state.ask == "bet" and state.tip_queue else 0
    bet_row = state.bets[tip_open - 1] if tip_open else ()
    in_offer = state.phase == "auction" and state.ask in ("bid", "amount")
    mine = seat is not None and 0 <= seat < state.players
    return TopRaceView(
        **copied(state, SHOWN),
        seat=seat,
        to_act=tuple(sorted(acting)),
        hand_sizes=tuple(len(h) for h in state.hands),
        revealed=state.drivers[0] if in_offer else -1,
        drivers_left=len(state.drivers),
        tip_open=tip_open,
        has_bet=tuple(b != NOT_BET for b in bet_row) if tip_open else (False,) * state.players,
        moved=moved(state),
        hand=state.hands[seat] if mine and seat is not None else None,
        my_bets=tuple(state.bets[k][seat] for k in range(3)) if mine and seat is not None else None,
        question=prompt(state, seat) if mine and seat is not None and seat in acting else None,
    )
