"""Takenoko (Antoine Bauza, 2011): grow bamboo in a shared garden, feed the panda, meet objectives."""

from __future__ import annotations

from rules.engine import Game, Orders, Presentation, Secrets
from rules.takenoko import orders
from rules.takenoko.actions import TakenokoAction, action_code, parse_action
from rules.takenoko.ai import choose, choose_easy, choose_strong
from rules.takenoko.picture import render_picture, replay_turn
from rules.takenoko.render import action_label, prompt, render_board, render_private, render_results, tally
from rules.takenoko.rules import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, apply, legal_actions, outcome, setup, skip, to_act
from rules.takenoko.secrets import hidden, public_choices, swap
from rules.takenoko.state import TakenokoState
from rules.takenoko.view import TakenokoView, make_view

# Every game's bundle names its parts one by one, in the same order (boardgame.io's shape): the
# lines look alike from game to game on purpose, so that a reader finds each part at once.
GAME: Game[TakenokoState, TakenokoAction, TakenokoView] = Game(
    name="takenoko",
    rule_prefix="TK",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_type=TakenokoState,
    options=OPTIONS,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=make_view,
    action_code=action_code,
    parse_action=parse_action,
    presentation=Presentation(
        action_label=action_label,
        prompt=prompt,
        render_board=render_board,
        render_private=render_private,
        render_picture=render_picture,
        render_results=render_results,
        replay_turn=replay_turn,
        tally=tally,
    ),
    ai=choose,
    levels={"easy": choose_easy, "strong": choose_strong},
    secrets=Secrets(public_choices=public_choices, swap=swap),
    hidden=hidden,
    skip=skip,
    orders=Orders(
        fields=orders.fields,
        check=orders.check,
        decide=orders.decide,
        keep=orders.keep,
        describe=orders.describe,
        label=orders.label,
        suggest=orders.suggest,
        plan=orders.plan,
    ),
    up_next=orders.up_next,
)
"""Takenoko as the registry holds it."""
