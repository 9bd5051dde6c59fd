"""Nim, the fifth game of the tests: take 1 to 3 sticks in turn from one pile; whoever takes the
last stick wins. Perfect information, so no Secrets: every decision may show on a public board."""

from __future__ import annotations

from rules.engine import Game, Presentation

from .actions import Take, action_code, parse_action
from .ai import perfect
from .data import MAX_PLAYERS, MIN_PLAYERS
from .render import action_label, prompt, render_board, render_private
from .rules import apply, legal_actions, setup, to_act
from .scoring import outcome
from .state import NimState
from .view import NimView, view

# A standalone copy of how a game is laid out (the fifth game must not import another game), so
# this bundle repeats the four games' shape line for line.
# Every game's bundle names its parts one by one, in the same order (boardgame.io's shape): the
# lines look alike from game to game on purpose, so that a reader finds each part at once.
GAME: Game[NimState, Take, NimView] = Game(
    name="nim",
    rule_prefix="NM",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_type=NimState,
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
    ),
    # "normal" plays a random legal take (the engine's default); "strong" never misses a win.
    levels={"strong": perfect},
)
"""Nim as the registry holds it."""
