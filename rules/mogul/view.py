"""Mogul views: allow-lists of what the channel and each seat may see (spec §6).

The public view has no chip count of any player and nothing about the deck order: only its size.
A seat's view adds that seat's own chips. Once the game is over,
``final_standings`` reveals every player's chips, as the spec's final reveal says.
"""

from __future__ import annotations

from rules.engine import Frozen, Msg, Outcome, Seat
from rules.flow import copied, shared_fields

from .data import CARDS, COLOUR_INDEX, COLOURS
from .scoring import chip_points, outcome, verdict
from .state import MogulPublic, MogulState, MoveKind


# Fields one ``name: type`` a line, like every state's and view's: the shape repeats, the fields do not.
class PlayerView(Frozen):
    """What everyone sees of one player: score, shares by colour, loans, auction status."""

    seat: int
    score: int
    """Track score (before the final chip conversion)."""
    shares: tuple[int, ...]
    """Owned shares counted by centre colour, in COLOURS order."""
    cards: tuple[str, ...]
    """The owned shares themselves (face up, §6): their borders tell which cards are still unseen."""
    loans: int
    """Loans taken over the game (loans are public)."""
    in_auction: bool
    """Still in the current auction."""
    loaned_now: bool
    """Took a loan in the current auction."""
    dividend: int
    """Points scored at the last reveal."""


class Move(Frozen):
    """One move of the latest ply, as the boards mark it: who did what (spec §6: all public)."""

    seat: int
    kind: MoveKind
    count: int = 0
    """The chips a drop took from the pot, the shares a sale sold."""
    card: str = ""
    """The share taken, declined or picked."""
    colour: str = ""
    """The colour of the shares sold."""


class FinalRow(Frozen):
    """One line of the final standings (§7); the chips are public once the game is over."""

    seat: int
    rank: int
    track: int
    chips: int
    bonus: int
    final: int
    shares: int


class MogulView(MogulPublic):
    """The public board: everything the channel may see, and nothing else."""

    quick_start: str
    table: tuple[PlayerView, ...]
    deck_size: int
    """Cards left in the deck, Crash included (Crash is among the last five)."""
    final_standings: tuple[FinalRow, ...] | None
    """Only when the game is over: standings with every player's chips."""
    verdict: tuple[Msg, ...]
    """Only when the game is over: who won, and how a tie on points was settled (MG-END-3)."""
    last: tuple[Move, ...]
    """The moves of the latest ply (public, spec §6): the boards mark them."""


class MogulSeatView(MogulView):
    """One seat's view: the public board plus that seat's own chips."""

    seat: int
    chips: int


def shares_by_colour(owned: tuple[str, ...]) -> tuple[int, ...]:
    """Count owned shares by centre colour, in COLOURS order."""
    counts = [0] * len(COLOURS)
    for card in owned:
        counts[COLOUR_INDEX[CARDS[card].centre]] += 1
    return tuple(counts)


def final_rows(state: MogulState, result: Outcome) -> tuple[FinalRow, ...]:
    """§7 standings rows, best first, ranked as ``scoring.outcome`` ranks them."""
    return tuple(
        FinalRow(
            seat=standing.seat,
            rank=standing.rank,
            track=state.scores[standing.seat],
            chips=state.chips[standing.seat],
            bonus=chip_points(state.chips[standing.seat]),
            final=standing.score,
            shares=len(state.shares[standing.seat]),
        )
        for standing in result.standings
    )


SHOWN = shared_fields(MogulState, MogulView)
"""The fields the view shows as the state holds them."""


def build_view(state: MogulState, seat: Seat | None) -> MogulView:
    """The public view (``seat`` None) or ``seat``'s view: the public one plus its own chips."""
    result = outcome(state)
    auction = state.phase == "auction"
    table = tuple(
        PlayerView(
            seat=s,
            score=state.scores[s],
            shares=shares_by_colour(state.shares[s]),
            cards=state.shares[s],
            loans=state.loans[s],
            in_auction=auction and state.active[s],
            loaned_now=auction and state.loaned[s],
            dividend=state.dividends[s] if state.dividends else 0,
        )
        for s in range(state.players)
    )
    public = {
        **copied(state, SHOWN),
        "quick_start": state.quick_start,
        "table": table,
        "deck_size": len(state.deck),
        "final_standings": None if result is None else final_rows(state, result),
        "verdict": () if result is None else verdict(result),
        "last": tuple(
            Move(
                seat=seat,
                kind=kind,
                count=count,
                card="" if kind == "sell" else detail,
                colour=detail if kind == "sell" else "",
            )
            for seat, kind, count, detail in state.last
        ),
    }
    if seat is None:
        return MogulView(**public)
    return MogulSeatView(**public, seat=seat, chips=state.chips[seat])
