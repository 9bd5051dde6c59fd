"""The end of the game (MG-END): Crash, chips into points, and the final standings."""

from __future__ import annotations

from rules.engine import Outcome, Seat
from rules.flow import standings

from .data import CHIPS_PER_POINT
from .state import MogulState
from .work import MogulWork

TIEBREAK = "mogul.tiebreak.shares"
"""MG-END-3's tie-break, shares held, as the outcome names it."""


def chip_points(chips: int) -> int:
    """MG-END-2: what chips add at the end, floor(chips / 5)."""
    return chips // CHIPS_PER_POINT


def final_score(s: MogulState, seat: Seat) -> int:
    """MG-END-2: track score plus floor(chips / 5); shares are worth nothing."""
    return s.scores[seat] + chip_points(s.chips[seat])


def end_game(w: MogulWork) -> None:
    """MG-END-1/2: Crash ends the game at once (no dividends, no auction); chips convert and become public."""
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


def outcome(state: MogulState) -> Outcome | None:
    """MG-END-3: highest final score, then most shares held; a full tie shares the rank."""
    if state.phase != "over":
        return None
    finals = [final_score(state, seat) for seat in range(state.players)]
    return standings(finals, [(TIEBREAK, [len(owned) for owned in state.shares])])
