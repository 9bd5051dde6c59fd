"""Scale: many stored tables, a tenth of them live (issue 30). Prints one JSON object.

    python bench/scale.py                                    # 1,000 and 10,000 tables, both backends
    python bench/scale.py --sizes 100000                     # the issue's size (its first run builds the database)
    python bench/scale.py --sizes 1000 --backends sqlite     # a quick look

The database of each size is built once, by bulk inserts of tables cloned from template games the
AI played through the service (so rows, logs, clocks and results are the bot's own), and kept in
``bench/.cache/`` (git-ignored) under the schema's version; each run works on a copy. PostgreSQL
is a server started as the tests start it (tests/support/pgserver.py), with PostgreSQL's durable
defaults, its cluster kept in the cache; a run works on a copy made with CREATE DATABASE ...
TEMPLATE.

Layout of a database of N tables: N/10 channels of ten tables each, nine ended (one in nine
cancelled mid-game, the others finished) and the last live (one in 33 a lobby); one server holds
the channels of N/20 finished games and 300 players, the others 5 channels and 12 players each.

Figures, by backend and then by size (``sqlite.100000.commands.board.p99_ms``):

- ``build``: how the database was made (seconds when built in this run, rows, bytes).
- ``start``: a new process (Python bytecode cached, as a deployed bot's) importing the bot,
  starting it on simcord (migrations, service, cogs, command sync: ``setup_s``), then answering
  ``/game status`` and ``/game move`` at a stored table; ``to_first_command_s`` is the process's
  start to the first answer, ``tables_read_at_start`` how many tables the bot read before it.
- ``commands``: each /game command as the service answers it (Discord's side left out), p50 and
  p99 over random channels and players: board, hand, status, log (the channel's last table, live or
  ended), no_table (a channel that never had one), turns, history, leaderboard and
  leaderboard_game (the big server's top 20 and the unranked count).
- ``moves``: a click at a live table picked at random: ``cold`` its first since the process started
  (the table is read and its state parsed), ``warm`` the next one at the same table.
- ``loop``: how late the event loop ran a 5 ms timer during the commands and moves (max, p99).
- ``memory``: resident memory before and after reading every live table once (each board drawn
  as text), the records and states then cached, and KB per cached table (the growth over the
  records cached); ``after_long_run_mb`` after as many commands and moves again.
- ``outage``: the clock jumps four days (every live table's clock has run out), and the
  scheduler's loop runs what fell due in time-sized batches (publishing left out) while a player
  clicks every 200 ms at a random live table: ``cleared_s``, tables done (a table clicked first has
  nothing due any more), the clicks' latency, the loop's lateness. Watched for five minutes at most,
  then extrapolated at the rate seen (``extrapolated``); a code without batches is measured one tick
  of 100 and extrapolated at one tick a minute.
- ``gc``: the garbage collector's full passes during the run (the longest, wall and CPU) and the
  objects it tracks at the end.
- ``commit_floor``: one single-row commit on the same database beside the store (what a move cannot
  go below: on PostgreSQL with durable settings, the disk's flush).
- ``goals``: the issue's goals at this size, met or not.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import functools
import gc
import inspect
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CACHE = Path(__file__).resolve().parent / ".cache"
BUILDER = 1
"""The builder's own version: a change in what it builds makes new databases."""
NOW = datetime(2026, 1, 1, tzinfo=UTC)
"""The bench's present: simcord's virtual clock starts here, so the bot the start probe runs lives
at the same moment as the rows."""
TEMPLATE_GAMES = (("mogul", 4), ("toprace", 4), ("takenoko", 3), ("racebow", 4))
TEMPLATES_PER_GAME = 3
PER_CHANNEL = 10
WARM_TABLES = 100
"""Tables whose last outbox the bench keeps, to click there again as a player would."""
CLICK_EVERY = 0.2
"""Seconds between two clicks of the player who clicks during an outage's catch-up."""
COMMAND_LIMIT = 30.0
"""Seconds a command is timed at most (older code recomputed the leaderboard at every read: its
samples stop there, and the count says how many were taken)."""
OUTAGE_LIMIT = 300.0
"""Seconds the catch-up is watched at most; past them the time to clear is extrapolated."""
BIG_GUILD_PLAYERS = 300
SMALL_GUILD_PLAYERS = 12
CHANNELS_PER_GUILD = 5
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00")
PG_BOOLEANS = {("seats", "is_ai"), ("seats", "live"), ("players", "dm_closed"), ("players", "reminders")}
PG_BOOLEANS |= {("finishes", "rated")}


def rss_mb() -> float:
    """This process's resident memory, in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return round(int(line.split()[1]) / 1024, 1)
    return 0.0


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (ms, rounded), 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def spread(values: list[float], cpu: list[float] | None = None) -> dict[str, float]:
    """p50, p99 and max of timings in ms (and of the CPU time they took, which the other
    processes sharing the machine do not inflate)."""
    found = {"n": len(values), "p50_ms": pct(values, 0.5), "p99_ms": pct(values, 0.99), "max_ms": pct(values, 1.0)}
    if cpu:
        found.update(cpu_p50_ms=pct(cpu, 0.5), cpu_p99_ms=pct(cpu, 0.99))
    return found


def schema_versions() -> tuple[int, int]:
    """The newest migration of each backend (the cache's key)."""
    from db.store import migrations

    return migrations()[-1][0], migrations("postgres")[-1][0]


# -- templates: whole games the AI played through the service -------------------------------------
def shifted(text: Any, delta: timedelta) -> Any:
    """``text`` with every ISO time in it moved by ``delta`` (other values as they are)."""
    if not isinstance(text, str):
        return text
    return ISO.sub(lambda m: (datetime.fromisoformat(m.group(0)) + delta).isoformat(timespec="seconds"), text)


def snapshot(path: Path, table_id: int, to: datetime) -> dict[str, Any]:
    """A table's rows as stored now, every time moved so that its last write is at ``to``."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    table = dict(conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)).fetchone())
    delta = to - datetime.fromisoformat(table["updated_at"])
    seats = [dict(r) for r in conn.execute("SELECT * FROM seats WHERE table_id = ? ORDER BY rowid", (table_id,))]
    actions = conn.execute(
        "SELECT ply, seat, action, how, created_at FROM actions WHERE table_id = ? ORDER BY ply", (table_id,)
    ).fetchall()
    notes = conn.execute(
        "SELECT ply, note, created_at FROM notes WHERE table_id = ? ORDER BY id", (table_id,)
    ).fetchall()
    conn.close()
    for column in ("decisions", "clocks", "due_at", "created_at", "updated_at", "results"):
        table[column] = shifted(table[column], delta)
    for column in ("last_move", "last_notes"):
        table.pop(column, None)
    for seat in seats:
        seat["joined_at"] = shifted(seat["joined_at"], delta)
    return {
        "table": table,
        "seats": seats,
        "actions": [[r[0], r[1], r[2], r[3], shifted(r[4], delta)] for r in actions],
        "notes": [[r[0], r[1], shifted(r[2], delta)] for r in notes],
    }


async def play_template(
    game: str, players: int, seed: int, folder: Path
) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """One game of ``game`` the AI plays for every seat, through the service, an hour a decision:
    its rows at a random point between a fifth and four fifths of the game (a live table) and at
    its end (a finished one)."""
    from bot.outbox import Place, Player
    from bot.service import TableService
    from db.sqlite import SqliteStore
    from rules.registry import GAMES

    path = folder / f"{game}-{seed}.sqlite3"
    store = await SqliteStore.open(path)
    moment = [NOW - timedelta(days=60)]
    service = TableService(store, GAMES, clock=lambda: moment[0], new_seed=lambda: f"scale-{game}-{seed}")
    people = [Player(f"t{i}", f"p{i}", "en") for i in range(players)]
    by_id = {p.id: p for p in people}
    place = Place(guild_id=1, channel_id=1)
    await service.create(place, game, people[0])
    for person in people[1:]:
        await service.join(place, person)
    table_id = (await service.start(place, people[0])).table_id
    rules = GAMES[game]
    rng = random.Random(seed)
    middles: list[dict[str, Any]] = []  # the table every ten decisions: a live one is one of them
    decisions = 0
    while (table := await service.table(table_id=table_id)).status == "active":
        asks = await service.asks(table_id=table_id)
        ask = rng.choice(asks)
        action = rules.ai_action(service.state_of(table), ask.seat, random.Random(rng.random()))
        await service.act(by_id[ask.user_id], rules.action_code(action), table_id=table_id, decision=ask.decision)
        moment[0] += timedelta(hours=1)
        decisions += 1
        if decisions % 10 == 0:
            middles.append(snapshot(path, table_id, NOW - timedelta(hours=1)))
    live = middles[int(len(middles) * rng.uniform(0.2, 0.8))] if middles else None
    await store.close()
    return live, snapshot(path, table_id, NOW - timedelta(days=30))


async def templates() -> dict[str, list[dict[str, Any]]]:
    """The template games (played once, kept in the cache): live and finished, by game."""
    versions = schema_versions()
    path = CACHE / f"templates-b{BUILDER}-s{versions[0]}.json"
    if path.exists():
        return dict(json.loads(path.read_text()))
    found: dict[str, list[dict[str, Any]]] = {"live": [], "over": []}
    with tempfile.TemporaryDirectory() as tmp:
        for game, players in TEMPLATE_GAMES:
            for seed in range(TEMPLATES_PER_GAME):
                live, over = await play_template(game, players, seed, Path(tmp))
                if live is not None:
                    found["live"].append(live)
                found["over"].append(over)
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found))
    return found


# -- the database of one size ----------------------------------------------------------------------
@dataclass(frozen=True)
class Planned:
    """One table of the database: where it is, what it is, who sits at it."""

    id: int
    guild: int
    channel: int
    kind: str  # over, cancelled, active, lobby
    template: int
    users: tuple[int, ...]


def guild_id(n: int) -> int:
    return 800_000_000_000_000_000 + n


def channel_id(n: int) -> int:
    return 900_000_000_000_000_000 + n


def user_id(guild: int, k: int) -> str:
    return str(700_000_000_000_000_000 + guild * 1000 + k)


def layout(size: int, shapes: dict[str, list[dict[str, Any]]]) -> tuple[list[Planned], int]:
    """Every table of a database of ``size`` tables, in the order they were opened (their ids),
    and how many channels the big server has."""
    rng = random.Random(size)
    channels = size // PER_CHANNEL
    big = max(1, round(size / 20 / (PER_CHANNEL - 1)))
    guild_of = [0 if c < big else 1 + (c - big) // CHANNELS_PER_GUILD for c in range(channels)]
    planned = []
    next_id = 1
    for position in range(PER_CHANNEL):
        for c in range(channels):
            if position == PER_CHANNEL - 1:
                kind = "lobby" if c % 33 == 32 else "active"
            else:
                kind = "cancelled" if position == 4 else "over"
            pool = BIG_GUILD_PLAYERS if guild_of[c] == 0 else SMALL_GUILD_PLAYERS
            template = rng.randrange(len(shapes["over" if kind == "over" else "live"]))
            seats = len(shapes["over" if kind == "over" else "live"][template]["seats"])
            users = tuple(rng.sample(range(pool), seats))
            planned.append(Planned(next_id, guild_of[c], c, kind, template, users))
            next_id += 1
    return planned, big


def clone_rows(
    plan: Planned, shapes: dict[str, list[dict[str, Any]]], columns: list[str], live_column: bool
) -> tuple[tuple[Any, ...], list[tuple[Any, ...]], list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The rows of one planned table: its row (``columns``), seats, actions and notes."""
    shape = shapes["over" if plan.kind == "over" else "live"][plan.template]
    table = dict(shape["table"])
    names = {
        s["user_id"]: (user_id(plan.guild, u), f"player{plan.guild}x{u}")
        for s, u in zip(shape["seats"], plan.users, strict=True)
    }
    table.update(
        id=plan.id,
        guild_id=guild_id(plan.guild),
        channel_id=channel_id(plan.channel),
        status=plan.kind,
        host_id=names[table["host_id"]][0],
        board_message_id=plan.id * 10,
        ping_message_id=None,
    )
    if table.get("results"):
        results = json.loads(table["results"])
        for row in results["standings"]:
            row["user"], row["name"] = names.get(row["user"], (row["user"], row["name"]))
        table["results"] = json.dumps(results)
    actions = [(plan.id, *a) for a in shape["actions"]]
    notes = [(plan.id, *n) for n in shape["notes"]]
    if plan.kind == "lobby":
        table.update(initial_state=None, state=None, ply=0, decisions="[]", clocks="{}", due_at=None, orders="{}")
        actions, notes = [], []
    elif plan.kind == "cancelled":
        table.update(due_at=None)
    live = plan.kind in ("active", "lobby")
    seats = []
    for seat in shape["seats"]:
        uid, name = names[seat["user_id"]]
        row = [plan.id, uid, name, seat["is_ai"], seat["locale"], None if plan.kind == "lobby" else seat["seat"]]
        row.append(seat["joined_at"])
        if live_column:
            row.append(int(live))
        seats.append(tuple(row))
    return tuple(table.get(c) for c in columns), seats, actions, notes


async def build_sqlite(path: Path, size: int) -> dict[str, Any]:
    """Build the SQLite database of ``size`` tables at ``path`` (bulk inserts, one transaction)."""
    from db.sqlite import SqliteStore

    started = time.monotonic()
    shapes = await templates()
    made = time.monotonic()
    tmp = path.with_suffix(".part")
    tmp.unlink(missing_ok=True)
    await (await SqliteStore.open(tmp)).close()  # the schema, as the bot migrates it
    conn = sqlite3.connect(tmp, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -400000")
    columns = [str(r[1]) for r in conn.execute("PRAGMA table_info(tables)") if r[1] not in ("last_move", "last_notes")]
    seat_columns = [str(r[1]) for r in conn.execute("PRAGMA table_info(seats)")]
    live_column = "live" in seat_columns
    has_finishes = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'finishes'").fetchone() is not None
    planned, _ = layout(size, shapes)
    counts = {"tables": 0, "seats": 0, "actions": 0, "notes": 0}
    conn.execute("BEGIN")
    marks = ", ".join("?" for _ in columns)
    seat_marks = ", ".join("?" for _ in range(len(seat_columns)))
    for start in range(0, len(planned), 2000):
        rows = [clone_rows(p, shapes, columns, live_column) for p in planned[start : start + 2000]]
        conn.executemany(f"INSERT INTO tables ({', '.join(columns)}) VALUES ({marks})", [r[0] for r in rows])
        conn.executemany(
            f"INSERT INTO seats ({', '.join(seat_columns)}) VALUES ({seat_marks})", [s for r in rows for s in r[1]]
        )
        conn.executemany(
            "INSERT INTO actions (table_id, ply, seat, action, how, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (a for r in rows for a in r[2]),
        )
        conn.executemany(
            "INSERT INTO notes (table_id, ply, note, created_at) VALUES (?, ?, ?, ?)", (n for r in rows for n in r[3])
        )
        counts["tables"] += len(rows)
        counts["seats"] += sum(len(r[1]) for r in rows)
        counts["actions"] += sum(len(r[2]) for r in rows)
        counts["notes"] += sum(len(r[3]) for r in rows)
    if has_finishes:
        conn.execute(
            "INSERT INTO finishes (table_id, guild_id, rated) SELECT id, guild_id, 1 FROM tables"
            " WHERE status = 'over' ORDER BY id"
        )
    conn.execute("COMMIT")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.close()
    inserted = time.monotonic()
    rated = 0.0
    if has_finishes:
        from bot.leaderboard import rebuild

        store = await SqliteStore.open(tmp)
        await rebuild(store)
        await store.close()
        rated = time.monotonic() - inserted
    tmp.rename(path)
    return {
        "built_s": round(time.monotonic() - started, 1),
        "templates_s": round(made - started, 1),
        "ratings_rebuilt_s": round(rated, 1),
        **counts,
        "bytes": path.stat().st_size,
    }


def copy_to_postgres(source: Path, url: str) -> None:
    """Copy every row of the built SQLite database into the PostgreSQL database at ``url``
    (migrated, empty), in chunks, then let PostgreSQL gather its statistics."""
    import asyncpg

    from db.postgres import PostgresStore

    async def copy() -> None:
        await (await PostgresStore.open(url)).close()
        conn = await asyncpg.connect(url)
        lite = sqlite3.connect(source)
        try:
            await conn.execute("SET synchronous_commit = off")
            for relation, order in (
                ("tables", "id"),
                ("seats", "rowid"),
                ("actions", "table_id, ply"),
                ("notes", "id"),
                ("players", "user_id"),
                ("finishes", "seq"),
                ("ratings", "guild_id"),
            ):
                if lite.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (relation,)).fetchone() is None:
                    continue
                wanted = [
                    str(r[0])
                    for r in await conn.fetch(
                        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
                        " AND table_name = $1 ORDER BY ordinal_position",
                        relation,
                    )
                ]
                have = {str(r[1]) for r in lite.execute(f"PRAGMA table_info({relation})")}
                columns = [c for c in wanted if c in have]
                select = ", ".join(columns) + (", rowid" if relation == "seats" else "")
                target = columns + (["joined_no"] if relation == "seats" else [])
                flags = [(relation, c) in PG_BOOLEANS for c in columns]
                cursor = lite.execute(f"SELECT {select} FROM {relation} ORDER BY {order}")
                while chunk := cursor.fetchmany(50_000):
                    records = [
                        tuple(
                            bool(v) if flag and v is not None else v
                            for v, flag in zip(r, [*flags, False], strict=False)
                        )
                        for r in chunk
                    ]
                    await conn.copy_records_to_table(relation, records=records, columns=target)
            for relation, column in (("tables", "id"), ("seats", "joined_no"), ("finishes", "seq")):
                if await conn.fetchval("SELECT to_regclass($1)", relation) is not None:
                    await conn.execute(
                        f"SELECT setval(pg_get_serial_sequence('{relation}', '{column}'),"
                        f" COALESCE((SELECT MAX({column}) FROM {relation}), 0) + 1, false)"
                    )
            await conn.execute("ANALYZE")
        finally:
            lite.close()
            await conn.close()

    asyncio.run(copy())


class Postgres:
    """The bench's PostgreSQL server (its cluster kept in the cache) and its databases."""

    def __init__(self) -> None:
        from tests.support.pgserver import PgServer

        self.server = PgServer.start(durable=True, folder=CACHE / "pg")

    def databases(self) -> set[str]:
        import asyncpg

        async def names() -> set[str]:
            conn = await asyncpg.connect(self.server.url())
            try:
                return {str(r[0]) for r in await conn.fetch("SELECT datname FROM pg_database")}
            finally:
                await conn.close()

        return asyncio.run(names())

    def run_sql(self, *statements: str) -> None:
        import asyncpg

        async def run() -> None:
            conn = await asyncpg.connect(self.server.url())
            try:
                for statement in statements:
                    await conn.execute(statement)
            finally:
                await conn.close()

        asyncio.run(run())

    def stop(self) -> None:
        self.server.stop()


def sqlite_base(size: int, built: dict[str, Any]) -> Path:
    """The cached SQLite database of ``size`` tables (built now if missing)."""
    versions = schema_versions()
    path = CACHE / f"sqlite-{size}-b{BUILDER}-s{versions[0]}.sqlite3"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        built.update(asyncio.run(build_sqlite(path, size)))
    else:
        built.update(cached=True, bytes=path.stat().st_size)
    return path


def postgres_base(pg: Postgres, size: int, source: Path, built: dict[str, Any]) -> str:
    """The cached PostgreSQL database of ``size`` tables (copied from SQLite now if missing)."""
    versions = schema_versions()
    name = f"scale_{size}_b{BUILDER}_s{versions[1]}"
    if name not in pg.databases():
        started = time.monotonic()
        pg.run_sql(f"DROP DATABASE IF EXISTS {name}_part", f"CREATE DATABASE {name}_part")
        copy_to_postgres(source, pg.server.url(f"{name}_part"))
        pg.run_sql(f"ALTER DATABASE {name}_part RENAME TO {name}")
        built.update(built_s=round(time.monotonic() - started, 1))
    else:
        built.update(cached=True)
    return name


# -- what the bot does, measured -------------------------------------------------------------------
class Clock:
    """The service's clock: the bench's present, moved by hand."""

    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> datetime:
        return self.now


class Lateness:
    """How late the event loop runs a short timer, sampled while it runs."""

    def __init__(self, period: float = 0.005) -> None:
        self.period = period
        self.late: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(self.period)
            self.late.append((time.perf_counter() - asked - self.period) * 1000)

    def start(self) -> None:
        self.late = []
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> dict[str, float]:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        return {"max_late_ms": pct(self.late, 1.0), "p99_late_ms": pct(self.late, 0.99)}


def numbered(sql: str) -> str:
    """A statement written with ``?`` marks, as PostgreSQL numbers them."""
    counter = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", sql)


class Pauses:
    """The garbage collector's passes while the bench runs: how long the longest held the loop."""

    def __init__(self) -> None:
        self.spent: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self.cpu: list[float] = []
        self._began = (0.0, 0.0)
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
        else:
            self.spent[info["generation"]].append((time.perf_counter() - self._began[0]) * 1000)
            if info["generation"] == 2:
                self.cpu.append((time.thread_time() - self._began[1]) * 1000)

    def stop(self) -> dict[str, Any]:
        gc.callbacks.remove(self._note)
        full = self.spent[2]
        return {
            "full_passes": len(full),
            "full_max_ms": pct(full, 1.0),
            "full_max_cpu_ms": pct(self.cpu, 1.0),
            "young_max_ms": pct(self.spent[1], 1.0),
            "tracked_objects": len(gc.get_objects()),
        }


class Rows:
    """Direct reads of the bench's database, beside the bot's store (to pick what to click)."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.lite: sqlite3.Connection | None = None
        self.pg: Any = None

    async def open(self) -> None:
        if self.target.startswith("postgresql://"):
            import asyncpg

            self.pg = await asyncpg.connect(self.target)
        else:
            self.lite = sqlite3.connect(self.target, check_same_thread=False)

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if self.pg is not None:
            return [tuple(r) for r in await self.pg.fetch(numbered(sql), *args)]
        assert self.lite is not None
        lite = self.lite
        return await asyncio.to_thread(lambda: lite.execute(sql, args).fetchall())

    async def execute(self, sql: str, *args: Any) -> None:
        if self.pg is not None:
            await self.pg.execute(numbered(sql), *args)
            return
        assert self.lite is not None
        self.lite.execute(sql, args)
        self.lite.commit()

    async def close(self) -> None:
        if self.pg is not None:
            await self.pg.close()
        if self.lite is not None:
            self.lite.close()


def takes(function: Callable[..., Any], name: str) -> bool:
    """True if ``function`` has a parameter ``name`` (the bench also measures older code)."""
    return name in inspect.signature(function).parameters


async def measure(target: str, size: int, samples: int) -> dict[str, Any]:
    """Every figure but the start's, in this process, on the database at ``target``."""
    from bot.errors import TableError
    from bot.outbox import Place, Player
    from bot.service import TableService
    from db import open_store
    from rules.registry import GAMES

    sys.setswitchinterval(0.001)  # as the bot runs (bot/client.py)
    if os.environ.get("SCALE_DEBUG"):  # which callbacks hold the loop, and what the bot logs
        import logging

        logging.basicConfig(level=logging.WARNING)
        loop = asyncio.get_running_loop()
        loop.set_debug(True)
        loop.slow_callback_duration = 0.03
    rows = Rows(target)
    await rows.open()
    clock = Clock()
    limits: dict[str, Any] = {}
    try:  # the bot's default limits (older code has none)
        from bot.tables import Limits

        limits = {"limits": Limits()}
        store = await open_store(target, cache_size=Limits().cached_tables)
    except ImportError:
        store = await open_store(target)
    service = TableService(store, GAMES, clock=clock, **limits)
    import bot.client  # as the bot does once built (older code: nothing)

    getattr(bot.client, "settle_heap", gc.collect)()
    pauses = Pauses()
    figures: dict[str, Any] = {"rss_at_open_mb": rss_mb()}

    live = await rows.fetch("SELECT id, channel_id, guild_id, status FROM tables WHERE status IN ('lobby', 'active')")
    active = [r for r in live if r[3] == "active"]
    big_guild = guild_id(0)
    ended_channels = [
        int(r[0]) for r in await rows.fetch("SELECT DISTINCT channel_id FROM tables WHERE guild_id = ?", big_guild)
    ]
    seats = await rows.fetch(
        "SELECT s.table_id, s.user_id, s.name FROM seats s JOIN tables t ON t.id = s.table_id"
        " WHERE t.status IN ('lobby', 'active')"
    )
    seated: dict[int, list[tuple[str, str]]] = {}
    for table_id, uid, name in seats:
        seated.setdefault(int(table_id), []).append((str(uid), str(name)))
    where = {int(r[0]): Place(guild_id=int(r[2]), channel_id=int(r[1])) for r in live}
    rng = random.Random(size)

    def someone(table_id: int) -> Player:
        uid, name = rng.choice(seated[table_id])
        return Player(uid, name, "en")

    def live_place() -> tuple[int, Place]:
        table_id = int(rng.choice(live)[0])
        return table_id, where[table_id]

    spent_cpu: list[float] = [0.0]  # the CPU time of the last timed call

    async def timed(call: Callable[[], Awaitable[Any]]) -> float:
        began, began_cpu = time.perf_counter(), time.process_time()
        with contextlib.suppress(TableError):  # a refusal is an answer too
            await call()
        spent_cpu[0] = (time.process_time() - began_cpu) * 1000
        return (time.perf_counter() - began) * 1000

    leaderboard_limit = {"limit": 20} if takes(service.leaderboard, "limit") else {}

    async def leaderboard(game: str | None) -> None:
        place = Place(guild_id=big_guild, channel_id=channel_id(0))
        await service.leaderboard(place, game, **leaderboard_limit)  # one call since the ranking holds the count
        if hasattr(service, "unranked"):  # older code: a second call for who is not ranked yet
            await service.unranked(place, game)

    def board() -> Awaitable[Any]:
        return service.board(live_place()[1])

    def hand() -> Awaitable[Any]:
        table_id, place = live_place()
        return service.hand(place, someone(table_id))

    def status() -> Awaitable[Any]:
        table_id, place = live_place()
        return service.status(place, someone(table_id))

    def log() -> Awaitable[Any]:
        table_id, _ = live_place()
        place = (
            Place(guild_id=big_guild, channel_id=rng.choice(ended_channels)) if rng.random() < 0.5 else where[table_id]
        )
        return service.log_page(place, someone(table_id))

    def no_table() -> Awaitable[Any]:
        table_id, _ = live_place()
        return service.status(
            Place(guild_id=big_guild, channel_id=channel_id(10_000_000 + rng.randrange(10**6))), someone(table_id)
        )

    def turns() -> Awaitable[Any]:
        table_id, place = live_place()
        return service.waiting(someone(table_id), place.guild_id)

    def history() -> Awaitable[Any]:
        return service.past_tables(Place(guild_id=big_guild, channel_id=rng.choice(ended_channels)))

    commands: dict[str, Callable[[], Awaitable[Any]]] = {
        "board": board,
        "hand": hand,
        "status": status,
        "log": log,
        "no_table": no_table,
        "turns": turns,
        "history": history,
        "leaderboard": lambda: leaderboard(None),
        "leaderboard_game": lambda: leaderboard("mogul"),
    }
    warm: dict[int, Any] = {}

    async def click(table_id: int) -> tuple[float, bool]:
        """A click at a live table as a player makes it: at the decision its board or DM shows
        (read beside the bot for a table this process has not touched yet)."""
        out = warm.pop(table_id, None)
        ask = None
        if out is not None:
            asks = [*out.asks, *([out.own] if out.own is not None else [])]
            ask = rng.choice(asks) if asks else None
        cold = ask is None
        if ask is None:
            (row,) = await rows.fetch("SELECT game, state, decisions, status FROM tables WHERE id = ?", table_id)
            if row[3] != "active" or row[1] is None:
                return -1.0, cold
            rules = GAMES[str(row[0])]
            state = rules.state_type.model_validate_json(row[1])
            open_ = [d for d in json.loads(row[2])]
            if not open_:
                return -1.0, cold
            seat, ply, _ = rng.choice(open_)
            action = rng.choice(list(rules.legal_actions(state, seat)))
            user = (
                await rows.fetch("SELECT user_id, name FROM seats WHERE table_id = ? AND seat = ?", table_id, seat)
            )[0]
            player = Player(str(user[0]), str(user[1]), "en")
            code, decision = rules.action_code(action), int(ply)
        else:
            user = next(u for u in seated[table_id] if u[0] == ask.user_id)
            player = Player(user[0], user[1], "en")
            code, decision = rng.choice(ask.choices).code, ask.decision
        began, began_cpu = time.perf_counter(), time.process_time()
        try:
            result = await service.act(player, code, table_id=table_id, decision=decision)
            if result.asks or result.own:
                warm[table_id] = result
                while len(warm) > WARM_TABLES:  # the bench's own memory stays small
                    del warm[next(iter(warm))]
        except TableError:
            pass
        spent_cpu[0] = (time.process_time() - began_cpu) * 1000
        return (time.perf_counter() - began) * 1000, cold

    for name in commands:  # the first calls load catalogues and fonts: once a process, not timed
        for _ in range(3):
            await timed(commands[name])
    # Commands and moves, interleaved.
    lateness = Lateness()
    lateness.start()
    timings: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in [*commands, "cold", "warm"]}
    cold_moves: list[float] = []
    warm_moves: list[float] = []
    order = [name for name in commands for _ in range(samples)] + ["move"] * (2 * samples)
    rng.shuffle(order)
    for name in order:
        if name != "move" and sum(timings[name]) > COMMAND_LIMIT * 1000:
            continue
        if name == "move":
            table_id = rng.choice(list(warm)) if warm and rng.random() < 0.5 else int(rng.choice(active)[0])
            spent, cold = await click(table_id)
            if spent >= 0:
                (cold_moves if cold else warm_moves).append(spent)
                cpu["cold" if cold else "warm"].append(spent_cpu[0])
        else:
            timings[name].append(await timed(commands[name]))
            cpu[name].append(spent_cpu[0])
        await asyncio.sleep(0)
    figures["commands"] = {name: spread(values, cpu[name]) for name, values in timings.items()}
    figures["commands"]["all_p99_ms"] = pct([v for values in timings.values() for v in values], 0.99)
    figures["commands"]["all_cpu_p99_ms"] = pct([v for name in commands for v in cpu[name]], 0.99)
    figures["moves"] = {"cold": spread(cold_moves, cpu["cold"]), "warm": spread(warm_moves, cpu["warm"])}
    figures["commit_floor"] = await commit_floor(rows)
    figures["loop"] = await lateness.stop()

    # Memory: every live table read once.
    gc.collect()
    before = rss_mb()
    touched: list[float] = []
    for table_id, *_ in live:
        touched.append(await timed(functools.partial(service.board, table_id=int(table_id))))
    gc.collect()
    after = rss_mb()
    cache = getattr(store, "_cache", None)
    cached = len(cache) if cache is not None else 0
    states = len(service.tables._states)
    figures["memory"] = {
        "live_tables": len(live),
        "before_mb": before,
        "after_reading_every_live_table_mb": after,
        "cached_tables": cached,
        "cached_states": states,
        "kb_per_cached_table": round((after - before) * 1024 / max(1, cached), 1),
        "first_read_board": spread(touched),
    }
    for name in order:  # a longer run: the same again
        if name != "move" and sum(timings[name]) > COMMAND_LIMIT * 1000:
            continue
        if name == "move":
            await click(int(rng.choice(active)[0]))
        else:
            await timed(commands[name])
    gc.collect()
    figures["memory"]["after_long_run_mb"] = rss_mb()

    # An outage: four days pass; every live table's clock has run out.
    clock.now = NOW + timedelta(days=4)
    now_text = clock.now.isoformat(timespec="seconds")
    (due,) = await rows.fetch("SELECT COUNT(*) FROM tables WHERE status = 'active' AND due_at <= ?", now_text)
    figures["outage"] = await outage(service, click, active, rng, int(due[0]))
    figures["gc"] = pauses.stop()
    await store.close()
    await rows.close()
    return figures


async def commit_floor(rows: Rows) -> dict[str, float]:
    """What one single-row commit costs on this database and disk, beside the bot's own store
    (SQLite with the store's settings: WAL, synchronous=NORMAL; PostgreSQL durable)."""
    spent = []
    if rows.lite is not None:
        rows.lite.execute("PRAGMA synchronous = NORMAL")
    for n in range(50):
        began = time.perf_counter()
        await rows.execute(
            "INSERT INTO players (user_id, reminders, updated_at) VALUES ('bench', ?, 'now')"
            " ON CONFLICT (user_id) DO UPDATE SET reminders = excluded.reminders",
            n % 2 == 0,
        )
        spent.append((time.perf_counter() - began) * 1000)
    return spread(spent)


async def outage(
    service: Any, click: Callable[[int], Awaitable[tuple[float, bool]]], active: list[Any], rng: random.Random, due: int
) -> dict[str, Any]:
    """The scheduler catching up on ``due`` tables, as cogs/scheduler.py's loop does, while a
    player clicks now and then (``CLICK_EVERY``)."""
    clicks: list[float] = []
    stop = asyncio.Event()

    async def clicker() -> None:
        while not stop.is_set():
            spent, _ = await click(int(rng.choice(active)[0]))
            if spent >= 0:
                clicks.append(spent)
            await asyncio.sleep(CLICK_EVERY)

    lateness = Lateness()
    lateness.start()
    clicking = asyncio.create_task(clicker())
    began = time.monotonic()
    done = 0
    found: dict[str, Any] = {"due_tables": due}
    if takes(service.run_due, "budget"):
        from bot.tables import Limits

        seen: set[int] = set()
        budget = Limits().due_batch_seconds
        batches = 0
        capped = False
        while True:
            looked = len(seen)
            done += len(await service.run_due(budget=budget, seen=seen))
            batches += 1
            if len(seen) == looked:
                break
            if time.monotonic() - began > OUTAGE_LIMIT:
                capped = True
                break
            await asyncio.sleep(0)
        spent = time.monotonic() - began
        found.update(batches=batches, looked_at=len(seen))
        if capped:  # the tables left, at the rate seen so far
            found.update(extrapolated=True, watched_s=round(spent, 1), cleared_s=round(spent * due / len(seen), 1))
        else:
            found.update(cleared_s=round(spent, 1))
    else:
        done = len(await service.run_due())  # one tick: 100 tables
        tick = time.monotonic() - began
        found.update(extrapolated=True, one_tick_s=round(tick, 2), cleared_s=round(-(-due // 100) * max(60.0, tick), 1))
    stop.set()
    await clicking
    found.update(
        done=done,
        tables_per_s=round(done / max(1e-9, time.monotonic() - began), 1),
        clicks=spread(clicks),
        loop=await lateness.stop(),
    )
    return found


# -- the start, in a new process -------------------------------------------------------------------
async def probe_start(target: str, spawned: float, attempt: int) -> dict[str, Any]:
    """Import the bot, start it on simcord, answer /game status and /game move at a stored live
    table (another one at each ``attempt``): the times from this process's start."""
    imported_at = time.time()
    from bot.client import build_bot

    imports = time.time() - spawned
    from simcord.env import Env

    rows = Rows(target)
    await rows.open()
    bot = build_bot(target, scheduler_period=3600)
    env = Env(bot)
    begun = time.time()
    await env.start()
    ready = time.time()
    found: dict[str, Any] = {"imports_s": round(imports, 2), "setup_s": round(ready - begun, 2)}
    try:
        with env.time_context():
            store = env.bot.hub.service.store  # type: ignore[attr-defined]
            cache = getattr(store, "_cache", None)
            found["tables_read_at_start"] = len(cache) if cache is not None else None
            guild = env.create_guild()
            channel = guild.create_text_channel("scale")
            member = guild.add_member(env.create_user("scale"))
            (row,) = await rows.fetch(
                "SELECT id, decisions, game, state FROM tables WHERE status = 'active'"
                " ORDER BY id DESC LIMIT 1 OFFSET ?",
                attempt,
            )
            seat, _, _ = json.loads(row[1])[0]
            # The table moves to this channel and the asked seat to this member (not timed).
            await rows.execute("UPDATE tables SET channel_id = -id WHERE channel_id = ?", channel.id)
            await rows.execute(
                "UPDATE tables SET channel_id = ?, guild_id = ?, revision = revision + 1 WHERE id = ?",
                channel.id,
                guild.id,
                row[0],
            )
            await rows.execute(
                "UPDATE seats SET user_id = ? WHERE table_id = ? AND seat = ?", str(member.id), row[0], seat
            )
            asked = time.time()
            answer = await member.slash(channel, "game status")
            answered = time.time()
            from rules.registry import GAMES

            rules = GAMES[str(row[2])]
            state = rules.state_type.model_validate_json(row[3])
            code = rules.action_code(rules.legal_actions(state, seat)[0])
            moving = time.time()
            moved = await member.slash(channel, "game move", choice=code)
            found.update(
                first_command_ms=round((answered - asked) * 1000, 1),
                first_move_ms=round((time.time() - moving) * 1000, 1),
                to_first_command_s=round(ready - spawned + answered - asked, 2),
                answered=bool(answer.response and answer.response.content),
                moved=bool(moved.response and moved.response.content),
            )
    finally:
        await env.shutdown()
        store = getattr(bot, "store", None)
        if store is not None:
            await store.close()
        await rows.close()
    found["python_start_s"] = round(imported_at - spawned, 2)
    return found


def start_figures(target: str) -> dict[str, Any]:
    """The start probe, run twice (the first compiles the bytecode a deployed bot has cached)."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    environment["PYTHONPYCACHEPREFIX"] = str(CACHE / "pyc")
    found: dict[str, Any] = {}
    for attempt in range(2):
        spawned = time.time()
        found = in_child(["--probe-start", target, "--spawned", repr(spawned), "--size", str(attempt)], environment)
        if "error" in found:
            break
    return found


def in_child(words: list[str], environment: dict[str, str] | None = None) -> dict[str, Any]:
    """The figures this script prints when run again with ``words`` in a new process (its last
    line, as JSON), or the end of what it wrote to stderr under ``error`` if it failed."""
    done = subprocess.run(
        [sys.executable, __file__, *words], capture_output=True, text=True, env=environment, cwd=ROOT, check=False
    )
    if done.returncode != 0:
        return {"error": done.stderr[-3000:]}
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


# -- the run ---------------------------------------------------------------------------------------
def goals(backend: str, figures: dict[str, Any]) -> dict[str, Any]:
    """The issue's goals, met or not, at these figures."""
    move_goal = 5.0 if backend == "sqlite" else 10.0
    start = figures.get("start", {})
    outage = figures.get("outage", {})
    command_p99 = figures.get("commands", {}).get("all_p99_ms", 0)
    move_p99 = max(figures.get("moves", {}).get(k, {}).get("p99_ms", 0) for k in ("cold", "warm"))
    memory = figures.get("memory", {})
    bot_start = start.get("setup_s", 99) + start.get("first_command_ms", 99_000) / 1000
    return {
        "bot_start_to_first_command_le_1s": bot_start <= 1.0,
        "process_start_to_first_command_le_1s": start.get("to_first_command_s", 99) <= 1.0,
        "command_p99_le_20ms": command_p99 <= 20.0,
        "loop_late_le_50ms": figures.get("loop", {}).get("max_late_ms", 999) <= 50.0,
        f"move_p99_le_{move_goal:g}ms": move_p99 <= move_goal,
        "outage_cleared_le_120s": outage.get("cleared_s", 999) <= 120.0,
        "clicks_in_outage_p99_le_100ms": outage.get("clicks", {}).get("p99_ms", 999) <= 100.0,
        "clicks_in_outage_max_le_3s": outage.get("clicks", {}).get("max_ms", 9999) <= 3000.0,
        "memory_le_20kb_per_table": memory.get("kb_per_cached_table", 99) <= 20.0,
    }


def run_one(backend: str, target: str, size: int, samples: int) -> dict[str, Any]:
    """The figures of one backend at one size: the start probe, then the rest in a new process."""
    figures: dict[str, Any] = {"start": start_figures(target)}
    figures.update(in_child(["--measure", target, "--size", str(size), "--samples", str(samples)]))
    if "error" in figures:
        return figures
    figures["goals"] = goals(backend, figures)
    return figures


def main() -> None:
    """Build (or find) the databases, measure each backend at each size, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000", help="stored tables, comma-separated (a tenth live)")
    parser.add_argument("--backends", default="sqlite,postgres")
    parser.add_argument("--samples", type=int, default=200, help="timed calls per command (twice as many moves)")
    parser.add_argument("--measure", metavar="TARGET", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--probe-start", metavar="TARGET", help=argparse.SUPPRESS)
    parser.add_argument("--spawned", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.probe_start or args.measure:
        stacks = (CACHE / "stacks.txt").open("w")  # `kill -USR1 <pid>`: where a stuck run is, there
        faulthandler.register(signal.SIGUSR1, file=stacks, all_threads=True)
        try:
            if args.probe_start:
                found = asyncio.run(probe_start(args.probe_start, args.spawned, args.size))
            else:
                found = asyncio.run(measure(args.measure, args.size, args.samples))
            print(json.dumps(found), flush=True)
        except BaseException:
            traceback.print_exc()
            sys.stderr.flush()
            os._exit(1)  # a connection left open by the failure would keep the process alive
        os._exit(0)
    sizes = [int(s) for s in args.sizes.split(",")]
    backends = args.backends.split(",")
    result: dict[str, Any] = {"meta": {"schema": schema_versions(), "builder": BUILDER, "samples": args.samples}}
    pg = Postgres() if "postgres" in backends else None
    try:
        for size in sizes:
            built: dict[str, Any] = {}
            base = sqlite_base(size, built)
            for backend in backends:
                began = time.monotonic()
                if backend == "sqlite":
                    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
                        copy = Path(tmp) / "run.sqlite3"
                        shutil.copyfile(base, copy)
                        figures = run_one("sqlite", str(copy), size, args.samples)
                    figures["build"] = built
                else:
                    assert pg is not None
                    pg_built: dict[str, Any] = {}
                    name = postgres_base(pg, size, base, pg_built)
                    pg.run_sql("DROP DATABASE IF EXISTS scale_run", f"CREATE DATABASE scale_run TEMPLATE {name}")
                    try:
                        figures = run_one("postgres", pg.server.url("scale_run"), size, args.samples)
                    finally:
                        pg.run_sql("DROP DATABASE IF EXISTS scale_run")
                    figures["build"] = pg_built
                figures["bench_s"] = round(time.monotonic() - began, 1)
                result.setdefault(backend, {})[str(size)] = figures
                print(f"{backend} {size}: done in {figures['bench_s']} s", file=sys.stderr)
                print(json.dumps({backend: {str(size): figures}}), file=sys.stderr)  # kept if a later one fails
    finally:
        if pg is not None:
            pg.stop()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
