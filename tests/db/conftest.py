"""The store conformance suite runs on every backend: ``backend`` names it, ``open_store()`` opens
another connection to the same database (as a second bot process would).

PostgreSQL runs as a throwaway server started once per test session (tests/support/pgserver.py);
each test gets a fresh schema of its own (tens of milliseconds, migrations included).
"""

from __future__ import annotations

import itertools
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import asyncpg
import pytest

from db import open_store as open_any_store
from db.store import TableStore
from tests.support.pgserver import PgServer

BACKENDS = ["sqlite", "postgres"]

OpenStore = Callable[[], Awaitable[TableStore]]
_numbers = itertools.count(1)


class PgDatabases:
    """Databases on the session's throwaway server: each test gets a schema of its own in one
    database (the URL's ``search_path``), which the first store opened on it migrates."""

    def __init__(self, server: PgServer) -> None:
        self.server = server

    async def create(self) -> str:
        """A new empty schema; returns the URL that reaches it."""
        name = f"test_{next(_numbers)}"
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


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend under test."""
    return str(request.param)


@pytest.fixture
async def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[str | Path]:
    """A fresh, migrated database of ``backend``: an SQLite path or a PostgreSQL URL."""
    if backend == "sqlite":
        yield db_path
        return
    databases: PgDatabases = request.getfixturevalue("pg")
    url = await databases.create()
    yield url
    await databases.drop(url)


@pytest.fixture
async def open_store(database: str | Path) -> AsyncIterator[OpenStore]:
    """Opens stores on one fresh database of the backend; closes them all after the test."""
    opened: list[TableStore] = []

    async def make() -> TableStore:
        store = await open_any_store(database)
        opened.append(store)
        return store

    yield make
    for store in opened:
        await store.close()


@pytest.fixture
async def store(open_store: OpenStore) -> TableStore:
    return await open_store()
