"""The table store: what the service needs from a database, as records and one Protocol.

Nothing above ``db/`` speaks SQL: the service calls these methods and gets plain records back.
``SqliteStore`` (db/sqlite.py) is the embedded default; ``PostgresStore`` (db/postgres.py) serves
several bot processes on one database. Both implement this Protocol and pass the same conformance
suite (tests/db/test_conformance.py).

Every write that decides something is one transaction that decides on the row it writes: the
callback (``decide``, ``change``, ``prepare``) sees the table as it stands inside the write and
raises to refuse, and then nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from importlib import resources
from typing import Generic, Protocol, TypeVar

LIVE = ("lobby", "active")
T = TypeVar("T")
INT64 = (-(2**63), 2**63 - 1)
"""The range of ids a database integer holds: a larger id names no table."""


@dataclass(frozen=True)
class Decision:
    """An open decision: ``seat`` has been asked since ``ply`` (at ``since``, ISO time)."""

    seat: int
    ply: int
    since: str


@dataclass(frozen=True)
class SeatRecord:
    """A player at a table (``seat`` is None while the table is in its lobby)."""

    user_id: str
    name: str
    is_ai: bool
    locale: str | None
    seat: int | None
    joined_at: str


@dataclass(frozen=True)
class TableRecord:
    """One table row with its seats (in seat order once started, join order before)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, str]
    seed: str
    status: str
    host_id: str
    locale: str
    initial_state: str | None
    state: str | None
    ply: int
    state_version: int
    decisions: tuple[Decision, ...]
    board_message_id: int | None
    created_at: str
    updated_at: str
    seats: tuple[SeatRecord, ...] = field(default=())
    revision: int = 0  # bumped by every write to the table or its seats
    settings: str = "{}"  # JSON: the table's clock and timeout settings (bot/clock.py)
    clocks: str = "{}"  # JSON: the clocks as they run, away seats, reminders sent (bot/clock.py)
    due_at: str | None = None  # ISO time of the next reminder or timeout, if any
    ping_message_id: int | None = None  # the last turn ping, whose buttons retire with its decision
    results: str | None = None  # JSON standings once the game is over

    def seat_of(self, user_id: str) -> SeatRecord | None:
        """The seat record of ``user_id``, if seated here."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def decision_of(self, seat: int) -> Decision | None:
        """The open decision of ``seat``, if it has one."""
        return next((d for d in self.decisions if d.seat == seat), None)


@dataclass(frozen=True)
class MoveWrite:
    """What one move writes: the actions it appended and the table's new state."""

    actions: Sequence[tuple[int, str]]  # (seat, action code), in order
    state: str
    decisions: tuple[Decision, ...]
    status: str
    state_version: int = 1  # the version of the game's state model that wrote ``state``
    clocks: str | None = None  # the clocks' new JSON (None: unchanged)
    settings: str | None = None  # the settings' new JSON (None: unchanged)
    due_at: str | None = None  # when something next falls due (always written)
    results: str | None = None  # the final standings' JSON (None: unchanged)

    def applied_to(self, table: TableRecord, now: str) -> TableRecord:
        """``table``'s record once this write has landed on it at ``now`` (what every backend
        caches after a move, without reading the row back)."""
        return replace(
            table,
            state=self.state,
            state_version=self.state_version,
            ply=table.ply + len(self.actions),
            decisions=tuple(self.decisions),
            status=self.status,
            clocks=table.clocks if self.clocks is None else self.clocks,
            settings=table.settings if self.settings is None else self.settings,
            due_at=self.due_at,
            results=table.results if self.results is None else self.results,
            updated_at=now,
            revision=table.revision + 1,
        )


@dataclass(frozen=True)
class Move(Generic[T]):
    """What ``commit_move``'s callback decided: the write, and a result handed back to the caller."""

    write: MoveWrite
    result: T


@dataclass(frozen=True)
class Start(Generic[T]):
    """What ``start_table``'s callback decided: the seat order (user ids), the initial state and
    the first write (AI seats may already have played)."""

    order: Sequence[str]
    initial_state: str
    write: MoveWrite
    result: T


@dataclass(frozen=True)
class LobbyChange(Generic[T]):
    """One change to a lobby, decided on the row it changes: a seat added or removed, the host's
    role handed on, the table closed (``status``)."""

    result: T
    add: SeatRecord | None = None
    remove: str | None = None
    host: str | None = None
    status: str | None = None
    settings: str | None = None


class StoreError(Exception):
    """Base of the store's own errors."""


class TableNotFound(StoreError, LookupError):
    """No table has that id."""


class ChannelBusy(StoreError):
    """The channel already has a live table (``table`` is it)."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__(f"channel {table.channel_id} already has table {table.id}")
        self.table = table


class StaleMove(StoreError):
    """The table kept moving under a move (other writers got there first, again and again)."""


class TableStore(Protocol):
    """Tables, seats, the append-only action log and player preferences."""

    clock: Callable[[], str]
    """The time written into rows (ISO text); the service sets it to its own clock."""

    async def close(self) -> None:
        """Release the connection(s)."""
        ...

    async def migrate(self) -> int:
        """Apply every migration not yet applied; return the schema version now."""
        ...

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, str],
        seed: str,
        host: SeatRecord,
        locale: str,
        settings: str = "{}",
    ) -> TableRecord:
        """Open a lobby in ``channel_id`` with its host seated; raise ChannelBusy if one is live."""
        ...

    async def live_table(self, channel_id: int) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        ...

    async def get_table(self, table_id: int) -> TableRecord | None:
        """A table by id, whatever its status."""
        ...

    def cached_table(self, table_id: int) -> TableRecord | None:
        """The record of a table as this process last saw it, without reading (it may be stale:
        for guesses that a guarded write confirms)."""
        ...

    async def last_table(self, channel_id: int) -> TableRecord | None:
        """The most recent table of a channel, live or ended."""
        ...

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby or active table (to resume after a restart)."""
        ...

    async def actions(self, table_id: int) -> list[tuple[int, int, str]]:
        """The action log of a table: (ply, seat, code) in order."""
        ...

    async def update_lobby(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        """One lobby change in one transaction, decided by ``change`` on the row it writes."""
        ...

    async def start_table(self, table_id: int, prepare: Callable[[TableRecord], Start[T]]) -> tuple[T, TableRecord]:
        """Seat the lobby, store the initial state and the first write, in one transaction."""
        ...

    async def commit_move(self, table_id: int, decide: Callable[[TableRecord], Move[T]]) -> tuple[T, TableRecord]:
        """One move as one atomic write, guarded by the ply and revision ``decide`` saw; if another
        writer moved the table, ``decide`` runs again on the fresh row (where it refuses a decision
        that is no longer open)."""
        ...

    async def set_status(self, table_id: int, status: str, *, only_if: Sequence[str] = LIVE) -> bool:
        """Change a table's status if it is in one of ``only_if``; True if changed."""
        ...

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows this table's board."""
        ...

    async def set_ping_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's last turn ping (its buttons are retired with its decision)."""
        ...

    async def due_tables(self, now: str, limit: int = 100) -> list[int]:
        """Active tables whose next reminder or timeout is due at ``now`` (ISO time), oldest first."""
        ...

    async def finished_tables(self, guild_id: int | None, game: str | None = None) -> list[TableRecord]:
        """Finished tables of a server (of one game, or all), oldest first, for its leaderboard."""
        ...

    async def channel_tables(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The latest tables of a channel, newest first, whatever their status."""
        ...

    async def reminders_on(self, user_id: str) -> bool:
        """True unless ``user_id`` turned their reminders off."""
        ...

    async def set_reminders(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s reminders on or off."""
        ...

    async def dm_closed(self, user_id: str) -> bool:
        """True once a DM to ``user_id`` has failed (they get ephemeral replies instead)."""
        ...

    async def set_dm_closed(self, user_id: str, closed: bool) -> bool:
        """Record whether ``user_id``'s DMs are closed; True if this changed what was known."""
        ...


def utc_now_iso() -> str:
    """The current time as ISO text (the store's default clock)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def fits_id(value: int | None) -> bool:
    """True if ``value`` can be a database id (a 64-bit signed integer)."""
    return value is None or INT64[0] <= value <= INT64[1]


def known_id(table_id: int) -> int:
    """``table_id`` if it can name a table at all; else TableNotFound (never a driver overflow)."""
    if not fits_id(table_id):
        raise TableNotFound(table_id)
    return table_id


def decisions_json(decisions: Sequence[Decision]) -> str:
    """Open decisions as stored: JSON [[seat, ply, since], ...]."""
    return json.dumps([[d.seat, d.ply, d.since] for d in decisions])


def decisions_from(text: str) -> tuple[Decision, ...]:
    """Open decisions from their stored JSON."""
    return tuple(Decision(int(s), int(p), str(t)) for s, p, t in json.loads(text))


def migrations(backend: str = "migrations") -> list[tuple[int, str]]:
    """The numbered migrations shipped in ``db/<backend>``, in order."""
    folder = resources.files("db") / backend
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)
