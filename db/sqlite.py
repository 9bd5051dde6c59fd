"""The embedded store: tables, seats and the action log in one SQLite file, through aiosqlite.

Two connections: one writes (one transaction at a time, behind a lock), one reads (plain reads
never wait for a write; WAL mode lets them see the last commit). Recent tables are kept in memory
and checked by a revision counter that every write bumps.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

import aiosqlite

# Both backends (db/sqlite.py, db/postgres.py) implement the one TableStore Protocol on the same records,
# so this import list and the methods' signatures repeat the Protocol's: only the SQL differs by dialect.
from db.cache import CACHE_SIZE, Posted, TableCache, flush_before_closing
from db.records import (
    RATING_COLUMNS,
    RATING_UPSERT,
    Finished,
    LobbyChange,
    Logged,
    Move,
    MoveWrite,
    Noted,
    Rater,
    Rating,
    Results,
    SeatRecord,
    Start,
    Status,
    TableRecord,
    TableSettings,
    finished_from,
    just_started,
    rating_from,
    rating_row,
    record_from,
    settings_json,
    stored_columns,
)
from db.store import (
    EVERY_GAME,
    LIVE,
    NO_GUILD,
    ChannelBusy,
    PlayerSetting,
    StaleMove,
    TableNotFound,
    decide_and_write,
    ends_game,
    fits_id,
    guild_key,
    known_id,
    migrations,
    rate_game,
    utc_now_iso,
)

T = TypeVar("T")


SEAT_READ = "s.user_id, s.name, s.is_ai, s.locale, s.seat, s.joined_at, COALESCE(p.heads_up, 0)"
"""A seat as ``record_from`` reads it, with its player's heads-up (from ``SEATS``)."""
SEATS = "seats s LEFT JOIN players p ON p.user_id = s.user_id"
SEATED_TABLES_MOVE = (
    "UPDATE tables SET revision = revision + 1"
    " WHERE id IN (SELECT table_id FROM seats WHERE user_id = ? AND live = 1) RETURNING id"
)
"""A player's live tables take a new revision (a setting their seats carry changed)."""


class SqliteStore:
    """The ``TableStore`` on one SQLite file (WAL mode)."""

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        clock: Callable[[], str] = utc_now_iso,
        *,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()  # one transaction at a time on the writing connection
        self._read_lock = asyncio.Lock()  # a read of several statements sees one snapshot
        self._cache = TableCache(cache_size)
        self._posted = Posted()
        self._closed = False
        self.clock = clock
        self.rate: Rater | None = None

    @classmethod
    async def open(
        cls, path: str | Path, clock: Callable[[], str] = utc_now_iso, *, cache_size: int = CACHE_SIZE
    ) -> SqliteStore:
        """Open (creating if needed) and migrate the database at ``path``, keeping up to
        ``cache_size`` tables in memory."""
        writer = await _connect(path)
        await _fetchone(writer, "PRAGMA journal_mode = WAL")
        store = cls(writer, await _connect(path), clock, cache_size=cache_size)
        await store.migrate()
        return store

    async def close(self) -> None:
        """Write what was noted, then close both connections (a second call does nothing)."""
        if self._closed:
            return
        await flush_before_closing(self)
        self._closed = True
        await self._reader.close()
        await self._writer.close()

    @property
    def connection(self) -> aiosqlite.Connection:
        """The writing connection (for the bench's raw-commit baseline, on the same settings)."""
        return self._writer

    # -- schema ---------------------------------------------------------------------------------
    async def migrate(self) -> int:
        """Apply every migration not yet recorded in schema_version; return the version now."""
        async with self._tx() as conn:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            # Every version not recorded, not only those above the newest: migrations merged from
            # branches land out of order (a database at 9 still gets an 8 numbered before it).
            done = {int(r[0]) for r in await conn.execute_fetchall("SELECT version FROM schema_version")}
            for version, sql in migrations():
                if version not in done:
                    for statement in _statements(sql):
                        await conn.execute(statement)
                    await conn.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
                    done.add(version)
        return max(done, default=0)

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
        settings: TableSettings | None = None,
    ) -> TableRecord:
        """Open a lobby in ``channel_id`` with its host seated; raise ChannelBusy if one is live."""
        if not (fits_id(guild_id) and fits_id(channel_id)):
            raise ValueError("ids must be 64-bit integers")
        now = self.clock()
        async with self._tx() as conn:
            existing = await self._live_in(conn, channel_id)
            if existing is not None:
                raise ChannelBusy(existing)
            cursor = await conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, locale,"
                " settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?)",
                (
                    guild_id,
                    channel_id,
                    game,
                    json.dumps(options),
                    seed,
                    host.user_id,
                    locale,
                    settings_json(settings or TableSettings()),
                    now,
                    now,
                ),
            )
            table_id = int(cursor.lastrowid or 0)
            await self._insert_seat(conn, table_id, host, now)
            return await self._load(conn, table_id)

    async def live_table(self, channel_id: int) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        if not fits_id(channel_id):
            return None
        async with self._read() as conn:
            return await self._live_in(conn, channel_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        """A table by id, whatever its status."""
        if not fits_id(table_id):
            return None
        async with self._read() as conn:
            row = await _fetchone(conn, "SELECT revision FROM tables WHERE id = ?", (table_id,))
            return None if row is None else await self._current(conn, table_id, int(row[0]))

    def cached_table(self, table_id: int) -> TableRecord | None:
        """The record of a table as this process last saw it, without reading (it may be stale)."""
        return self._cache.get(table_id)

    async def last_table(self, channel_id: int) -> TableRecord | None:
        """The most recent table of a channel, live or ended (to read a finished game's log)."""
        if not fits_id(channel_id):
            return None
        async with self._read() as conn:
            row = await _fetchone(
                conn, "SELECT id, revision FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            )
            return None if row is None else await self._current(conn, int(row[0]), int(row[1]))

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby or active table (to resume after a restart)."""
        async with self._read() as conn:
            return await self._load_all(conn, "SELECT * FROM tables WHERE status IN ('lobby', 'active') ORDER BY id")

    async def actions(self, table_id: int, after: int = 0) -> list[Logged]:
        """The action log of a table, in order (the entries past ply ``after``)."""
        if not fits_id(table_id):
            return []
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT ply, seat, action, how FROM actions WHERE table_id = ? AND ply > ? ORDER BY ply",
                (table_id, after),
            )
            return [Logged(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def notes(self, table_id: int, after: int = -1) -> list[Noted]:
        """The table's own events, in order (those logged at a ply past ``after``)."""
        if not fits_id(table_id):
            return []
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT ply, note FROM notes WHERE table_id = ? AND ply > ? ORDER BY id", (table_id, after)
            )
            return [Noted(int(r[0]), str(r[1])) for r in rows]

    async def seated_tables(self, user_id: str) -> list[TableRecord]:
        """The active tables where ``user_id`` holds a seat, oldest first (for /game turns)."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT t.id, t.revision FROM seats s JOIN tables t ON t.id = s.table_id"
                " WHERE s.user_id = ? AND s.live = 1 AND t.status = 'active' ORDER BY t.id",
                (user_id,),
            )
            return [await self._current(conn, int(r[0]), int(r[1])) for r in rows]

    async def update_lobby(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        """One lobby change in one transaction: ``change`` decides on the row it then writes."""
        now = self.clock()
        async with self._tx() as conn:
            table = await self._load(conn, known_id(table_id))
            decided = change(table)
            if decided.add is not None:
                await self._insert_seat(conn, table_id, decided.add, now)
            if decided.remove is not None:
                await conn.execute("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, decided.remove))
            await conn.execute(
                "UPDATE tables SET host_id = COALESCE(?, host_id), status = COALESCE(?, status),"
                " settings = COALESCE(?, settings), updated_at = ?, revision = revision + 1 WHERE id = ?",
                (
                    decided.host,
                    decided.status,
                    None if decided.settings is None else settings_json(decided.settings),
                    now,
                    table_id,
                ),
            )
            return decided.result, await self._load(conn, table_id)

    async def start_table(self, table_id: int, prepare: Callable[[TableRecord], Start[T]]) -> tuple[T, TableRecord]:
        """Seat the lobby and store the initial state and the first write, in one transaction.

        ``prepare`` sees the lobby and raises to refuse, and then nothing changes.
        """
        now = self.clock()
        async with self._tx() as conn:
            table = await self._load(conn, known_id(table_id))
            started = prepare(table)
            write = started.write
            board = self._posted.board_columns(table_id, write)
            for seat, user_id in enumerate(started.order):
                await conn.execute(
                    "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?", (seat, table_id, user_id)
                )
            cursor = await conn.execute(
                "UPDATE tables SET status = ?, initial_state = ?, state = ?, ply = ?, state_version = ?,"
                " decisions = ?, clocks = COALESCE(?, clocks), settings = COALESCE(?, settings), due_at = ?,"
                " results = COALESCE(?, results), orders = COALESCE(?, orders), updated_at = ?,"
                " board_message_id = CASE WHEN ? THEN NULL ELSE COALESCE(?, board_message_id) END,"
                " revision = revision + 1 WHERE id = ? AND status = 'lobby'",
                (
                    write.status,
                    started.initial_state,
                    write.state,
                    len(write.actions),
                    write.state_version,
                    *stored_columns(write),
                    now,
                    *board,
                    table_id,
                ),
            )
            if cursor.rowcount != 1:
                raise StaleMove(f"table {table_id} left its lobby")
            self._posted.written(table_id, board)
            results = ends_game(table, write)
            if results is not None:  # the AI seats played the whole game
                await self._finish(conn, table, results)
            await conn.executemany(
                "INSERT INTO actions (table_id, ply, seat, action, how, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, i + 1, a.seat, a.code, a.how, now) for i, a in enumerate(write.actions)],
            )
            await conn.executemany(
                "INSERT INTO notes (table_id, ply, note, created_at) VALUES (?, 0, ?, ?)",
                [(table_id, note, now) for note in write.notes],
            )
            table = just_started(await self._load(conn, table_id))
            self._cache.remember(table)
            return started.result, table

    async def commit_move(self, table_id: int, decide: Callable[[TableRecord], Move[T]]) -> tuple[T, TableRecord]:
        """Run one move as one atomic write (``decide_and_write``: decided on the row in memory,
        decided again on a fresh one if another writer got there first).

        The write is a single ``UPDATE ... WHERE ply = ? AND revision = ?`` on what ``decide`` saw,
        whose trigger appends the actions to the log (migrations 0004, 0006): state and log land
        together or not at all.
        """
        now = self.clock()
        conn = self._writer

        async def write(table: TableRecord, move: MoveWrite) -> bool:
            log = [[table.ply + i + 1, a.seat, a.code, a.how] for i, a in enumerate(move.actions)]
            notes = json.dumps([[table.ply, note] for note in move.notes]) if move.notes else None
            board = self._posted.board_columns(table_id, move)
            cursor = await conn.execute(
                "UPDATE tables SET state = ?, state_version = ?, ply = ?, status = ?, decisions = ?,"
                " clocks = COALESCE(?, clocks), settings = COALESCE(?, settings), due_at = ?,"
                " results = COALESCE(?, results), orders = COALESCE(?, orders), updated_at = ?, last_move = ?,"
                " last_notes = ?, board_message_id = CASE WHEN ? THEN NULL ELSE COALESCE(?, board_message_id) END,"
                " revision = revision + 1 WHERE id = ? AND ply = ? AND revision = ?",
                (
                    move.state,
                    move.state_version,
                    table.ply + len(move.actions),
                    move.status,
                    *stored_columns(move),
                    now,
                    json.dumps(log),
                    notes,
                    *board,
                    table_id,
                    table.ply,
                    table.revision,
                ),
            )
            if cursor.rowcount != 1:
                return False
            self._posted.written(table_id, board)
            return True

        async with self._write_lock:
            decided, table = await decide_and_write(
                table_id,
                self._cache.get(table_id),
                lambda: self._load(conn, known_id(table_id)),
                lambda: self._revision(conn, table_id),
                decide,
                self._with_ratings(write),
            )
        moved = decided.write.applied_to(table, now)
        self._cache.remember(moved)
        return decided.result, moved

    def _with_ratings(
        self, write: Callable[[TableRecord, MoveWrite], Awaitable[bool]]
    ) -> Callable[[TableRecord, MoveWrite], Awaitable[bool]]:
        """``write``, made one transaction with the game's finish and its players' ratings when
        the move ends the game (any other move stays the one statement it is)."""

        async def written(table: TableRecord, move: MoveWrite) -> bool:
            results = ends_game(table, move)
            if results is None:
                return await write(table, move)
            conn = self._writer
            await conn.execute("BEGIN IMMEDIATE")
            try:
                landed = await write(table, move)
                if landed:
                    await self._finish(conn, table, results)
            except BaseException:
                await conn.execute("ROLLBACK")
                self._cache.clear()
                raise
            await conn.execute("COMMIT")
            return landed

        return written

    async def _finish(self, conn: aiosqlite.Connection, table: TableRecord, results: Results) -> None:
        """Record a game that just ended and apply it to its players' ratings (inside the
        transaction of its last move)."""
        guild = guild_key(table.guild_id)
        await conn.execute(
            "INSERT INTO finishes (table_id, guild_id, rated) VALUES (?, ?, ?)",
            (table.id, guild, int(self.rate is not None)),
        )
        if self.rate is None:
            return

        # The rating's reads and writes in this backend's SQL; what they feed is shared (rate_game).
        async def held(game: str, users: Sequence[str]) -> dict[str, Rating]:
            marks = ", ".join("?" for _ in users)
            rows = await conn.execute_fetchall(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                (guild, game, *users),
            )
            return {str(r[0]): rating_from(r) for r in rows}

        async def write(game: str, ratings: Sequence[Rating]) -> None:
            await conn.executemany(
                f"INSERT INTO ratings (guild_id, game, {RATING_COLUMNS})"
                f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?){RATING_UPSERT}",
                [(guild, game, *rating_row(r)) for r in ratings],
            )

        await rate_game(self.rate, table.game, results, held, write)

    async def set_status(self, table_id: int, status: Status, *, only_if: Sequence[Status] = LIVE) -> bool:
        """Change a table's status (cancel, ...) if it is in one of ``only_if``; True if changed."""
        marks = ", ".join("?" for _ in only_if)
        async with self._tx() as conn:
            cursor = await conn.execute(
                f"UPDATE tables SET status = ?, updated_at = ?, revision = revision + 1"
                f" WHERE id = ? AND status IN ({marks})",
                (status, self.clock(), table_id, *only_if),
            )
            self._cache.forget(table_id)
            return cursor.rowcount == 1

    def note_board(self, table_id: int, message_id: int) -> None:
        """Remember where a front end posted the table's board (``Posted``: written with the
        table's next write, or by ``flush``)."""
        if fits_id(table_id) and fits_id(message_id):
            self._posted.boards[table_id] = message_id
            self._cache.note_board(table_id, message_id)

    async def flush(self) -> None:
        """Write what front ends noted and no write has carried yet, in one transaction."""
        if not self._posted or self._closed:
            return
        boards, closed = self._posted.take()
        now = self.clock()
        async with self._tx() as conn:
            for table_id, message_id in boards.items():
                row = await _fetchone(
                    conn,
                    "UPDATE tables SET board_message_id = ?, revision = revision + 1 WHERE id = ? RETURNING revision",
                    (message_id, table_id),
                )
                if row is not None:
                    self._cache.note_board(table_id, message_id, int(row[0]))
            await conn.executemany(
                "INSERT INTO players (user_id, dm_closed, updated_at) VALUES (?, 1, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = 1, updated_at = excluded.updated_at",
                [(user_id, now) for user_id in sorted(closed)],
            )

    async def due_tables(self, now: str, limit: int = 100) -> list[int]:
        """Active tables whose next reminder or timeout is due at ``now`` (ISO time), oldest first."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT id FROM tables WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= ?"
                " ORDER BY due_at LIMIT ?",
                (now, limit),
            )
            return [int(r[0]) for r in rows]

    async def finished_tables(self, guild_id: int | None, game: str | None = None) -> list[TableRecord]:
        """Finished tables of a server (of one game, or all), oldest first, for its leaderboard."""
        if not fits_id(guild_id):
            return []
        async with self._read() as conn:
            return await self._load_all(
                conn,
                "SELECT * FROM tables WHERE status = 'over' AND guild_id IS ? AND (? IS NULL OR game = ?) ORDER BY id",
                (guild_id, game, game),
            )

    async def channel_tables(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The latest tables of a channel, newest first, whatever their status."""
        if not fits_id(channel_id):
            return []
        async with self._read() as conn:
            return await self._load_all(
                conn, "SELECT * FROM tables WHERE channel_id = ? ORDER BY id DESC LIMIT ?", (channel_id, limit)
            )

    # -- ratings --------------------------------------------------------------------------------
    async def ratings(
        self, guild_id: int | None, game: str | None = None, *, least_games: int = 0, limit: int | None = None
    ) -> list[Rating]:
        """A server's ratings at ``game`` (None: every game together), best first."""
        if not fits_id(guild_id):
            return []
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = ? AND game = ? AND games >= ?"
                " ORDER BY rating DESC, wins DESC, name LIMIT ?",
                (guild_key(guild_id), game or EVERY_GAME, least_games, -1 if limit is None else limit),
            )
            return [rating_from(r) for r in rows]

    async def unranked_players(self, guild_id: int | None, game: str | None = None, *, below: int) -> int:
        """How many players of a server have fewer than ``below`` rated games."""
        if not fits_id(guild_id):
            return 0
        async with self._read() as conn:
            row = await _fetchone(
                conn,
                "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game = ? AND games < ?",
                (guild_key(guild_id), game or EVERY_GAME, below),
            )
            return int(row[0]) if row else 0

    async def finished_games(self, after: int = 0, limit: int = 500) -> list[Finished]:
        """Finished games in the order their ratings were applied, past ``after``."""
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT f.seq, f.table_id, f.guild_id, t.game, t.results"
                " FROM (SELECT * FROM finishes WHERE seq > ? ORDER BY seq LIMIT ?) f"
                " JOIN tables t ON t.id = f.table_id ORDER BY f.seq",
                (after, limit),
            )
            return [finished_from(r, NO_GUILD) for r in rows]

    async def ratings_pending(self) -> bool:
        """True if some finished game's ratings were never applied."""
        async with self._read() as conn:
            row = await _fetchone(conn, "SELECT EXISTS (SELECT 1 FROM finishes WHERE rated = 0)")
            return bool(row and row[0])

    async def replace_ratings(self, guild_id: int | None, ratings: Mapping[str, Sequence[Rating]], upto: int) -> bool:
        """Replace every rating of a server, computed from its finished games up to ``upto``;
        False if another of its games has finished since."""
        guild = guild_key(guild_id)
        async with self._tx() as conn:
            row = await _fetchone(conn, "SELECT MAX(seq) FROM finishes WHERE guild_id = ?", (guild,))
            if row is not None and row[0] is not None and int(row[0]) > upto:
                return False
            await conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild,))
            await conn.executemany(
                f"INSERT INTO ratings (guild_id, game, {RATING_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(guild, game, *rating_row(r)) for game, rows in ratings.items() for r in rows],
            )
            await conn.execute(
                "UPDATE finishes SET rated = 1 WHERE rated = 0 AND seq <= ? AND guild_id = ?", (upto, guild)
            )
            return True

    # -- players --------------------------------------------------------------------------------
    async def closed_dms(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` whose DMs have failed (they get ephemeral replies instead)."""
        wanted = sorted(set(user_ids) - self._posted.closed_dms)
        noted = set(user_ids) & self._posted.closed_dms
        if not wanted:
            return noted
        marks = ", ".join("?" for _ in wanted)
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT user_id FROM players WHERE dm_closed <> 0 AND user_id IN ({marks})", wanted
            )
            return noted | {str(r[0]) for r in rows}

    async def note_dm_closed(self, user_id: str) -> bool:
        """Remember that a DM to ``user_id`` failed (written like a noted board); True if it was
        not known (say so once)."""
        if await self.closed_dms([user_id]):
            return False
        self._posted.closed_dms.add(user_id)
        return True

    async def reminders_on(self, user_id: str) -> bool:
        """True unless ``user_id`` turned their reminders off."""
        async with self._read() as conn:
            row = await _fetchone(conn, "SELECT reminders FROM players WHERE user_id = ?", (user_id,))
            return row is None or bool(row[0])

    async def set_reminders(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s reminders on or off."""
        await self._set_player(user_id, "reminders", on)

    async def heads_up_for(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` who turned the heads-up on."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return set()
        marks = ", ".join("?" for _ in wanted)
        async with self._read() as conn:
            rows = await conn.execute_fetchall(
                f"SELECT user_id FROM players WHERE heads_up <> 0 AND user_id IN ({marks})", wanted
            )
            return {str(r[0]) for r in rows}

    async def set_heads_up(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s heads-up on or off: a new revision of each of their live tables,
        whose records carry it (a move reads no preference)."""
        await self._set_player(user_id, "heads_up", on, seated=True)

    # -- internals ------------------------------------------------------------------------------
    async def _set_player(self, user_id: str, setting: PlayerSetting, on: bool, *, seated: bool = False) -> None:
        """Turn one of ``user_id``'s settings on or off; ``seated``: one their seats carry, so each
        of their live tables takes a new revision."""
        async with self._tx() as conn:
            await conn.execute(
                f"INSERT INTO players (user_id, {setting}, updated_at) VALUES (?, ?, ?)"
                f" ON CONFLICT (user_id) DO UPDATE SET {setting} = excluded.{setting},"
                " updated_at = excluded.updated_at",
                (user_id, int(on), self.clock()),
            )
            moved = await conn.execute_fetchall(SEATED_TABLES_MOVE, (user_id,)) if seated else []
        for row in moved:
            self._cache.forget(int(row[0]))

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction on the writing connection: committed on success, rolled back
        on any exception."""
        async with self._write_lock:
            conn = self._writer
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                await conn.execute("ROLLBACK")
                self._cache.clear()  # it may hold a row read after a write that is now undone
                raise
            await conn.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """The reading connection, in one read transaction (a consistent snapshot); it never waits
        for the writing connection."""
        async with self._read_lock:
            conn = self._reader
            await conn.execute("BEGIN")
            try:
                yield conn
            finally:
                await conn.execute("COMMIT")

    async def _revision(self, conn: aiosqlite.Connection, table_id: int) -> int | None:
        row = await _fetchone(conn, "SELECT revision FROM tables WHERE id = ?", (table_id,))
        return None if row is None else int(row[0])

    async def _current(self, conn: aiosqlite.Connection, table_id: int, revision: int) -> TableRecord:
        """The record at ``revision``: from memory if it is the one held, else read again."""
        cached = self._cache.at(table_id, revision)
        return cached if cached is not None else await self._load(conn, table_id)

    async def _live_in(self, conn: aiosqlite.Connection, channel_id: int) -> TableRecord | None:
        row = await _fetchone(
            conn,
            "SELECT id, revision FROM tables WHERE channel_id = ? AND status IN ('lobby', 'active')",
            (channel_id,),
        )
        return None if row is None else await self._current(conn, int(row[0]), int(row[1]))

    async def _load(self, conn: aiosqlite.Connection, table_id: int) -> TableRecord:
        row = await _fetchone(conn, "SELECT * FROM tables WHERE id = ?", (table_id,))
        if row is None:
            raise TableNotFound(table_id)
        table = self._posted.shown(await self._with_seats(conn, row))
        self._cache.remember(table)
        return table

    async def _load_all(self, conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> list[TableRecord]:
        """The tables a query of whole rows finds, in its order, with their seats read in one more
        statement (not one per table), held in memory."""
        rows = list(await conn.execute_fetchall(sql, params))
        if not rows:
            return []
        ids = [int(row["id"]) for row in rows]
        seats: dict[int, list[sqlite3.Row]] = {table_id: [] for table_id in ids}
        for start in range(0, len(ids), 500):  # well within SQLite's limit on bound values
            chunk = ids[start : start + 500]
            for seat in await conn.execute_fetchall(
                f"SELECT s.table_id, {SEAT_READ} FROM {SEATS}"
                f" WHERE s.table_id IN ({', '.join('?' for _ in chunk)})"
                " ORDER BY s.table_id, COALESCE(s.seat, 1000000), s.joined_at, s.rowid",
                chunk,
            ):
                seats[int(seat[0])].append(seat)
        tables = [record_from(row, [tuple(seat)[1:] for seat in seats[int(row["id"])]]) for row in rows]
        for table in tables:
            self._cache.remember(table)
        return tables

    async def _with_seats(self, conn: aiosqlite.Connection, row: sqlite3.Row) -> TableRecord:
        seats = await conn.execute_fetchall(
            f"SELECT {SEAT_READ} FROM {SEATS} WHERE s.table_id = ?"
            " ORDER BY COALESCE(s.seat, 1000000), s.joined_at, s.rowid",
            (row["id"],),
        )
        return record_from(row, list(seats))

    async def _insert_seat(self, conn: aiosqlite.Connection, table_id: int, seat: SeatRecord, now: str) -> None:
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, name, is_ai, locale, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, seat.user_id, seat.name, int(seat.is_ai), seat.locale, now),
        )


async def _connect(path: str | Path) -> aiosqlite.Connection:
    """A connection in autocommit mode (transactions are explicit) with the store's settings."""
    conn = await aiosqlite.connect(str(path), isolation_level=None)
    conn.row_factory = aiosqlite.Row
    await _fetchone(conn, "PRAGMA synchronous = NORMAL")
    await _fetchone(conn, "PRAGMA foreign_keys = ON")
    await _fetchone(conn, "PRAGMA busy_timeout = 5000")
    return conn


async def _fetchone(conn: aiosqlite.Connection, sql: str, params: Sequence[object] = ()) -> sqlite3.Row | None:
    """The first row of a query, read in one call whose cursor is closed at once (an unfinished
    statement blocks COMMIT until the garbage collector frees its cursor, which simcord's event-loop
    tracking delays)."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


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
