"""Top Race views: allow-list models of what the public channel and each seat may see (§6)."""

from __future__ import annotations

from rules.engine import Frozen, Msg
from rules.toprace.state import NOT_BET, Ask, LastCard, Phase, Purchase, RaceResult, TopRaceState


class TopRaceView(Frozen):
    """The public view (``seat`` None) or one seat's (adds its hand, own bets and question)."""

    # Never holds: other hands, removed or folded cards, the driver pile order, bets before race end.

    seat: int | None
    players: int
    edition: str
    races: int
    race: int
    betting: bool
    allow_no_bet: bool
    restrict_pair: bool
    phase: Phase
    ask: Ask
    to_act: tuple[int, ...]
    turn: int
    money: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    skipped: tuple[bool, ...]
    owner: tuple[int, ...]
    cell: tuple[int, ...]
    ref: tuple[int, ...]
    finish: tuple[int, ...]
    revealed: int
    """The driver card on offer (auction), else -1."""
    drivers_left: int
    offers: int
    opener: int
    high: int
    high_bidder: int
    passed: tuple[bool, ...]
    placing: int
    start: int
    purchases: tuple[Purchase, ...]
    played: tuple[int, ...]
    last: LastCard | None
    car: int
    points: int
    ends: tuple[int, ...]
    tips: tuple[bool, ...]
    tip_open: int
    """The open TIP round (1..3), else 0."""
    has_bet: tuple[bool, ...]
    results: tuple[RaceResult, ...]
    hand: tuple[int, ...] | None = None
    my_bets: tuple[int, ...] | None = None
    """This seat's bet per TIP round this race (a car, 6 = none, -1 = none yet)."""
    question: Msg | None = None


def make_view(state: TopRaceState, seat: int | None, question: Msg | None) -> TopRaceView:
    """Build the view of ``seat`` (None = public) from ``state``."""
    tip_open = state.tip_queue[0] if state.ask == "bet" and state.tip_queue else 0
    bet_row = state.bets[tip_open - 1] if tip_open else ()
    in_offer = state.phase == "auction" and state.ask in ("bid", "amount")
    to_act: tuple[int, ...] = ()
    if state.phase != "over":
        to_act = tuple(s for s in range(state.players) if not bet_row or bet_row[s] == NOT_BET)
        if not tip_open:
            to_act = (state.turn,)
    mine = seat is not None and 0 <= seat < state.players
    return TopRaceView(
        seat=seat,
        players=state.players,
        edition=state.edition,
        races=state.races,
        race=state.race,
        betting=state.betting,
        allow_no_bet=state.allow_no_bet,
        restrict_pair=state.restrict_pair,
        phase=state.phase,
        ask=state.ask,
        to_act=to_act,
        turn=state.turn,
        money=state.money,
        hand_sizes=tuple(len(h) for h in state.hands),
        skipped=state.skipped,
        owner=state.owner,
        cell=state.cell,
        ref=state.ref,
        finish=state.finish,
        revealed=state.drivers[0] if in_offer else -1,
        drivers_left=len(state.drivers),
        offers=state.offers,
        opener=state.opener,
        high=state.high,
        high_bidder=state.high_bidder,
        passed=state.passed,
        placing=state.placing,
        start=state.start,
        purchases=state.purchases,
        played=state.played,
        last=state.last,
        car=state.car,
        points=state.points,
        ends=state.ends,
        tips=state.tips,
        tip_open=tip_open,
        has_bet=tuple(b != NOT_BET for b in bet_row) if tip_open else (False,) * state.players,
        results=state.results,
        hand=state.hands[seat] if mine and seat is not None else None,
        my_bets=tuple(state.bets[k][seat] for k in range(3)) if mine and seat is not None else None,
        question=question if mine else None,
    )
