"""``python -m bot copy-db``: an SQLite database moved into PostgreSQL, checked and counted."""

from __future__ import annotations

import asyncio
import io
import os
import sys
from datetime import UTC, datetime
from pathlib import Path

import asyncpg

from bot.copy_db import check, copy_db, shown
from bot.outbox import Place
from bot.service import TableService
from db.copy import copy_sqlite_to_postgres
from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from rules.engine import rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, DEE, Clock

ROOT = Path(__file__).resolve().parents[2]
PEOPLE = {p.id: p for p in (ANA, BEN, CY, DEE)}
T0 = datetime(2026, 11, 1, 12, tzinfo=UTC)


async def play(service: TableService, table_id: int, moves: int) -> None:
    """Up to ``moves`` moves chosen by the game's AI for whoever is asked."""
    table = await service.table(table_id=table_id)
    rules = GAMES[table.game]
    for n in range(moves):
        asks = await service.asks(table_id=table_id)
        if not asks:
            return
        state = service.state_of(await service.table(table_id=table_id))
        code = rules.action_code(rules.ai_action(state, asks[0].seat, rng_for("copy", n)))
        await service.act(PEOPLE[asks[0].user_id], code, table_id=table_id, decision=asks[0].decision)


async def a_server_database(path: Path, clock: Clock) -> SqliteStore:
    """Tables in every status, seats, logs, clocks, results and preferences, as a server's file
    holds them."""
    store = await SqliteStore.open(path)
    service = TableService(store, GAMES, clock=clock)
    for channel, game, moves in ((1, "mogul", 30), (2, "toprace", 12), (3, "mogul", 10_000), (4, "toprace", 0)):
        place = Place(guild_id=7, channel_id=channel)
        await service.create(place, game, ANA)
        for player in (BEN, CY):
            await service.join(place, player)
        table_id = (await service.start(place, ANA)).table_id
        await play(service, table_id, moves)
    await service.create(Place(guild_id=7, channel_id=5), "mogul", DEE)  # a lobby
    await service.join(Place(guild_id=7, channel_id=5), ANA)
    await service.create(Place(guild_id=7, channel_id=6), "mogul", DEE)
    await service.cancel(Place(guild_id=7, channel_id=6), DEE)
    await store.note_dm_closed(BEN.id)
    await store.set_reminders(CY.id, True)
    await store.set_reminders(DEE.id, False)
    return store


async def test_copy_moves_everything_and_checks_every_table(tmp_path: Path, pg_url: str, clock: Clock) -> None:
    source = tmp_path / "server.sqlite3"
    before = await a_server_database(source, clock)
    live_before = await before.live_tables()
    await before.close()

    out = io.StringIO()
    assert await copy_db(source, pg_url, out=out) == 0, out.getvalue()
    report = out.getvalue()
    assert "tables   6 (lobby 1, active 3, over 1, cancelled 1)" in report
    assert "seats    15" in report and "players  3" in report
    assert "4 started tables replay to their stored state" in report

    after = await PostgresStore.open(pg_url)
    try:
        assert await after.live_tables() == live_before
        assert await after.closed_dms([BEN.id, CY.id]) == {BEN.id}
        assert not await after.reminders_on(DEE.id) and await after.reminders_on(ANA.id)
        over = await after.finished_tables(7)
        assert [t.id for t in over] == [3] and over[0].results  # the results (leaderboard) came too
        # New rows continue after the copied ids.
        service = TableService(after, GAMES, clock=clock)
        await service.create(Place(guild_id=7, channel_id=9), "mogul", ANA)
        assert (await service.table(Place(guild_id=7, channel_id=9))).id == 7
    finally:
        await after.close()

    again = io.StringIO()
    assert await copy_db(source, pg_url, out=again) == 2
    assert "already holds" in again.getvalue()


async def test_the_check_finds_a_copy_that_differs(tmp_path: Path, pg_url: str, clock: Clock) -> None:
    source = tmp_path / "server.sqlite3"
    await (await a_server_database(source, clock)).close()
    copied = await copy_sqlite_to_postgres(source, pg_url)
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("UPDATE actions SET seat = (seat + 1) % 3 WHERE table_id = 1 AND ply = 2")
        await conn.execute("UPDATE tables SET revision = revision + 1, state = initial_state WHERE id = 2")
    finally:
        await conn.close()
    replayed, problems = await check(source, pg_url, copied, GAMES)
    assert replayed == 2
    assert problems == ["table 1: the copied action log differs", "table 2: the copied record differs"]


async def test_the_command_line(tmp_path: Path, pg_url: str, clock: Clock) -> None:
    """``python -m bot copy-db`` as an operator types it, run in a folder without a .env."""

    async def command(*args: str) -> tuple[int, str]:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            "copy-db",
            *args,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        out, _ = await asyncio.wait_for(process.communicate(), 120)
        return await process.wait(), out.decode()

    missing = tmp_path / "none.sqlite3"
    status, out = await command("--from", str(missing), "--to", pg_url)
    assert status == 2 and "no SQLite database" in out
    assert not missing.exists()  # a wrong path creates no empty database
    status, out = await command("--from", "x.sqlite3")
    assert status == 2 and "--to" in out  # no DATABASE_URL to fall back on

    source = tmp_path / "server.sqlite3"
    await (await a_server_database(source, clock)).close()
    status, out = await command("--from", str(source), "--to", pg_url)
    assert status == 0, out
    assert "tables   6" in out and "4 started tables replay" in out
    assert shown("postgresql://bot:s3cret@db:5432/gamehost") == "postgresql://bot:***@db:5432/gamehost"
