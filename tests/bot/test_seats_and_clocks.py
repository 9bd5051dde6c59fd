"""Coming back, seats and clocks (issue 28): taking a seat back is an explicit /game return; an undo
takes the move's clock bonus back with it; the host removes an AI seat from the lobby; a timeout
finishes the whole turn; a pause that reaches its limit while the bot is down charges the open
decision only for the time outside the pause."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.errors import NotHost, TableError
from bot.outbox import Player
from bot.service import TableService
from db.records import TableSettings
from db.store import TableStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.nim import NIM

HOUR = 3600
PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


@pytest.fixture
def days(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, {**GAMES, "nim": NIM}, clock=clock, new_seed=lambda: next(seeds))


async def started(service: TableService, game: str, *players: Player, **settings: Any) -> int:
    await service.create(HERE, game, players[0], settings=TableSettings(**settings) if settings else None)
    for p in players[1:]:
        await service.join(HERE, p)
    return (await service.start(HERE, players[0])).table_id


async def asked(service: TableService, table_id: int) -> tuple[Player, Any]:
    ask = min(await service.asks(table_id=table_id), key=lambda a: a.seat)
    return PEOPLE[ask.user_id], ask


async def test_after_leave_a_stray_command_does_not_take_the_seat_back(days: TableService) -> None:
    """Issue 28: `leave` and then any command (hand, status, log) silently took the seat back. Only
    /game return does, and says so in one line."""
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.leave(HERE, BEN)
    seat = (await days.table(table_id=table_id)).seat_of(BEN.id).seat  # type: ignore[union-attr]
    for command in (days.hand, days.status, days.log_page):
        out = await command(HERE, BEN)
        assert not out.before, command  # nobody is told ben is back
        assert (await days.table(table_id=table_id)).clocks.seats[seat].away
    back = await days.come_back(HERE, BEN)
    assert back.reply == "Bon retour\xa0: vous reprenez votre place."
    assert not (await days.table(table_id=table_id)).clocks.seats[seat].away


async def test_an_undo_takes_the_moves_clock_bonus_back(days: TableService, clock: Clock) -> None:
    """Issue 28: an undo kept the bonus of the move it took back. 72 h bank, 24 h bonus: 10 h
    used, then the move (bank full again, capped at 72 h), then the undo: 62 h, as if the move had
    never been made."""
    table_id = await started(days, "nim", ANA, BEN)
    who, ask = await asked(days, table_id)
    clock.advance(hours=10)
    await days.act(who, "take:2", table_id=table_id, decision=ask.decision)
    moved = await days.table(table_id=table_id)
    assert moved.clocks.seats[ask.seat].bank == 72 * HOUR
    preview = await days.undo(HERE, who)
    await days.undo(HERE, who, confirm=preview.confirm)
    table = await days.table(table_id=table_id)
    assert table.clocks.seats[ask.seat].bank == 62 * HOUR
    assert table.clocks.seats[ask.seat].decisions == moved.clocks.seats[ask.seat].decisions - 1


async def test_the_host_removes_an_ai_seat_from_the_lobby(days: TableService) -> None:
    """Issue 28: an AI seat could not be removed in the lobby ("You are not seated")."""
    await days.create(HERE, "mogul", ANA)
    added = await days.add_ai(HERE, ANA)
    await days.join(HERE, BEN)
    with pytest.raises(NotHost):
        await days.kick(HERE, BEN, "Bot 1")
    out = await days.kick(HERE, ANA, "bot 1")  # by its name, as the lobby shows it
    assert out.reply == "Bot 1 no longer has a seat at this table."
    assert out.events == ["ana removed Bot 1 from the table."]
    assert [s.name for s in (await days.table(HERE)).seats] == ["ana", "ben"]
    assert "Bot 1" in added.board and "Bot 1" not in out.board
    with pytest.raises(TableError) as nobody:
        await days.kick(HERE, ANA, "zed")
    assert nobody.value.text("fr") == "Personne du nom de zed n’a de place à cette table."


async def test_an_ai_seat_is_not_kicked_during_the_game(days: TableService) -> None:
    await days.create(HERE, "mogul", ANA)
    await days.add_ai(HERE, ANA)
    await days.join(HERE, BEN)
    await days.start(HERE, ANA)
    with pytest.raises(TableError) as refused:
        await days.kick(HERE, ANA, "Bot 1")
    assert refused.value.text("en") == "Bot 1 is an AI seat: it plays to the end of the game."


async def test_a_takenoko_timeout_plays_the_whole_turn(days: TableService, clock: Clock) -> None:
    """Issue 28: a Takenoko timeout played one action, then the same turn's next decision opened
    with a fresh clock (72 + 24 h). The timeout finishes the turn: the next player is asked."""
    table_id = await started(days, "takenoko", ANA, BEN)
    who, _ = await asked(days, table_id)
    clock.advance(hours=73)
    (due,) = await days.run_due()
    table = await days.table(table_id=table_id)
    now_asked = {table.seats[d.seat].user_id for d in table.decisions}
    assert now_asked == {next(p.id for p in (ANA, BEN) if p != who)}, due.events
    moves = [entry for entry in await days.store.actions(table_id) if entry.how == "timeout"]
    assert len(moves) >= 3  # the weather or the first action, the second, the end of the turn


async def test_a_pause_that_ran_out_while_the_bot_was_down_charges_the_time_after_it(
    days: TableService, clock: Clock
) -> None:
    """Issue 28: a pause reached its seven days while the bot was down; resumed a day later, it
    was charged 192 h and the open decision got the extra day for nothing (67 h left instead of
    43). The pause ends at its limit: 168 h used, and the day after it counts on the clock."""
    table_id = await started(days, "nim", ANA, BEN)
    clock.advance(hours=5)  # 67 h left on a 72 h bank
    await days.pause(HERE, ANA)
    clock.advance(hours=192)  # the bot was down: the pause's 168 h ran out a day ago
    await days.run_due()
    table = await days.table(table_id=table_id)
    assert not table.clocks.paused and table.clocks.pause_used == 168 * HOUR
    (running,) = (await days.board(HERE)).clocks
    assert running.deadline == clock.now + timedelta(hours=43)
