"""Mogul (Michael Schacht, 2002): trade shares, bid with hidden chips, survive the Crash.

The package's one job here is to assemble the bundle the registry holds, from the modules that
each do one part: ``rules`` (the contract), ``scoring`` (the outcome), ``view``, ``render``,
``picture``, ``ai`` (its levels and its plans), ``secrets`` and ``orders`` (standing orders, MG-ORD).
"""

from __future__ import annotations

from rules.engine import Game, Orders, Presentation, Secrets

from . import ai, orders, picture, render, rules, scoring, secrets
from .actions import MogulAction, action_code, parse_action
from .data import MAX_PLAYERS, MIN_PLAYERS
from .state import MogulState
from .view import MogulView, build_view

# Every game's bundle names its parts one by one, in the same order (boardgame.io's shape): the
# lines look alike from game to game on purpose, so that a reader finds each part at once.
GAME: Game[MogulState, MogulAction, MogulView] = Game(
    name="mogul",
    rule_prefix="MG",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_type=MogulState,
    options=rules.OPTIONS,
    validate_options=rules.check_options,
    setup=rules.setup,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    outcome=scoring.outcome,
    view=build_view,
    action_code=action_code,
    parse_action=parse_action,
    presentation=Presentation(
        action_label=render.action_label,
        prompt=render.prompt,
        render_board=render.render_board,
        render_private=render.render_private,
        render_picture=picture.render_picture,
        replay_turn=picture.replay_turn,
        tally=render.tally,
    ),
    ai=ai.choose,
    levels={"easy": ai.easy, "strong": ai.strong},
    secrets=Secrets(public_choices=secrets.public_choices, swap=secrets.swap),
    hidden=secrets.hidden,
    skip=rules.skip,
    orders=Orders(
        fields=orders.fields,
        check=orders.check,
        decide=orders.decide,
        keep=orders.keep,
        describe=orders.describe,
        label=orders.label,
        suggest=ai.suggest,
        why_stopped=orders.why_stopped,
        plan=ai.plan,
    ),
    up_next=orders.up_next,
)
"""Mogul as the registry holds it."""
