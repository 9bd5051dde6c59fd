"""Scores, the end of the game and the standings (TK-END-01..06)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Outcome
from rules.flow import standings
from rules.takenoko.data import CARDS, CATEGORIES, EMPEROR_POINTS
from rules.takenoko.fields import TakenokoFields

PANDA_TIEBREAK = "takenoko.tiebreak.panda"


def points_by_category(done: Sequence[str]) -> tuple[int, int, int]:
    """Validated points by category: plot, gardener, panda."""
    totals = [0, 0, 0]
    for card_id in done:
        card = CARDS[card_id]
        totals[CATEGORIES.index(card.category)] += card.points
    return (totals[0], totals[1], totals[2])


def score(done: Sequence[str], emperor: bool) -> int:
    """TK-END-04: validated card points, plus 2 for the Emperor."""
    return sum(points_by_category(done)) + (EMPEROR_POINTS if emperor else 0)


def outcome_of(done: Sequence[Sequence[str]], emperor: int) -> Outcome:
    """TK-END-04/05: highest score first; ties broken by panda points, then shared."""
    totals = [score(cards, seat == emperor) for seat, cards in enumerate(done)]
    panda = [points_by_category(cards)[2] for cards in done]
    return standings(totals, [(PANDA_TIEBREAK, panda)])


def finish(w: TakenokoFields) -> None:
    """End the game and tell the scores, best first."""
    w.step = "over"
    result = outcome_of(w.done, w.emperor)
    w.event("takenoko.event.game_over")
    for standing in result.standings:
        w.event(
            "takenoko.event.final_score",
            seats={"player": standing.seat},
            params={"rank": standing.rank, "points": standing.score, "panda": standing.keys[0]},
        )
    winners = sorted(result.winners())
    if len(winners) == 1:
        w.event("takenoko.event.winner", seats={"player": winners[0]})
    else:
        w.event("takenoko.event.shared_win", params={"n": len(winners)})
