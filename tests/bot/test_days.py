"""Play over days, with an injected clock (no sleeps, no real time): reminders fire once each,
timeouts play the AI's move, two timeouts make a seat away, catch-up after downtime fires each due
item exactly once, a timeout racing a move lands once, pauses, leaving, kicking and coming back,
undo allowed and refused, the paged log and the recap, results and the leaderboard."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.errors import NotHost, Stale, TableError, UndoRefused
from bot.outbox import Place, Player
from bot.service import TableService
from db.records import Clocks, TableSettings
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.guess import GUESS
from tests.support.nim import NIM

TEST_GAMES = {**GAMES, "guess": GUESS, "nim": NIM}
PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


@pytest.fixture
def days(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: next(seeds))


async def started(
    service: TableService, game: str = "nim", *players: Player, place: Place = HERE, **settings: Any
) -> int:
    players = players or (ANA, BEN)
    await service.create(place, game, players[0], settings=TableSettings(**settings) if settings else None)
    for p in players[1:]:
        await service.join(place, p)
    return (await service.start(place, players[0])).table_id


async def clocks_of(service: TableService, table_id: int) -> Clocks:
    return (await service.table(table_id=table_id)).clocks


async def asked(service: TableService, table_id: int) -> tuple[Player, Any]:
    (ask,) = await service.asks(table_id=table_id)
    return PEOPLE[ask.user_id], ask


async def test_reminders_fire_once_each_then_the_ai_plays_the_timeout(days: TableService, clock: Clock) -> None:
    table_id = await started(days)
    who, ask = await asked(days, table_id)
    board = await days.board(HERE)
    assert [c.user_id for c in board.clocks] == [who.id]  # the board says whose clock runs
    assert await days.run_due() == []
    clock.advance(hours=35)
    assert await days.run_due() == []
    clock.advance(hours=2)  # half of 72 h
    (first,) = await days.run_due()
    assert [(r.user_id, r.last) for r in first.reminders] == [(who.id, False)]
    assert await days.run_due() == []  # once only
    clock.advance(hours=33)  # 70 h: near the end
    (second,) = await days.run_due()
    assert [(r.user_id, r.last) for r in second.reminders] == [(who.id, True)]
    assert await days.run_due() == []
    clock.advance(hours=3)  # 73 h: time ran out
    (timeout,) = await days.run_due()
    assert any("time ran out" in e and "AI played" in e for e in timeout.events)
    table = await days.table(table_id=table_id)
    assert table.ply >= 1 and table.decision_of(ask.seat) is None
    assert (await clocks_of(days, table_id)).seats[ask.seat].timeouts == 1
    assert await days.replay(table_id) == days.state_of(table)


async def test_reminders_respect_a_player_who_turned_them_off(days: TableService, clock: Clock) -> None:
    table_id = await started(days)
    who, _ = await asked(days, table_id)
    await days.remind(who, False)
    clock.advance(hours=40)
    (out,) = await days.run_due()
    assert out.reminders == []  # recorded as sent, but nobody is pinged
    clock.advance(hours=1)
    assert await days.run_due() == []
    await days.remind(who, True)


async def test_two_timeouts_in_a_row_mark_the_seat_away_until_any_command(days: TableService, clock: Clock) -> None:
    table_id = await started(days, "guess", ANA, BEN, CY, bank_hours=24, bonus_hours=6)
    who, ask = await asked(days, table_id)
    clock.advance(hours=25)
    await days.run_due()  # the stake timed out: the AI called it; now three secret picks
    assert (await clocks_of(days, table_id)).seats[ask.seat].timeouts == 1
    picks = await days.asks(table_id=table_id)
    assert len(picks) == 3
    for other in picks:
        if other.user_id != who.id:
            await days.act(PEOPLE[other.user_id], "pick:1", table_id=table_id, decision=other.decision)
    clock.advance(hours=7)  # the bonus was all the time left: the pick times out too
    (out,) = await days.run_due()
    assert any("away" in e.lower() or "twice" in e for e in out.events)
    clocks = await clocks_of(days, table_id)
    assert clocks.seats[ask.seat].away
    # Any command brings them back.
    await days.hand(HERE, who)
    assert not (await clocks_of(days, table_id)).seats[ask.seat].away


async def test_downtime_catch_up_fires_each_due_item_exactly_once(db_path: Path, clock: Clock) -> None:
    """The bot was down through both reminders and the deadline: on start, the timeout plays once,
    and the reminders that no longer make sense are not sent after it."""
    store = await SqliteStore.open(db_path)
    service = TableService(store, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    table_id = await started(service)
    await store.close()
    clock.advance(hours=100)
    again = TableService(await SqliteStore.open(db_path), TEST_GAMES, clock=clock)
    first = await again.run_due()
    assert len(first) == 1 and first[0].reminders == []
    assert sum("time ran out" in e for e in first[0].events) == 1
    assert await again.run_due() == []
    table = await again.table(table_id=table_id)
    assert await again.replay(table_id) == again.state_of(table)
    await again.store.close()


async def test_a_timeout_racing_the_players_own_move_lands_once(db_path: Path, clock: Clock) -> None:
    store_a, store_b = await SqliteStore.open(db_path), await SqliteStore.open(db_path)
    a = TableService(store_a, TEST_GAMES, clock=clock, new_seed=lambda: "s")
    b = TableService(store_b, TEST_GAMES, clock=clock)
    try:
        table_id = await started(a)
        who, ask = await asked(a, table_id)
        clock.advance(hours=80)
        results = await asyncio.gather(
            a.act(who, "take:1", table_id=table_id, decision=ask.decision), b.run_due(), return_exceptions=True
        )
        table = await a.table(table_id=table_id)
        moved = not isinstance(results[0], BaseException)
        timed_out = isinstance(results[1], list) and len(results[1]) == 1
        assert moved != timed_out, results  # exactly one of them landed
        assert table.ply >= 1 and await a.replay(table_id) == a.state_of(table)
        if not moved:
            assert isinstance(results[0], Stale)
    finally:
        await store_a.close()
        await store_b.close()


async def test_pause_holds_every_clock_and_ends_after_seven_days(days: TableService, clock: Clock) -> None:
    table_id = await started(days)
    _, ask = await asked(days, table_id)
    with pytest.raises(NotHost):
        await days.pause(HERE, BEN)
    out = await days.pause(HERE, ANA)
    assert out.paused_until is not None and any("paused" in e for e in out.events)
    with pytest.raises(TableError):
        await days.pause(HERE, ANA)
    clock.advance(days=3)
    assert await days.run_due() == []  # paused: nobody times out
    await days.resume(HERE, ANA)
    clock.advance(hours=69)  # the three paused days took nobody's time
    assert all(not r.last for o in await days.run_due() for r in o.reminders)
    assert (await days.table(table_id=table_id)).decision_of(ask.seat) is not None
    # The pause used 3 of its 7 days: a new pause ends by itself 4 days later.
    await days.pause(HERE, ANA)
    clock.advance(days=4, minutes=1)
    (ended,) = await days.run_due()
    assert any("seven days" in e for e in ended.events)
    with pytest.raises(TableError):
        await days.pause(HERE, ANA)  # no pause left


async def test_leave_mid_game_hands_the_seat_to_the_ai_and_return_takes_it_back(
    days: TableService, clock: Clock
) -> None:
    table_id = await started(days, "mogul", ANA, BEN, CY)
    out = await days.leave(HERE, BEN)
    assert any("left the game" in e for e in out.events)
    table = await days.table(table_id=table_id)
    assert table.status == "active" and all(table.seats[d.seat].user_id != BEN.id for d in table.decisions)
    clock.advance(hours=2)
    back = await days.come_back(HERE, BEN)
    assert any("is back" in e for e in back.events)
    # Kick: the host hands an absent player's seat to the AI; the player returns with a command.
    with pytest.raises(NotHost):
        await days.kick(HERE, CY, BEN.id)
    await days.kick(HERE, ANA, CY.id)
    assert (await clocks_of(days, table_id)).seats[table.seat_of(CY.id).seat].away  # type: ignore[union-attr]
    await days.come_back(HERE, CY)
    # The results say which seats the AI played, and for how long.
    for _ in range(400):
        table = await days.table(table_id=table_id)
        if table.status != "active":
            break
        who, ask = await asked(days, table_id)
        await days.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
    final = await days.table(table_id=table_id)
    assert final.results is not None
    bens = next(r for r in final.results.standings if r.user == BEN.id)
    assert bens.ai_seconds == 7200


async def test_undo_takes_back_ones_own_last_move_once(days: TableService) -> None:
    table_id = await started(days, "nim")
    who, ask = await asked(days, table_id)
    await days.act(who, "take:2", table_id=table_id, decision=ask.decision)
    other = next(p for p in (ANA, BEN) if p != who)
    with pytest.raises(UndoRefused) as not_mine:
        await days.undo(HERE, other)
    assert not_mine.value.key == "undo.not_last"
    preview = await days.undo(HERE, who)
    assert "Take 2" in preview.reply and preview.confirm is not None
    ply = preview.confirm
    done = await days.undo(HERE, who, confirm=ply)
    assert any("took back" in e for e in done.events)
    table = await days.table(table_id=table_id)
    assert table.decision_of(ask.seat) is not None and days.state_of(table).pile == 9
    assert await days.replay(table_id) == days.state_of(table)  # the log is append-only
    assert [entry.code for entry in await days.store.actions(table_id)] == ["take:2", "!undo"]
    with pytest.raises(UndoRefused) as once:
        await days.undo(HERE, who)
    assert once.value.key == "undo.once"
    log = await days.log_page(HERE, who)
    assert "took back" in log.reply


async def test_undo_is_refused_after_others_moved_or_when_something_was_revealed(days: TableService) -> None:
    table_id = await started(days, "nim")
    who, ask = await asked(days, table_id)
    await days.act(who, "take:1", table_id=table_id, decision=ask.decision)
    other, ask2 = await asked(days, table_id)
    await days.act(other, "take:1", table_id=table_id, decision=ask2.decision)
    with pytest.raises(UndoRefused) as refused:
        await days.undo(HERE, who)
    assert refused.value.key == "undo.not_last"
    # Guess: a secret pick shows nothing public but is a secret decision: it is never undone.
    place = Place(guild_id=1, channel_id=321)
    guess = await started(days, "guess", ANA, BEN, CY, place=place)
    leader, stake = await asked(days, guess)
    await days.act(leader, "stake:1", table_id=guess, decision=stake.decision)
    picker = next(a for a in await days.asks(table_id=guess))
    await days.act(PEOPLE[picker.user_id], "pick:2", table_id=guess, decision=picker.decision)
    with pytest.raises(UndoRefused) as secret:
        await days.undo(place, PEOPLE[picker.user_id])
    assert secret.value.key == "undo.revealed"
    # A stale confirmation (the table moved since the preview) undoes nothing.
    with pytest.raises((Stale, UndoRefused)):
        await days.undo(place, leader, confirm=0)


async def test_log_pages_through_the_whole_history(days: TableService) -> None:
    table_id = await started(days, "mogul", ANA, BEN, CY)
    for _ in range(40):
        who, ask = await asked(days, table_id)
        await days.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
    last = await days.log_page(HERE, ANA)
    assert last.pages > 1 and last.page == last.pages
    first = await days.log_page(HERE, ANA, 1)
    assert first.page == 1 and first.reply.splitlines()[1].split(".")[0] in ("0", "1")  # from the start
    assert (await days.log_page(HERE, ANA, 999)).page == last.pages


async def test_recap_tells_what_happened_since_ones_last_move(days: TableService, clock: Clock) -> None:
    table_id = await started(days, "mogul", ANA, BEN, CY)
    seen = set()
    for _ in range(12):
        who, ask = await asked(days, table_id)
        seen.add(who.id)
        clock.advance(hours=5)
        await days.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
    table = await days.table(table_id=table_id)
    who, _ = await asked(days, table_id)
    recap = await days.recap(table, who.id, "en")
    assert recap.startswith("🕰️ Since your last move")
    assert await days.recap(table, who.id, "en", after_hours=1000) == ""
    hand = await days.hand(HERE, who)
    assert hand.reply.startswith("🕰️")


async def test_results_and_leaderboard_after_two_finished_games(days: TableService) -> None:
    for game in range(3):
        place = Place(guild_id=7, channel_id=1000 + game)
        table_id = await started(days, "nim", ANA, BEN, place=place)
        while (await days.table(table_id=table_id)).status == "active":
            who, ask = await asked(days, table_id)
            out = await days.act(who, ask.choices[-1].code, table_id=table_id, decision=ask.decision)
        assert out.over and "Final standings" in out.results
    ranks = (await days.leaderboard(Place(guild_id=7, channel_id=1000))).ranks
    assert {r.name for r in ranks} == {"ana", "ben"} and sum(r.wins for r in ranks) == 3
    assert ranks[0].rating >= ranks[1].rating
    assert (await days.leaderboard(Place(guild_id=8, channel_id=1))).ranks == ()
    past = await days.past_tables(Place(guild_id=7, channel_id=1000))
    assert [t.status for t in past.tables] == ["over"]
