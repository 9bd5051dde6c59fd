"""Takenoko rules: setup, who acts, the legal choices, applying one, the outcome (spec §4–§8).

``apply`` copies the state into a ``TakenokoWork``, plays the choice, then ``settle`` runs the
automatic steps (the weather roll) and plays every decision that has a single choice, until the
active player faces a real choice or the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Event, IllegalAction, Options, OptionSpec, Outcome, Seat, fill_options
from rules.takenoko.actions import ACT, END, TakenokoAction, action_code
from rules.takenoko.data import ACTIONS, BAMBOO, CANALS, CATEGORIES, CHIP_SUPPLY, HAND_LIMIT, PLOTS, deck_of
from rules.takenoko.hexes import POND
from rules.takenoko.marks import ROW_MARK, mark_of
from rules.takenoko.scoring import outcome_of
from rules.takenoko.state import TOP_STEPS, PlayerBoard, TakenokoState
from rules.takenoko.turn import action_legal, choices
from rules.takenoko.work import TakenokoWork

MIN_PLAYERS = 2
MAX_PLAYERS = 4
OPTIONS: tuple[OptionSpec, ...] = (OptionSpec(name="pros_variant", choices=("off", "on"), default="off"),)
"""§6: the pros variant (TK-OBJ-07); the player count is the table's."""


def setup(players: int, options: Options, rng: random.Random) -> tuple[TakenokoState, list[Event]]:
    """TK-SETUP-01..05: pond and figures, shuffled plots and objective decks, one card of each
    category per player, a random first player; round 1 starts without weather."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction("takenoko.error.players", min=MIN_PLAYERS, max=MAX_PLAYERS)
    filled = fill_options(OPTIONS, options)
    plots = list(PLOTS)
    rng.shuffle(plots)
    decks = []
    for category in CATEGORIES:
        deck = list(deck_of(category))
        rng.shuffle(deck)
        decks.append(deck)
    hands = tuple(tuple(deck.pop(0) for deck in decks) for _ in range(players))
    first = rng.randrange(players)
    board = PlayerBoard(canals=0, chips=(0, 0, 0), eaten=(0, 0, 0))
    state = TakenokoState(
        players=players,
        pros=filled["pros_variant"] == "on",
        first=first,
        turn=first,
        round=1,
        step="start",
        back="action",
        weather="",
        condition="",
        used=(),
        garden=(),
        canals=(),
        gardener=POND,
        panda=POND,
        plots=tuple(plots),
        drawn=(),
        placing="",
        spot=None,
        group=-1,
        pick="",
        bamboo=BAMBOO,
        canal_supply=CANALS,
        chip_supply=CHIP_SUPPLY,
        boards=(board,) * players,
        hands=hands,
        decks=(tuple(decks[0]), tuple(decks[1]), tuple(decks[2])),
        returned=(),
        done=((),) * players,
        emperor=-1,
    )
    w = TakenokoWork(state, rng)
    w.event("takenoko.event.setup", seats={"player": first}, params={"players": players})
    for seat in range(players):
        w.event("takenoko.event.your_hand", to=seat)
    w.settle()
    return w.freeze(), w.events


_SEATS = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""Each seat alone (asked twice per move: made once)."""


def to_act(state: TakenokoState) -> frozenset[Seat]:
    """The active seat, or nobody once the game is over."""
    return frozenset() if state.step == "over" else _SEATS[state.turn]


ASKED_SIZE = 64
_ASKED: dict[int, tuple[TakenokoState, tuple[TakenokoAction, ...]]] = {}
"""The choices of recent states, by the identity of the very state (each entry holds its state, so
no other object can take that id while it lives): a player's ``legal`` then ``apply`` compute them
once, and so does the AI, which tries every choice of one state in turn."""


def current_choices(state: TakenokoState) -> tuple[TakenokoAction, ...]:
    """The choices of the open decision (remembered for recent states)."""
    found = _ASKED.get(id(state))
    if found is not None and found[0] is state:
        return found[1]
    return _remember(state, tuple(choices(TakenokoWork(state))))


def _remember(state: TakenokoState, asked: tuple[TakenokoAction, ...]) -> tuple[TakenokoAction, ...]:
    if len(_ASKED) >= ASKED_SIZE:
        _ASKED.clear()
    _ASKED[id(state)] = (state, asked)
    return asked


def legal_actions(state: TakenokoState, seat: Seat) -> Sequence[TakenokoAction]:
    """Every legal choice of ``seat`` now, in board order (none if it is not this seat's turn)."""
    if state.step == "over" or seat != state.turn:
        return ()
    return current_choices(state)


def apply(
    state: TakenokoState, seat: Seat, action: TakenokoAction, rng: random.Random
) -> tuple[TakenokoState, list[Event]]:
    """Play ``action`` for ``seat``; IllegalAction (state untouched) if it is not a choice now."""
    if state.step == "over":
        raise IllegalAction("takenoko.error.game_over")
    if seat != state.turn:
        raise IllegalAction("takenoko.error.not_your_turn")
    offered = current_choices(state)
    if not _offers(offered, action):
        if action == ACT["validate"] and state.step in TOP_STEPS and state.hands[seat]:
            # Offered publicly whenever the hand holds a card; refused here, to this player alone.
            raise IllegalAction("takenoko.error.nothing_met")
        raise why_not(state, action)
    w = TakenokoWork(state, rng)
    w.play(seat, action)
    mark = mark_of(offered, action)
    if mark is not None and mark != ROW_MARK:
        # The place chosen is named by the letter the boards showed for it.
        w.events = [_marked(e, mark) for e in w.events]
    w.settle()
    after = w.freeze()
    if after.step != "over":
        _remember(after, tuple(w.asked))  # settle stopped on these choices: the next ask reuses them
    return after, w.events


MARKED = frozenset(
    f"takenoko.event.{name}"
    for name in (
        "placed",
        "placed_chip",
        "canal_placed",
        "canal_placed_same",
        "chip_placed",
        "gardener",
        "panda",
        "panda_storm",
        "rain",
    )
)
"""Events that name the place a lettered choice picked: each has a variant ``<key>_at`` that adds
its letter (``{mark}``)."""


def _marked(event: Event, mark: str) -> Event:
    """``event`` naming its place by ``mark`` where it names one."""
    if event.key not in MARKED:
        return event
    return event.model_copy(update={"key": f"{event.key}_at", "params": {**event.params, "mark": mark}})


def _offers(offered: tuple[TakenokoAction, ...], action: TakenokoAction) -> bool:
    """True if ``action`` is among ``offered`` (the shared instances first: no field comparison)."""
    for choice in offered:
        if choice is action:
            return True
    return action in offered


def outcome(state: TakenokoState) -> Outcome | None:
    """The final standings once the game is over (TK-END-04), else None."""
    if state.step != "over":
        return None
    return outcome_of(state.done, state.emperor)


def skip(state: TakenokoState, seat: Seat) -> TakenokoAction | None:
    """The pass a seat whose time ran out makes where the rules have one: ending the turn, once
    it may end (TK-ACT-04); before that the AI plays the decision."""
    legal = legal_actions(state, seat)
    return END if END in legal else None


def why_not(state: TakenokoState, action: TakenokoAction) -> IllegalAction:
    """The refusal of a choice that is not offered now, saying why: the rule it breaks where one
    does (TK-ACT-02/03: two different actions, each with what it needs), else what is asked."""
    code = action_code(action)
    if action.kind == "act" and action.name in ACTIONS:
        if state.step != "action":
            return IllegalAction("takenoko.error.not_now_step", code=code)
        allowed = 3 if state.condition == "SUN" else 2
        if len(state.used) >= allowed:
            return IllegalAction("takenoko.error.actions_done", n=allowed)
        if action.name in state.used and state.condition != "WIND":
            return IllegalAction("takenoko.error.action_twice", terms={"action": f"takenoko.action.{action.name}"})
        if not action_legal(TakenokoWork(state), action.name):
            if action.name == "objective" and len(state.hands[state.turn]) >= HAND_LIMIT:
                return IllegalAction("takenoko.error.hand_full", n=HAND_LIMIT)
            return IllegalAction(f"takenoko.error.no_{action.name}")
    if action.kind == "tile" and state.step in ("gardener", "panda"):
        return IllegalAction(f"takenoko.error.no_way_{state.step}")
    return IllegalAction("takenoko.error.not_now", code=code)
