"""What only the PostgreSQL store does: its own migrations (the same logical schema as SQLite's),
migrating from several processes at once, and a move that is one statement."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import asyncpg

from db import is_postgres_url
from db.postgres import PostgresStore
from db.records import Move, MoveWrite, Played, SeatRecord
from db.sqlite import SqliteStore
from db.store import migrations

HOST = SeatRecord("u1", "ana", False, "en", None, "")
ONLY_IN_SQLITE = {("tables", "last_move"), ("tables", "last_notes")}  # what its triggers read (0004, 0006)
ONLY_IN_POSTGRES = {("seats", "joined_no")}  # the join order SQLite keeps in its rowid


def test_urls_choose_postgres_and_paths_sqlite() -> None:
    assert is_postgres_url("postgresql://bot:secret@db.example/gamehost")
    assert is_postgres_url("postgres://localhost/gamehost")
    assert not is_postgres_url("gamehost.sqlite3") and not is_postgres_url(Path("postgresql:"))


async def test_migrations_are_numbered_and_applied_once_even_by_processes_starting_together(pg_url: str) -> None:
    versions = [v for v, _ in migrations("postgres")]
    assert versions == sorted(set(versions)) and versions[0] == 1
    stores = await asyncio.gather(*(PostgresStore.open(pg_url, pool_size=1) for _ in range(4)))
    assert [await s.migrate() for s in stores] == [versions[-1]] * 4
    for s in stores:
        await s.close()
    conn = await asyncpg.connect(pg_url)
    try:
        rows = await conn.fetch("SELECT version FROM schema_version ORDER BY version")
    finally:
        await conn.close()
    assert [r[0] for r in rows] == versions


async def test_both_backends_have_the_same_tables_and_columns(pg_url: str, db_path: Path) -> None:
    """Every SQLite migration needs its PostgreSQL twin in db/postgres/: this finds a missing one."""
    await (await SqliteStore.open(db_path)).close()
    async with aiosqlite.connect(db_path) as conn:
        names = [r[0] for r in await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")]
        in_sqlite = {
            (table, str(column[1]))
            for table in names
            if not table.startswith("sqlite_")
            for column in await conn.execute_fetchall(f"PRAGMA table_info({table})")
        }
    await (await PostgresStore.open(pg_url)).close()
    conn = await asyncpg.connect(pg_url)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        )
    finally:
        await conn.close()
    in_postgres = {(str(r[0]), str(r[1])) for r in rows}
    assert in_sqlite - ONLY_IN_SQLITE == in_postgres - ONLY_IN_POSTGRES
    assert in_sqlite >= ONLY_IN_SQLITE and in_postgres >= ONLY_IN_POSTGRES


async def test_a_move_is_one_statement(pg_url: str) -> None:
    """A move on a table held in memory costs one round trip: the guarded UPDATE with the log's
    INSERT, and nothing when the connection goes back to the pool."""
    store = await PostgresStore.open(pg_url, pool_size=1)  # one connection: the one we listen to
    try:
        table = await store.create_table(
            guild_id=1, channel_id=5, game="guess", options={}, seed="s", host=HOST, locale="en"
        )
        write = MoveWrite([Played(0, "a"), Played(0, "b")], "{}", (), "active")
        await store.commit_move(table.id, lambda rec: Move(write, None))  # prepares the statement
        sent: list[str] = []
        async with store.pool.acquire() as conn:
            conn.add_query_logger(lambda query: sent.append(query.query))
        sent.clear()
        _, moved = await store.commit_move(table.id, lambda rec: Move(write, None))
        assert len(sent) == 1 and "UPDATE tables" in sent[0] and "INSERT INTO actions" in sent[0]
        assert moved.ply == 4 and [a[0] for a in await store.actions(table.id)] == [1, 2, 3, 4]
    finally:
        await store.close()
