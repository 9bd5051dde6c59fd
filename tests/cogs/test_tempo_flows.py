"""Tempo through Discord (simcord): a standing order set in private, in one form, answers the
player's turns while the others play, nothing public shows it, and the player is pinged once when
it runs out; /game turns lists every table waiting for a player, across channels."""

from __future__ import annotations

from typing import Any

from tests.cogs.support import board_of, custom_ids, hub, open_mogul, prefilled, submit_form, table_in


def posted_or_edited(env: Any, channel: Any, since: int) -> list[str]:
    """The channel's messages posted or edited by the bot since request ``since``."""
    return [
        f"{r.method} {r.path}"
        for r in env.http_requests[since:]
        if r.path.startswith(f"/channels/{channel.id}/messages") and r.method in ("POST", "PATCH", "DELETE")
    ]


async def test_an_order_answers_in_private_and_its_player_is_pinged_once_when_it_runs_out(simcord_env: Any) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    table = await table_in(simcord_env, channel)
    service = hub(simcord_env).service
    asked = {a.user_id for a in await service.asks(table_id=table.id)}
    holder_id = next(u for u in actors if u not in asked)
    holder = actors[holder_id]

    # /game orders: a reply only the holder sees, with the button that opens the order's form.
    before = len(simcord_env.http_requests)
    panel = await holder.slash(channel, "game orders")
    assert panel.ephemeral and f"gho:{table.id}:form" in custom_ids(panel.response)
    shown = await holder.click(panel.response, custom_id=f"gho:{table.id}:form")
    assert shown.modal is not None, "the form is a modal"
    # MG-ORD-6: the whole order in one form, read back in words; nothing acts before Save.
    answered = await submit_form(holder, shown, {**prefilled(shown), "scope": "always", "pays": "1", "pot": "off"})
    assert answered.response is not None and "at most 1 time" in answered.response.content
    assert not (await table_in(simcord_env, channel)).orders, "nothing is saved before Save"
    save = next(c for c in custom_ids(answered.response) if c.startswith(f"ghf:{table.id}:save:"))
    saved = await holder.click(answered.response, custom_id=save)
    assert saved.response is not None and "at most 1 time" in saved.response.content
    assert posted_or_edited(simcord_env, channel, before) == [], "nothing public shows that an order was set"
    assert (await table_in(simcord_env, channel)).orders

    # The others play on; the order pays once for the holder, who is then asked, and pinged once.
    known = set(simcord_env.backend.messages[channel.id])
    for _ in range(40):
        table = await table_in(simcord_env, channel)
        asks = await service.asks(table_id=table.id)
        log = await service.store.actions(table.id)
        if any(e.how == "order" for e in log) and holder_id in {a.user_id for a in asks}:
            break
        ask = asks[0]
        board = await board_of(simcord_env, channel)
        code = "pay" if f"gh:{table.id}:{ask.decision}:pay" in custom_ids(board) else "drop"
        await actors[ask.user_id].click(board, custom_id=f"gh:{table.id}:{ask.decision}:{code}")
    seat = table.seat_of(holder_id)
    assert seat is not None and [e.code for e in log if e.how == "order" and e.seat == seat.seat] == ["pay"]
    board = await board_of(simcord_env, channel)
    assert board.content.startswith(f"<@{holder_id}>"), "the holder is asked again: the board pings them"
    raw = simcord_env.backend.messages[channel.id]
    pinged = [m for m in raw if m not in known and int(holder_id) in raw[m].ping_user_ids]
    assert len(pinged) == 1, "one ping for the holder when the order ran out, not one per payment"


async def test_game_turns_lists_every_table_waiting_for_you(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    first, second = guild.create_text_channel("one"), guild.create_text_channel("two")
    ana, ben = (guild.add_member(simcord_env.create_user(n)) for n in ("ana", "ben"))
    for channel in (first, second):
        await ana.slash(channel, "racebow new")
        await ben.slash(channel, "game join")
        await ana.slash(channel, "game start")
    service = hub(simcord_env).service
    waiting_for = {}
    for channel in (first, second):
        table = await table_in(simcord_env, channel)
        (ask,) = await service.asks(table_id=table.id)
        waiting_for[channel.id] = ask.user_id
    for member in (ana, ben):
        mine = [c for c, user in waiting_for.items() if user == str(member.id)]
        res = await member.slash(first, "game turns")
        assert res.ephemeral
        if mine:
            assert all(f"/{c}/" in res.response.content for c in mine), res.response.content
            assert "Racebow" in res.response.content
        else:
            assert "Nothing is waiting for you" in res.response.content
