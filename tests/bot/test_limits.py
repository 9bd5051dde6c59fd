"""What one process keeps in memory is bounded by its settings, and a long catch-up after an
outage goes in batches sized by time (issue 30)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.outbox import Place
from bot.service import TableService
from bot.settings import Settings
from bot.tables import Limits, Lru
from db.records import TableSettings
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, Clock
from tests.support.nim import NIM

TEST_GAMES = {**GAMES, "nim": NIM}


async def nim_tables(service: TableService, count: int, bank_hours: int | None = None) -> list[int]:
    """``count`` started Nim tables of ana and ben, one per channel (with a time bank of
    ``bank_hours``, else the default)."""
    ids = []
    for n in range(count):
        place = Place(guild_id=1, channel_id=300 + n)
        settings = None if bank_hours is None else TableSettings(bank_hours=bank_hours)
        await service.create(place, "nim", ANA, settings=settings)
        await service.join(place, BEN)
        ids.append((await service.start(place, ANA)).table_id)
    return ids


def test_a_bounded_mapping_forgets_the_least_recently_used_beyond_its_weight() -> None:
    held: Lru[str, list[int]] = Lru(5, weigh=len)
    held.put("a", [1, 2])
    held.put("b", [1, 2])
    assert held.get("a") == [1, 2]  # "a" is now the most recently used
    held.put("c", [1, 2])  # 6 > 5: "b" goes
    assert held.get("b") is None and held.get("a") and held.get("c") and held.weight == 4
    held.put("a", [1, 2, 3, 4, 5])  # "a" grows: "c" goes, then it fits alone
    assert held.get("c") is None and held.weight == 5 and len(held) == 1


async def test_the_caches_hold_what_the_limits_allow(tmp_path: Path, clock: Clock) -> None:
    store = await SqliteStore.open(tmp_path / "limits.sqlite3", cache_size=3)
    try:
        limits = Limits(cached_tables=3, cached_states=2, history_entries=10)
        service = TableService(store, TEST_GAMES, clock=clock, limits=limits)
        tables = await nim_tables(service, 5)
        for table_id in tables:
            await service.board(table_id=table_id)
            await service.log_page(Place(guild_id=1, channel_id=300 + tables.index(table_id)), ANA)
        assert sum(store.cached_table(t) is not None for t in tables) == 3
        assert len(service.tables._states) == 2
        assert service.history._stories.weight <= 10
    finally:
        await store.close()


def test_the_limits_come_from_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CACHED_TABLES", "500")
    monkeypatch.setenv("DUE_BATCH_SECONDS", "0.1")
    limits = Settings(_env_file=None).limits
    assert limits.cached_tables == 500 and limits.due_batch_seconds == 0.1
    assert limits.cached_states == Limits().cached_states


async def test_a_catch_up_goes_in_batches_and_looks_at_each_table_once(store: TableStore, clock: Clock) -> None:
    """Five tables timed out during an outage: with no time to spare per batch, each batch does
    one table and says so; the tables seen are not looked at again; the sixth batch finds none."""
    service = TableService(store, TEST_GAMES, clock=clock)
    tables = await nim_tables(service, 5, bank_hours=24)
    plies = {t: (await service.table(table_id=t)).ply for t in tables}
    clock.advance(hours=30)
    seen: set[int] = set()
    batches = [len(await service.run_due(budget=0.0, seen=seen)) for _ in range(6)]
    assert batches == [1, 1, 1, 1, 1, 0] and seen == set(tables)
    for table_id in tables:  # the AI played each timeout
        assert (await service.table(table_id=table_id)).ply > plies[table_id]
    assert await service.run_due() == []
