"""What a seat sees: everything but the order of the draw pile (spec §7), plus what the board
lists for the active player (their reachable cells with costs and pickups, or their stack
choices). Every seat and the public channel see the same; ``seat`` only says who is reading."""

from __future__ import annotations

from rules.engine import Frozen, Seat, trusted
from rules.flow import copied, shared_fields

from .actions import action_code
from .data import AIR, CELLS_PER_LEVEL, EMPTY, WATER
from .movement import fallback_cell, legal_cells
from .scoring import outcome
from .state import RacebowPublic, RacebowState
from .work import choices


class Reach(Frozen):
    """One cell the active player may enter: what it costs and what lies on it."""

    cell: int
    """The cell index 0..11 on the next tile."""
    cost: str
    """``+`` (a propeller), ``o`` (an oxygen) or "" (Earth is free)."""
    pickup: str
    """What is on it: a colour letter, a bonus symbol, an action symbol, or ""."""


class RacebowView(RacebowPublic):
    """The public game (identical for every seat), with the active player's options spelled out."""

    seat: Seat | None
    """Who reads it (None = the channel); nothing is private in Racebow."""
    pile: int
    """How many tiles the face-down pile holds (its order stays hidden)."""
    reach: tuple[Reach, ...]
    """The cells of the active player's move (or of their turbo step, at decision T)."""
    fallback: bool
    """True when ``reach`` is only the RB-MOVE-06 fallback cell."""
    options: tuple[str, ...]
    """The codes of the open stack decision S (empty otherwise)."""
    ranks: tuple[int, ...]
    """Each seat's final rank once the game is over (equal ranks are shared), else empty."""


def _reach(state: RacebowState) -> tuple[tuple[Reach, ...], bool]:
    if state.ask not in ("move", "turbo"):
        return (), False
    seat = state.turn
    tile, at = state.where[seat]
    row = state.cells[tile + 1 - state.first]
    cells = legal_cells(row, at, state.stacks[seat], state.tracks[seat])
    fallback = not cells
    if fallback:
        cells = (fallback_cell(at),)
    found = []
    for cell in cells:
        level = cell // CELLS_PER_LEVEL
        cost = "+" if level == AIR else "o" if level == WATER else ""
        pickup = "" if fallback or row[cell] == EMPTY else row[cell]
        found.append(trusted(Reach, {"cell": cell, "cost": cost, "pickup": pickup}))
    return tuple(found), fallback


SHOWN = shared_fields(RacebowState, RacebowView)
"""The fields the view shows as the state holds them."""


def view(state: RacebowState, seat: Seat | None) -> RacebowView:
    """The view of ``seat`` (None = the public channel): the same facts for everyone."""
    reach, fallback = _reach(state)
    result = outcome(state)
    ranks = [0] * state.players
    if result is not None:
        for standing in result.standings:
            ranks[standing.seat] = standing.rank
    return RacebowView(
        **copied(state, SHOWN),
        seat=seat,
        pile=len(state.pile),
        reach=reach,
        fallback=fallback,
        options=tuple(action_code(a) for a in choices(state)) if state.ask == "stack" else (),
        ranks=tuple(ranks) if result is not None else (),
    )
