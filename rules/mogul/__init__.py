"""Mogul (Michael Schacht, 2002): trade shares, bid with hidden chips, survive the Crash."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Game, Presentation, Seat, Secrets

from .actions import DROP, LOAN, PAY, MogulAction
from .rules import MogulRules, can_loan
from .state import MogulState
from .view import MogulView

_RULES = MogulRules()


def _public_choices(state: MogulState, seat: Seat) -> Sequence[MogulAction] | None:
    """Chips are secret, so an auction turn always offers "stay in": with no chip left the move
    is refused to that player alone (the board's buttons must not tell the channel)."""
    if state.phase == "auction":
        return (PAY, DROP, LOAN) if can_loan(state, seat) else (PAY, DROP)
    return _RULES.legal_actions(state, seat)


def _check_options(players: int, options: dict[str, str]) -> None:
    _RULES.check_options(players, options)


GAME: Game[MogulState, MogulAction, MogulView] = Game(
    name="mogul",
    min_players=_RULES.min_players,
    max_players=_RULES.max_players,
    state_type=MogulState,
    options=_RULES.options,
    validate_options=_check_options,
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
"""Mogul as the registry holds it."""

RULES = _RULES
"""The pre-bundle rules object (transition: the reshape removes it)."""
