"""Finding tables and their games: the store, the registry and the clock every part of the
service shares, the look-ups by channel or id, and the parsed game states kept in memory."""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from bot.clocks import iso
from bot.errors import GameOver, NoTable, NotInLobby, NotSeated, UnknownGame
from bot.i18n import t
from bot.outbox import Place, Player, Table
from db.records import LobbyChange, TableRecord
from db.store import TableNotFound, TableStore, fits_id
from rules.engine import Game
from rules.registry import GAMES

K = TypeVar("K")
T = TypeVar("T")
V = TypeVar("V")


@dataclass(frozen=True)
class Limits:
    """What one process keeps in memory and how it paces catching up (bot/settings.py sets them
    from the environment; README, "Operating")."""

    cached_tables: int = 4_000
    """Table records the store keeps (db/cache.py): reading one again costs a lookup by id."""
    cached_states: int = 500
    """Parsed game states kept (the tables being played; a state parses again in well under a
    millisecond)."""
    history_entries: int = 20_000
    """Entries of public histories kept, for /game log and the recaps (a long game holds hundreds;
    one not kept is replayed from the log)."""
    due_batch_seconds: float = 0.25
    """Work the scheduler does in one go when much has fallen due (after an outage) before it
    publishes it and lets clicks in."""
    picture_bytes: int = 32_000_000
    """Bytes of board pictures kept, to attach one again without drawing it (cogs/ui/hub.py)."""


DEFAULT_LIMITS = Limits()


class Lru(Generic[K, V]):
    """A bounded mapping that forgets the least recently used entries once their weight passes
    ``size`` (by default each weighs 1: a count); thread-safe, as moves are decided in worker
    threads too."""

    def __init__(self, size: int, weigh: Callable[[V], int] = lambda _: 1) -> None:
        self.size = size
        self.weigh = weigh
        self.weight = 0
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value for ``key`` (now the most recently used), if held."""
        with self._lock:
            held = self._items.get(key)
            if held is None:
                return None
            self._items.move_to_end(key)
            return held[0]

    def put(self, key: K, value: V) -> None:
        """Hold ``value`` for ``key``, forgetting the oldest entries beyond ``size``."""
        weight = self.weigh(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.weight -= old[1]
            self._items[key] = (value, weight)
            self.weight += weight
            while self.weight > self.size and self._items:
                _, (_, dropped) = self._items.popitem(last=False)
                self.weight -= dropped

    def pop(self, key: K) -> None:
        """Forget ``key``."""
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.weight -= old[1]

    def __len__(self) -> int:
        return len(self._items)


class Tables:
    """The store, the games and the clock, and the look-ups every part of the service makes."""

    # TableService.__init__ takes the same arguments and hands them here (the facade builds
    # every part; docs/design.md).
    def __init__(
        self,
        store: TableStore,
        games: Mapping[str, Game[Any, Any, Any]] = GAMES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.new_seed = new_seed
        self.limits = limits
        store.clock = lambda: iso(self.clock())
        self._states: Lru[int, tuple[int, Any]] = Lru(limits.cached_states)  # table id -> (ply, parsed state)

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

    async def seat_at(self, place: Place, player: Player, over: str) -> tuple[TableRecord, int]:
        """The channel's table (the last one, if it ended) and the player's seat there, for a
        command about their own play; refused if the game is over (``over``: the command's own
        words), was cancelled, or the player has no seat."""
        table = await self.find(place, None, ended=True)
        if table.status == "over":
            raise GameOver(over)
        if table.status == "cancelled":
            raise NoTable()
        seat = table.seat_of(player.id)
        if seat is None or seat.seat is None:
            raise NotSeated()
        return table, seat.seat

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
