"""Play over days through Discord (simcord, virtual time): the ping carries the player's buttons
and retires them when the decision closes, reminders and timeouts from the scheduler, leaving mid
game, kick and return, undo allowed and refused, the recap after a day, the paged log, history
and the leaderboard."""

from __future__ import annotations

from typing import Any

from bot.outbox import Player
from tests.cogs.support import board_of, custom_ids, hub, open_mogul, pick, table_in

HOUR = 3600


def pings(channel: Any, user: Any) -> list[Any]:
    """Channel messages that ping ``user`` (turn pings and reminders)."""
    return [m for m in channel.history() if f"<@{user.id}>" in m.content]


async def asked(env: Any, channel: Any, actors: dict[str, Any]) -> tuple[Any, Any, Any]:
    """The table, the one open decision and the actor who must answer it."""
    table = await table_in(env, channel)
    (ask,) = await hub(env).service.asks(table_id=table.id)
    return table, ask, actors[ask.user_id]


async def test_the_board_follows_the_turn_with_the_ping_and_the_buttons(simcord_env: Any) -> None:
    """A hand-off moves the board to the bottom of the channel as a new message that pings the
    player asked and carries their buttons; the old board keeps a summary of what happened, with
    no buttons. One live set of buttons in the channel, always."""
    _, channel, actors = await open_mogul(simcord_env)
    table, ask, actor = await asked(simcord_env, channel, actors)
    board = await board_of(simcord_env, channel)
    assert board.content.startswith(f"<@{actor.id}>"), "the board pings the player asked"
    button = f"gh:{table.id}:{ask.decision}:{pick(ask)}"
    assert button in custom_ids(board), "the board offers the player's own buttons"
    assert "⏳" in board.content  # and says when their time runs out
    result = await actor.click(board, custom_id=button)
    assert result.acknowledged
    after = await table_in(simcord_env, channel)
    assert after.ply > table.ply and after.board_message_id != board.id
    old = next(m for m in channel.history() if m.id == board.id)
    assert custom_ids(old) == [] and "moved down" in old.content, "the old board is a summary now"
    _, _, next_actor = await asked(simcord_env, channel, actors)
    new = await board_of(simcord_env, channel)
    assert new.content.startswith(f"<@{next_actor.id}>")
    assert [m.id for m in channel.history() if custom_ids(m)] == [new.id]


async def test_reminders_and_the_timeout_come_from_the_scheduler(simcord_env: Any) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    table, ask, actor = await asked(simcord_env, channel, actors)
    before = len(pings(channel, actor))
    await simcord_env.advance_time(37 * HOUR)
    reminders = pings(channel, actor)[before:]
    assert len(reminders) == 1 and "reminder" in reminders[0].content
    await simcord_env.advance_time(34 * HOUR)
    assert len(pings(channel, actor)[before:]) == 2  # near the end
    await simcord_env.advance_time(2 * HOUR)
    moved = await table_in(simcord_env, channel)
    assert moved.ply > table.ply and moved.decision_of(ask.seat) is None
    board = await board_of(simcord_env, channel)
    assert "time ran out" in board.content


async def test_leave_mid_game_kick_and_return(simcord_env: Any) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    _, ask, actor = await asked(simcord_env, channel, actors)
    res = await actor.slash(channel, "game leave")
    assert res.ephemeral and "AI" in res.response.content
    after = await table_in(simcord_env, channel)
    assert after.status == "active" and after.decision_of(ask.seat) is None  # the AI answered for them
    assert "left the game" in (await board_of(simcord_env, channel)).content
    back = await actor.slash(channel, "game return")
    assert back.ephemeral and "Welcome back" in back.response.content
    host = actors[after.host_id]
    other = next(a for uid, a in actors.items() if uid != after.host_id)
    refused = await other.slash(channel, "game kick", player=host)
    assert refused.ephemeral and "host" in refused.response.content
    kicked = await host.slash(channel, "game kick", player=other)
    assert kicked.ephemeral and "AI" in kicked.response.content
    # A kicked player comes back only with /game return: a stray command does not undo a kick.
    status = await other.slash(channel, "game status")
    assert status.ephemeral and "is back" not in (await board_of(simcord_env, channel)).content
    back = await other.slash(channel, "game return")
    assert back.ephemeral and "Welcome back" in back.response.content
    assert "is back" in (await board_of(simcord_env, channel)).content


async def test_undo_allowed_then_refused(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("guess")
    ana, ben, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben", "cy"))
    await ana.slash(channel, "guess new")
    await ben.slash(channel, "game join")
    await cy.slash(channel, "game join")
    await ana.slash(channel, "game start")
    actors = {str(a.id): a for a in (ana, ben, cy)}
    table, ask, leader = await asked(simcord_env, channel, actors)
    board = await board_of(simcord_env, channel)
    await leader.click(board, custom_id=f"gh:{table.id}:{ask.decision}:stake:2")
    offer = await leader.slash(channel, "game undo")
    assert offer.ephemeral and "Stake x2" in offer.response.content
    confirm = next(i for i in custom_ids(offer.response) if i.startswith("ghu:"))
    done = await leader.click(offer.response, custom_id=confirm)
    assert done.acknowledged
    again = await table_in(simcord_env, channel)
    assert hub(simcord_env).service.state_of(again).stake == 0 and again.decision_of(ask.seat) is not None
    assert "took back" in (await board_of(simcord_env, channel)).content
    assert done.response is not None and custom_ids(done.response) == []  # the confirmation is spent
    refused = await leader.slash(channel, "game undo")
    assert refused.ephemeral and "stays taken back" in refused.response.content


async def test_the_recap_after_a_day_and_the_paged_log(simcord_env: Any) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    table, ask, first = await asked(simcord_env, channel, actors)
    board = await board_of(simcord_env, channel)
    await first.click(board, custom_id=f"gh:{table.id}:{ask.decision}:{pick(ask)}")
    await simcord_env.advance_time(13 * HOUR)
    for _ in range(30):  # the others play until it is the first player's turn again
        table, ask, actor = await asked(simcord_env, channel, actors)
        if actor is first:
            break
        board = await board_of(simcord_env, channel)
        await actor.click(board, custom_id=f"gh:{table.id}:{ask.decision}:{pick(ask)}")
    assert actor is first
    ping = pings(channel, first)[-1]
    assert ping.content.startswith("🕰️"), ping.content  # what happened since their last move
    hand = await first.slash(channel, "game hand")
    assert hand.response.content.startswith("🕰️")
    log = await first.slash(channel, "game log")
    assert log.ephemeral and "page" in log.response.content.lower()


async def test_history_and_leaderboard_after_finished_games(simcord_env: Any) -> None:
    """Three games of Guess between ana and ben (moves through the service: the commands are what
    is tested here), then /game leaderboard and /game history."""
    guild = simcord_env.create_guild()
    ana, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben"))
    players = {str(a.id): Player(str(a.id), a.user.name, "en") for a in (ana, ben)}
    service = hub(simcord_env).service
    for game in range(3):
        channel = guild.create_text_channel(f"guess-{game}")
        await ana.slash(channel, "guess new")
        await ben.slash(channel, "game join")
        await ana.slash(channel, "game start")
        while (table := await table_in(simcord_env, channel)).status == "active":
            for ask in await service.asks(table_id=table.id):
                await service.act(players[ask.user_id], ask.choices[0].code, table_id=table.id, decision=ask.decision)
    board = await ana.slash(channel, "game leaderboard")
    assert board.ephemeral and "ana" in board.response.content and "ben" in board.response.content
    history = await ana.slash(channel, "game history")
    assert history.ephemeral and "Guess" in history.response.content


async def test_the_clock_is_set_at_new_and_by_settings(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("timed")
    ana, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben"))
    res = await ana.slash(channel, "mogul new", clock=24, timeouts="skip")
    assert res.ephemeral
    table = await table_in(simcord_env, channel)
    assert table.settings.bank_hours == 24 and table.settings.policy == "skip"
    refused = await ben.slash(channel, "game settings", clock=168)
    assert refused.ephemeral and "host" in refused.response.content
    changed = await ana.slash(channel, "game settings", clock=0)
    assert changed.ephemeral and "no clock" in changed.response.content
    assert (await table_in(simcord_env, channel)).settings.bank_hours == 0
