"""The shared store: tables, seats and the action log in one PostgreSQL database, through asyncpg,
for several bot processes (Discord shards on several machines) at once.

Same semantics as db/sqlite.py, with the database doing the serialising that SQLite's single
writer did: a move is one statement guarded by ply and revision (a data-modifying CTE appends its
actions to the log in that statement); a lobby change or a start locks its table row first
(``SELECT ... FOR UPDATE``) and decides on what it reads after the lock. Recent tables are kept in
memory and checked by their revision, which every write bumps, whichever process wrote.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

import asyncpg

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
    Raced,
    StaleMove,
    TableNotFound,
    decide_and_write,
    ends_game,
    fits_id,
    guild_key,
    known_id,
    migrations,
    rate_game,
    retried,
    utc_now_iso,
)

T = TypeVar("T")
if TYPE_CHECKING:  # asyncpg's classes are generic only in its stubs
    from asyncpg.pool import PoolConnectionProxy

    Conn: TypeAlias = asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]
POOL_SIZE = 10
"""Connections per process: concurrent moves on different tables run in parallel up to this."""
MIGRATION_LOCK = 0x67616D65686F7374  # "gamehost": processes starting together migrate one at a time
RATINGS_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended('gamehost ratings ' || $1::bigint::text, 0))"
"""Taken by whoever changes a server's ratings, until its transaction ends: a finish is numbered
and applied in one order, the order a rebuild replays."""

TABLE_COLUMNS = (
    "t.id, t.guild_id, t.channel_id, t.game, t.options, t.seed, t.status, t.host_id, t.locale,"
    " t.initial_state, t.state, t.ply, t.state_version, t.decisions, t.board_message_id, t.created_at,"
    " t.updated_at, t.revision, t.settings, t.clocks, t.due_at, t.results, t.orders,"
    # The seats come in the same statement, so a record is one snapshot in one round trip.
    " ARRAY(SELECT ROW(s.user_id, s.name, s.is_ai, s.locale, s.seat, s.joined_at, COALESCE(p.heads_up, false))"
    " FROM seats s LEFT JOIN players p ON p.user_id = s.user_id"
    " WHERE s.table_id = t.id ORDER BY COALESCE(s.seat, 1000000), s.joined_at, s.joined_no) AS seats"
)

MOVE = """
WITH moved AS (
    UPDATE tables SET state = $2, state_version = $3, ply = $4, status = $5, decisions = $6,
        clocks = COALESCE($7, clocks), settings = COALESCE($8, settings), due_at = $9,
        results = COALESCE($10, results), orders = COALESCE($11, orders),
        board_message_id = CASE WHEN $19 THEN NULL ELSE COALESCE($20, board_message_id) END,
        updated_at = $12, revision = revision + 1
    WHERE id = $1 AND ply = $13 AND revision = $14
    RETURNING id
), logged AS (
    INSERT INTO actions (table_id, ply, seat, action, how, created_at)
    SELECT moved.id, $13 + a.n, a.seat, a.action, a.how, $12
    FROM moved, unnest($15::integer[], $16::text[], $17::text[]) WITH ORDINALITY AS a (seat, action, how, n)
), noted AS (
    INSERT INTO notes (table_id, ply, note, created_at)
    SELECT moved.id, $13, n.note, $12
    FROM moved, unnest($18::text[]) WITH ORDINALITY AS n (note, i)
    ORDER BY n.i
)
SELECT count(*) FROM moved
"""
"""One move, one statement: the guarded UPDATE and the log's INSERT land together or not at all
(the INSERT reads ``moved``, so a guard that matched nothing appends nothing)."""


class PostgresStore:
    """The ``TableStore`` on a PostgreSQL database that several processes share."""

    def __init__(
        self,
        pool: asyncpg.Pool[asyncpg.Record],
        clock: Callable[[], str] = utc_now_iso,
        *,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        self._pool = pool
        self._cache = TableCache(cache_size)
        self._posted = Posted()
        self._closed = False
        self.clock = clock
        self.rate: Rater | None = None

    @classmethod
    async def open(
        cls,
        url: str,
        clock: Callable[[], str] = utc_now_iso,
        *,
        pool_size: int = POOL_SIZE,
        cache_size: int = CACHE_SIZE,
    ) -> PostgresStore:
        """Connect to the database at ``url`` (``postgresql://user:pass@host/db``) and migrate it,
        keeping up to ``cache_size`` tables in memory."""
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=pool_size,
            reset=_keep_session,
            server_settings={"application_name": "gamehost"},
        )
        store = cls(pool, clock, cache_size=cache_size)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        """Write what was noted, then close the connection pool (a second call does nothing)."""
        if self._closed:
            return
        await flush_before_closing(self)
        self._closed = True
        await self._pool.close()

    @property
    def pool(self) -> asyncpg.Pool[asyncpg.Record]:
        """The connection pool (for the bench's raw-commit baseline, on the same server and settings)."""
        return self._pool

    # -- schema ---------------------------------------------------------------------------------
    async def migrate(self) -> int:
        """Apply every migration of db/postgres not yet recorded in schema_version; return the
        version now. An advisory lock lets one process migrate while the others wait."""
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            # Every version not recorded, not only those above the newest (as on SQLite).
            done = {int(r[0]) for r in await conn.fetch("SELECT version FROM schema_version")}
            for version, sql in migrations("postgres"):
                if version not in done:
                    await conn.execute(sql)  # no arguments: the simple protocol runs the whole script
                    await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", version)
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
        """Open a lobby in ``channel_id`` with its host seated; raise ChannelBusy if one is live.

        The partial unique index decides between two processes opening a table in one channel at
        once: the insert that loses does nothing, and the live table is read to name it.
        """
        if not (fits_id(guild_id) and fits_id(channel_id)):
            raise ValueError("ids must be 64-bit integers")

        async def attempt() -> TableRecord:
            now = self.clock()
            async with self._pool.acquire() as conn:
                async with conn.transaction():
                    table_id = await conn.fetchval(
                        "INSERT INTO tables (guild_id, channel_id, game, options, seed, status, host_id, locale,"
                        " settings, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $9, $8, $8)"
                        " ON CONFLICT (channel_id) WHERE status IN ('lobby', 'active') DO NOTHING RETURNING id",
                        guild_id,
                        channel_id,
                        game,
                        json.dumps(options),
                        seed,
                        host.user_id,
                        locale,
                        now,
                        settings_json(settings or TableSettings()),
                    )
                    if table_id is not None:
                        await self._insert_seat(conn, int(table_id), host, now)
                        created = await self._fetch(conn, int(table_id))
                if table_id is not None:
                    self._cache.remember(created)
                    return created
                existing = await self._live_in(conn, channel_id)
            if existing is not None:
                raise ChannelBusy(existing)
            raise Raced  # the live table closed between the insert and the read

        return await retried(attempt, f"channel {channel_id}")

    async def live_table(self, channel_id: int) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        if not fits_id(channel_id):
            return None
        async with self._pool.acquire() as conn:
            return await self._live_in(conn, channel_id)

    async def get_table(self, table_id: int) -> TableRecord | None:
        """A table by id, whatever its status."""
        if not fits_id(table_id):
            return None
        async with self._pool.acquire() as conn:
            revision = await conn.fetchval("SELECT revision FROM tables WHERE id = $1", table_id)
            if revision is None:
                return None
            return self._cache.at(table_id, int(revision)) or await self._load(conn, table_id)

    def cached_table(self, table_id: int) -> TableRecord | None:
        """The record of a table as this process last saw it, without reading (it may be stale)."""
        return self._cache.get(table_id)

    async def last_table(self, channel_id: int) -> TableRecord | None:
        """The most recent table of a channel, live or ended (to read a finished game's log)."""
        if not fits_id(channel_id):
            return None
        async with self._pool.acquire() as conn:
            row = await conn.fetchrow(
                "SELECT id, revision FROM tables WHERE channel_id = $1 ORDER BY id DESC LIMIT 1", channel_id
            )
            if row is None:
                return None
            return self._cache.at(int(row[0]), int(row[1])) or await self._load(conn, int(row[0]))

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby or active table (to resume after a restart), read in one statement."""
        tables = await self._tables("t.status IN ('lobby', 'active') ORDER BY t.id")
        for table in tables:
            self._cache.remember(table)
        return tables

    async def actions(self, table_id: int, after: int = 0) -> list[Logged]:
        """The action log of a table, in order (the entries past ply ``after``)."""
        if not fits_id(table_id):
            return []
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT ply, seat, action, how FROM actions WHERE table_id = $1 AND ply > $2 ORDER BY ply",
                table_id,
                after,
            )
        return [Logged(int(r[0]), int(r[1]), str(r[2]), str(r[3])) for r in rows]

    async def notes(self, table_id: int, after: int = -1) -> list[Noted]:
        """The table's own events, in order (those logged at a ply past ``after``)."""
        if not fits_id(table_id):
            return []
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT ply, note FROM notes WHERE table_id = $1 AND ply > $2 ORDER BY id", table_id, after
            )
        return [Noted(int(r[0]), str(r[1])) for r in rows]

    async def seated_tables(self, user_id: str) -> list[TableRecord]:
        """The active tables where ``user_id`` holds a seat, oldest first (for /game turns)."""
        tables = await self._tables(
            "t.status = 'active' AND t.id IN (SELECT s.table_id FROM seats s WHERE s.user_id = $1 AND s.live)"
            " ORDER BY t.id",
            user_id,
        )
        for table in tables:
            self._cache.remember(table)
        return tables

    async def update_lobby(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        """One lobby change in one transaction: ``change`` decides on the row it then writes
        (locked first, so another process's change waits and then decides on this one's result)."""
        now = self.clock()
        async with self._pool.acquire() as conn, conn.transaction():
            table = await self._locked(conn, table_id)
            decided = change(table)
            if decided.add is not None:
                await self._insert_seat(conn, table_id, decided.add, now)
            if decided.remove is not None:
                await conn.execute("DELETE FROM seats WHERE table_id = $1 AND user_id = $2", table_id, decided.remove)
            await conn.execute(
                "UPDATE tables SET host_id = COALESCE($1, host_id), status = COALESCE($2, status),"
                " settings = COALESCE($5, settings), updated_at = $3, revision = revision + 1 WHERE id = $4",
                decided.host,
                decided.status,
                now,
                table_id,
                None if decided.settings is None else settings_json(decided.settings),
            )
            changed = await self._fetch(conn, table_id)
        self._cache.remember(changed)  # only once committed: a rolled-back revision is never held
        return decided.result, changed

    async def start_table(self, table_id: int, prepare: Callable[[TableRecord], Start[T]]) -> tuple[T, TableRecord]:
        """Seat the lobby and store the initial state and the first write, in one transaction.

        ``prepare`` sees the lobby (locked) and raises to refuse, and then nothing changes.
        """
        now = self.clock()
        async with self._pool.acquire() as conn, conn.transaction():
            table = await self._locked(conn, table_id)
            started = prepare(table)
            write = started.write
            board = self._posted.board_columns(table_id, write)
            await conn.execute(
                "UPDATE seats SET seat = o.n - 1 FROM unnest($2::text[]) WITH ORDINALITY AS o (user_id, n)"
                " WHERE seats.table_id = $1 AND seats.user_id = o.user_id",
                table_id,
                list(started.order),
            )
            status = await conn.execute(
                "UPDATE tables SET status = $1, initial_state = $2, state = $3, ply = $4, state_version = $5,"
                " decisions = $6, clocks = COALESCE($7, clocks), settings = COALESCE($8, settings), due_at = $9,"
                " results = COALESCE($10, results), orders = COALESCE($11, orders), updated_at = $12,"
                " board_message_id = CASE WHEN $14 THEN NULL ELSE COALESCE($15, board_message_id) END,"
                " revision = revision + 1 WHERE id = $13 AND status = 'lobby'",
                write.status,
                started.initial_state,
                write.state,
                len(write.actions),
                write.state_version,
                *stored_columns(write),
                now,
                table_id,
                *board,
            )
            if _count(status) != 1:
                raise StaleMove(f"table {table_id} left its lobby")
            self._posted.written(table_id, board)
            results = ends_game(table, write)
            if results is not None:  # the AI seats played the whole game
                await self._finish(conn, table, results)
            await conn.execute(
                "INSERT INTO actions (table_id, ply, seat, action, how, created_at)"
                " SELECT $1, a.n, a.seat, a.action, a.how, $5"
                " FROM unnest($2::integer[], $3::text[], $4::text[]) WITH ORDINALITY AS a (seat, action, how, n)",
                table_id,
                [a.seat for a in write.actions],
                [a.code for a in write.actions],
                [a.how for a in write.actions],
                now,
            )
            await conn.execute(
                "INSERT INTO notes (table_id, ply, note, created_at) SELECT $1, 0, n.note, $3"
                " FROM unnest($2::text[]) WITH ORDINALITY AS n (note, i) ORDER BY n.i",
                table_id,
                list(write.notes),
                now,
            )
            table = just_started(await self._fetch(conn, table_id))
        self._cache.remember(table)
        return started.result, table

    async def commit_move(self, table_id: int, decide: Callable[[TableRecord], Move[T]]) -> tuple[T, TableRecord]:
        """Run one move as one atomic statement (``decide_and_write``: decided on the row in
        memory, decided again on a fresh one if another writer got there first).

        The write is the guarded UPDATE of ``MOVE`` on the ply and revision ``decide`` saw, which
        appends the actions to the log in the same statement (a concurrent writer's row lock is
        waited for, then the guard is checked on the row it committed).
        """
        now = self.clock()
        async with self._pool.acquire() as conn:

            async def write(table: TableRecord, move: MoveWrite) -> bool:
                board = self._posted.board_columns(table_id, move)
                landed = await conn.fetchval(
                    MOVE,
                    table_id,
                    move.state,
                    move.state_version,
                    table.ply + len(move.actions),
                    move.status,
                    *stored_columns(move),
                    now,
                    table.ply,
                    table.revision,
                    [a.seat for a in move.actions],
                    [a.code for a in move.actions],
                    [a.how for a in move.actions],
                    list(move.notes),
                    *board,
                )
                if landed != 1:
                    return False
                self._posted.written(table_id, board)
                return True

            decided, table = await decide_and_write(
                table_id,
                self._cache.get(table_id),
                lambda: self._load(conn, known_id(table_id)),
                lambda: self._revision(conn, table_id),
                decide,
                self._with_ratings(conn, write),
            )
        moved = decided.write.applied_to(table, now)
        self._cache.remember(moved)
        return decided.result, moved

    def _with_ratings(
        self, conn: Conn, write: Callable[[TableRecord, MoveWrite], Awaitable[bool]]
    ) -> Callable[[TableRecord, MoveWrite], Awaitable[bool]]:
        """``write``, made one transaction with the game's finish and its players' ratings when
        the move ends the game (any other move stays the one statement it is)."""

        async def written(table: TableRecord, move: MoveWrite) -> bool:
            results = ends_game(table, move)
            if results is None:
                return await write(table, move)
            async with conn.transaction():
                landed = await write(table, move)
                if landed:
                    await self._finish(conn, table, results)
            return landed

        return written

    async def _finish(self, conn: Conn, table: TableRecord, results: Results) -> None:
        """Record a game that just ended and apply it to its players' ratings (inside the
        transaction of its last move, holding the server's ratings lock)."""
        guild = guild_key(table.guild_id)
        await conn.execute(RATINGS_LOCK, guild)
        await conn.execute(
            "INSERT INTO finishes (table_id, guild_id, rated) VALUES ($1, $2, $3)",
            table.id,
            guild,
            self.rate is not None,
        )
        if self.rate is None:
            return

        # The rating's reads and writes in this backend's SQL; what they feed is shared (rate_game).
        async def held(game: str, users: Sequence[str]) -> dict[str, Rating]:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::text[])",
                guild,
                game,
                list(users),
            )
            return {str(r[0]): rating_from(r) for r in rows}

        async def write(game: str, ratings: Sequence[Rating]) -> None:
            await conn.executemany(
                f"INSERT INTO ratings (guild_id, game, {RATING_COLUMNS})"
                f" VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9){RATING_UPSERT}",
                [(guild, game, *rating_row(r)) for r in ratings],
            )

        await rate_game(self.rate, table.game, results, held, write)

    async def set_status(self, table_id: int, status: Status, *, only_if: Sequence[Status] = LIVE) -> bool:
        """Change a table's status (cancel, ...) if it is in one of ``only_if``; True if changed."""
        if not fits_id(table_id):
            return False
        async with self._pool.acquire() as conn:
            done = await conn.execute(
                "UPDATE tables SET status = $1, updated_at = $2, revision = revision + 1"
                " WHERE id = $3 AND status = ANY($4::text[])",
                status,
                self.clock(),
                table_id,
                list(only_if),
            )
        self._cache.forget(table_id)
        return _count(done) == 1

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
        async with self._pool.acquire() as conn, conn.transaction():
            rows = await conn.fetch(
                "UPDATE tables SET board_message_id = b.message_id, revision = tables.revision + 1"
                " FROM unnest($1::bigint[], $2::bigint[]) AS b (table_id, message_id) WHERE tables.id = b.table_id"
                " RETURNING tables.id, tables.revision",
                list(boards),
                list(boards.values()),
            )
            await conn.execute(
                "INSERT INTO players (user_id, dm_closed, updated_at) SELECT u, true, $2 FROM unnest($1::text[]) AS u"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = true, updated_at = excluded.updated_at",
                sorted(closed),
                self.clock(),
            )
        for row in rows:  # only once committed, as every record held here
            self._cache.note_board(int(row[0]), boards[int(row[0])], int(row[1]))

    async def due_tables(self, now: str, limit: int = 100) -> list[int]:
        """Active tables whose next reminder or timeout is due at ``now`` (ISO time), oldest first.

        Several processes may find the same table: what is due is decided inside its guarded write,
        so only one of them acts."""
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT id FROM tables WHERE status = 'active' AND due_at IS NOT NULL AND due_at <= $1"
                " ORDER BY due_at LIMIT $2",
                now,
                limit,
            )
        return [int(r[0]) for r in rows]

    async def finished_tables(self, guild_id: int | None, game: str | None = None) -> list[TableRecord]:
        """Finished tables of a server (of one game, or all), oldest first, for its leaderboard."""
        if not fits_id(guild_id):
            return []
        return await self._tables(
            "t.status = 'over' AND t.guild_id IS NOT DISTINCT FROM $1 AND ($2::text IS NULL OR t.game = $2)"
            " ORDER BY t.id",
            guild_id,
            game,
        )

    async def channel_tables(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The latest tables of a channel, newest first, whatever their status."""
        if not fits_id(channel_id):
            return []
        return await self._tables("t.channel_id = $1 ORDER BY t.id DESC LIMIT $2", channel_id, limit)

    # -- ratings --------------------------------------------------------------------------------
    async def ratings(
        self, guild_id: int | None, game: str | None = None, *, least_games: int = 0, limit: int | None = None
    ) -> list[Rating]:
        """A server's ratings at ``game`` (None: every game together), best first."""
        if not fits_id(guild_id):
            return []
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                f"SELECT {RATING_COLUMNS} FROM ratings WHERE guild_id = $1 AND game = $2 AND games >= $3"
                " ORDER BY rating DESC, wins DESC, name LIMIT $4",
                guild_key(guild_id),
                game or EVERY_GAME,
                least_games,
                limit,
            )
        return [rating_from(r) for r in rows]

    async def unranked_players(self, guild_id: int | None, game: str | None = None, *, below: int) -> int:
        """How many players of a server have fewer than ``below`` rated games."""
        if not fits_id(guild_id):
            return 0
        async with self._pool.acquire() as conn:
            count = await conn.fetchval(
                "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game = $2 AND games < $3",
                guild_key(guild_id),
                game or EVERY_GAME,
                below,
            )
        return int(count or 0)

    async def finished_games(self, after: int = 0, limit: int = 500) -> list[Finished]:
        """Finished games in the order their ratings were applied, past ``after``."""
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT f.seq, f.table_id, f.guild_id, t.game, t.results"
                " FROM (SELECT * FROM finishes WHERE seq > $1 ORDER BY seq LIMIT $2) f"
                " JOIN tables t ON t.id = f.table_id ORDER BY f.seq",
                after,
                limit,
            )
        return [finished_from(r, NO_GUILD) for r in rows]

    async def ratings_pending(self) -> bool:
        """True if some finished game's ratings were never applied."""
        async with self._pool.acquire() as conn:
            return bool(await conn.fetchval("SELECT EXISTS (SELECT 1 FROM finishes WHERE NOT rated)"))

    async def replace_ratings(self, guild_id: int | None, ratings: Mapping[str, Sequence[Rating]], upto: int) -> bool:
        """Replace every rating of a server, computed from its finished games up to ``upto``;
        False if another of its games has finished since."""
        guild = guild_key(guild_id)
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute(RATINGS_LOCK, guild)
            last = await conn.fetchval("SELECT MAX(seq) FROM finishes WHERE guild_id = $1", guild)
            if last is not None and int(last) > upto:
                return False
            await conn.execute("DELETE FROM ratings WHERE guild_id = $1", guild)
            await conn.copy_records_to_table(
                "ratings",
                records=[(guild, game, *rating_row(r)) for game, rows in ratings.items() for r in rows],
                columns=["guild_id", "game", *RATING_COLUMNS.split(", ")],
            )
            await conn.execute(
                "UPDATE finishes SET rated = TRUE WHERE NOT rated AND seq <= $1 AND guild_id = $2", upto, guild
            )
        return True

    # -- players --------------------------------------------------------------------------------
    async def closed_dms(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` whose DMs have failed (they get ephemeral replies instead)."""
        noted = set(user_ids) & self._posted.closed_dms
        wanted = sorted(set(user_ids) - noted)
        if not wanted:
            return noted
        async with self._pool.acquire() as conn:
            rows = await conn.fetch("SELECT user_id FROM players WHERE dm_closed AND user_id = ANY($1::text[])", wanted)
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
        async with self._pool.acquire() as conn:
            on = await conn.fetchval("SELECT reminders FROM players WHERE user_id = $1", user_id)
        return on is None or bool(on)

    async def set_reminders(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s reminders on or off."""
        await self._set_player(user_id, "reminders", on)

    async def heads_up_for(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` who turned the heads-up on."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return set()
        async with self._pool.acquire() as conn:
            rows = await conn.fetch("SELECT user_id FROM players WHERE heads_up AND user_id = ANY($1::text[])", wanted)
        return {str(r[0]) for r in rows}

    async def set_heads_up(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s heads-up on or off: a new revision of each of their live tables,
        whose records carry it (a move reads no preference)."""
        await self._set_player(user_id, "heads_up", on, seated=True)

    # -- internals ------------------------------------------------------------------------------
    async def _tables(self, where: str, *args: object) -> list[TableRecord]:
        """The tables that ``where`` (SQL on ``tables t``, with its ORDER BY) picks."""
        async with self._pool.acquire() as conn:
            rows = await conn.fetch(f"SELECT {TABLE_COLUMNS} FROM tables t WHERE {where}", *args)
        return [_record(r) for r in rows]

    async def _set_player(self, user_id: str, setting: PlayerSetting, on: bool, *, seated: bool = False) -> None:
        """Turn one of ``user_id``'s settings on or off; ``seated``: one their seats carry, so each
        of their live tables takes a new revision."""
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.execute(
                f"INSERT INTO players (user_id, {setting}, updated_at) VALUES ($1, $2, $3)"
                f" ON CONFLICT (user_id) DO UPDATE SET {setting} = excluded.{setting},"
                " updated_at = excluded.updated_at",
                user_id,
                on,
                self.clock(),
            )
            moved = (
                await conn.fetch(
                    "UPDATE tables SET revision = revision + 1"
                    " WHERE id IN (SELECT table_id FROM seats WHERE user_id = $1 AND live) RETURNING id",
                    user_id,
                )
                if seated
                else []
            )
        for row in moved:
            self._cache.forget(int(row[0]))

    async def _revision(self, conn: Conn, table_id: int) -> int | None:
        revision = await conn.fetchval("SELECT revision FROM tables WHERE id = $1", table_id)
        return None if revision is None else int(revision)

    async def _live_in(self, conn: Conn, channel_id: int) -> TableRecord | None:
        # Two statements (the revision, then the row if it is not the one held) are two snapshots:
        # a table that closed in between is looked for again.
        async def attempt() -> TableRecord | None:
            row = await conn.fetchrow(
                "SELECT id, revision FROM tables WHERE channel_id = $1 AND status IN ('lobby', 'active')",
                channel_id,
            )
            if row is None:
                return None
            table = self._cache.at(int(row[0]), int(row[1])) or await self._load(conn, int(row[0]))
            if table.status in LIVE:
                return table
            raise Raced

        return await retried(attempt, f"channel {channel_id}")

    async def _locked(self, conn: Conn, table_id: int) -> TableRecord:
        """The table, read after locking its row for this transaction.

        The lock and the read are two statements on purpose: under READ COMMITTED a statement that
        waited for a lock still reads the seats as they were when it began, so only a statement
        started after the lock sees what the writer before us committed.
        """
        locked = await conn.fetchval("SELECT id FROM tables WHERE id = $1 FOR UPDATE", known_id(table_id))
        if locked is None:
            raise TableNotFound(table_id)
        return await self._fetch(conn, table_id)

    async def _load(self, conn: Conn, table_id: int) -> TableRecord:
        """The committed row, read and held in memory."""
        table = await self._fetch(conn, table_id)
        self._cache.remember(table)
        return table

    async def _fetch(self, conn: Conn, table_id: int) -> TableRecord:
        """The row as this connection sees it (inside a transaction: maybe not committed yet)."""
        row = await conn.fetchrow(f"SELECT {TABLE_COLUMNS} FROM tables t WHERE t.id = $1", table_id)
        if row is None:
            raise TableNotFound(table_id)
        return self._posted.shown(_record(row))

    async def _insert_seat(self, conn: Conn, table_id: int, seat: SeatRecord, now: str) -> None:
        await conn.execute(
            "INSERT INTO seats (table_id, user_id, name, is_ai, locale, joined_at) VALUES ($1, $2, $3, $4, $5, $6)",
            table_id,
            seat.user_id,
            seat.name,
            seat.is_ai,
            seat.locale,
            now,
        )


async def _keep_session(conn: Conn) -> None:
    """Nothing to reset when a connection goes back to the pool: the store sets no session state
    (no SET, LISTEN, cursor or session lock), and asyncpg still rolls back an open transaction.
    The default reset costs one more round trip after every call, as much as a whole move."""


def _count(status: str) -> int:
    """The row count of a command status such as ``UPDATE 1`` or ``DELETE 3``."""
    return int(status.rsplit(" ", 1)[-1])


def _record(row: asyncpg.Record) -> TableRecord:
    return record_from(row, row["seats"])
