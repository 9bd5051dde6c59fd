"""Top Race (Wolfgang Kramer): auction six cars, race them with shared movement cards, bet on the winner.

The package assembles the game from its parts: the rules (rules.py, on the working copy of
work.py and the steps of auction, movement, betting and scoring), the views and prompts (view.py),
the text (render.py), the picture (picture.py), the AI (ai.py; its judgement in estimate.py; the
strong level's search in search.py), the secrets (secrets.py) and the standing orders (orders.py).
"""

from __future__ import annotations

from rules.engine import Game, Orders, Presentation, Secrets
from rules.toprace import ai, orders, picture, render, rules, search, secrets, view
from rules.toprace.actions import Action, action_code, parse_action
from rules.toprace.state import TopRaceState
from rules.toprace.view import TopRaceView

# Every game's bundle names its parts one by one, in the same order (boardgame.io's shape): the
# lines look alike from game to game on purpose, so that a reader finds each part at once.
GAME: Game[TopRaceState, Action, TopRaceView] = Game(
    name="toprace",
    rule_prefix="TR",
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    state_type=TopRaceState,
    options=rules.OPTIONS,
    setup=rules.setup,
    to_act=rules.to_act,
    legal_actions=rules.legal_actions,
    apply=rules.apply,
    outcome=rules.outcome,
    view=view.view,
    action_code=action_code,
    parse_action=parse_action,
    presentation=Presentation(
        action_label=render.label,
        prompt=view.prompt,
        render_board=render.render_board,
        render_private=render.render_private,
        render_picture=picture.render_picture,
        replay_turn=picture.replay_turn,
        tally=render.tally,
    ),
    ai=ai.ai_action,
    levels={"easy": ai.easy_action, "strong": search.strong_action},
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
        follow_up=orders.follow_up,
        why_stopped=orders.why_stopped,
        plan=ai.plan,
    ),
    up_next=orders.up_next,
    state_version=1,
)
"""Top Race as the registry holds it."""
