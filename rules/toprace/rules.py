"""Top Race rules: the contract functions over the frozen state (spec rules/toprace.md).

``apply`` copies the state into a ``TopRaceWork``, plays the action, then lets ``settle`` run every
automatic step (forced buys, single choices, TIP detection, releases, skips, race end) until a
seat faces a real choice (two options or more) or the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Event, IllegalAction, OptionSpec, Outcome, Seat
from rules.flow import standings
from rules.toprace import auction
from rules.toprace.actions import PASS, Action, act
from rules.toprace.data import BET_NONE, NOT_BET, START_MONEY
from rules.toprace.state import TopRaceState
from rules.toprace.work import TopRaceWork, choices, refusal

MIN_PLAYERS = 2
MAX_PLAYERS = 6

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(name="edition", choices=("classic", "alt"), default="classic"),
    OptionSpec(name="races", choices=("1", "3"), default="1"),
    OptionSpec(name="betting", choices=("on", "off"), default="on"),
    OptionSpec(name="allow_no_bet", choices=("off", "on"), default="off"),
    OptionSpec(name="restrict_pair_after_tip2", choices=("off", "on"), default="off"),
    OptionSpec(name="auction", choices=("turn_order",), default="turn_order"),
)
"""§5, in the order the lobby lists them."""


def setup(players: int, options: dict[str, str], rng: random.Random) -> tuple[TopRaceState, list[Event]]:
    """TR-SETUP-1..3: 200,000 each, cards dealt, drivers shuffled, the first offer opened; the
    events tell the deal (cards set aside, each hand) and the first offer."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction("toprace.error.players", min=MIN_PLAYERS, max=MAX_PLAYERS)
    w = TopRaceWork(None, rng)
    w.players = players
    w.edition = options["edition"]
    w.races = int(options["races"])
    w.betting = options["betting"] == "on"
    w.allow_no_bet = options["allow_no_bet"] == "on"
    w.restrict_pair = options["restrict_pair_after_tip2"] == "on"
    w.race = 1
    w.money = (START_MONEY,) * players
    w.results = ()
    auction.new_race(w)
    w.settle()
    return w.freeze(), w.events


def to_act(state: TopRaceState) -> frozenset[Seat]:
    """Seats that must decide now: every seat still to bet at a TIP round, else the one seat asked."""
    if state.phase == "over":
        return frozenset()
    if state.ask == "bet":
        row = state.bets[state.tip_queue[0] - 1]
        return frozenset(s for s in range(state.players) if row[s] == NOT_BET)
    return frozenset((state.turn,))


def legal_actions(state: TopRaceState, seat: Seat) -> Sequence[Action]:
    """Every legal action of ``seat`` in board order; [] if ``seat`` is not to act."""
    if seat not in to_act(state):
        return []
    return choices(state)


def apply(state: TopRaceState, seat: Seat, action: Action, rng: random.Random) -> tuple[TopRaceState, list[Event]]:
    """Play ``action`` for ``seat`` and every automatic step after it; IllegalAction if refused now."""
    if seat not in to_act(state):
        if state.ask == "bet" and 0 <= seat < state.players:
            raise IllegalAction("toprace.error.already_bet")
        raise IllegalAction("toprace.error.not_your_turn")
    kind, n = action.kind, action.n
    if not any(a.kind == kind and a.n == n for a in choices(state)):
        raise refusal(state, action)
    w = TopRaceWork(state, rng)
    w.play(seat, action)
    w.settle()
    return w.freeze(), w.events


def outcome(state: TopRaceState) -> Outcome | None:
    """§7: standings by money once the game is over; equal money shares a rank [D]."""
    if state.phase != "over":
        return None
    return standings(state.money)


def skip(state: TopRaceState, seat: Seat) -> Action | None:
    """The pass a seat whose time ran out makes where the rules have one: pass in the auction
    (TR-AUC-3), no bet at a TIP line when the table allows it (allow_no_bet); else None."""
    if seat not in to_act(state):
        return None
    if state.ask == "bid":
        return PASS
    if state.ask == "bet" and state.allow_no_bet:
        return act("bet", BET_NONE)
    return None
