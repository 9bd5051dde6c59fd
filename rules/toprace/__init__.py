"""Top Race (Wolfgang Kramer): auction six cars, race them with shared movement cards, bet on the winner."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Game, Presentation, Seat, Secrets
from rules.toprace.actions import Action
from rules.toprace.rules import TopRaceRules
from rules.toprace.state import TopRaceState
from rules.toprace.view import TopRaceView

_RULES = TopRaceRules()


def _public_choices(state: TopRaceState, seat: Seat) -> Sequence[Action] | None:
    """Playing a card (the choices are the hand) and betting are secret decisions."""
    if state.ask in ("play", "bet"):
        return None
    return _RULES.legal_actions(state, seat)


GAME: Game[TopRaceState, Action, TopRaceView] = Game(
    name="toprace",
    min_players=_RULES.min_players,
    max_players=_RULES.max_players,
    state_type=TopRaceState,
    options=_RULES.options,
    setup=lambda players, options, rng: (_RULES.setup(players, options, rng), []),
    to_act=_RULES.to_act,
    legal_actions=_RULES.legal_actions,
    apply=_RULES.apply,
    outcome=_RULES.outcome,
    view=_RULES.view,
    action_code=_RULES.action_code,
    parse_action=_RULES.parse_action,
    presentation=Presentation(
        action_label=_RULES.action_label,
        prompt=_RULES.prompt,
        render_board=_RULES.render_board,
        render_private=_RULES.render_private,
    ),
    ai=_RULES.ai_action,
    secrets=Secrets(public_choices=_public_choices, swap=_RULES.swap_secrets),
)
"""Top Race as the registry holds it."""

RULES = _RULES
"""The pre-bundle rules object (transition: the reshape removes it)."""
