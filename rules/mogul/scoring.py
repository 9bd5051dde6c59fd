"""The end of the game (MG-END): Crash, chips into points, the final standings and who won how."""

from __future__ import annotations

from rules.engine import Msg, Outcome, ParamValue, Seat, msg
from rules.flow import standings

from .data import CHIPS_PER_POINT
from .fields import Fields, MogulFields
from .state import MogulState

TIEBREAK = "mogul.tiebreak.shares"
"""MG-END-3's tie-break, shares held, as the outcome names it."""


def chip_points(chips: int) -> int:
    """MG-END-2: what chips add at the end, floor(chips / 5)."""
    return chips // CHIPS_PER_POINT


def final_score(s: Fields, seat: Seat) -> int:
    """MG-END-2: track score plus floor(chips / 5); shares are worth nothing."""
    return s.scores[seat] + chip_points(s.chips[seat])


def ranking(s: Fields) -> Outcome:
    """MG-END-3: highest final score, then most shares held; a full tie shares the rank."""
    finals = [final_score(s, seat) for seat in range(s.players)]
    return standings(finals, [(TIEBREAK, [len(owned) for owned in s.shares])])


def outcome(state: MogulState) -> Outcome | None:
    """The final standings once Crash has ended the game, else None."""
    return ranking(state) if state.phase == "over" else None


def verdict(result: Outcome) -> tuple[Msg, ...]:
    """Who won and how: on points, on shares after a tie on points (MG-END-3), or shared."""
    best = result.standings[0]
    tied = [s for s in result.standings if s.score == best.score]
    winners = [s for s in result.standings if s.rank == 1]
    if len(tied) == 1:
        return (msg("mogul.verdict.win", params={"score": best.score}, seats={"player": best.seat}),)
    if len(winners) == 1:
        rival = max(s.keys[0] for s in tied if s.seat != best.seat)
        said: dict[str, ParamValue] = {"score": best.score, "shares": best.keys[0], "rival": rival}
        return (msg("mogul.verdict.on_shares", params=said, seats={"player": best.seat}),)
    return tuple(
        msg("mogul.verdict.shared", params={"score": s.score, "shares": s.keys[0]}, seats={"player": s.seat})
        for s in winners
    )


def end_game(w: MogulFields) -> None:
    """MG-END-1/2: Crash ends the game at once (no dividends, no auction); chips convert and become
    public; the events end with who won and, after a tie on points, why (MG-END-3)."""
    w.phase = "over"
    w.turn = -1
    w.dividends = ()
    w.active = (False,) * w.players
    w.loaned = (False,) * w.players
    w.event("mogul.event.crash")
    for seat in range(w.players):
        chips = w.chips[seat]
        track = w.scores[seat]
        bonus = chip_points(chips)
        w.event(
            "mogul.event.final",
            params={"track": track, "chips": chips, "bonus": bonus, "final": track + bonus},
            seats={"player": seat},
        )
    for said in verdict(ranking(w)):
        w.event(said.key, params=said.params, seats=said.seats)
