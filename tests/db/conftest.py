"""The store conformance suite runs on every backend: ``backend`` names it, ``open_store()`` opens
another connection to the same database (as a second bot process would).

PostgreSQL runs as a throwaway server started once per test session (the ``pg`` fixture of
tests/conftest.py); each test gets a fresh schema of its own (tens of milliseconds, migrations
included).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from db import open_store as open_any_store
from db.store import TableStore
from tests.conftest import PgDatabases

BACKENDS = ["sqlite", "postgres"]

OpenStore = Callable[[], Awaitable[TableStore]]


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
    pg: PgDatabases = request.getfixturevalue("pg")  # a sync fixture: an async one cannot be asked for here
    url = await pg.create()
    yield url
    await pg.drop(url)


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
