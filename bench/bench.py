"""Benchmarks that print one JSON object (compare runs by its keys; tests never assert timings).

    python bench/bench.py                       # the full run, about two minutes
    python bench/bench.py --quick               # a smaller version
    python bench/bench.py --backends sqlite     # SQLite only (no PostgreSQL server needed)

Figures:
- move_ms_median / move_ms_p99: one Mogul move handled end to end by TableService (read, check,
  apply, AI-free write, outbox with boards and private texts) on a file database holding
  ``tables`` live tables.
- moves_per_s: sustained moves per second with several tables played at once (the next choices
  come with each move's Outbox, as the Discord adapter draws its buttons from them).
- sqlite_commits_per_s: raw single-row commits per second through the same aiosqlite stack, on the
  same kind of file with the same settings (WAL, synchronous=NORMAL); ratio = moves / commits.
- postgres, postgres_async_commit: the same move figures on PostgreSQL, on a server this run
  starts in a temporary folder on the same disk with durable settings (fsync, full_page_writes
  and synchronous_commit on: PostgreSQL's defaults), and ``commits_per_s``, raw single-row
  commits (one INSERT each) through the same asyncpg pool in the same run; ratio = moves /
  commits. ``postgres`` waits for the WAL flush at every commit; ``postgres_async_commit`` sets
  synchronous_commit=off for its connections, the counterpart of SQLite's synchronous=NORMAL in
  WAL mode (a commit is not flushed on its own; a power cut may lose the last few, never
  corrupt).
- playouts_per_s: whole random games per second, per registered game (4 players), and plies per
  second (CPU time); playout_floor_us_per_ply: the engine's own CPU time per ply in the same run,
  on a game with next to no rules played through the same loop (bench/floor.py): the limit under
  every game's figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from floor import floor_us_per_ply  # bench/ is the script's folder

from bot.outbox import Ask, Place, Player
from bot.service import TableService
from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.engine import play_random
from rules.registry import GAMES
from tests.support.pgserver import DURABLE_SETTINGS, PgServer

PLAYERS = [Player(f"u{i}", f"p{i}", "en") for i in range(3)]


async def open_tables(service: TableService, count: int) -> list[int]:
    """Open and start ``count`` Mogul tables of three players, one per channel."""
    ids = []
    for channel in range(count):
        place = Place(guild_id=1, channel_id=10_000 + channel)
        await service.create(place, "mogul", PLAYERS[0])
        for player in PLAYERS[1:]:
            await service.join(place, player)
        ids.append((await service.start(place, PLAYERS[0])).table_id)
    return ids


async def one_move(
    service: TableService, table_id: int, rng: random.Random, asks: dict[int, list[Ask]]
) -> float | None:
    """Play one random legal move at ``table_id``; return its duration in ms (None if over).

    Like a front end, it draws the next choices from the move's Outbox (``asks``), and reads them
    from the service only for a table it has not seen yet.
    """
    if table_id not in asks:
        asks[table_id] = await service.asks(table_id=table_id)
    if not asks[table_id]:
        return None
    ask = asks[table_id][0]
    player = next(p for p in PLAYERS if p.id == ask.user_id)
    code = rng.choice(ask.choices).code
    start = time.perf_counter()
    out = await service.act(player, code, table_id=table_id, decision=ask.decision)
    took = (time.perf_counter() - start) * 1000
    asks[table_id] = out.asks
    return took


async def bench_moves(
    open_store: Callable[[], Awaitable[TableStore]], tables: int, moves: int, workers: int
) -> dict[str, float]:
    """Latency of single moves, then sustained throughput with ``workers`` concurrent players."""
    store = await open_store()
    service = TableService(store)
    ids = await open_tables(service, tables)
    rng = random.Random(1)
    asks: dict[int, list[Ask]] = {}
    latencies: list[float] = []
    while len(latencies) < moves:
        took = await one_move(service, rng.choice(ids), rng, asks)
        if took is not None:
            latencies.append(took)
    latencies.sort()

    done = 0

    async def worker(mine: list[int], stop: float) -> None:
        nonlocal done
        local = random.Random(len(mine))
        while time.perf_counter() < stop:
            if await one_move(service, local.choice(mine), local, asks) is not None:
                done += 1

    seconds = max(2.0, moves / 1000)
    stop = time.perf_counter() + seconds
    begin = time.perf_counter()
    await asyncio.gather(*(worker(ids[i::workers], stop) for i in range(workers)))
    elapsed = time.perf_counter() - begin
    await store.close()
    return {
        "move_ms_median": round(statistics.median(latencies), 3),
        "move_ms_p99": round(latencies[int(len(latencies) * 0.99) - 1], 3),
        "moves_per_s": round(done / elapsed, 1),
    }


async def bench_sqlite(path: Path, seconds: float) -> float:
    """Raw single-row commits per second through aiosqlite, same pragmas as the store."""
    store = await SqliteStore.open(path)  # same open(): WAL, synchronous=NORMAL, foreign keys
    conn = store.connection  # the very connection settings the store uses
    await conn.execute("CREATE TABLE IF NOT EXISTS bench (id INTEGER PRIMARY KEY, v TEXT)")
    count = 0
    stop = time.perf_counter() + seconds
    begin = time.perf_counter()
    while time.perf_counter() < stop:
        await conn.execute("BEGIN IMMEDIATE")
        await conn.execute("INSERT INTO bench (v) VALUES (?)", ("x" * 64,))
        await conn.execute("COMMIT")
        count += 1
    elapsed = time.perf_counter() - begin
    await store.close()
    return count / elapsed


async def bench_postgres_commits(url: str, seconds: float) -> float:
    """Raw single-row commits per second through the store's own asyncpg pool (same server, same
    connection settings): one INSERT, its own transaction, per round trip."""
    store = await PostgresStore.open(url)
    pool = store.pool
    await pool.execute("CREATE TABLE IF NOT EXISTS bench (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v TEXT)")
    count = 0
    stop = time.perf_counter() + seconds
    begin = time.perf_counter()
    while time.perf_counter() < stop:
        await pool.execute("INSERT INTO bench (v) VALUES ($1)", "x" * 64)
        count += 1
    elapsed = time.perf_counter() - begin
    await store.close()
    return count / elapsed


async def bench_postgres(tables: int, moves: int, workers: int, seconds: float) -> dict[str, object]:
    """The move figures and the raw-commit baseline on a durable throwaway server, with
    synchronous commits and then without."""
    server = PgServer.start(durable=True)
    figures: dict[str, object] = {}
    try:
        for key, database, extra in (
            ("postgres", "sync", ""),
            ("postgres_async_commit", "async", "&synchronous_commit=off"),
        ):
            admin = await PostgresStore.open(server.url(), pool_size=1)
            await admin.pool.execute(f"CREATE DATABASE {database}")
            await admin.close()
            url = server.url(database) + extra

            async def open_store(url: str = url) -> TableStore:
                return await PostgresStore.open(url)

            found = await bench_moves(open_store, tables, moves, workers)
            commits = await bench_postgres_commits(url, seconds)
            settings = {**DURABLE_SETTINGS, "synchronous_commit": "off" if extra else "on"}
            found["commits_per_s"] = round(commits, 1)
            found["ratio"] = round(found["moves_per_s"] / commits, 3)
            figures[key] = {"settings": ", ".join(f"{k}={v}" for k, v in settings.items()), **found}
    finally:
        server.stop()
    return figures


def bench_playouts(seconds: float) -> dict[str, dict[str, float]]:
    """Random whole games per second for each registered game, 4 players, default options, in CPU
    time (this machine is often shared), with plies per second beside: a random game's length is
    set by its rules (random Racebow players almost never finish, so their games run to the
    round-200 limit), so plies/s is what compares across games."""
    figures = {}
    for name, rules in sorted(GAMES.items()):
        players = min(max(4, rules.min_players), rules.max_players)
        games = plies = 0
        begin = time.process_time()
        while time.process_time() - begin < seconds:
            _, log = play_random(rules, players, {}, seed=games)
            games += 1
            plies += len(log)
        spent = time.process_time() - begin
        figures[name] = {"games_per_s": round(games / spent, 1), "plies_per_s": round(plies / spent)}
    return figures


async def main(quick: bool, backends: set[str]) -> dict[str, object]:
    """Run every benchmark and gather the figures."""
    tables, moves, workers = (100, 500, 8) if quick else (1000, 3000, 16)
    seconds = 1.0 if quick else 3.0
    figures: dict[str, object] = {"tables": tables, "quick": quick}
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "moves.sqlite3"

            async def open_sqlite() -> TableStore:
                return await SqliteStore.open(path)

            figures.update(await bench_moves(open_sqlite, tables, moves, workers))
            commits = await bench_sqlite(Path(tmp) / "raw.sqlite3", seconds)
        figures["sqlite_commits_per_s"] = round(commits, 1)
        figures["ratio"] = round(float(figures["moves_per_s"]) / commits, 3)  # type: ignore[arg-type]
    if "postgres" in backends:
        figures.update(await bench_postgres(tables, moves, workers, seconds))
    figures["playouts_per_s"] = bench_playouts(0.5 if quick else 3.0)
    figures["playout_floor_us_per_ply"] = floor_us_per_ply(0.5 if quick else 3.0)
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    parser.add_argument(
        "--backends", default="sqlite,postgres", help="comma-separated: sqlite, postgres (default: both)"
    )
    args = parser.parse_args()
    chosen = {b.strip() for b in args.backends.split(",") if b.strip()}
    if not chosen <= {"sqlite", "postgres"}:
        parser.error(f"unknown backend in {args.backends!r}")
    print(json.dumps(asyncio.run(main(args.quick, chosen)), indent=2))
