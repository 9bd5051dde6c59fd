"""Racebow (an unpublished prototype, completed by the team): race along a track of tiles,
collect the five colours and stack them in your board's target order. Perfect information."""

from __future__ import annotations

from rules.engine import Game, Orders, Presentation

from . import premoves
from .actions import RacebowAction, action_code, parse_action
from .ai import ai_action, easy
from .data import MAX_PLAYERS, MIN_PLAYERS
from .picture import render_picture, replay_turn
from .render import action_label, prompt, render_board, render_private, tally
from .rules import OPTIONS, apply, legal_actions, outcome, setup, to_act
from .state import RacebowState
from .view import RacebowView, view

# Every game's bundle names its parts one by one, in the same order (boardgame.io's shape): the
# lines look alike from game to game on purpose, so that a reader finds each part at once.
GAME: Game[RacebowState, RacebowAction, RacebowView] = Game(
    name="racebow",
    rule_prefix="RB",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_type=RacebowState,
    options=OPTIONS,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    action_code=action_code,
    parse_action=parse_action,
    presentation=Presentation(
        action_label=action_label,
        prompt=prompt,
        render_board=render_board,
        render_private=render_private,
        render_picture=render_picture,
        replay_turn=replay_turn,
        tally=tally,
    ),
    ai=ai_action,
    # "strong" is not declared, so it plays as "normal" (rules.engine.Game.levels).
    levels={"easy": easy},
    # The draw pile's order is the one hidden fact: a move that draws from it cannot be undone.
    hidden=lambda state: state.pile,
    orders=Orders(
        fields=premoves.fields,
        check=premoves.check,
        decide=premoves.decide,
        keep=premoves.keep,
        describe=premoves.describe,
        label=premoves.label,
        suggest=premoves.suggest,
        follow_up=premoves.follow_up,
        why_stopped=premoves.why_stopped,
    ),
    up_next=premoves.up_next,
)
"""Racebow as the registry holds it: no Secrets, every decision may show in public."""
