"""Every statement the stores issue finds its rows through an index: a bot with a hundred thousand
tables must never read them all to answer one command (issue 30).

The statements are not listed by hand: a workload drives every method of the ``TableStore``
Protocol through the service (and the store itself where no command reaches), every statement the
database receives is recorded, and each is explained — ``EXPLAIN QUERY PLAN`` on SQLite,
``EXPLAIN`` on PostgreSQL with sequential scans priced out of the planner's reach — and refused if
it scans one of the store's relations whole. A new statement is covered as soon as some method
issues it; a new method fails the workload's coverage check until the workload calls it.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.leaderboard import rebuild
from bot.outbox import Place
from bot.service import TableService
from db.postgres import PostgresStore
from db.records import TableSettings
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, Clock, PgDatabases
from tests.support.guess import GUESS
from tests.support.nim import NIM

RELATIONS = {"tables", "seats", "actions", "notes", "players", "finishes", "ratings"}
"""The store's own relations: none may be read whole (``schema_version`` may: migrations only)."""
UNPLANNED = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|COPY|--|CREATE|DROP|ALTER|SET)", re.I)
"""Statements without a plan to check (transaction control, settings, bulk copies, the schema)."""
MENTIONS = re.compile(r"\b(" + "|".join(sorted(RELATIONS)) + r")\b")
"""A statement of the store's (the driver's own, such as asyncpg's pool reset, mention none)."""
TEST_GAMES = {**GAMES, "guess": GUESS, "nim": NIM}
PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


class Recorded:
    """A store that notes which of its methods were called (and forwards everything)."""

    def __init__(self, store: TableStore) -> None:
        object.__setattr__(self, "_store", store)
        object.__setattr__(self, "called", set())

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("_"):
            self.called.add(name)
        return getattr(self._store, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._store, name, value)


def protocol_methods() -> set[str]:
    """Every method of the ``TableStore`` Protocol."""
    return {name for name, value in vars(TableStore).items() if callable(value) and not name.startswith("_")}


async def workload(store: TableStore, clock: Clock) -> set[str]:
    """Drive every store method once at least, as the bot does; the methods called. (PostgreSQL's
    statements are explained with the arguments of their latest call.)"""
    recorded = Recorded(store)
    seeds = iter(f"seed{i}" for i in range(100))
    service = TableService(recorded, TEST_GAMES, clock=clock, new_seed=lambda: next(seeds))
    here = Place(guild_id=5, channel_id=700)
    for n in range(2):  # two finished games: ratings read and written, then a live one
        place = Place(guild_id=5, channel_id=701 + n)
        await service.create(place, "nim", ANA)
        await service.join(place, BEN)
        await service.join(place, CY)
        await service.leave(place, CY)
        table_id = (await service.start(place, ANA)).table_id
        while (await service.table(table_id=table_id)).status == "active":
            (ask,) = await service.asks(table_id=table_id)
            await service.act(PEOPLE[ask.user_id], ask.choices[0].code, table_id=table_id, decision=ask.decision)
        recorded.note_board(table_id, 9)  # where the front end posted the board, stored by flush
        await recorded.note_dm_closed(BEN.id)
        await recorded.flush()
        await service.log_page(place, ANA)
    await service.create(here, "nim", ANA, settings=TableSettings(bank_hours=24))
    await service.join(here, BEN)
    table_id = (await service.start(here, ANA)).table_id
    await service.board(here)
    await service.hand(here, ANA)
    await service.status(here, ANA)
    await service.log_page(here, ANA)
    await service.waiting(ANA, here.guild_id)
    await service.past_tables(Place(guild_id=5, channel_id=701))
    await service.leaderboard(here)
    await service.leaderboard(here, "nim", 20)
    await service.remind(ANA, False)
    await service.heads_up(ANA, True)
    await recorded.heads_up_for([ANA.id, BEN.id])
    clock.advance(hours=13)
    await service.run_due()  # a reminder
    clock.advance(hours=13)
    await service.run_due()  # a timeout
    await service.board(table_id=table_id)
    await service.table(table_id=table_id)
    recorded.note_board(table_id, 11)  # stored by the table's next write, this time
    await recorded.note_dm_closed(CY.id)
    # What no command reaches: the rebuild, the copy's checks, a restart's look at every live table.
    await rebuild(recorded)
    await recorded.ratings_pending()
    await recorded.live_tables()
    await recorded.finished_tables(5, "nim")
    await recorded.channel_tables(701)
    await recorded.notes(table_id)
    recorded.cached_table(table_id)
    await service.cancel(here, ANA)
    await recorded.migrate()
    return set(recorded.called)


def sqlite_scans(database: Path, statements: list[str]) -> list[str]:
    """The statements whose plan reads one of ``RELATIONS`` whole, with the step that does."""
    conn = sqlite3.connect(database)
    partial = {
        str(name)
        for name, sql in conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        if " WHERE " in str(sql).upper()
    }
    refused = []
    for sql in dict.fromkeys(statements):
        for row in conn.execute("EXPLAIN QUERY PLAN " + sql):
            step = str(row[3])
            scan = re.match(r"SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?", step)
            if scan is None or scan.group(1) not in RELATIONS:
                continue
            if scan.group(2) is None or scan.group(2) not in partial:  # a whole table, or a whole index
                refused.append(f"{step}: {sql}")
    conn.close()
    return refused


def pg_scans(plan: dict[str, Any], partial: set[str]) -> list[str]:
    """The steps of a PostgreSQL plan that read one of ``RELATIONS`` whole."""
    found = []
    relation = plan.get("Relation Name")
    kind = plan.get("Node Type", "")
    if relation in RELATIONS:
        if kind == "Seq Scan":
            found.append(f"Seq Scan on {relation}")
        elif (
            kind in ("Index Scan", "Index Only Scan")
            and "Index Cond" not in plan
            and plan.get("Index Name") not in partial
        ):
            found.append(f"{kind} of all {plan.get('Index Name')}")
    for child in plan.get("Plans", []):
        found.extend(pg_scans(child, partial))
    return found


def one_call(query: str, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments of one execution (an ``executemany`` is logged with all of its rows)."""
    wanted = max((int(n) for n in re.findall(r"\$(\d+)", query)), default=0)
    if len(args) != wanted and args and isinstance(args[0], tuple | list) and len(args[0]) == wanted:
        return tuple(args[0])
    return args


@pytest.fixture
async def pg_store(pg: PgDatabases) -> AsyncIterator[tuple[PostgresStore, list[tuple[str, tuple[Any, ...]]], str]]:
    """A PostgreSQL store whose every connection records the statements it sends."""
    url = await pg.create()
    sent: list[tuple[str, tuple[Any, ...]]] = []

    async def listen(conn: asyncpg.Connection[Any]) -> None:
        conn.add_query_logger(lambda q: sent.append((q.query, tuple(q.args))))

    pool = await asyncpg.create_pool(url, min_size=1, max_size=4, init=listen)
    store = PostgresStore(pool)
    await store.migrate()
    sent.clear()
    yield store, sent, url
    await store.close()
    await pg.drop(url)


async def test_every_sqlite_statement_uses_an_index(db_path: Path, clock: Clock) -> None:
    store = await SqliteStore.open(db_path)
    sent: list[str] = []
    for conn in (store.connection, store._reader):  # both connections: the writer and the reader
        await conn.set_trace_callback(sent.append)
    try:
        called = await workload(store, clock)
    finally:
        await store.close()
    assert protocol_methods() - called - {"close"} == set(), "the workload must call every store method"
    statements = [s for s in sent if not UNPLANNED.match(s)]
    assert any("FROM ratings" in s for s in statements) and any("INSERT INTO finishes" in s for s in statements)
    assert sqlite_scans(db_path, statements) == []


async def test_every_postgres_statement_uses_an_index(
    pg_store: tuple[PostgresStore, list[tuple[str, tuple[Any, ...]]], str], clock: Clock
) -> None:
    store, sent, url = pg_store
    called = await workload(store, clock)
    assert protocol_methods() - called - {"close"} == set(), "the workload must call every store method"
    statements = list({q: a for q, a in sent if MENTIONS.search(q) and not UNPLANNED.match(q)}.items())
    assert any("FROM ratings" in q for q, _ in statements)
    conn = await asyncpg.connect(url)
    try:
        partial = {
            str(r[0])
            for r in await conn.fetch(
                "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indpred IS NOT NULL"
            )
        }
        refused: list[str] = []
        async with conn.transaction():
            # Whole-relation strategies priced out: a scan chosen anyway has no index to use (on
            # tables this small, the planner would read them whole whatever the indexes).
            for strategy in ("seqscan", "mergejoin", "hashjoin"):
                await conn.execute(f"SET LOCAL enable_{strategy} = off")
            for query, args in statements:
                explained = await conn.fetchval("EXPLAIN (FORMAT JSON) " + query, *one_call(query, args))
                (plan,) = json.loads(explained)
                refused.extend(f"{step}: {query}" for step in pg_scans(plan["Plan"], partial))
    finally:
        await conn.close()
    assert refused == []
