"""Restart, closed DMs and refusals, through simcord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.i18n import t
from db.records import TableRecord
from db.sqlite import SqliteStore
from tests.cogs.conftest import make_bot, restart
from tests.cogs.support import (
    board_of,
    close_dms,
    custom_ids,
    hub,
    open_mogul,
    pick,
    play_one,
    reply_of,
    table_in,
)

STALE = t("error.stale", "en")


async def _stored(db_path: Path, channel: Any) -> TableRecord:
    """The channel's table as the database holds it (not as the running bot has noted it)."""
    store = await SqliteStore.open(db_path)
    try:
        table = await store.live_table(channel.id)
    finally:
        await store.close()
    assert table is not None
    return table


async def _snapshot(env: Any, channel: Any) -> tuple[int, str, tuple[Any, ...]]:
    table = await table_in(env, channel)
    return table.ply, table.status, table.decisions


async def test_restart_keeps_buttons_working(simcord_env: Any, db_path: Path) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    table = await table_in(simcord_env, channel)
    ask = (await hub(simcord_env).service.asks(table_id=table.id))[0]
    # The asked player opens their hand: an ephemeral message with their current buttons.
    hand = await actors[ask.user_id].slash(channel, "game hand")
    assert hand.ephemeral and f"gh:{table.id}:{ask.decision}:{pick(ask)}" in custom_ids(hand.response)
    await play_one(simcord_env, channel, actors)  # the buttons in that hand are now stale

    await restart(simcord_env, db_path)

    before = await _snapshot(simcord_env, channel)
    stale = await actors[ask.user_id].click(hand.response, custom_id=f"gh:{table.id}:{ask.decision}:{pick(ask)}")
    assert stale.ephemeral and stale.response.content == STALE
    assert await _snapshot(simcord_env, channel) == before

    # The board from before the restart still answers: "My hand" and the current choice.
    board = await board_of(simcord_env, channel)
    mine = reply_of(await actors[ask.user_id].click(board, custom_id=f"gh:{table.id}:hand"))
    assert "Mogul" in mine.content
    res = await play_one(simcord_env, channel, actors)
    assert res.acknowledged
    assert (await table_in(simcord_env, channel)).ply > before[0]


async def test_after_a_crash_the_board_that_moved_last_still_plays_and_becomes_the_board(
    simcord_env: Any, db_path: Path
) -> None:
    """A crash right after a hand-off loses where the new board went (it is noted, written with
    the next move): the table then knows no board, so nothing stale is ever edited; a click on the
    live board still plays, and that message is the board again."""
    _, channel, actors = await open_mogul(simcord_env)
    for _ in range(12):  # until a hand-off is the last thing that happened
        await play_one(simcord_env, channel, actors)
        if (await _stored(db_path, channel)).board_message_id is None:
            break
    live = channel.history()[-1]
    table = await table_in(simcord_env, channel)
    (ask,) = await hub(simcord_env).service.asks(table_id=table.id)

    assert (await _stored(db_path, channel)).board_message_id is None
    await simcord_env.restart_bot(make_bot(db_path))  # no close: as a crash
    assert (await table_in(simcord_env, channel)).board_message_id is None
    button = f"gh:{table.id}:{ask.decision}:{pick(ask)}"
    assert button in custom_ids(live)
    res = await actors[ask.user_id].click(live, custom_id=button)
    assert res.acknowledged and not res.ephemeral
    after = await table_in(simcord_env, channel)
    assert after.ply > table.ply and after.board_message_id is not None
    assert (await board_of(simcord_env, channel)).id in (live.id, channel.history()[-1].id)


async def test_closed_dms_play_through_hand(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    ana, ben, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben", "cy"))
    close_dms(simcord_env, cy)
    await ana.slash(channel, "mogul new")
    await ben.slash(channel, "game join")
    await cy.slash(channel, "game join")
    await ana.slash(channel, "game start")  # everyone gets a DM at the start; cy's fails
    actors = {str(a.id): a for a in (ana, ben, cy)}
    table = await table_in(simcord_env, channel)
    assert await hub(simcord_env).service.store.closed_dms([str(cy.id)]) == {str(cy.id)}

    played_by_cy = 0
    for _ in range(60):
        if (await table_in(simcord_env, channel)).status != "active":
            break
        table = await table_in(simcord_env, channel)
        ask = (await hub(simcord_env).service.asks(table_id=table.id))[0]
        if ask.user_id == str(cy.id) and played_by_cy < 3:
            hand = await cy.slash(channel, "game hand")
            assert hand.ephemeral and "🪙" in hand.response.content
            before = table.ply
            await cy.click(hand.response, custom_id=f"gh:{table.id}:{ask.decision}:{pick(ask)}")
            assert (await table_in(simcord_env, channel)).ply > before
            played_by_cy += 1
        else:
            await play_one(simcord_env, channel, actors)
    assert played_by_cy >= 1
    notices = [m for m in channel.history() if "can’t send you direct messages" in m.content]
    assert len(notices) == 1 and cy.mention in notices[0].content
    assert not cy.user.dm_channel.history()


async def test_refusals_are_ephemeral_and_change_nothing(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    names = ("ana", "ben", "cy", "dee", "eve", "fay", "gus")
    users = [guild.add_member(simcord_env.create_user(n)) for n in names]
    ana, ben, cy = users[:3]
    await ana.slash(channel, "mogul new")
    for user in users[1:6]:
        assert (await user.slash(channel, "game join")).ephemeral
    full = await users[6].slash(channel, "game join")
    assert full.ephemeral and full.response.content == t("error.table_full", "en", max=6)
    for user in users[3:6]:
        await user.slash(channel, "game leave")
    await ana.slash(channel, "game start")
    actors = {str(u.id): u for u in (ana, ben, cy)}
    outsider = users[6]

    table = await table_in(simcord_env, channel)
    ask = (await hub(simcord_env).service.asks(table_id=table.id))[0]
    board = await board_of(simcord_env, channel)
    button = f"gh:{table.id}:{ask.decision}:{pick(ask)}"
    other = next(a for uid, a in actors.items() if uid != ask.user_id)
    before = await _snapshot(simcord_env, channel)

    async def refused(result: Any, expected: str | None = None) -> str:
        assert result.ephemeral, result
        assert await _snapshot(simcord_env, channel) == before
        if expected is not None:
            assert result.response.content == expected
        return str(result.response.content)

    text = await refused(await other.click(board, custom_id=button))
    assert text.startswith("It is not your turn")
    await refused(await outsider.click(board, custom_id=button), t("error.not_seated", "en"))
    text = await refused(await other.slash(channel, "game move", choice=pick(ask)))
    assert text.startswith("It is not your turn")
    await refused(
        await actors[ask.user_id].slash(channel, "game move", choice="buy-everything"),
        t("error.bad_code", "en", code="buy-everything"),
    )
    again = await outsider.slash(channel, "mogul new")
    assert (await refused(again)).startswith("This channel already has a Mogul table")
    non_host = next(a for a in (ben, cy) if a.id != ana.id)
    await refused(await non_host.slash(channel, "game cancel"), t("error.not_host", "en"))

    # A double click: the same button twice (two copies of the hand), the second is stale.
    player = actors[ask.user_id]
    copy1 = await player.slash(channel, "game hand")
    copy2 = await player.slash(channel, "game hand")
    first = await player.click(copy1.response, custom_id=button)
    assert first.response.ephemeral and (await table_in(simcord_env, channel)).ply > before[0]
    before = await _snapshot(simcord_env, channel)
    await refused(await player.click(copy2.response, custom_id=button), STALE)

    # Outside a server, and in a channel without a table, commands answer helpfully.
    dm = await ana.user.slash("game hand")
    assert dm.ephemeral and "server" in dm.response.content
    empty = guild.create_text_channel("empty")
    none = await ana.slash(empty, "game status")
    assert none.ephemeral and none.response.content == t("error.no_table", "en")

    # The host (or a channel manager) may cancel: the board loses its buttons.
    done = await ana.slash(channel, "game cancel")
    assert done.ephemeral
    assert not custom_ids(await board_of(simcord_env, channel))


async def test_secret_choices_and_other_commands(simcord_env: Any) -> None:
    """Guess (test game): a simultaneous pick through "Choose (secret)"; board, log, rules, games."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    ana, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben"))
    actors = {str(a.id): a for a in (ana, ben)}
    await ana.slash(channel, "guess new")
    await ben.slash(channel, "game join")
    added = await ana.slash(channel, "game addbot")
    assert added.ephemeral and "Bot 1" in (await board_of(simcord_env, channel)).content
    await ana.slash(channel, "game start")
    table = await table_in(simcord_env, channel)
    old_board = table.board_message_id
    repost = await ben.slash(channel, "game board")
    assert repost.ephemeral
    assert (await table_in(simcord_env, channel)).board_message_id != old_board
    assert old_board not in {m.id for m in channel.history()}
    status = await ben.slash(channel, "game status")
    assert status.ephemeral and "Guess" in status.response.content

    for _ in range(12):  # two rounds: a stake call, then secret picks (the bot picks at once)
        if (await table_in(simcord_env, channel)).status != "active":
            break
        table = await table_in(simcord_env, channel)
        board = await board_of(simcord_env, channel)
        if len(table.decisions) > 1 or f"gh:{table.id}:mine" in custom_ids(board):
            asks = await hub(simcord_env).service.asks(table_id=table.id)
            human = next(a for a in asks if a.user_id in actors)
            opened = reply_of(await actors[human.user_id].click(board, custom_id=f"gh:{table.id}:mine"))
            assert custom_ids(opened)
            done = await actors[human.user_id].click(opened, custom_id=custom_ids(opened)[0])
            assert done.response.ephemeral
        else:
            await play_one(simcord_env, channel, actors)
            if (await table_in(simcord_env, channel)).status == "active":
                log = await ana.slash(channel, "game log")
                assert log.ephemeral and "events" in log.response.content
    assert (await table_in(simcord_env, channel)).status == "over"

    games = await ana.slash(channel, "game games")
    assert "Mogul" in games.response.content and "/mogul new" in games.response.content
    topics = await ana.autocomplete(channel, "game rules", "topic", "", game="mogul")
    assert ("take or sell", "actions") in [(c["name"], c["value"]) for c in topics]
    rules = await ana.slash(channel, "game rules", game="mogul", topic="auction")
    assert rules.ephemeral and rules.response.content == "\n\n".join(
        (t("mogul.rules.auction", "en"), "Other topics: overview, take or sell, loans, end of the game.")
    )
