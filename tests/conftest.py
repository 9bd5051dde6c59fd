"""Shared fixtures: a migrated store on a temporary file and a table service over it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import settings

from bot.outbox import Place, Player
from bot.service import TableService
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.registry import GAMES
from tests.support.guess import GUESS

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


HERE = Place(guild_id=1, channel_id=100)
ANA = Player("u-ana", "ana", "en")
BEN = Player("u-ben", "ben", "fr")
CY = Player("u-cy", "cy", "en")
DEE = Player("u-dee", "dee", "en")
