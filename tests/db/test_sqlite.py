"""What only the SQLite store does: its migrations and settings, and reads that never wait for the
writer."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from db.records import SeatRecord
from db.sqlite import SqliteStore
from db.store import migrations

HOST = SeatRecord("u1", "ana", False, "en", None, "")


async def test_migrations_are_numbered_and_applied_once(db_path: Path) -> None:
    versions = [v for v, _ in migrations()]
    assert versions == sorted(set(versions)) and versions[0] == 1
    store = await SqliteStore.open(db_path)
    assert await store.migrate() == versions[-1]  # a second run applies nothing more
    await store.close()
    async with aiosqlite.connect(db_path) as conn:
        rows = await (await conn.execute("SELECT version FROM schema_version ORDER BY version")).fetchall()
        mode = await (await conn.execute("PRAGMA journal_mode")).fetchone()
    assert [r[0] for r in rows] == versions
    assert mode is not None and mode[0] == "wal"


async def test_plain_reads_do_not_wait_for_a_write(db_path: Path) -> None:
    """A read answers while another task holds the write transaction open."""
    store = await SqliteStore.open(db_path)
    try:
        table = await store.create_table(
            guild_id=1, channel_id=5, game="guess", options={}, seed="s", host=HOST, locale="en"
        )
        inside, release = asyncio.Event(), asyncio.Event()

        async def slow_write() -> None:
            async with store._tx():  # a transaction that stays open until released
                inside.set()
                await release.wait()

        writer = asyncio.create_task(slow_write())
        await inside.wait()
        read = await asyncio.wait_for(store.get_table(table.id), timeout=2)
        assert read == table
        assert await asyncio.wait_for(store.live_table(5), timeout=2) == table
        release.set()
        await writer
    finally:
        await store.close()


async def test_a_migration_numbered_below_the_newest_is_applied_when_it_arrives_later(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Branches merge migrations out of order: a database that ran 9 before 8 existed gets 8 too."""
    shipped = migrations()
    newest = shipped[-1][0]
    late = shipped[-2][0]
    monkeypatch.setattr("db.sqlite.migrations", lambda: [m for m in shipped if m[0] != late])
    store = await SqliteStore.open(db_path)
    await store.close()
    monkeypatch.setattr("db.sqlite.migrations", lambda: shipped)
    store = await SqliteStore.open(db_path)
    assert await store.migrate() == newest
    await store.close()
    async with aiosqlite.connect(db_path) as conn:
        rows = await (await conn.execute("SELECT version FROM schema_version ORDER BY version")).fetchall()
    assert [r[0] for r in rows] == [v for v, _ in shipped]
