"""The store conformance suite runs on every backend: ``backend`` names it, ``open_store()`` opens
another connection to the same database (as a second bot process would)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from db.sqlite import SqliteStore
from db.store import TableStore

BACKENDS = ["sqlite"]

OpenStore = Callable[[], Awaitable[TableStore]]


@pytest.fixture(params=BACKENDS)
async def open_store(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[OpenStore]:
    """Opens stores on one fresh database of the backend; closes them all after the test."""
    opened: list[TableStore] = []

    async def make() -> TableStore:
        store = await SqliteStore.open(db_path)
        opened.append(store)
        return store

    yield make
    for store in opened:
        await store.close()


@pytest.fixture
async def store(open_store: OpenStore) -> TableStore:
    return await open_store()
