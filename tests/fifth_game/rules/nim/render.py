"""Nim's words: labels, prompts, the board."""

from __future__ import annotations

from rules.engine import Msg, Seat, Text, msg

from .actions import Take
from .state import NimState
from .view import NimView


def action_label(state: NimState, seat: Seat, action: Take) -> Msg:
    """The label of a take: "Take 2"."""
    return msg("nim.take", params={"n": action.n})


def prompt(state: NimState, seat: Seat) -> Msg:
    """What the player to move is asked."""
    return Msg(key="nim.prompt", params={"pile": state.pile})


def render_board(view: NimView, tr: Text) -> str:
    """The public board: the sticks left."""
    return tr("nim.board", pile=view.pile)


def render_private(view: NimView, tr: Text) -> str:
    """Nothing is private in Nim."""
    return ""
