"""TableService: lobby, moves, refusals that change nothing, outboxes (through the Guess test game)."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.errors import (
    AlreadySeated,
    BadCode,
    BadOption,
    ChannelTaken,
    GameOver,
    IllegalMove,
    InternalError,
    NoTable,
    NotHost,
    NotInLobby,
    NotSeated,
    NotYourTurn,
    PlayerCount,
    Stale,
    TableError,
    TableFull,
    UnknownGame,
)
from bot.outbox import Place, Player
from bot.service import TableService
from db.store import TableStore
from rules.engine import rng_for
from tests.conftest import ANA, BEN, CY, DEE, HERE, Clock
from tests.support.guess import GUESS

ELSEWHERE = Place(guild_id=1, channel_id=101)


async def started(service: TableService, *players: Player) -> int:
    await service.create(HERE, "guess", players[0])
    for p in players[1:]:
        await service.join(HERE, p)
    return (await service.start(HERE, players[0])).table_id


def by_id(*players: Player) -> dict[str, Player]:
    return {p.id: p for p in players}


async def snapshot(service: TableService, table_id: int) -> tuple[object, ...]:
    t = await service.table(table_id=table_id)
    return (t.status, t.ply, t.state, t.decisions, t.seats, len(await service.store.actions(table_id)))


async def test_lobby_create_join_leave_start(service: TableService) -> None:
    out = await service.create(HERE, "guess", ANA)
    assert "guess" in out.reply.lower() or "Guess" in out.reply
    assert "ana" in out.board
    out = await service.join(HERE, BEN)
    assert out.events == ["ben joined the table."] and "ben" in out.board
    out = await service.join(HERE, CY)
    out = await service.leave(HERE, CY)
    assert "cy" not in out.board
    out = await service.start(HERE, ANA)
    assert out.events[0].startswith("The Guess game starts")
    assert out.board.startswith("Guess round 1")
    # Every human gets their private view at the start.
    assert {p.user_id for p in out.private} == {ANA.id, BEN.id}
    table = await service.table(HERE)
    assert table.status == "active" and sorted(s.seat for s in table.seats if s.seat is not None) == [0, 1]


async def test_seat_order_is_random_but_follows_the_seed(service: TableService) -> None:
    orders = set()
    for channel in range(12):
        place = Place(guild_id=1, channel_id=500 + channel)
        await service.create(place, "guess", ANA)
        await service.join(place, BEN)
        await service.join(place, CY)
        await service.start(place, ANA)
        orders.add(tuple(s.user_id for s in (await service.table(place)).seats))
    assert len(orders) > 1


async def test_lobby_refusals(service: TableService) -> None:
    with pytest.raises(NoTable):
        await service.join(HERE, BEN)
    with pytest.raises(UnknownGame) as unknown:
        await service.create(HERE, "chess", ANA)
    assert "mogul" in unknown.value.text("en")
    with pytest.raises(BadOption) as bad:
        await service.create(HERE, "guess", ANA, {"rounds": "9"})
    assert "rounds" in bad.value.text("en") and "rounds" in bad.value.text("fr")
    await service.create(HERE, "guess", ANA)
    with pytest.raises(ChannelTaken) as busy:
        await service.create(HERE, "guess", BEN)
    assert "#1" in busy.value.text("en")
    with pytest.raises(AlreadySeated):
        await service.join(HERE, ANA)
    with pytest.raises(PlayerCount):
        await service.start(HERE, ANA)
    for p in (BEN, CY, DEE):
        await service.join(HERE, p)
    with pytest.raises(TableFull):
        await service.join(HERE, Player("u-eve", "eve"))
    with pytest.raises(NotHost):
        await service.start(HERE, BEN)
    with pytest.raises(NotSeated):
        await service.leave(HERE, Player("u-eve", "eve"))
    await service.start(HERE, ANA)
    with pytest.raises(NotInLobby):
        await service.join(HERE, Player("u-eve", "eve"))


async def test_move_refusals_change_nothing(service: TableService) -> None:
    table_id = await started(service, ANA, BEN, CY)
    (ask,) = await service.asks(table_id=table_id)
    players = by_id(ANA, BEN, CY)
    leader = players[ask.user_id]
    other = next(p for p in (ANA, BEN, CY) if p != leader)
    before = await snapshot(service, table_id)
    refusals: list[tuple[type[TableError], Player, str, int | None]] = [
        (NotYourTurn, other, "stake:1", None),
        (NotSeated, DEE, "stake:1", None),
        (IllegalMove, leader, "pick:3", None),
        (BadCode, leader, "nonsense", None),
        (BadCode, leader, "stake:²", None),
        (BadCode, leader, "stake:" + "9" * 5000, None),
        (Stale, leader, "stake:1", ask.decision + 5),
    ]
    for error, player, code, decision in refusals:
        with pytest.raises(error) as refused:
            await service.act(player, code, place=HERE, decision=decision)
        assert refused.value.text("en") and refused.value.text("fr")
        assert await snapshot(service, table_id) == before
    with pytest.raises(NotYourTurn) as turn:
        await service.act(other, "stake:1", place=HERE)
    assert leader.name in turn.value.text("en")
    with pytest.raises(NoTable):
        await service.act(ANA, "stake:1", place=ELSEWHERE)


async def test_a_move_builds_the_outbox(service: TableService) -> None:
    table_id = await started(service, ANA, BEN, CY)
    (ask,) = await service.asks(table_id=table_id)
    players = by_id(ANA, BEN, CY)
    out = await service.act(players[ask.user_id], "stake:2", table_id=table_id, decision=ask.decision)
    assert out.moved and "stake x2" in out.board
    assert out.events == [f"{players[ask.user_id].name} calls x2"]
    # Everyone is now asked a simultaneous secret pick: the others are mentioned and get a DM.
    assert sorted(out.mentions) == sorted(p for p in players if p != ask.user_id)
    # ... and the mover too, whose own secret pick is open now: its buttons go with a DM.
    assert {p.user_id for p in out.private} == {*out.mentions, ask.user_id}
    assert out.own is not None and out.own.secret
    # The Outbox carries the open decisions, as a read would give them (buttons need no read).
    assert out.asks == await service.asks(table_id=table_id) and len(out.asks) == 3
    done = "Done: Stake x2." if ask.user_id != BEN.id else "C’est fait\xa0: stake x2."
    assert out.reply.startswith(done)
    # A pick is secret: the public outbox says who picked, the reply says what.
    out = await service.act(BEN, "pick:3", place=HERE)
    assert "ben has picked" in out.events[0] and "3" not in "".join(out.events)
    assert "Vous" not in out.reply  # ben reads French: his reply is in French
    assert "C’est fait" in out.reply
    assert out.mentions == []  # nobody newly asked


async def test_ai_seats_play_by_themselves_and_the_game_ends(service: TableService) -> None:
    await service.create(HERE, "guess", ANA)
    await service.add_ai(HERE, ANA)
    await service.add_ai(HERE, ANA)
    with pytest.raises(NotHost):
        await service.add_ai(HERE, BEN)
    out = await service.start(HERE, ANA)
    for _ in range(10):
        if out.over:
            break
        ask = await service.ask(HERE, ANA)
        assert ask is not None  # the AI seats have played: only ana can be waited for
        out = await service.act(ANA, ask.choices[0].code, place=HERE, decision=ask.decision)
    assert out.over
    # After the end, a move is refused with the standings; hand, board and log stay readable.
    with pytest.raises(GameOver) as over:
        await service.act(ANA, "stake:1", place=HERE)
    assert "Final standings" in over.value.text("en") and "terminée" in over.value.text("fr")
    assert (await service.hand(HERE, ANA)).over
    assert "Final standings" in (await service.status(HERE, ANA)).reply
    with pytest.raises(GameOver):
        await service.ask(HERE, ANA)
    final = await service.board(HERE)  # ... while the last game's board and log stay readable
    assert final.over and final.board == out.board and final.mentions == []
    assert "picked" in (await service.log_page(HERE, ANA)).reply
    table = await service.table(table_id=out.table_id)
    assert table.status == "over"
    assert await service.replay(table.id) == service.state_of(table)
    with pytest.raises((Stale, GameOver)):
        await service.act(ANA, "pick:1", table_id=table.id, decision=table.ply)


async def test_cancel_needs_the_host_or_a_manager(service: TableService) -> None:
    table_id = await started(service, ANA, BEN)
    with pytest.raises(NotHost):
        await service.cancel(HERE, BEN)
    out = await service.cancel(HERE, BEN, can_manage=True)
    assert out.over and "cancelled" in out.events[0]
    assert (await service.table(table_id=table_id)).status == "cancelled"


async def test_host_leaving_passes_the_role_and_the_last_one_closes(service: TableService) -> None:
    await service.create(HERE, "guess", ANA)
    await service.join(HERE, BEN)
    await service.leave(HERE, ANA)
    assert (await service.table(HERE)).host_id == BEN.id
    out = await service.leave(HERE, BEN)
    assert out.over
    with pytest.raises(NoTable):
        await service.table(HERE)


async def test_hand_status_and_log(service: TableService, clock) -> None:  # type: ignore[no-untyped-def]
    table_id = await started(service, ANA, BEN)
    status = await service.status(HERE, ANA)
    # Every seat and its clock: the one asked, since when and until when (front ends write the
    # times in the reader's own way), and the others' banks.
    (asked,) = [s for s in status.seats if s.asked_since is not None]
    assert asked.asked_since == datetime(2026, 11, 1, 12, tzinfo=UTC)
    assert asked.deadline == datetime(2026, 11, 4, 12, tzinfo=UTC)
    assert [s.bank_hours for s in status.seats] == [72, 72] and not any(s.ai for s in status.seats)
    (ask,) = await service.asks(table_id=table_id)
    leader = by_id(ANA, BEN)[ask.user_id]
    clock.advance(hours=3)
    await service.act(leader, "stake:1", place=HERE)
    await service.act(ANA, "pick:2", place=HERE)
    hand = await service.hand(HERE, ANA)
    assert "You picked 2" in hand.reply and "only you can see this" in hand.reply
    log = await service.log_page(HERE, BEN)
    assert "ana has picked" in log.reply and "picked 2" not in log.reply.replace("has picked", "")
    status = await service.status(HERE, BEN)
    assert [(s.name, s.asked_since) for s in status.seats if s.asked_since] == [
        ("ben", datetime(2026, 11, 1, 15, tzinfo=UTC))
    ]
    with pytest.raises(NotSeated):
        await service.hand(HERE, CY)


async def test_a_mogul_turn_without_chips_still_offers_stay_in_in_public(service: TableService) -> None:
    """Issue: with 0 chips the board had no "Stay in" button, telling the channel what the board
    never states. The public offer stays the same; the move is refused to that player alone."""
    players = by_id(ANA, BEN, CY)
    for attempt in range(20):
        place = Place(guild_id=1, channel_id=900 + attempt)
        await service.create(place, "mogul", ANA)
        await service.join(place, BEN)
        await service.join(place, CY)
        table_id = (await service.start(place, ANA)).table_id
        game = service.games["mogul"]
        for ply in range(200):
            (ask,) = await service.asks(table_id=table_id)
            state = service.state_of(await service.table(table_id=table_id))
            if state.phase == "auction" and state.chips[ask.seat] == 0:
                assert ask.public is not None and "pay" in [c.code for c in ask.public]
                assert "pay" not in [c.code for c in ask.choices]
                before = await snapshot(service, table_id)
                with pytest.raises(IllegalMove) as refused:
                    await service.act(players[ask.user_id], "pay", table_id=table_id, decision=ask.decision)
                assert refused.value.text("en") and await snapshot(service, table_id) == before
                return
            code = game.action_code(game.ai_action(state, ask.seat, rng_for("t", ply)))
            out = await service.act(players[ask.user_id], code, table_id=table_id, decision=ask.decision)
            if out.over:
                break
    raise AssertionError("no auction turn without chips came up")


async def test_an_engine_fault_is_logged_and_answered_with_an_apology(
    store: TableStore, clock: Clock, caplog: pytest.LogCaptureFixture
) -> None:
    """A KeyError inside a game's apply used to reach players as "no table here" and never the
    log. Now it is logged with its traceback, the player gets an apology, and nothing is written."""

    def broken(state: Any, seat: int, action: Any, rng: Any) -> Any:
        raise KeyError("a bug in the engine")

    service = TableService(store, {"guess": replace(GUESS, apply=broken)}, clock=clock)
    table_id = await started(service, ANA, BEN)
    (ask,) = await service.asks(table_id=table_id)
    before = await snapshot(service, table_id)
    with caplog.at_level(logging.ERROR, logger="gamehost.service"), pytest.raises(InternalError) as failed:
        await service.act(by_id(ANA, BEN)[ask.user_id], "stake:1", table_id=table_id, decision=ask.decision)
    assert "went wrong" in failed.value.text("en") and failed.value.text("fr")
    assert await snapshot(service, table_id) == before
    assert any("a bug in the engine" in (r.exc_text or "") for r in caplog.records)
