"""The store conformance suite: what every backend must do (db/store.py's ``TableStore``), run on
each backend of tests/db/conftest.py. Races are played as bot processes would: two stores (two
connections) on one database, with concurrent tasks."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from openskill.models import PlackettLuce

from bot.clocks import iso
from bot.errors import BadInput, NoTable, Stale, TableError, TableFull
from bot.leaderboard import differences, rated, rebuild
from bot.outbox import Place, Player
from bot.service import TableService
from db.records import Decision, LobbyChange, Move, MoveWrite, Played, SeatRecord, Start, TableRecord
from db.store import ChannelBusy, TableNotFound, TableStore
from rules.engine import rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, DEE, HERE, Clock
from tests.db.conftest import OpenStore
from tests.support.guess import GUESS
from tests.support.nim import NIM

HOST = SeatRecord("u1", "ana", False, "en", None, "")
TEST_GAMES = {**GAMES, "guess": GUESS, "nim": NIM}
PEOPLE = {p.id: p for p in (ANA, BEN, CY, DEE)}


async def two_services(open_store: OpenStore, clock: Clock) -> tuple[TableService, TableService]:
    """Two services, each on its own store (connection) to the same database: two bot processes."""
    seeds = iter(f"seed{i}" for i in range(10_000))
    a = TableService(await open_store(), TEST_GAMES, clock=clock, new_seed=lambda: next(seeds))
    b = TableService(await open_store(), TEST_GAMES, clock=clock, new_seed=lambda: next(seeds))
    return a, b


async def started(service: TableService, game: str, place: Place, *players: Player) -> int:
    await service.create(place, game, players[0])
    for p in players[1:]:
        await service.join(place, p)
    return (await service.start(place, players[0])).table_id


# -- tables and the log -----------------------------------------------------------------------------
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
    assert (await store.last_table(7)) == again
    assert [t.id for t in await store.live_tables()] == [again.id]


async def test_a_refused_move_writes_nothing(store: TableStore) -> None:
    table = await store.create_table(
        guild_id=1, channel_id=8, game="guess", options={}, seed="s", host=HOST, locale="en"
    )

    def refuse(_: object) -> Move[None]:
        raise ValueError("no")

    with pytest.raises(ValueError):
        await store.commit_move(table.id, refuse)
    assert await store.get_table(table.id) == table
    assert await store.actions(table.id) == []


async def test_commit_move_appends_actions_and_advances_the_ply(store: TableStore) -> None:
    table = await store.create_table(
        guild_id=1, channel_id=9, game="guess", options={}, seed="s", host=HOST, locale="en"
    )
    write = MoveWrite(
        actions=[Played(0, "a"), Played(1, "b")], state="{}", decisions=(Decision(0, 2, "t"),), status="active"
    )
    _, after = await store.commit_move(table.id, lambda rec: Move(write, None))
    assert after.ply == 2 and after.decisions == (Decision(0, 2, "t"),)
    assert [e[:3] for e in await store.actions(table.id)] == [(1, 0, "a"), (2, 1, "b")]
    assert await store.get_table(table.id) == after


async def test_unknown_and_impossible_ids_name_no_table(store: TableStore, service: TableService) -> None:
    """Issue: a table or channel id ≥ 2**63 crashed with an OverflowError. It names no table."""
    for huge in (2**63, 2**64, -(2**63) - 1):
        assert await store.get_table(huge) is None
        assert await store.live_table(huge) is None
        assert await store.last_table(huge) is None
        assert await store.actions(huge) == []
        with pytest.raises(TableNotFound):
            await store.commit_move(huge, lambda rec: Move(MoveWrite([], "{}", (), "active"), None))
        with pytest.raises(TableNotFound):
            await store.update_lobby(huge, lambda rec: LobbyChange(None))
        with pytest.raises(NoTable):
            await service.act(ANA, "stake:1", table_id=huge)
        with pytest.raises(BadInput):  # a channel no Discord has is bad input, before any lookup
            await service.join(Place(guild_id=1, channel_id=huge), ANA)
        with pytest.raises(BadInput):
            await service.create(Place(guild_id=huge, channel_id=huge), "guess", ANA)
    assert await store.get_table(12345) is None


async def test_player_preferences(store: TableStore) -> None:
    assert await store.closed_dms(["u9"]) == set()
    assert await store.note_dm_closed("u9")
    await store.flush()
    assert not await store.note_dm_closed("u9")
    assert await store.closed_dms(["u9", "u8", "u7"]) == {"u9"}
    assert await store.closed_dms(["u8"]) == set() and await store.closed_dms([]) == set()


async def test_the_heads_up_is_off_until_a_player_turns_it_on(open_store: OpenStore) -> None:
    """Issue 27's heads-up, a player's preference kept beside the others (migrations sqlite 0009,
    postgres 0006): off by default, on for whoever turns it on, seen by every process."""
    a, b = await open_store(), await open_store()
    assert await a.heads_up_for(["u1", "u2"]) == set() and await a.heads_up_for([]) == set()
    await a.set_heads_up("u1", True)
    await a.set_reminders("u1", False)
    assert await b.heads_up_for(["u1", "u2", "u3"]) == {"u1"}
    assert not await b.reminders_on("u1"), "one preference leaves the other alone"
    await b.set_heads_up("u1", False)
    await b.set_heads_up("u2", True)
    assert await a.heads_up_for(["u1", "u2"]) == {"u2"}


async def started_pair(store: TableStore, channel: int) -> TableRecord:
    """A "guess" table in ``channel`` with ana's host seat and ben, started at ply 1 (ben asked)."""
    table = await store.create_table(
        guild_id=1, channel_id=channel, game="guess", options={}, seed="s", host=HOST, locale="en"
    )
    ben = SeatRecord("u2", "ben", False, "fr", None, "")
    await store.update_lobby(table.id, lambda rec: LobbyChange(None, add=ben))
    first = MoveWrite([Played(0, "x")], '{"n": 1}', (Decision(1, 1, "t1"),), "active")
    _, started = await store.start_table(table.id, lambda rec: Start(["u1", "u2"], '{"n": 0}', first, None))
    return started


async def test_a_seat_carries_its_players_heads_up_to_every_process(open_store: OpenStore) -> None:
    """Issue 29: a move reads no preference; the heads-up comes with the seats, and turning it on
    or off is a new revision of the player's live tables, so a process holding one reads it again."""
    a, b = await open_store(), await open_store()
    table = started = await started_pair(a, 901)
    assert [s.heads_up for s in started.seats] == [False, False]
    held = await b.get_table(table.id)
    assert held is not None
    await a.set_heads_up("u2", True)
    fresh = await b.get_table(table.id)
    assert fresh is not None and fresh.revision == held.revision + 1
    assert [s.heads_up for s in fresh.seats] == [False, True]
    _, moved = await b.commit_move(
        table.id, lambda rec: Move(MoveWrite([Played(1, "y")], '{"n": 2}', (Decision(0, 2, "t2"),), "active"), None)
    )
    assert [s.heads_up for s in moved.seats] == [False, True]
    await b.set_heads_up("u2", False)
    again = await a.get_table(table.id)
    assert again is not None and [s.heads_up for s in again.seats] == [False, False]


async def test_a_record_knows_whose_latest_move_their_order_played(store: TableStore) -> None:
    """The orders notice (MG-ORD-3) reads the log only when a seat's latest move may be its
    order's: a started table knows none is, each move says so for the seats that moved, and a
    record read back from the database knows nothing (the log says)."""
    table = started = await started_pair(store, 902)
    assert started.by_order == {0: False, 1: False}
    ordered = MoveWrite([Played(1, "y", "order"), Played(0, "z")], '{"n": 3}', (Decision(1, 3, "t3"),), "active")
    _, moved = await store.commit_move(table.id, lambda rec: Move(ordered, None))
    assert moved.by_order == {0: False, 1: True}
    await store.set_heads_up("u1", True)  # a new revision: the record is read back
    read = await store.get_table(table.id)
    assert read is not None and read.by_order == {}


async def test_two_processes_opening_a_table_in_one_channel(open_store: OpenStore) -> None:
    """Both open a lobby in the same channel at once: one lands, the other is told which table is
    live there."""
    a, b = await open_store(), await open_store()
    for channel in range(10):
        results = await asyncio.gather(
            *(
                s.create_table(
                    guild_id=1, channel_id=1000 + channel, game="guess", options={}, seed="s", host=HOST, locale="en"
                )
                for s in (a, b)
            ),
            return_exceptions=True,
        )
        made = [r for r in results if isinstance(r, TableRecord)]
        busy = [r for r in results if isinstance(r, ChannelBusy)]
        assert len(made) == 1 and len(busy) == 1, results
        assert busy[0].table.id == made[0].id


# -- the lobby ---------------------------------------------------------------------------------------
async def test_two_ai_seats_added_at_once_get_two_names(open_store: OpenStore, clock: Clock) -> None:
    """Issue: two /game addbot at once died with an untyped IntegrityError (the AI number was
    chosen outside the transaction). Both land, numbered inside their writes."""
    a, b = await two_services(open_store, clock)
    for channel in range(10):
        place = Place(guild_id=1, channel_id=300 + channel)
        await a.create(place, "guess", ANA)
        results = await asyncio.gather(a.add_ai(place, ANA), b.add_ai(place, ANA), a.add_ai(place, ANA))
        seats = (await a.table(place)).seats
        assert len(seats) == 4 and len({s.user_id for s in seats}) == 4
        assert len({r.reply for r in results}) == 3
        with pytest.raises(TableFull):
            await b.add_ai(place, ANA)


async def test_the_last_human_leaving_while_someone_joins(open_store: OpenStore, clock: Clock) -> None:
    """Issue: a joiner was told "You joined" while the host's leave closed the table under them.
    Every outcome is consistent: the joiner is seated at a live table with a seated host, or the
    join is refused because the table closed first."""
    a, b = await two_services(open_store, clock)
    for channel in range(20):
        place = Place(guild_id=1, channel_id=400 + channel)
        await a.create(place, "guess", ANA)
        left, joined = await asyncio.gather(a.leave(place, ANA), b.join(place, BEN), return_exceptions=True)
        assert not isinstance(left, BaseException), left
        if isinstance(joined, BaseException):
            assert isinstance(joined, NoTable | TableError), joined
            assert left.over  # the table closed before the join
            with pytest.raises(NoTable):
                await a.table(place)
        else:
            table = await a.table(place)
            assert table.status == "lobby" and [s.user_id for s in table.seats] == [BEN.id]
            assert table.host_id == BEN.id


async def test_leave_is_one_write(store: TableStore, clock: Clock) -> None:
    """Issue: leave removed the seat, then passed the host's role in a second transaction (a crash
    between them left a lobby whose host was not seated). It is one write now."""
    writes: list[str] = []

    class Counting:
        def __getattr__(self, name: str) -> Any:
            method = getattr(store, name)
            if name in ("update_lobby", "set_status", "start_table", "commit_move", "create_table"):

                async def counted(*args: Any, **kwargs: Any) -> Any:
                    writes.append(name)
                    return await method(*args, **kwargs)

                return counted
            return method

        def __setattr__(self, name: str, value: Any) -> None:
            setattr(store, name, value)

    service = TableService(Counting(), TEST_GAMES, clock=clock)  # type: ignore[arg-type]
    await service.create(HERE, "guess", ANA)
    await service.join(HERE, BEN)
    writes.clear()
    out = await service.leave(HERE, ANA)
    assert writes == ["update_lobby"]
    table = await service.table(HERE)
    assert table.host_id == BEN.id and table.seat_of(BEN.id) and not table.seat_of(ANA.id)
    assert "ana left" in out.events[0]
    writes.clear()
    closed = await service.leave(HERE, BEN)
    assert writes == ["update_lobby"] and closed.over
    with pytest.raises(NoTable):
        await service.table(HERE)


# -- moves ---------------------------------------------------------------------------------------------
async def both_answer(a: TableService, b: TableService, table_id: int) -> tuple[object, object]:
    """``a`` and ``b`` answer the table's one open decision at once (stakes 1 and 2): what each got."""
    (ask,) = await a.asks(table_id=table_id)
    leader = PEOPLE[ask.user_id]
    return await asyncio.gather(
        a.act(leader, "stake:1", table_id=table_id, decision=ask.decision),
        b.act(leader, "stake:2", table_id=table_id, decision=ask.decision),
        return_exceptions=True,
    )


async def test_two_clicks_on_one_decision_land_once(service: TableService) -> None:
    """Two tasks answer the same (one-seat) decision at once: exactly one move lands."""
    table_id = await started(service, "guess", HERE, ANA, BEN, CY)
    results = await both_answer(service, service, table_id)
    landed = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(landed) == 1 and len(refused) == 1 and isinstance(refused[0], Stale)
    table = await service.table(table_id=table_id)
    assert table.ply == 1
    assert await service.replay(table_id) == service.state_of(table)


async def test_two_processes_on_one_database_never_both_land(open_store: OpenStore, clock: Clock) -> None:
    """Two bot processes race on one decision: exactly one move lands, the other is told why."""
    a, b = await two_services(open_store, clock)
    for channel in range(10):
        table_id = await started(a, "guess", Place(1, 600 + channel), ANA, BEN, CY)
        results = await both_answer(a, b, table_id)
        assert sum(not isinstance(r, BaseException) for r in results) == 1
        assert all(isinstance(r, Stale) for r in results if isinstance(r, BaseException))
        assert (await a.table(table_id=table_id)).ply == 1


@pytest.mark.parametrize("game", ["mogul", "toprace"])
async def test_clicks_alternating_between_two_processes_play_whole_games(
    open_store: OpenStore, clock: Clock, game: str
) -> None:
    """Issue: a process holding an old copy of the table answered a valid click "stale". Clicks
    for the current decision alternate between two processes for whole games: every one lands."""
    a, b = await two_services(open_store, clock)
    rules = TEST_GAMES[game]
    table_id = await started(a, game, Place(1, 700), ANA, BEN, CY)
    await b.asks(table_id=table_id)  # b now holds the table in memory too
    services = (a, b)
    for move in range(2_000):
        mover, other = services[move % 2], services[(move + 1) % 2]
        asks = await other.asks(table_id=table_id)  # what the player saw, shown by the other process
        if not asks:
            break
        ask = asks[0]
        state = other.state_of(await other.table(table_id=table_id))
        code = rules.action_code(rules.ai_action(state, ask.seat, rng_for("two", move)))
        await mover.act(PEOPLE[ask.user_id], code, table_id=table_id, decision=ask.decision)
    table = await a.table(table_id=table_id)
    assert table.status == "over"
    assert await a.replay(table_id) == a.state_of(table) == b.state_of(await b.table(table_id=table_id))


async def test_every_secret_pick_lands_when_fired_at_once_from_two_processes(
    open_store: OpenStore, clock: Clock
) -> None:
    """Issue: simultaneous secret bets from two processes were refused as "the board has moved on"
    while their decision was open (the write gave up after two tries). Every seat picks at once,
    half through each process: all land, round after round."""
    a, b = await two_services(open_store, clock)
    players = (ANA, BEN, CY, DEE)
    rng = random.Random(4)
    landed = 0
    for channel in range(15):
        table_id = await started(a, "guess", Place(1, 800 + channel), *players)
        for _ in range(2):  # two rounds: the stake, then four secret picks at once
            (ask,) = await a.asks(table_id=table_id)
            await b.act(PEOPLE[ask.user_id], "stake:1", table_id=table_id, decision=ask.decision)
            asks = await a.asks(table_id=table_id)
            assert len(asks) == 4
            results = await asyncio.gather(
                *(
                    (a, b)[i % 2].act(
                        PEOPLE[ask.user_id], f"pick:{rng.randint(1, 3)}", table_id=table_id, decision=ask.decision
                    )
                    for i, ask in enumerate(asks)
                ),
                return_exceptions=True,
            )
            assert [r for r in results if isinstance(r, BaseException)] == []
            landed += len(results)
        table = await a.table(table_id=table_id)
        assert table.status == "over" and table.ply == 10
    assert landed == 15 * 2 * 4


async def test_simultaneous_decisions_keep_the_other_seats_buttons(service: TableService) -> None:
    """Two seats answer a simultaneous (secret) decision at the same time: both moves land, and
    the third seat's button still names its open decision."""
    table_id = await started(service, "guess", HERE, ANA, BEN, CY)
    (ask,) = await service.asks(table_id=table_id)
    await service.act(PEOPLE[ask.user_id], "stake:1", table_id=table_id, decision=ask.decision)
    asks = await service.asks(table_id=table_id)
    assert len(asks) == 3 and len({a.decision for a in asks}) == 1
    first, second, third = asks
    await asyncio.gather(
        service.act(PEOPLE[first.user_id], "pick:1", table_id=table_id, decision=first.decision),
        service.act(PEOPLE[second.user_id], "pick:2", table_id=table_id, decision=second.decision),
    )
    table = await service.table(table_id=table_id)
    assert table.ply == 3 and sorted(service.state_of(table).picks) == [0, 1, 2]
    await service.act(PEOPLE[third.user_id], "pick:3", table_id=table_id, decision=third.decision)
    assert service.state_of(await service.table(table_id=table_id)).round == 2


async def test_restart_resumes_every_table(open_store: OpenStore, clock: Clock) -> None:
    """Close the store mid-game, open a new connection: every live table resumes where it was."""
    store = await open_store()
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "seed")
    states = {}
    for channel in range(5):
        place = Place(guild_id=1, channel_id=200 + channel)
        await service.create(place, "guess", ANA)
        await service.join(place, BEN)
        if channel % 2 == 0:
            out = await service.start(place, ANA)
            (ask,) = await service.asks(table_id=out.table_id)
            await service.act(PEOPLE[ask.user_id], "stake:2", table_id=out.table_id, decision=ask.decision)
        table = await service.table(place)
        states[table.id] = (table.status, table.ply, table.state, table.decisions)
    await store.close()

    again = TableService(await open_store(), TEST_GAMES, clock=clock)
    live = await again.live_tables()
    assert {t.id: (t.status, t.ply, t.state, t.decisions) for t in live} == states
    for table in live:
        if table.status == "active":
            assert await again.replay(table.id) == again.state_of(table)
            asks = await again.asks(table_id=table.id)
            assert len(asks) == 2  # both seats must now pick, with their decisions intact
            bens = next(a for a in asks if a.user_id == BEN.id)
            await again.act(BEN, "pick:1", table_id=table.id, decision=bens.decision)


# -- the table cache ---------------------------------------------------------------------------------
async def test_the_table_cache_is_bounded(store: TableStore) -> None:
    store._cache.size = 5  # type: ignore[attr-defined]
    ids = [
        (
            await store.create_table(
                guild_id=1, channel_id=channel, game="guess", options={}, seed="s", host=HOST, locale="en"
            )
        ).id
        for channel in range(12)
    ]
    assert len(store._cache) == 5  # type: ignore[attr-defined]
    assert (await store.get_table(ids[0])) is not None  # forgotten tables are read again


async def test_a_table_held_in_memory_follows_another_process_writes(open_store: OpenStore) -> None:
    """Process b holds the table in memory; every kind of write by process a shows in b's next
    read, and a move b decides on its old copy is decided again on the fresh row."""
    a, b = await open_store(), await open_store()
    table = await a.create_table(guild_id=1, channel_id=900, game="guess", options={}, seed="s", host=HOST, locale="en")
    assert await b.get_table(table.id) == table

    ben = SeatRecord("u2", "ben", False, "fr", None, "")
    _, joined = await a.update_lobby(table.id, lambda rec: LobbyChange(None, add=ben))
    assert await b.get_table(table.id) == joined and len(joined.seats) == 2
    assert await b.live_table(900) == joined

    a.note_board(table.id, 4242)
    await a.flush()
    assert (await b.get_table(table.id)).board_message_id == 4242  # type: ignore[union-attr]

    first = MoveWrite([Played(0, "x")], '{"n": 1}', (Decision(1, 1, "t1"),), "active")
    _, started = await a.start_table(table.id, lambda rec: Start(["u1", "u2"], '{"n": 0}', first, None))
    assert await b.get_table(table.id) == started
    assert [(s.user_id, s.seat) for s in started.seats] == [("u1", 0), ("u2", 1)]

    second = MoveWrite([Played(1, "y")], '{"n": 2}', (Decision(0, 2, "t2"),), "active")
    _, moved = await a.commit_move(table.id, lambda rec: Move(second, None))
    assert moved.ply == 2 and (await b.get_table(table.id)) == moved

    await a.commit_move(table.id, lambda rec: Move(MoveWrite([Played(0, "z")], '{"n": 3}', (), "active"), None))
    seen: list[int] = []

    def decide(rec: TableRecord) -> Move[int]:
        seen.append(rec.ply)
        if rec.ply < 3:
            raise ValueError("this copy is stale: the decision is gone")
        return Move(MoveWrite([Played(1, "w")], '{"n": 4}', (), "active"), rec.ply)

    ply, after = await b.commit_move(table.id, decide)  # b still holds ply 2 in memory
    assert seen == [2, 3] and ply == 3 and after.ply == 4
    assert await a.get_table(table.id) == after
    assert [e[:3] for e in await a.actions(table.id)] == [(1, 0, "x"), (2, 1, "y"), (3, 0, "z"), (4, 1, "w")]

    assert await a.set_status(table.id, "over", only_if=("active",))
    assert (await b.get_table(table.id)).status == "over"  # type: ignore[union-attr]
    assert await b.live_table(900) is None
    assert (await b.last_table(900)) == (await a.get_table(table.id))
    assert not await b.set_status(table.id, "cancelled")  # no longer live


async def test_a_stale_copy_whose_guard_misses_is_decided_again(open_store: OpenStore) -> None:
    """b decides on its old copy and the write's guard finds the row moved: b decides again on the
    fresh row, and the log has both moves, in order, once each."""
    a, b = await open_store(), await open_store()
    table = await a.create_table(guild_id=1, channel_id=901, game="guess", options={}, seed="s", host=HOST, locale="en")
    await b.get_table(table.id)
    await a.commit_move(table.id, lambda rec: Move(MoveWrite([Played(0, "a")], "{}", (), "active"), None))
    seen: list[tuple[int, int]] = []

    def decide(rec: TableRecord) -> Move[None]:
        seen.append((rec.ply, rec.revision))
        return Move(MoveWrite([Played(1, "b"), Played(0, "c")], "{}", (), "active"), None)

    _, after = await b.commit_move(table.id, decide)
    assert [ply for ply, _ in seen] == [0, 1] and seen[1][1] == seen[0][1] + 1
    assert after.ply == 3 and await a.get_table(table.id) == after
    assert [e[:3] for e in await a.actions(table.id)] == [(1, 0, "a"), (2, 1, "b"), (3, 0, "c")]


# -- what falls due ---------------------------------------------------------------------------------
async def test_due_tables_are_the_active_ones_whose_time_has_come(store: TableStore, clock: Clock) -> None:
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    first = await started(service, "guess", Place(1, 901), ANA, BEN)
    second = await started(service, "guess", Place(1, 902), ANA, BEN)
    now = clock()
    assert await store.due_tables(iso(now)) == []
    clock.advance(hours=37)  # half of the default 72 h: the first reminders fall due
    assert await store.due_tables(iso(clock())) == [first, second]
    assert await store.due_tables(iso(clock()), limit=1) == [first]
    await store.set_status(first, "cancelled")
    assert await store.due_tables(iso(clock())) == [second]


async def test_two_processes_running_what_fell_due_act_once(open_store: OpenStore, clock: Clock) -> None:
    """Both bot processes look for due work at the same moment: each reminder and each timeout
    happens once (the one whose guarded write lands), whatever the interleaving."""
    a, b = await two_services(open_store, clock)
    tables = [await started(a, "mogul", Place(1, 910 + i), ANA, BEN, CY) for i in range(6)]
    clock.advance(hours=37)
    outs = await asyncio.gather(a.run_due(), b.run_due())
    reminded = [r.user_id for out in outs for box in out for r in box.reminders]
    assert len(reminded) == len(tables)  # one first reminder per table, from one process or the other
    clock.advance(hours=40)  # past the deadline
    plies = {t: (await a.table(table_id=t)).ply for t in tables}
    outs = await asyncio.gather(a.run_due(), b.run_due(), a.run_due())
    timeouts = [e for out in outs for box in out for e in box.events if "time ran out" in e]
    assert len(timeouts) == len(tables)
    for table_id in tables:
        table = await b.table(table_id=table_id)
        assert table.ply > plies[table_id]
        assert await b.replay(table_id) == b.state_of(table)


async def test_reminders_pings_results_and_past_tables(store: TableStore, clock: Clock) -> None:
    assert await store.reminders_on("u1")
    await store.set_reminders("u1", False)
    assert not await store.reminders_on("u1")
    await store.set_reminders("u1", True)
    assert await store.reminders_on("u1")
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    table_id = await started(service, "guess", Place(5, 920), ANA, BEN)
    while (table := await service.table(table_id=table_id)).status == "active":
        for ask in await service.asks(table_id=table_id):
            await service.act(PEOPLE[ask.user_id], ask.choices[0].code, table_id=table_id, decision=ask.decision)
    (over,) = await store.finished_tables(5)
    assert over.id == table.id and over.results and len(over.results.standings) == 2
    assert await store.finished_tables(5, "mogul") == [] and await store.finished_tables(6) == []
    assert [t.id for t in await store.channel_tables(920)] == [table_id]


async def test_two_processes_apply_a_standing_order_once(open_store: OpenStore, clock: Clock) -> None:
    """MG-ORD: an order lives in the table's row and acts inside the guarded write of the move
    before it, so when that move reaches two processes at once, one write lands, with the order's
    answer, and the other finds the table moved: the order never pays twice."""
    a, b = await two_services(open_store, clock)
    place = Place(1, 940)
    table_id = await started(a, "mogul", place, ANA, BEN, CY)
    table = await a.table(table_id=table_id)
    (ask,) = await a.asks(table_id=table_id)
    assert a.state_of(table).phase == "auction"
    holder_seat = (ask.seat + 1) % 3  # the next bidder, clockwise (MG-AUC-1)
    holder = PEOPLE[table.seats[holder_seat].user_id]
    await a.set_orders(place, holder, {"scope": "always", "pays": "5", "pot": "off", "keep": "off", "after": "ask"})
    clicker = PEOPLE[ask.user_id]
    outcomes = await asyncio.gather(
        a.act(clicker, "pay", table_id=table_id, decision=ask.decision),
        b.act(clicker, "pay", table_id=table_id, decision=ask.decision),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Outbox", "Stale"]
    log = await b.store.actions(table_id)
    assert [(e.seat, e.code, e.how) for e in log[-2:]] == [(ask.seat, "pay", ""), (holder_seat, "pay", "order")]
    assert await b.replay(table_id) == b.state_of(await b.table(table_id=table_id))


async def test_a_pre_move_survives_a_restart_and_plays_once_when_two_processes_race_the_turn_before(
    open_store: OpenStore, clock: Clock
) -> None:
    """RB-PRE-1/2: a pre-move lives in the table's row (a process started afterwards sees it) and
    plays inside the guarded write of the move that ends the turn before it; when that move
    reaches two processes at once, one write lands, with the pre-move's part, the other finds the
    table moved: the pre-move never plays twice. (A pre-move whose cell the last move changed is
    dropped, RB-PRE-2: the next turn's player then plans theirs, until one plays.)"""
    a, _ = await two_services(open_store, clock)
    place = Place(1, 941)
    table_id = await started(a, "racebow", place, ANA, BEN, CY)
    rules = a.games["racebow"]
    assert rules.orders is not None and rules.orders.suggest is not None and rules.up_next is not None
    b: TableService | None = None
    played = False
    for ply in range(120):
        table = await a.table(table_id=table_id)
        (ask,) = await a.asks(table_id=table_id)
        state = a.state_of(table)
        action = rules.ai_action(state, ask.seat, rng_for("race", ply))
        after, _ = rules.apply(state, ask.seat, action, rng_for(table.seed, table.ply + 1))
        clicker, code = PEOPLE[ask.user_id], rules.action_code(action)
        holder_seat = rules.up_next(state)
        if holder_seat is None or holder_seat not in rules.to_act(after) or holder_seat == ask.seat:
            await a.act(clicker, code, table_id=table_id, decision=ask.decision)
            continue
        # The click that ends this turn is next: the holder plans their turn now.
        holder = PEOPLE[table.seats[holder_seat].user_id]
        planned = rules.orders.suggest(state, holder_seat)
        await a.set_orders(place, holder, {k: v for k, v in planned.items() if k in ("m1", "stack", "then")})
        if b is None:  # a process started afterwards finds the pre-move held (a restart keeps it)
            b = TableService(await open_store(), TEST_GAMES, clock=clock)
        held = (await a.table(table_id=table_id)).orders[holder_seat]
        assert (await b.table(table_id=table_id)).orders[holder_seat] == held
        before = table.ply
        outcomes = await asyncio.gather(
            a.act(clicker, code, table_id=table_id, decision=ask.decision),
            b.act(clicker, code, table_id=table_id, decision=ask.decision),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["Outbox", "Stale"]
        made = await b.store.actions(table_id, after=before)
        if any(e.seat == holder_seat and e.how == "order" for e in made):
            played = True
            break
    assert played and b is not None, "no pre-move played"
    log = await b.store.actions(table_id)
    assert [e.ply for e in log] == list(range(1, len(log) + 1)), "every move once"
    assert await b.replay(table_id) == b.state_of(await b.table(table_id=table_id))


# -- the leaderboard, kept as games end (issue 30) --------------------------------------------------
async def play_out(service: TableService, table_id: int, rng: random.Random) -> None:
    """Play a table to its end, each seat choosing at random."""
    while (await service.table(table_id=table_id)).status == "active":
        for ask in await service.asks(table_id=table_id):
            choice = rng.choice(ask.choices).code
            await service.act(PEOPLE[ask.user_id], choice, table_id=table_id, decision=ask.decision)


def recomputed(tables: list[TableRecord]) -> list[tuple[str, int, int, int]]:
    """A server's leaderboard the way it was computed before ratings were kept: OpenSkill over
    every finished game in the order they ended, best first (user, rating, games, wins)."""
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    names: dict[str, str] = {}
    for table in tables:
        rows = rated(table.results)
        if len(rows) < 2:
            continue
        for row in rows:
            ratings.setdefault(row.user, model.rating(name=row.user))
            games[row.user] = games.get(row.user, 0) + 1
            wins[row.user] = wins.get(row.user, 0) + (row.rank == 1)
            names[row.user] = row.name
        new = model.rate([[ratings[r.user]] for r in rows], ranks=[r.rank for r in rows])
        for row, (rating,) in zip(rows, new, strict=True):
            ratings[row.user] = rating
    board = [(user, round(ratings[user].ordinal()), games[user], wins[user]) for user in ratings]
    return sorted(board, key=lambda r: (-r[1], -r[3], names[r[0]]))


async def test_ratings_follow_each_finished_game_and_a_rebuild_agrees(open_store: OpenStore, clock: Clock) -> None:
    """The move that ends a game rates it (two processes finishing games in turn, one of them at
    once in one server): the leaderboard reads the same figures as the old computation over every
    finished game, and the rebuild from the finished games changes nothing."""
    a, b = await two_services(open_store, clock)
    rng = random.Random(4)
    people = [ANA, BEN, CY, DEE]
    for n in range(8):
        service = a if n % 2 else b
        table_id = await started(service, "guess", Place(7 if n < 6 else 8, 960 + n), *rng.sample(people, 3))
        await play_out(service, table_id, rng)
    store = a.store
    board = await store.ratings(7)
    assert [(r.user, r.rating, r.games, r.wins) for r in board] == recomputed(await store.finished_tables(7))
    assert [r.name for r in (await a.leaderboard(Place(7, 960))).ranks] == [r.name for r in board if r.games >= 3]
    assert await store.ratings(7, "guess") == board  # one game played: the same ratings
    assert sum(r.games for r in await store.ratings(8)) == 6 and await store.ratings(9) == []  # 2 games of 3
    assert await store.unranked_players(7, below=100) == len(board)
    before = {(g, k): await store.ratings(g, k) for g in (7, 8) for k in (None, "guess")}
    assert await differences(store) == 0 and not await store.ratings_pending()
    assert await rebuild(store) == {7: 6, 8: 2}
    assert {(g, k): await store.ratings(g, k) for g in (7, 8) for k in (None, "guess")} == before


async def test_two_games_ending_at_once_are_rated_in_one_order(open_store: OpenStore, clock: Clock) -> None:
    """Two processes end two games of one server at the same moment, a player sitting at both:
    each game is applied once, one after the other, in the order a rebuild replays."""
    a, b = await two_services(open_store, clock)
    first = await started(a, "nim", Place(3, 980), ANA, BEN, CY)
    second = await started(b, "nim", Place(3, 981), ANA, BEN, DEE)
    lasts = []
    for service, table_id in ((a, first), (b, second)):
        while True:  # one stick at a time, until the next player can take the last ones
            (ask,) = await service.asks(table_id=table_id)
            if service.state_of(await service.table(table_id=table_id)).pile <= 3:
                break
            await service.act(PEOPLE[ask.user_id], ask.choices[0].code, table_id=table_id, decision=ask.decision)
        lasts.append((service, table_id, ask))
    await asyncio.gather(
        *(s.act(PEOPLE[k.user_id], k.choices[-1].code, table_id=t, decision=k.decision) for s, t, k in lasts)
    )
    assert (await a.table(table_id=first)).status == (await a.table(table_id=second)).status == "over"
    assert {r.user: r.games for r in await a.store.ratings(3)} == {ANA.id: 2, BEN.id: 2, CY.id: 1, DEE.id: 1}
    assert await differences(a.store) == 0


async def test_games_that_ended_unrated_are_rated_by_the_catch_up(store: TableStore, clock: Clock) -> None:
    """A game that ended while nobody rated it (before ratings were kept: a store with no rater)
    waits for the catch-up, which rebuilds the server's ratings; a rebuild that a newer game
    overtook writes nothing."""
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    store.rate = None
    rng = random.Random(2)
    for n in range(3):
        await play_out(service, await started(service, "guess", Place(5, 990 + n), ANA, BEN, CY), rng)
    assert await store.ratings_pending() and await store.ratings(5) == []
    assert await service.catch_up_ratings() == 3
    assert not await store.ratings_pending()
    assert [(r.user, r.rating, r.games, r.wins) for r in await store.ratings(5)] == recomputed(
        await store.finished_tables(5)
    )
    assert await service.catch_up_ratings() == 0
    (last,) = await store.finished_games(after=2)
    assert not await store.replace_ratings(5, {}, upto=last.seq - 1)  # the game numbered last came after
    assert await store.ratings(5) != []
    assert await store.replace_ratings(5, {}, upto=last.seq) and await store.ratings(5) == []


async def test_a_players_live_seats_follow_their_tables(store: TableStore, clock: Clock) -> None:
    """/game turns reads a player's live seats only: a table that ends or is cancelled leaves it."""
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    ended = await started(service, "guess", Place(5, 995), ANA, BEN)
    going = await started(service, "guess", Place(5, 996), ANA, CY)
    cancelled = await started(service, "guess", Place(5, 997), ANA, DEE)
    assert [t.id for t in await store.seated_tables(ANA.id)] == [ended, going, cancelled]
    await play_out(service, ended, random.Random(1))
    await service.cancel(Place(5, 997), ANA)
    assert [t.id for t in await store.seated_tables(ANA.id)] == [going]
    assert [t.id for t in await store.seated_tables(BEN.id)] == []


async def test_a_noted_board_is_written_by_the_next_move_and_cleared_by_a_hand_off(open_store: OpenStore) -> None:
    """Where a front end posted the board is no write of its own (no revision, the record held in
    memory stays good): the next move of the table writes it; a move that moves the board clears it."""
    a, b = await open_store(), await open_store()
    table = started = await started_pair(a, 930)

    a.note_board(table.id, 77)
    held = await a.get_table(table.id)
    assert held is not None and held.board_message_id == 77 and held.revision == started.revision
    assert (await b.get_table(table.id)).board_message_id is None  # type: ignore[union-attr]

    stay = MoveWrite([Played(1, "y")], '{"n": 2}', (Decision(1, 2, "t2"),), "active")
    _, moved = await a.commit_move(table.id, lambda rec: Move(stay, None))
    assert moved.board_message_id == 77 and (await b.get_table(table.id)) == moved

    hand_off = MoveWrite([Played(1, "z")], '{"n": 3}', (Decision(0, 3, "t3"),), "active", board_moves=True)
    _, handed = await a.commit_move(table.id, lambda rec: Move(hand_off, None))
    assert handed.board_message_id is None and (await b.get_table(table.id)) == handed

    a.note_board(table.id, 78)
    await a.close()  # closing writes what was noted
    assert (await b.get_table(table.id)).board_message_id == 78  # type: ignore[union-attr]


async def test_a_closed_dm_is_told_once_and_stored_with_the_next_flush(open_store: OpenStore) -> None:
    a, b = await open_store(), await open_store()
    assert await a.note_dm_closed("u9")
    assert not await a.note_dm_closed("u9")
    assert await a.closed_dms(["u9", "u8"]) == {"u9"}
    assert await b.closed_dms(["u9"]) == set()
    await a.flush()
    assert await b.closed_dms(["u9"]) == {"u9"}
    assert not await b.note_dm_closed("u9")
