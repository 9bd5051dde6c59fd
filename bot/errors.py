"""Refusals: every call the service refuses raises one of these, and nothing has changed.

``text(locale)`` explains it to the player in their language; a front end shows it to that player
alone (an ephemeral reply on Discord).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Text, t
from rules.engine import Msg, ParamValue


class TableError(Exception):
    """A refused call; ``text(locale)`` explains it to the player. Nothing was changed."""

    key = "error.generic"

    def __init__(self, key: str | None = None, msg: Msg | None = None, **params: ParamValue) -> None:
        self.key = key or self.key
        self.params = params
        self.msg = msg
        self.names: Sequence[str] = ()
        super().__init__(self.key)

    def text(self, locale: str | None) -> str:
        """The explanation in ``locale``."""
        if self.msg is not None:
            return Text(locale, self.names).msg(self.msg)
        return t(self.key, locale, **self.params)


class NoTable(TableError):
    """No live table in this channel (or no such table)."""

    key = "error.no_table"


class ChannelTaken(TableError):
    """The channel already has a live table."""

    key = "error.channel_busy"


class UnknownGame(TableError):
    """The bot hosts no game by that name."""

    key = "error.unknown_game"


class BadOption(TableError):
    """An option value or combination the game refuses."""


class NotInLobby(TableError):
    """Joining, leaving or starting after the game began."""

    key = "error.not_in_lobby"


class AlreadySeated(TableError):
    """Joining twice."""

    key = "error.already_seated"


class TableFull(TableError):
    """The game's player limit is reached."""

    key = "error.table_full"


class NotSeated(TableError):
    """Acting at a table without a seat."""

    key = "error.not_seated"


class NotHost(TableError):
    """Starting or cancelling without being the host (or a channel manager)."""

    key = "error.not_host"


class PlayerCount(TableError):
    """Starting with too few (or too many) players."""

    key = "error.player_count"


class NotYourTurn(TableError):
    """Acting while someone else must decide."""

    key = "error.not_your_turn"


class Stale(TableError):
    """A button or choice from a decision that is no longer open."""

    key = "error.stale"


class BadCode(TableError):
    """A move code that names no move of the game (a typo, a forged button)."""

    key = "error.bad_code"


class IllegalMove(TableError):
    """A well-formed move the rules refuse now (the reason comes from the engine)."""

    key = "error.illegal_action"


class GameOver(TableError):
    """The table has ended."""

    key = "error.game_over"


class InternalError(TableError):
    """Something failed on the bot's side (logged with its traceback); nothing was played."""

    key = "error.internal"


class UndoRefused(TableError):
    """A move that cannot be taken back (the reason is the key)."""

    key = "undo.not_last"
