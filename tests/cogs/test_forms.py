"""Orders set as a whole in a form, through Discord (simcord): a modal per step, pre-filled, read
back in words with Save · Change · Cancel, nothing written before Save; refusals that change
nothing; the form and its buttons survive a restart; the heads-up carries the form's button."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from bot.i18n import t
from tests.cogs.conftest import restart
from tests.cogs.people import fill_form, set_order_from_dm
from tests.cogs.support import (
    board_of,
    custom_ids,
    form_controls,
    hub,
    open_mogul,
    pick,
    play_one,
    prefilled,
    submit_form,
    table_in,
)
from tests.cogs.test_leaks import components, seat_everyone
from tests.cogs.test_leaks import play_one as play_ai
from tests.cogs.test_tempo_flows import posted_or_edited


async def _holder(env: Any, channel: Any, actors: dict[str, Any]) -> tuple[str, Any]:
    """A player who is not asked now."""
    table = await table_in(env, channel)
    asked = {a.user_id for a in await hub(env).service.asks(table_id=table.id)}
    user = next(u for u in actors if u not in asked)
    return user, actors[user]


async def test_mg_ord_6_the_form_is_read_back_and_saved_only_by_save_even_across_restarts(
    simcord_env: Any, db_path: Path
) -> None:
    _, channel, actors = await open_mogul(simcord_env)
    table = await table_in(simcord_env, channel)
    _, holder = await _holder(simcord_env, channel, actors)
    panel = await holder.slash(channel, "game orders")
    shown = await holder.click(panel.response, custom_id=f"gho:{table.id}:form")
    controls = form_controls(shown)
    # One control per field, by its kind: radio buttons for the scope, menus for the limits, a
    # menu where several may be picked for the action step; every one pre-filled.
    assert list(controls) == ["scope", "pays", "pot", "keep", "after"]
    assert controls["scope"]["type"] == 21 and controls["pot"]["type"] == 3 and controls["after"]["max_values"] == 3
    assert all(prefilled(shown).values()), prefilled(shown)
    assert len(shown.modal["title"]) <= 45

    await restart(simcord_env, db_path)  # a form open while the bot restarts is still answered
    before = len(simcord_env.http_requests)
    read = await submit_form(holder, shown, {**prefilled(shown), "scope": "auction", "pot": "6", "pays": "2"})
    assert read.response.ephemeral and "drop out as soon as the pot holds 6 chips" in read.response.content
    assert read.response.content.endswith("Nothing acts until you save it.")
    ids = custom_ids(read.response)
    assert [c.split(":")[2] for c in ids] == ["save", "edit", "drop"] and all(len(c) <= 100 for c in ids)
    assert not (await table_in(simcord_env, channel)).orders, "nothing acts before Save"

    # Change: the form again, filled as it was read back.
    again = await holder.click(read.response, custom_id=ids[1])
    assert prefilled(again)["pot"] == "6" and prefilled(again)["scope"] == "auction"

    await restart(simcord_env, db_path)  # the read-back's buttons carry the order: a restart keeps them
    saved = await holder.click(read.response, custom_id=ids[0])
    assert saved.response.ephemeral and saved.response.content.startswith("Saved.")
    held = (await table_in(simcord_env, channel)).orders
    assert [o["pot"] for o in held.values()] == ["6"]
    assert posted_or_edited(simcord_env, channel, before) == [], "nothing public shows it"

    # Saving the same order again writes nothing; Cancel on a read-back saves nothing.
    revision = (await table_in(simcord_env, channel)).revision
    read = await fill_form(holder, await holder.click(panel.response, custom_id=f"gho:{table.id}:form"))
    ids = custom_ids(read.response)
    await holder.click(read.response, custom_id=ids[0])
    assert (await table_in(simcord_env, channel)).revision == revision
    read = await fill_form(holder, await holder.click(panel.response, custom_id=f"gho:{table.id}:form"), {"pot": "9"})
    dropped = await holder.click(read.response, custom_id=custom_ids(read.response)[2])
    assert dropped.response.content == t("orders.discarded", "en")
    after = await table_in(simcord_env, channel)
    assert after.revision == revision and [o["pot"] for o in after.orders.values()] == ["6"]


async def test_a_field_left_empty_a_stranger_and_a_finished_table_are_refused_and_change_nothing(
    simcord_env: Any,
) -> None:
    guild, channel, actors = await open_mogul(simcord_env)
    table = await table_in(simcord_env, channel)
    _, holder = await _holder(simcord_env, channel, actors)
    panel = await holder.slash(channel, "game orders")
    shown = await holder.click(panel.response, custom_id=f"gho:{table.id}:form")
    revision = (await table_in(simcord_env, channel)).revision
    empty = await submit_form(holder, shown, {**prefilled(shown), "keep": ""})
    assert empty.response.ephemeral
    assert empty.response.content == "Chips to keep in reserve: this field needs a value."
    stranger = guild.add_member(simcord_env.create_user("stranger"))
    refused = await stranger.slash(channel, "game orders")
    assert refused.ephemeral and refused.response.content == t("error.not_seated", "en")

    # A read-back saved after the table ended: refused, nothing written.
    read = await fill_form(holder, await holder.click(panel.response, custom_id=f"gho:{table.id}:form"))
    host = actors[table.host_id]
    await host.slash(channel, "game cancel")
    late = await holder.click(read.response, custom_id=custom_ids(read.response)[0])
    assert late.ephemeral and late.response.content == t("error.game_over", "en")
    after = await table_in(simcord_env, channel)
    assert after.orders == {} and after.revision == revision + 1  # the cancel's write alone


async def test_rb_pre_1_a_stale_plan_is_refused_with_its_reason(simcord_env: Any) -> None:
    """The game moved on between the read-back and Save: the pre-move no longer checks (it is no
    longer the next turn), so Save says why and nothing changes."""
    hub(simcord_env).service.new_seed = lambda: "stale-plan"
    _, channel, actors, _ = await seat_everyone(simcord_env, "racebow", 3)
    service = hub(simcord_env).service
    table = await table_in(simcord_env, channel)
    nxt = service.games["racebow"].up_next(service.state_of(table))
    planner = actors[table.seats[nxt].user_id]
    panel = await planner.slash(channel, "game orders")
    assert "Plan my turn" in [item.get("label") for item in components(panel.response)]
    read = await fill_form(planner, await planner.click(panel.response, custom_id=f"gho:{table.id}:form"))
    assert read.response.content.startswith("When your turn comes you step to")
    rng = random.Random(1)
    while (await table_in(simcord_env, channel)).decisions[0].seat != nxt:
        await play_ai(simcord_env, channel, actors, rng)
    revision = (await table_in(simcord_env, channel)).revision
    late = await planner.click(read.response, custom_id=custom_ids(read.response)[0])
    assert late.ephemeral and late.response.content.startswith("The game has moved on since you filled in this form")
    assert (await table_in(simcord_env, channel)).revision == revision


async def test_the_heads_up_brings_the_plan_button_and_the_plan_plays_as_a_click(simcord_env: Any) -> None:
    hub(simcord_env).service.new_seed = lambda: "heads-up"
    _, channel, actors, _ = await seat_everyone(simcord_env, "racebow", 3)
    service = hub(simcord_env).service
    for actor in actors.values():
        on = await actor.slash(channel, "game orders", headsup="on")
        assert on.ephemeral and on.response.content.startswith("Heads-up on")
    rng = random.Random(2)
    planned = None
    for _ in range(30):
        for user, actor in actors.items():
            dms = list(actor.user.dm_channel.history()) if actor.user.dm_channel else []
            notices = [m for m in dms if "⏳" in m.content]
            if notices and planned is None:
                assert "has started their turn" in notices[-1].content
                assert await set_order_from_dm(actor, notices[-1])
                planned = user
        if planned is not None:
            break
        await play_ai(simcord_env, channel, actors, rng)
    assert planned is not None, "no heads-up came"
    table = await table_in(simcord_env, channel)
    seat = table.seat_of(planned)
    assert seat is not None and seat.seat in table.orders
    for _ in range(12):
        table = await table_in(simcord_env, channel)
        if any(e.how == "order" for e in await service.store.actions(table.id)):
            break
        await play_ai(simcord_env, channel, actors, rng)
    log = await service.store.actions(table.id)
    assert (
        any(e.how == "order" and e.seat == seat.seat for e in log)
        or (await table_in(simcord_env, channel)).orders == {}
    )


async def test_an_order_set_out_of_turn_keeps_the_boards_buttons_and_pings_nobody(simcord_env: Any) -> None:
    """Issue 27: an order change never invalidates the board's buttons; setting it is no move."""
    _, channel, actors = await open_mogul(simcord_env)
    table = await table_in(simcord_env, channel)
    _, holder = await _holder(simcord_env, channel, actors)
    board = await board_of(simcord_env, channel)
    before = len(simcord_env.http_requests)
    panel = await holder.slash(channel, "game orders")
    read = await fill_form(holder, await holder.click(panel.response, custom_id=f"gho:{table.id}:form"))
    await holder.click(read.response, custom_id=custom_ids(read.response)[0])
    assert posted_or_edited(simcord_env, channel, before) == []
    assert (await board_of(simcord_env, channel)).id == board.id
    (ask,) = await hub(simcord_env).service.asks(table_id=table.id)
    result = await actors[ask.user_id].click(board, custom_id=f"gh:{table.id}:{ask.decision}:{pick(ask)}")
    assert result.acknowledged and not result.ephemeral, "the board's buttons still play"
    assert (await play_one(simcord_env, channel, actors)).acknowledged


async def test_tr_ord_6_own_colours_come_as_two_more_forms_and_the_whole_order_is_read_back(simcord_env: Any) -> None:
    """TR-ORD-5/6: "colours: own" opens two more forms (three cars each) through a Continue button
    (a modal cannot open a modal); every amount at its largest still fits the buttons' custom ids."""
    hub(simcord_env).service.new_seed = lambda: "own-colours"
    _, channel, actors, _ = await seat_everyone(simcord_env, "toprace", 3)
    table = await table_in(simcord_env, channel)
    _, holder = await _holder(simcord_env, channel, actors)
    panel = await holder.slash(channel, "game orders")
    shown = await holder.click(panel.response, custom_id=f"gho:{table.id}:form")
    controls = form_controls(shown)
    assert controls["policy"]["type"] == 4, "a number is typed"
    money = str(hub(simcord_env).service.state_of(table).money[table.seat_of(str(holder.id)).seat])  # type: ignore[union-attr]
    first = {**prefilled(shown), "policy": money, "scope": "game", "colours": "own"}
    if "max_bid" in controls:
        first["max_bid"] = "pass"
    step = await submit_form(holder, shown, first)
    assert "Part 2" in step.response.content and not (await table_in(simcord_env, channel)).orders
    for part in (2, 3):
        following = next(c for c in custom_ids(step.response) if ":next:" in c)
        assert len(following) <= 100
        shown = await holder.click(step.response, custom_id=following)
        assert len(form_controls(shown)) == 3 and f"part {part}" in shown.modal["title"]
        step = await submit_form(holder, shown, {name: money for name in form_controls(shown)})
    assert "own maximum" in step.response.content or "their own" in step.response.content, step.response.content
    ids = custom_ids(step.response)
    assert all(len(c) <= 100 for c in ids)
    saved = await holder.click(step.response, custom_id=ids[0])
    assert saved.response.content.startswith("Saved.")
    (held,) = (await table_in(simcord_env, channel)).orders.values()
    assert held["colours"] == "own" and sum(1 for k in held if k.startswith("car_")) == 6
