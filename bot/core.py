"""What every part of the table service shares: the store, the games, the clock, and the lookups
of tables and their states."""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from bot.clock import iso
from bot.errors import NoTable, NotInLobby, UnknownGame
from bot.outbox import Place, Reminder
from db.store import LobbyChange, MoveWrite, TableNotFound, TableRecord, TableStore, fits_id
from rules.engine import Event, Game, Msg
from rules.registry import GAMES

K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")
STATE_CACHE = 1024
"""Parsed game states kept per process (least recently used go first)."""
HISTORY_CACHE = 256
"""Public histories kept per process, for recaps and the paged log."""


class Lru(Generic[K, V]):
    """A small bounded mapping that forgets the least recently used entries."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()  # moves are decided in worker threads too (bot/moves.py)

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


@dataclass
class Step:
    """The result of one move inside its transaction: the write, the new state, what happened."""

    write: MoveWrite
    state: Any
    events: list[tuple[int | None, Event]]  # (acting seat, or None for the setup; event)
    opened: frozenset[int]  # seats whose decision opened in this move
    played: Msg | None = None  # the label of the human move that started it
    reminders: list[Reminder] = field(default_factory=list)  # reminders that fell due with it


class ServiceCore:
    """The store, the games and the clock, and the lookups every part of the service uses."""

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
        self._histories: Lru[int, Any] = Lru(HISTORY_CACHE)  # table id -> public history (bot/history.py)

    def _rules(self, game: str) -> Game[Any, Any, Any]:
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGame(game=game, games=", ".join(sorted(self.games))) from None

    async def _live(self, place: Place) -> TableRecord:
        table = await self.store.live_table(place.channel_id) if fits_id(place.channel_id) else None
        if table is None:
            raise NoTable()
        return table

    async def _get(self, table_id: int) -> TableRecord:
        table = await self.store.get_table(table_id) if fits_id(table_id) else None
        if table is None:
            raise NoTable()
        return table

    async def _table(self, place: Place | None, table_id: int | None, *, ended: bool = False) -> TableRecord:
        """A table by id, else the live table of ``place``; with ``ended``, else its last game."""
        if table_id is not None:
            return await self._get(table_id)
        if place is None:
            raise NoTable()
        if not ended:
            return await self._live(place)
        table = await self.store.last_table(place.channel_id) if fits_id(place.channel_id) else None
        if table is None or (table.state is None and table.status != "lobby"):
            raise NoTable()  # nothing was ever played here (or only a lobby that closed)
        return table

    async def _lobby_write(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        try:
            return await self.store.update_lobby(table_id, change)
        except TableNotFound as gone:
            raise NoTable() from gone

    def _state(self, table: TableRecord) -> Any:
        cached = self._states.get(table.id)
        if cached and cached[0] == table.ply:
            return cached[1]
        if table.state is None:
            raise NotInLobby("error.not_started")
        rules = self._rules(table.game)
        if table.state_version != rules.state_version:
            data = rules.upgrade(json.loads(table.state), table.state_version)
            state = rules.state_type.model_validate(data)
        else:
            state = rules.state_type.model_validate_json(table.state)
        self._states.put(table.id, (table.ply, state))
        return state

    @staticmethod
    def _names(table: TableRecord) -> list[str]:
        return [s.name for s in table.seats]

    @staticmethod
    def _name_of(table: TableRecord, user_id: str) -> str:
        seat = table.seat_of(user_id)
        return seat.name if seat else user_id
