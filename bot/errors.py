"""Refusals: every call the service refuses raises one of these, and nothing has changed.

``text(locale)`` explains it to the player in their language; a front end shows it to that player
alone (an ephemeral reply on Discord).
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

from bot.i18n import Text, t
from bot.outbox import Draft, Place, Player
from db.records import TableSettings
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


class BadInput(TableError):
    """A value no front end sends and none can be kept: text with a lone surrogate or a NUL, a
    number beyond 64 bits, a channel numbered 0 or below, a count out of its range."""

    key = "error.bad_input"


INT64 = (-(2**63), 2**63 - 1)
COUNTS = {"limit": (1, 1000)}
"""Counts a front end may ask for, by parameter name: how many rows one call reads at most."""
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def check_value(value: object) -> None:
    """Refuse (BadInput) a value that no front end sends and no store can keep, looking inside
    places, players, order drafts, settings, mappings and sequences; a table record comes from
    the store and is taken as it is."""
    if value is None or isinstance(value, bool):
        return
    if isinstance(value, int):
        if not INT64[0] <= value <= INT64[1]:
            raise BadInput()
    elif isinstance(value, str):
        if _UNSTORABLE.search(value):
            raise BadInput()
    elif isinstance(value, Place):
        if value.channel_id <= 0 or (value.guild_id is not None and value.guild_id <= 0):
            raise BadInput()
        check_value(value.channel_id)
        check_value(value.guild_id)
    elif isinstance(value, Player):
        if not value.id:
            raise BadInput()
        for text in (value.id, value.name, value.locale):
            check_value(text)
    elif isinstance(value, Draft):
        check_value(value.values)
        check_value(value.key)
    elif isinstance(value, TableSettings):
        for setting in (value.bank_hours, value.bonus_hours, value.policy):
            check_value(setting)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            check_value(key)
            check_value(item)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            check_value(item)


Call = TypeVar("Call", bound=Callable[..., Awaitable[Any]])
Service = TypeVar("Service", bound=type)


def _checked(call: Call) -> Call:
    signature = inspect.signature(call)
    order = {name: i for i, name in enumerate(signature.parameters)}
    plain = all(p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in signature.parameters.values())
    positional = [p.name for p in signature.parameters.values() if p.kind != p.KEYWORD_ONLY]

    def arguments(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[tuple[str, Any]]:
        """The call's arguments after ``self``, in the signature's order (as ``bind`` gives them,
        without its cost on every move where the call is a plain one)."""
        if plain and len(args) <= len(positional) and all(k in order for k in kwargs):
            given = [*zip(positional[1 : len(args)], args[1:], strict=True), *kwargs.items()]
            return sorted(given, key=lambda item: order[item[0]])
        return list(signature.bind(*args, **kwargs).arguments.items())[1:]

    @functools.wraps(call)
    async def checked(*args: Any, **kwargs: Any) -> Any:
        for name, value in arguments(args, kwargs):
            if name == "table_id" and isinstance(value, int) and not INT64[0] <= value <= INT64[1]:
                raise NoTable()  # an id no database holds names no table
            check_value(value)
            if name in COUNTS and isinstance(value, int):
                low, high = COUNTS[name]
                if not low <= value <= high:
                    raise BadInput()
        return await call(*args, **kwargs)

    return cast(Call, checked)


def refuses_bad_input(cls: Service) -> Service:
    """A class whose every public coroutine first refuses, with BadInput and before anything is
    read or written, the values ``check_value`` refuses (a new entry point is covered as soon as
    it is written)."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.iscoroutinefunction(member):
            setattr(cls, name, _checked(member))
    return cls
