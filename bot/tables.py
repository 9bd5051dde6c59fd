"""Finding tables and their games: the store, the registry and the clock every part of the
service shares, the look-ups by channel or id, and the parsed game states kept in memory."""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from bot.clocks import iso
from bot.errors import NoTable, NotInLobby, UnknownGame
from bot.i18n import t
from bot.outbox import Place, Table
from db.records import LobbyChange, TableRecord
from db.store import TableNotFound, TableStore, fits_id
from rules.engine import Game
from rules.registry import GAMES

K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")
STATE_CACHE = 1024
"""Parsed game states kept per process (least recently used go first)."""


class Lru(Generic[K, V]):
    """A small bounded mapping that forgets the least recently used entries (thread-safe: moves
    are decided in worker threads too)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value for ``key`` (now the most recently used), if held."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        """Hold ``value`` for ``key``, forgetting the oldest entry beyond ``size``."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        """Forget ``key``."""
        with self._lock:
            self._items.pop(key, None)

    def __len__(self) -> int:
        return len(self._items)


class Tables:
    """The store, the games and the clock, and the look-ups every part of the service makes."""

    def __init__(
        self,
        store: TableStore,
        games: Mapping[str, Game[Any, Any, Any]] = GAMES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.new_seed = new_seed
        store.clock = lambda: iso(self.clock())
        self._states: Lru[int, tuple[int, Any]] = Lru(STATE_CACHE)  # table id -> (ply, parsed state)

    def rules(self, game: str) -> Game[Any, Any, Any]:
        """A hosted game's bundle, or UnknownGame naming those the bot hosts."""
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGame(game=game, games=", ".join(sorted(self.games))) from None

    async def live(self, place: Place) -> TableRecord:
        """The lobby or active table of a channel, or NoTable."""
        table = await self.store.live_table(place.channel_id) if fits_id(place.channel_id) else None
        if table is None:
            raise NoTable()
        return table

    async def live_or_none(self, place: Place) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        return await self.store.live_table(place.channel_id) if fits_id(place.channel_id) else None

    async def get(self, table_id: int) -> TableRecord:
        """A table by id, whatever its status, or NoTable."""
        table = await self.store.get_table(table_id) if fits_id(table_id) else None
        if table is None:
            raise NoTable()
        return table

    async def find(self, place: Place | None, table_id: int | None, *, ended: bool = False) -> TableRecord:
        """A table by id, else the live table of ``place``; with ``ended``, else its last game."""
        if table_id is not None:
            return await self.get(table_id)
        if place is None:
            raise NoTable()
        if not ended:
            return await self.live(place)
        table = await self.store.last_table(place.channel_id) if fits_id(place.channel_id) else None
        if table is None or (table.state is None and table.status != "lobby"):
            raise NoTable()  # nothing was ever played here (or only a lobby that closed)
        return table

    async def lobby_write(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        """One lobby change, decided by ``change`` on the row it writes."""
        try:
            return await self.store.update_lobby(table_id, change)
        except TableNotFound as gone:
            raise NoTable() from gone

    def state(self, table: TableRecord) -> Any:
        """The game state of a started table, parsed once per ply (upgraded if stored by an older
        version of its game)."""
        cached = self._states.get(table.id)
        if cached and cached[0] == table.ply:
            return cached[1]
        if table.state is None:
            raise NotInLobby("error.not_started")
        rules = self.rules(table.game)
        if table.state_version != rules.state_version:
            data = rules.upgrade(json.loads(table.state), table.state_version)
            state = rules.state_type.model_validate(data)
        else:
            state = rules.state_type.model_validate_json(table.state)
        self._states.put(table.id, (table.ply, state))
        return state

    def remember(self, table: TableRecord, state: Any) -> None:
        """Hold the state a write just produced (the next read finds it parsed)."""
        self._states.put(table.id, (table.ply, state))

    def forget(self, table_id: int) -> None:
        """Drop a table's held state (it was cancelled)."""
        self._states.pop(table_id)

    def initial(self, table: TableRecord) -> Any:
        """The state a started table began from (for replays)."""
        if table.initial_state is None:
            raise NotInLobby("error.not_started")
        return self.rules(table.game).state_type.model_validate_json(table.initial_state)


def names(table: TableRecord) -> list[str]:
    """The players' display names, by seat."""
    return [s.name for s in table.seats]


def board_names(table: TableRecord) -> list[str]:
    """The players' names as a board shows them: a seat the AI plays for an absent player (timed
    out, left, kicked) is marked, so a board says who is really at the table."""
    away = {seat for seat, clock in enumerate(table.clocks.seats) if clock.away}
    return [
        t("table.ai_mark", table.locale, player=s.name) if s.seat in away and not s.is_ai else s.name
        for s in table.seats
    ]


def name_of(table: TableRecord, user_id: str) -> str:
    """The display name of a seated user (their id if they are not seated)."""
    seat = table.seat_of(user_id)
    return seat.name if seat else user_id


def table_of(record: TableRecord, *, board: int | None = None) -> Table:
    """What a front end needs to know of a table to publish about it (``board``: the board
    message a write found, which it moved below; else the record's)."""
    return Table(
        record.id,
        record.game,
        record.guild_id,
        record.channel_id,
        record.locale,
        record.status,
        record.board_message_id if board is None else board,
    )
