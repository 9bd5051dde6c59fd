"""Shared fixtures: a migrated store on a temporary file and a table service over it, and a
throwaway PostgreSQL server for the tests that run on it."""

from __future__ import annotations

import itertools
import os
import signal
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest
from hypothesis import settings

from bot.outbox import Place, Player
from bot.service import TableService
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.registry import GAMES
from tests.support.guess import GUESS
from tests.support.pgserver import PgServer

# The fifth game's own tests run only where the game sits in the tree: in the temporary copy of
# tests/cogs/test_a_fifth_game.py (in place, ``rules.nim`` does not exist).
collect_ignore = ["fifth_game/tests"]

# In CI, property tests draw the same examples every run, so a red build always reproduces.
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[TableStore]:
    store = await SqliteStore.open(db_path)
    yield store
    await store.close()


@pytest.fixture
async def service(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, {**GAMES, "guess": GUESS}, clock=clock, new_seed=lambda: next(seeds))


_schemas = itertools.count(1)


class PgDatabases:
    """Databases on the session's throwaway server: each test gets a schema of its own in one
    database (the URL's ``search_path``), which the first store opened on it migrates."""

    def __init__(self, server: PgServer) -> None:
        self.server = server

    async def create(self) -> str:
        """A new empty schema; returns the URL that reaches it."""
        name = f"test_{next(_schemas)}"
        conn = await asyncpg.connect(self.server.url())
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return f"{self.server.url()}&search_path={name}"

    async def drop(self, url: str) -> None:
        """Drop the schema of ``url`` and all it holds."""
        (name,) = parse_qs(urlsplit(url).query)["search_path"]
        conn = await asyncpg.connect(self.server.url())
        try:
            await conn.execute(f"DROP SCHEMA {name} CASCADE")
        finally:
            await conn.close()


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


@pytest.fixture(scope="session")
def pg() -> Iterator[PgDatabases]:
    """One throwaway PostgreSQL server for the whole session (fails, never skips, without one)."""
    server = PgServer.start()
    # A run stopped by SIGTERM (a CI timeout, a developer's kill) ends like Ctrl-C: pytest stops
    # and tears its fixtures down, this one included; the default action would leave the server
    # running.
    previous = signal.getsignal(signal.SIGTERM)
    if previous is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _interrupt)
    yield PgDatabases(server)
    signal.signal(signal.SIGTERM, previous)
    server.stop()


@pytest.fixture
async def pg_url(pg: PgDatabases) -> AsyncIterator[str]:
    """The URL of a fresh schema on the session's PostgreSQL server, dropped after the test."""
    url = await pg.create()
    yield url
    await pg.drop(url)


HERE = Place(guild_id=1, channel_id=100)
ANA = Player("u-ana", "ana", "en")
BEN = Player("u-ben", "ben", "fr")
CY = Player("u-cy", "cy", "en")
DEE = Player("u-dee", "dee", "en")
