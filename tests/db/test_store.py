"""TableStore on a real SQLite file: migrations, one live table per channel, the ply guard."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.tables import Stale, TableService
from db.store import ChannelBusy, Decision, MoveWrite, SeatRecord, TableStore, migrations
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.guess import GUESS

HOST = SeatRecord("u1", "ana", False, "en", None, "")


async def test_migrations_are_numbered_and_applied_once(db_path: Path) -> None:
    versions = [v for v, _ in migrations()]
    assert versions == sorted(set(versions)) and versions[0] == 1
    store = await TableStore.open(db_path)
    assert await store.migrate() == versions[-1]  # a second run applies nothing more
    await store.close()
    async with aiosqlite.connect(db_path) as conn:
        rows = await (await conn.execute("SELECT version FROM schema_version ORDER BY version")).fetchall()
        mode = await (await conn.execute("PRAGMA journal_mode")).fetchone()
    assert [r[0] for r in rows] == versions
    assert mode is not None and mode[0] == "wal"


async def test_one_live_table_per_channel(store: TableStore) -> None:
    first = await store.create_table(
        guild_id=1, channel_id=7, game="guess", options={}, seed="s", host=HOST, locale="en"
    )
    with pytest.raises(ChannelBusy) as busy:
        await store.create_table(guild_id=1, channel_id=7, game="guess", options={}, seed="s", host=HOST, locale="en")
    assert busy.value.table.id == first.id
    assert await store.set_status(first.id, "cancelled")
    again = await store.create_table(
        guild_id=1, channel_id=7, game="guess", options={}, seed="s", host=HOST, locale="en"
    )
    assert again.id != first.id and again.status == "lobby"


async def test_a_refused_move_writes_nothing(store: TableStore) -> None:
    table = await store.create_table(
        guild_id=1, channel_id=8, game="guess", options={}, seed="s", host=HOST, locale="en"
    )

    def refuse(_: object) -> MoveWrite:
        raise ValueError("no")

    with pytest.raises(ValueError):
        await store.commit_move(table.id, refuse)
    after = await store.get_table(table.id)
    assert after == table
    assert await store.actions(table.id) == []


async def test_commit_move_appends_actions_and_advances_the_ply(store: TableStore) -> None:
    table = await store.create_table(
        guild_id=1, channel_id=9, game="guess", options={}, seed="s", host=HOST, locale="en"
    )
    write = MoveWrite(actions=[(0, "a"), (1, "b")], state="{}", decisions=(Decision(0, 2, "t"),), status="active")
    _, after = await store.commit_move(table.id, lambda rec: write)
    assert after.ply == 2 and after.decisions == (Decision(0, 2, "t"),)
    assert await store.actions(table.id) == [(1, 0, "a"), (2, 1, "b")]


async def _guess_table(service: TableService) -> int:
    await service.create(HERE, "guess", ANA)
    await service.join(HERE, BEN)
    await service.join(HERE, CY)
    out = await service.start(HERE, ANA)
    return out.table_id


async def test_two_clicks_on_one_decision_land_once(service: TableService) -> None:
    """Two tasks answer the same (one-seat) decision at once: exactly one move lands."""
    table_id = await _guess_table(service)
    (ask,) = await service.asks(table_id=table_id)
    leader = next(p for p in (ANA, BEN, CY) if p.id == ask.user_id)
    results = await asyncio.gather(
        service.act(leader, "stake:1", table_id=table_id, decision=ask.decision),
        service.act(leader, "stake:2", table_id=table_id, decision=ask.decision),
        return_exceptions=True,
    )
    landed = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(landed) == 1 and len(refused) == 1 and isinstance(refused[0], Stale)
    table = await service.table(table_id=table_id)
    assert table.ply == 1
    assert await service.replay(table_id) == service.state_of(table)


async def test_simultaneous_decisions_both_land(service: TableService) -> None:
    """Two seats answer a simultaneous (secret) decision at the same time: both moves land."""
    table_id = await _guess_table(service)
    (ask,) = await service.asks(table_id=table_id)
    leader = next(p for p in (ANA, BEN, CY) if p.id == ask.user_id)
    await service.act(leader, "stake:1", table_id=table_id, decision=ask.decision)
    asks = await service.asks(table_id=table_id)
    assert len(asks) == 3 and len({a.decision for a in asks}) == 1
    by_id = {p.id: p for p in (ANA, BEN, CY)}
    first, second = asks[0], asks[1]
    await asyncio.gather(
        service.act(by_id[first.user_id], "pick:1", table_id=table_id, decision=first.decision),
        service.act(by_id[second.user_id], "pick:2", table_id=table_id, decision=second.decision),
    )
    table = await service.table(table_id=table_id)
    assert table.ply == 3  # the stake and both picks
    state = service.state_of(table)
    assert sorted(state.picks) == [0, 1, 2]
    # The third seat's button still names its open decision and still works.
    third = asks[2]
    await service.act(by_id[third.user_id], "pick:3", table_id=table_id, decision=third.decision)
    assert service.state_of(await service.table(table_id=table_id)).round == 2


async def test_two_processes_on_one_file_never_both_land(db_path: Path, clock: Clock) -> None:
    """Two stores (two connections, as two bot processes would have) race on one decision."""
    store_a = await TableStore.open(db_path)
    store_b = await TableStore.open(db_path)
    try:
        a = TableService(store_a, {"guess": GUESS}, clock=clock, new_seed=lambda: "x")
        b = TableService(store_b, {"guess": GUESS}, clock=clock, new_seed=lambda: "x")
        table_id = await _guess_table(a)
        (ask,) = await a.asks(table_id=table_id)
        leader = next(p for p in (ANA, BEN, CY) if p.id == ask.user_id)
        results = await asyncio.gather(
            a.act(leader, "stake:1", table_id=table_id, decision=ask.decision),
            b.act(leader, "stake:2", table_id=table_id, decision=ask.decision),
            return_exceptions=True,
        )
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        assert (await store_a.get_table(table_id)).ply == 1  # type: ignore[union-attr]
    finally:
        await store_a.close()
        await store_b.close()


async def test_restart_resumes_every_table(db_path: Path, clock: Clock) -> None:
    """Close the store mid-game, open a new connection: every live table resumes where it was."""
    store = await TableStore.open(db_path)
    service = TableService(store, {"guess": GUESS}, clock=clock, new_seed=lambda: "seed")
    states = {}
    for channel in range(5):
        place = type(HERE)(guild_id=1, channel_id=200 + channel)
        await service.create(place, "guess", ANA)
        await service.join(place, BEN)
        if channel % 2 == 0:
            out = await service.start(place, ANA)
            (ask,) = await service.asks(table_id=out.table_id)
            who = ANA if ask.user_id == ANA.id else BEN
            await service.act(who, "stake:2", table_id=out.table_id, decision=ask.decision)
        table = await service.table(place)
        states[table.id] = (table.status, table.ply, table.state, table.decisions)
    await store.close()

    reopened = await TableStore.open(db_path)
    again = TableService(reopened, {"guess": GUESS}, clock=clock)
    live = await again.live_tables()
    assert {t.id: (t.status, t.ply, t.state, t.decisions) for t in live} == states
    for table in live:
        if table.status == "active":
            assert await again.replay(table.id) == again.state_of(table)
            asks = await again.asks(table_id=table.id)
            assert len(asks) == 2  # both seats must now pick, with their decisions intact
            bens = next(a for a in asks if a.user_id == BEN.id)
            await again.act(BEN, "pick:1", table_id=table.id, decision=bens.decision)
    await reopened.close()
