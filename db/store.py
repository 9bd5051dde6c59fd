"""TableStore: tables, seats and the action log in SQLite, through aiosqlite.

Nothing above ``db/`` speaks SQL: the service calls these methods and gets plain records back.
A move is one transaction (``commit_move``) whose ``UPDATE ... WHERE ply = ?`` is guarded by the
ply read in that same transaction, so two clicks on one decision can never both land.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import TypeVar

import aiosqlite

LIVE = ("lobby", "active")
T = TypeVar("T")


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


class ChannelBusy(Exception):
    """The channel already has a live table (``table`` is it)."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__(f"channel {table.channel_id} already has table {table.id}")
        self.table = table


class StaleMove(Exception):
    """The table moved on between reading and writing (another process got there first)."""


def utc_now_iso() -> str:
    """The current time as ISO text (the store's default clock)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _decisions_json(decisions: Sequence[Decision]) -> str:
    return json.dumps([[d.seat, d.ply, d.since] for d in decisions])


def _decisions(text: str) -> tuple[Decision, ...]:
    return tuple(Decision(int(s), int(p), str(t)) for s, p, t in json.loads(text))


class TableStore:
    """Tables, seats, actions and player preferences on one SQLite file (WAL mode)."""

    def __init__(self, conn: aiosqlite.Connection, clock: Callable[[], str] = utc_now_iso) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()  # one transaction at a time on this connection
        self._cache: dict[int, TableRecord] = {}  # table id -> record at its last known revision
        self.clock = clock

    @classmethod
    async def open(cls, path: str | Path, clock: Callable[[], str] = utc_now_iso) -> TableStore:
        """Open (creating if needed) and migrate the database at ``path``."""
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await _fetchone(conn, "PRAGMA journal_mode = WAL")
        await _fetchone(conn, "PRAGMA synchronous = NORMAL")
        await _fetchone(conn, "PRAGMA foreign_keys = ON")
        await _fetchone(conn, "PRAGMA busy_timeout = 5000")
        store = cls(conn, clock)
        await store.migrate()
        return store

    async def close(self) -> None:
        """Close the connection."""
        await self._conn.close()

    # -- schema ---------------------------------------------------------------------------------
    async def migrate(self) -> int:
        """Apply every migration not yet recorded in schema_version; return the version now."""
        async with self._tx() as conn:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = await _fetchone(conn, "SELECT MAX(version) FROM schema_version")
            current = int(row[0]) if row and row[0] is not None else 0
            for version, sql in migrations():
                if version > current:
                    for statement in _statements(sql):
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
                    current = version
        return current

    # -- tables ---------------------------------------------------------------------------------
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
    ) -> TableRecord:
        """Open a lobby in ``channel_id`` with its host seated; raise ChannelBusy if one is live."""
        now = self.clock()
        async with self._tx() as conn:
            existing = await self._live_in(conn, channel_id)
            if existing is not None:
                raise ChannelBusy(existing)
            cursor = await conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, locale,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, game, json.dumps(options), seed, host.user_id, locale, now, now),
            )
            table_id = int(cursor.lastrowid or 0)
            await self._insert_seat(conn, table_id, host, now)
            return await self._load(conn, table_id)

    async def live_table(self, channel_id: int) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        async with self._read() as conn:
            return await self._live_in(conn, channel_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        """A table by id, whatever its status."""
        async with self._read() as conn:
            row = await _fetchone(conn, "SELECT revision FROM tables WHERE id = ?", (table_id,))
            return None if row is None else await self._current(conn, table_id, int(row[0]))

    async def last_table(self, channel_id: int) -> TableRecord | None:
        """The most recent table of a channel, live or ended (to read a finished game's log)."""
        async with self._read() as conn:
            row = await _fetchone(
                conn, "SELECT id, revision FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            )
            return None if row is None else await self._current(conn, int(row[0]), int(row[1]))

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby or active table (to resume after a restart)."""
        async with self._tx() as conn:
            rows = await conn.execute_fetchall("SELECT id FROM tables WHERE status IN ('lobby', 'active') ORDER BY id")
            return [await self._load(conn, int(r[0])) for r in rows]

    async def actions(self, table_id: int) -> list[tuple[int, int, str]]:
        """The action log of a table: (ply, seat, code) in order."""
        async with self._tx() as conn:
            rows = await conn.execute_fetchall(
                "SELECT ply, seat, action FROM actions WHERE table_id = ? ORDER BY ply", (table_id,)
            )
            return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]

    async def update_lobby(
        self,
        table_id: int,
        change: Callable[[TableRecord], T],
        *,
        add: SeatRecord | None = None,
        remove: str | None = None,
    ) -> tuple[T, TableRecord]:
        """Check a lobby change with ``change`` (it raises to refuse), then add or remove a seat."""
        now = self.clock()
        async with self._tx() as conn:
            table = await self._load(conn, table_id)
            verdict = change(table)
            if add is not None:
                await self._insert_seat(conn, table_id, add, now)
            if remove is not None:
                await conn.execute("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, remove))
            await self._touch(conn, table_id, now)
            return verdict, await self._load(conn, table_id)

    async def start_table(
        self,
        table_id: int,
        prepare: Callable[[TableRecord], tuple[list[str], MoveWrite, str, int]],
    ) -> tuple[TableRecord, MoveWrite]:
        """Seat the lobby and store the initial state, in one transaction.

        ``prepare`` sees the lobby and returns (user ids in seat order, the write, the initial
        state JSON, the state version); it raises to refuse, and then nothing changes.
        """
        now = self.clock()
        async with self._tx() as conn:
            table = await self._load(conn, table_id)
            order, write, initial, version = prepare(table)
            for seat, user_id in enumerate(order):
                await conn.execute(
                    "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?", (seat, table_id, user_id)
                )
            cursor = await conn.execute(
                "UPDATE tables SET status = ?, initial_state = ?, state = ?, ply = ?, state_version = ?,"
                " decisions = ?, updated_at = ?, revision = revision + 1 WHERE id = ? AND status = 'lobby'",
                (
                    write.status,
                    initial,
                    write.state,
                    len(write.actions),
                    version,
                    _decisions_json(write.decisions),
                    now,
                    table_id,
                ),
            )
            if cursor.rowcount != 1:
                raise StaleMove(f"table {table_id} left its lobby")
            await self._insert_actions(conn, table_id, 0, write.actions, now)
            return await self._load(conn, table_id), write

    async def commit_move(self, table_id: int, decide: Callable[[TableRecord], T]) -> tuple[T, TableRecord]:
        """Run one move as one atomic write.

        ``decide`` sees the table and returns a result; if the result is a ``MoveWrite`` (or has one
        in ``.write``), it is written by a single ``UPDATE ... WHERE ply = ? AND revision = ?`` on
        what ``decide`` saw, whose trigger appends the actions to the log (migration 0004): one
        statement, so state and log land together or not at all. The table usually comes from
        memory (no read at all); if another writer got there first, the guard matches no row and
        ``decide`` runs again on the fresh row, where it refuses a decision that is no longer
        open. ``decide`` raises to refuse, and then nothing is written.
        """
        now = self.clock()
        async with self._read() as conn:  # the lock: no other task's transaction is open around it
            table = self._cache.get(table_id) or await self._load(conn, table_id)
            for _ in range(2):
                result = decide(table)
                write = result if isinstance(result, MoveWrite) else getattr(result, "write", None)
                if not isinstance(write, MoveWrite):
                    return result, table
                log = [[table.ply + i + 1, seat, code] for i, (seat, code) in enumerate(write.actions)]
                cursor = await conn.execute(
                    "UPDATE tables SET state = ?, state_version = ?, ply = ?, decisions = ?, status = ?,"
                    " updated_at = ?, last_move = ?, revision = revision + 1"
                    " WHERE id = ? AND ply = ? AND revision = ?",
                    (
                        write.state,
                        write.state_version,
                        table.ply + len(write.actions),
                        _decisions_json(write.decisions),
                        write.status,
                        now,
                        json.dumps(log),
                        table_id,
                        table.ply,
                        table.revision,
                    ),
                )
                if cursor.rowcount == 1:
                    break
                table = await self._load(conn, table_id)  # another writer moved it: decide again
            else:
                raise StaleMove(f"table {table_id} kept moving under this move")
        moved = replace(
            table,
            state=write.state,
            state_version=write.state_version,
            ply=table.ply + len(write.actions),
            decisions=tuple(write.decisions),
            status=write.status,
            updated_at=now,
            revision=table.revision + 1,
        )
        self._cache[table_id] = moved
        return result, moved

    async def set_status(self, table_id: int, status: str, *, only_if: Sequence[str] = LIVE) -> bool:
        """Change a table's status (cancel, ...) if it is in one of ``only_if``; True if changed."""
        marks = ", ".join("?" for _ in only_if)
        async with self._tx() as conn:
            cursor = await conn.execute(
                f"UPDATE tables SET status = ?, updated_at = ?, revision = revision + 1"
                f" WHERE id = ? AND status IN ({marks})",
                (status, self.clock(), table_id, *only_if),
            )
            self._cache.pop(table_id, None)
            return cursor.rowcount == 1

    async def set_host(self, table_id: int, user_id: str) -> None:
        """Hand the host's role to another seated player."""
        async with self._tx() as conn:
            await conn.execute("UPDATE tables SET host_id = ? WHERE id = ?", (user_id, table_id))
            await self._touch(conn, table_id, self.clock())

    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows this table's board."""
        async with self._tx() as conn:
            await conn.execute("UPDATE tables SET board_message_id = ? WHERE id = ?", (message_id, table_id))
            await self._touch(conn, table_id, self.clock())

    async def set_seat_locale(self, table_id: int, user_id: str, locale: str) -> None:
        """Remember the language a seated player reads."""
        async with self._tx() as conn:
            await conn.execute(
                "UPDATE seats SET locale = ? WHERE table_id = ? AND user_id = ?", (locale, table_id, user_id)
            )
            await self._touch(conn, table_id, self.clock())

    # -- players --------------------------------------------------------------------------------
    async def dm_closed(self, user_id: str) -> bool:
        """True once a DM to ``user_id`` has failed (they get ephemeral replies instead)."""
        async with self._tx() as conn:
            row = await _fetchone(conn, "SELECT dm_closed FROM players WHERE user_id = ?", (user_id,))
            return bool(row and row[0])

    async def set_dm_closed(self, user_id: str, closed: bool) -> bool:
        """Record whether ``user_id``'s DMs are closed; True if this changed what was known."""
        async with self._tx() as conn:
            row = await _fetchone(conn, "SELECT dm_closed FROM players WHERE user_id = ?", (user_id,))
            before = bool(row and row[0])
            await conn.execute(
                "INSERT INTO players (user_id, dm_closed, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed,"
                " updated_at = excluded.updated_at",
                (user_id, int(closed), self.clock()),
            )
            return before != closed

    # -- internals ------------------------------------------------------------------------------
    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction: committed on success, rolled back on any exception."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                await self._conn.execute("ROLLBACK")
                self._cache.clear()  # it may hold a row read after a write that is now undone
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for plain reads: no transaction, but never inside another task's one."""
        async with self._lock:
            yield self._conn

    async def _touch(self, conn: aiosqlite.Connection, table_id: int, now: str) -> None:
        """Mark a table as changed (its cached record is dropped and re-read when next needed)."""
        await conn.execute("UPDATE tables SET updated_at = ?, revision = revision + 1 WHERE id = ?", (now, table_id))
        self._cache.pop(table_id, None)

    async def _current(self, conn: aiosqlite.Connection, table_id: int, revision: int) -> TableRecord:
        """The record at ``revision``: from memory if it is the one held, else read again."""
        cached = self._cache.get(table_id)
        if cached is not None and cached.revision == revision:
            return cached
        return await self._load(conn, table_id)

    async def _live_in(self, conn: aiosqlite.Connection, channel_id: int) -> TableRecord | None:
        row = await _fetchone(
            conn,
            "SELECT id, revision FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else await self._current(conn, int(row[0]), int(row[1]))

    async def _load_or_none(self, conn: aiosqlite.Connection, table_id: int) -> TableRecord | None:
        row = await _fetchone(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
        return None if row is None else await self._with_seats(conn, row)

    async def _load(self, conn: aiosqlite.Connection, table_id: int) -> TableRecord:
        table = await self._load_or_none(conn, table_id)
        if table is None:
            raise KeyError(f"no table {table_id}")
        self._cache[table_id] = table
        return table

    async def _with_seats(self, conn: aiosqlite.Connection, row: sqlite3.Row) -> TableRecord:
        seats = await conn.execute_fetchall(
            "SELECT user_id, name, is_ai, locale, seat, joined_at FROM seats WHERE table_id = ?"
            " ORDER BY COALESCE(seat, 1000000), joined_at, rowid",
            (row["id"],),
        )
        return TableRecord(
            id=int(row["id"]),
            guild_id=row["guild_id"],
            channel_id=int(row["channel_id"]),
            game=str(row["game"]),
            options=dict(json.loads(row["options"])),
            seed=str(row["seed"]),
            status=str(row["status"]),
            host_id=str(row["host_id"]),
            locale=str(row["locale"]),
            initial_state=row["initial_state"],
            state=row["state"],
            ply=int(row["ply"]),
            state_version=int(row["state_version"]),
            decisions=_decisions(row["decisions"]),
            board_message_id=row["board_message_id"],
            created_at=str(row["created_at"]),
            updated_at=str(row["updated_at"]),
            seats=tuple(SeatRecord(str(s[0]), str(s[1]), bool(s[2]), s[3], s[4], str(s[5])) for s in seats),
            revision=int(row["revision"]),
        )

    async def _insert_seat(self, conn: aiosqlite.Connection, table_id: int, seat: SeatRecord, now: str) -> None:
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, name, is_ai, locale, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seat.user_id, seat.name, int(seat.is_ai), seat.locale, now),
        )

    async def _insert_actions(
        self,
        conn: aiosqlite.Connection,
        table_id: int,
        first_ply: int,
        actions: Sequence[tuple[int, str]],
        now: str,
    ) -> None:
        await conn.executemany(
            "INSERT INTO actions (table_id, ply, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
            [(table_id, first_ply + i + 1, seat, code, now) for i, (seat, code) in enumerate(actions)],
        )


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
    """The first row of a query, read in one call whose cursor is closed at once (an unfinished
    statement blocks COMMIT until the garbage collector frees its cursor, which simcord's event-loop
    tracking delays)."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


def migrations() -> list[tuple[int, str]]:
    """The numbered migrations shipped in db/migrations, in order."""
    folder = resources.files("db") / "migrations"
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def _statements(sql: str) -> list[str]:
    """Split a migration into whole statements (a trigger's body keeps its inner ';')."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        if line.lstrip().startswith("--"):
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            statements.append(pending.strip())
            pending = ""
    if pending.strip():
        statements.append(pending.strip())
    return statements
