"""Finishing and standings: the win check (RB-END-01), a finisher leaving the track (RB-END-02),
the end once at most one racer is left (RB-END-03), and the ranking keys of RB-END-04."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.engine import Outcome, Seat, with_item
from rules.flow import standings

from .data import TARGETS
from .track import discard_behind

if TYPE_CHECKING:
    from .fields import RacebowFields
    from .state import RacebowState

TIEBREAKS = ("racebow.tiebreak.matching", "racebow.tiebreak.stack", "racebow.tiebreak.tile")
"""RB-END-04's keys, in order: slots matching the target, stack size, tile index."""


def target(seat: Seat) -> str:
    """The target order of ``seat``'s board, bottom→top (seat k-1 has board k, RB-SETUP-01)."""
    return TARGETS[seat]


def matching(stack: str, goal: str) -> int:
    """How many stack slots already hold their target colour."""
    return sum(a == b for a, b in zip(stack, goal, strict=False))


def check_win(w: RacebowFields, seat: Seat) -> bool:
    """RB-END-01: after a collection or a stack action, a stack of 5 pawns in the board's target
    order finishes the player at once (RB-END-02). True if they finished."""
    if w.stacks[seat] != target(seat):
        return False
    finish(w, seat)
    return True


def finish(w: RacebowFields, seat: Seat) -> None:
    """Give ``seat`` the next free place; its pawn leaves the track, so the tiles behind the new
    rearmost racer go (RB-TILE-04). With at most one racer left, they take the last place and the
    game ends (RB-END-03)."""
    place = sum(1 for p in w.places if p) + 1
    w.places = with_item(w.places, seat, place)
    w.finished = with_item(w.finished, seat, w.round)
    w.event("racebow.event.finish", terms={"place": f"racebow.place.{place}"}, seats={"player": seat})
    racing = w.unfinished()
    if len(racing) <= 1:
        for last in racing:
            w.places = with_item(w.places, last, place + 1)
            w.event("racebow.event.last_place", terms={"place": f"racebow.place.{place + 1}"}, seats={"player": last})
        w.event("racebow.event.game_over")
        w.over("finish")
        return
    discard_behind(w)
    w.ask = "next"


def ranking_keys(state: RacebowState) -> list[tuple[int, int, int]]:
    """Each seat's RB-END-04 keys: matching slots, stack size, tile index (higher is better)."""
    return [
        (matching(state.stacks[seat], target(seat)), len(state.stacks[seat]), state.where[seat][0])
        for seat in range(state.players)
    ]


def outcome(state: RacebowState) -> Outcome | None:
    """The standings once the game is over: places first (a place p is worth players + 1 - p);
    seats without a place (the round limit or the last tile, RB-END-04, RB-TILE-03) come after,
    ranked by the three keys, and share a place when all three are equal."""
    if state.ask != "over":
        return None
    scores = [state.players + 1 - place if place else 0 for place in state.places]
    keys = ranking_keys(state)
    return standings(scores, [(name, [k[i] for k in keys]) for i, name in enumerate(TIEBREAKS)])
