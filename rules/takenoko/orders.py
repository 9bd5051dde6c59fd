"""Takenoko's standing order: the end-of-turn preference (engine ``Orders``).

Takenoko has no auction to bid in ahead; what a player waiting days between looks wants is not
to be asked to click END (and VALIDATE) once the turn has nothing left to do. The order is one
field, ``auto_end``, kept for the rest of the game until its holder changes it:

- ``off``: not set, the player ends every turn;
- ``on``: once the turn's actions are done, validate every objective that holds (the best card
  first, as the AI does), then end the turn; but while a canal or an improvement from the
  player's board could still be placed, the player is asked instead (the gentler rule: placing
  one can make an objective hold, or matter in a last turn);
- ``always``: the same, even then (stored canals and improvements wait on the board for a later
  turn).

The clauses the tests name (``test_preference_*``), in the shape of Mogul's MG-ORD:

1. A seated player may set, change or cancel the preference at any time, also out of turn, until
   the game is over; it lasts until changed.
2. On the holder's own A1 decision once the actions are done (no action is left: every allowed
   action used, or none legal, TK-ACT-02..04) and, for ``on``, no canal or improvement of the
   holder's board can be placed: VALIDATE while a card holds, the best card at the VALIDATE step
   it opens, then END. Anywhere else the order does not decide and the player is asked: the
   weather, the actions themselves, a third action under SUN, ``on`` with a placement possible.
3. What the order plays is the player's own move (same log, same events); the order itself is
   private to its holder.
4. A timeout on a decision the order decides applies the order (the service's job).

The moment the order acts depends only on public facts: the step of the turn, the actions used,
the weather, public reserves, deck and hand sizes, the holder's own (public) board and the
garden. Only which move it plays (VALIDATE or END) and which card it validates read the
holder's hand. So the timing of its END says nothing about the hand: the engine already asks a
lone END whenever VALIDATE is offered in public (secrets.py), and the order answers it in the
same moment whatever the hand holds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg
from rules.takenoko.actions import ACT, END, VALIDATE, TakenokoAction
from rules.takenoko.data import LAST_ROUND
from rules.takenoko.objectives import best_first, met
from rules.takenoko.state import TakenokoState
from rules.takenoko.turn import action_kinds, free_kinds
from rules.takenoko.work import TakenokoWork

FIELD = "auto_end"
"""The preference's one field."""
VALUES: tuple[str, ...] = ("off", "on", "always")
"""Its values, "not set" first (see the module's docstring)."""
SPEC = FieldSpec(name=FIELD, choices=VALUES, default="off")
PLACEMENTS = (ACT["place_canal"], ACT["place_chip"])
"""The free actions other than validating (TK-ACT-05)."""
PLAN: Order = {FIELD: "on"}
"""The AI's plan: the gentle rule, so every free placement stays the AI's own decision."""


def fields(state: TakenokoState, seat: Seat) -> Sequence[FieldSpec]:
    """What ``seat`` may set now: the preference, at any time until the game is over."""
    if state.step == "over" or not 0 <= seat < state.players:
        return ()
    return (SPEC,)


def check(state: TakenokoState, seat: Seat, order: Order) -> Order:
    """The order as it will be kept: every field named, values in lower case; IllegalAction with a
    reason the player can act on (not seated, game over, unknown field or value)."""
    if not 0 <= seat < state.players:
        raise IllegalAction("takenoko.order.error.not_seated")
    if state.step == "over":
        raise IllegalAction("takenoko.order.error.over")
    for name in order:
        if name != FIELD:
            raise IllegalAction("takenoko.order.error.field", field=str(name)[:40], fields=FIELD)
    value = str(order.get(FIELD, SPEC.default)).strip().lower()
    if value not in VALUES:
        raise IllegalAction("takenoko.order.error.value", value=str(order[FIELD])[:40], choices=", ".join(VALUES))
    return {FIELD: value}


def actions_done(state: TakenokoState) -> bool:
    """Whether the active seat's turn has no action left (public facts only: actions used, the
    weather, reserves, deck sizes, the hand's size; TK-ACT-02..04)."""
    return not action_kinds(TakenokoWork(state))


def acts_now(state: TakenokoState, mode: str) -> bool:
    """Whether a preference set to ``mode`` ends the active seat's turn now (clause 2), from public
    facts only: the actions are done and, for ``on``, no canal nor improvement of the seat's
    board may be placed (the very offer of A1's free placements, TK-ACT-05)."""
    if mode not in ("on", "always") or not actions_done(state):
        return False
    if mode == "always":
        return True
    w = TakenokoWork(state)
    return not any(kind in free_kinds(w, public=True) for kind in PLACEMENTS)


def decide(state: TakenokoState, seat: Seat, order: Order) -> tuple[TakenokoAction | None, Order | None]:
    """The move the preference plays on the holder's open decision (None: the player is asked),
    and the order kept after it (None once the game is over)."""
    if state.step == "over":
        return None, None
    if seat != state.turn or state.step not in ("action", "validate"):
        return None, order
    if state.step == "validate" and state.back != "action":
        return None, order  # a validation opened at the weather, by the player
    if not acts_now(state, order.get(FIELD, "off")):
        return None, order
    holding = met(TakenokoWork(state), seat)
    if state.step == "validate":
        # The VALIDATE step the order opened: the best card that holds.
        return VALIDATE[best_first(holding)], order
    return (ACT["validate"] if holding else END), order


def keep(state: TakenokoState, seat: Seat, order: Order) -> bool:
    """True while the preference lasts: set, and the game not over (clause 1)."""
    return state.step != "over" and order.get(FIELD, "off") != "off"


def describe(order: Order) -> Msg:
    """The preference in words, for its holder."""
    return msg(f"takenoko.order.describe.{order.get(FIELD, 'off')}")


def label(field: str, value: str) -> Msg:
    """The menu text of one value of the field."""
    return msg(f"takenoko.order.{field}.{value}")


def plan(state: TakenokoState, seat: Seat, rng: random.Random) -> Order | None:
    """The AI's own plan as an order: it always ends its turns as the ``on`` preference does
    (validate what holds, best card first, then END, its own choice while it could place a
    canal or an improvement), so the plan holds for the rest of the game."""
    if state.step == "over" or not 0 <= seat < state.players:
        return None
    return dict(PLAN)


def suggest(state: TakenokoState, seat: Seat) -> Order:
    """The form's pre-filled preference: ``on``, the gentle rule (the AI's own way of ending its
    turns; every free placement stays the player's decision); ``{}`` once the game is over."""
    if state.step == "over" or not 0 <= seat < state.players:
        return {}
    return dict(PLAN)


def up_next(state: TakenokoState) -> Seat | None:
    """Who plays after the current turn, as the board tells: the next seat clockwise (TK-SETUP-04);
    None when the current turn is the game's last (the one before the Emperor's holder after the
    Emperor was taken, TK-END-02, or the last of round 100, TK-END-06) or the game is over."""
    if state.step == "over":
        return None
    following = (state.turn + 1) % state.players
    if state.emperor >= 0 and following == state.emperor:
        return None
    if following == state.first and state.round >= LAST_ROUND and state.emperor < 0:
        return None
    return following
