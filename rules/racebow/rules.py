"""Racebow's pure rules: setup, who acts, the legal actions, apply, and the outcome.

``apply`` checks the action against the open decision (refusing it with the reason), copies the
state into a ``RacebowWork``, plays the action and settles: every decision with a single choice
is played for the player and said in the events (RB-MOVE-09).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import repeat
from operator import is_

from rules.engine import Event, IllegalAction, OptionSpec, Outcome, Seat

from .actions import RacebowAction
from .data import (
    CELLS_PER_LEVEL,
    COLOURS,
    EARTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAWNS_PER_BONUS,
    PAWNS_PER_COLOUR,
    START_CELLS,
    START_TILE,
    TILE_IDS,
    TRACK_START,
)
from .movement import check_move
from .scoring import outcome as _outcome
from .stack import check_stack_action
from .state import RacebowState
from .track import reveal_window
from .work import RacebowWork, choices

_latest: tuple[RacebowState | None, Sequence[RacebowAction]] = (None, ())
"""The latest state ``setup`` or ``apply`` made (or ``legal_actions`` was asked about), with its
open decision's choices. A game loop asks a new state for its legal actions, then applies one of
them, and ``apply`` checks the action against the same list: remembering it for that one state
finds the choices once per ply instead of three times. Keyed by identity, so it is exact; a
stale entry only costs a recomputation."""

_ACTING: tuple[frozenset[Seat], ...] = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""``to_act``'s answer for each seat, made once (one seat decides at a time)."""

OPTIONS = (OptionSpec(name="rotate_first_player", choices=("off", "on"), default="on"),)
"""Spec §6. Its ``players`` row is the table's seat count here (2–4 seats, Game.min/max_players),
not an option a host could set apart from the seats."""


def setup(players: int, options: dict[str, str], rng: random.Random) -> tuple[RacebowState, list[Event]]:
    """RB-SETUP-01..03: seat k on start cell k with board k, markers at turbo 2, propeller 3,
    oxygen 3; the 60 tiles shuffled and tiles 1–5 revealed and stocked; everything else is the
    supply. The seat order itself is drawn by the table before the game starts."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction("racebow.error.players", count=players)
    pile = list(TILE_IDS)
    rng.shuffle(pile)
    state = RacebowState(
        players=players,
        rotate=options.get("rotate_first_player", "on") == "on",
        round=1,
        turn=0,
        step=1,
        ask="move",
        first=0,
        tiles=(START_TILE,),
        cells=(START_CELLS,),
        pile=tuple(pile),
        discards=(),
        colours=(PAWNS_PER_COLOUR,) * len(COLOURS),
        bonuses=(PAWNS_PER_BONUS,) * len(TRACK_START),
        where=tuple((0, EARTH * CELLS_PER_LEVEL + seat) for seat in range(players)),
        stacks=("",) * players,
        tracks=(TRACK_START,) * players,
        places=(0,) * players,
        finished=(0,) * players,
        end="",
    )
    w = RacebowWork(state, rng)
    w.event("racebow.event.setup", params={"players": players})
    reveal_window(w, 0)
    w.event("racebow.event.round", params={"n": 1}, seats={"player": 0})
    w.settle()
    return _frozen(w)


def _frozen(w: RacebowWork) -> tuple[RacebowState, list[Event]]:
    """The settled work's new state and events; the choices its last ``pending`` found are the
    new state's own (``settle`` stops at that decision), so they are remembered with it."""
    global _latest
    state = w.freeze()
    _latest = (state, w.offer if state.ask != "over" else ())
    return state, w.events


def offer(state: RacebowState) -> Sequence[RacebowAction]:
    """The choices of ``state``'s open decision (none once it is over), found once per state."""
    global _latest
    known, found = _latest
    if known is not state:
        found = choices(state)
        _latest = (state, found)
    return found


def _listed(action: RacebowAction, choices: Sequence[RacebowAction]) -> bool:
    """True if ``action`` is one of ``choices`` itself. Choices are shared instances (``MOVES``,
    ``TOPS``...), so identity finds a listed one without pydantic's field-by-field ``==``; an
    equal copy made elsewhere is simply checked the long way."""
    return any(map(is_, choices, repeat(action)))  # ``choice is action``, without a generator frame


def to_act(state: RacebowState) -> frozenset[Seat]:
    """The one seat deciding now; empty once the game is over."""
    return frozenset() if state.ask == "over" else _ACTING[state.turn]


def legal_actions(state: RacebowState, seat: Seat) -> Sequence[RacebowAction]:
    """The open decision's choices for ``seat`` (none unless it is their turn)."""
    if seat != state.turn or state.ask == "over":
        return []
    return offer(state)


def check(state: RacebowState, seat: Seat, action: RacebowAction) -> None:
    """Raise IllegalAction, with a reason the player can read, unless ``action`` is legal now."""
    if seat == state.turn and _listed(action, offer(state)):
        return  # a listed choice passes every check below; only a refusal needs its reason
    if state.ask == "over":
        raise IllegalAction("racebow.error.game_over")
    if seat != state.turn:
        raise IllegalAction("racebow.error.not_your_turn")
    if state.ask == "move":
        if action.kind != "to":
            raise IllegalAction("racebow.error.answer_move")
        check_move(state, seat, action.cell)
    elif state.ask == "turbo":
        if action.kind not in ("turbo", "end"):
            raise IllegalAction("racebow.error.answer_turbo")
    else:
        check_stack_action(state, seat, action)


def apply(
    state: RacebowState, seat: Seat, action: RacebowAction, rng: random.Random
) -> tuple[RacebowState, list[Event]]:
    """Play ``action`` for ``seat`` and every automatic step after it; a new state and the events."""
    check(state, seat, action)
    w = RacebowWork(state, rng)
    w.play(seat, action)
    w.settle()
    return _frozen(w)


def outcome(state: RacebowState) -> Outcome | None:
    """The standings once the game is over (RB-END-03, RB-END-04), else None."""
    return _outcome(state)
