"""Scripted people for the simcord tests: a player who looks at Discord when the board pings them
(or their heads-up does), sets an order or a pre-move through the form as a person would (the
game's suggestion, pre-filled, saved), and otherwise clicks what the game's AI would play.

``play_as_people`` plays a whole seeded game this way and tallies what the bench
(bench/tempo.py) counts, so the bench's person model can be checked against the real bot."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.engine import rng_for
from tests.cogs.support import custom_ids, hub, prefilled, submit_form, table_in
from tests.cogs.test_leaks import ai_choice, click_choice, play_one


async def fill_form(clicker: Any, opened: Any, overrides: dict[str, str] | None = None) -> Any:
    """Fill every step of an order's form that a click opened (``opened.modal``), as pre-filled
    with ``overrides`` typed over it, until it is read back; returns the read-back (or the
    refusal) the last step answered with. ``clicker`` is the member (a form opened in the
    channel) or the user (one opened from a DM)."""
    result = opened
    while result.modal is not None:
        shown = prefilled(result)
        values = {**shown, **{k: v for k, v in (overrides or {}).items() if k in shown}}
        answered = await submit_form(clicker, result, values)
        message = answered.response
        following = [c for c in custom_ids(message) if ":next:" in c] if message is not None else []
        if not following:
            return answered
        result = await clicker.click(message, custom_id=following[0])
    return result


async def set_order(env: Any, actor: Any, channel: Any, overrides: dict[str, str] | None = None) -> bool:
    """The player opens /game orders, the form (pre-filled with the game's suggestion or the
    order they hold), types ``overrides`` over it and saves what is read back; True if saved."""
    table = await table_in(env, channel)
    panel = await actor.slash(channel, "game orders")
    button = f"gho:{table.id}:form"
    if panel.response is None or button not in custom_ids(panel.response):
        return False
    read = await fill_form(actor, await actor.click(panel.response, custom_id=button), overrides)
    return await _save(actor, read)


async def set_order_from_dm(actor: Any, message: Any) -> bool:
    """The player clicks the form's button on a private message (a heads-up) and saves the
    pre-filled order or pre-move; True if saved."""
    form = next((c for c in custom_ids(message) if c.startswith("gho:") and c.endswith(":form")), None)
    if form is None:
        return False
    read = await fill_form(actor.user, await actor.user.click(message, custom_id=form))
    return await _save(actor.user, read)


async def _save(clicker: Any, read: Any) -> bool:
    message = read.response
    save = next((c for c in custom_ids(message) if ":save:" in c), None) if message is not None else None
    if save is None:
        return False
    saved = await clicker.click(message, custom_id=save)
    return saved.acknowledged


@dataclass
class Tally:
    """What a game played by people cost them, as bench/tempo.py counts it."""

    decisions: int = 0
    clicks: int = 0
    hand_offs: int = 0
    """Boards that moved down pinging someone (a new look at Discord)."""
    pings: int = 0
    """Messages that notified someone: the boards that pinged, and the heads-ups."""
    forms: int = 0
    """Orders and pre-moves saved through the form."""
    looked: set[str] = field(default_factory=set)


async def play_as_people(
    env: Any,
    channel: Any,
    actors: dict[str, Any],
    *,
    seed: int = 0,
    lazy: bool = True,
    heads_up: bool = True,
    most: int = 2000,
) -> Tally:
    """Play the channel's table to its end as people: each player looks when a board pings them
    or (with ``heads_up``) when their heads-up arrives; at a look a *lazy* player sets the order
    or pre-move the form suggests if they have not set one yet (a steady one, at every look),
    then whoever is asked clicks what the game's AI would play."""
    tally = Tally()
    service = hub(env).service
    if heads_up:
        for actor in actors.values():
            await actor.slash(channel, "game orders", headsup="on")
    rng = random.Random(seed)
    settled: set[str] = set()
    seen_pings = {m.id for m in channel.history()}
    seen_dms = {uid: len(list(a.user.dm_channel.history())) if a.user.dm_channel else 0 for uid, a in actors.items()}
    rules = None
    for _ in range(most):
        table = await table_in(env, channel)
        if table.status != "active":
            break
        rules = service.games[table.game]
        # Who was pinged since the last look: boards that moved down, and heads-ups.
        raw = env.backend.messages[channel.id]
        for message in channel.history():
            if message.id not in seen_pings:
                seen_pings.add(message.id)
                pinged = [str(u) for u in raw[message.id].ping_user_ids]
                tally.hand_offs += bool(pinged)
                tally.pings += len(pinged)
                for user in pinged:
                    await _look(env, channel, actors[user], user, lazy, settled, tally)
        for user, actor in actors.items():
            dms = list(actor.user.dm_channel.history()) if actor.user.dm_channel else []
            for message in dms[seen_dms[user] :]:
                if "⏳" in message.content:
                    tally.pings += 1
                    wants = rules.orders is not None and (not lazy or user not in settled)
                    if wants and await set_order_from_dm(actor, message):
                        tally.forms += 1
                        settled.add(user)
            seen_dms[user] = len(dms)
        before = (await table_in(env, channel)).ply
        if not await play_one(env, channel, actors, rng):
            break
        tally.clicks += 1
        tally.decisions += (await table_in(env, channel)).ply - before
    return tally


async def _look(env: Any, channel: Any, actor: Any, user: str, lazy: bool, settled: set[str], tally: Tally) -> None:
    """A player's look at the table: the order they would set now, if any."""
    tally.looked.add(user)
    if lazy and user in settled:
        return
    if await set_order(env, actor, channel):
        tally.forms += 1
        settled.add(user)


async def play_like_the_bench(env: Any, channel: Any, actors: dict[str, Any], seed: str) -> Tally:
    """Play the channel's table to its end as bench/tempo.py's *lazy* person does (``public_lazy``):
    whoever is asked clicks the game's AI choice drawn from ``rng_for(f"{seed}:ai", ply + 1)``, and
    when their look ends (the table waits for someone else) a player who never saved a form opens
    it, keeps its pre-filled suggestion and saves it. Tallies hand-offs as the bench does: the
    boards that moved down pinging someone."""
    tally = Tally()
    settled: set[str] = set()
    seen = {m.id for m in channel.history()}

    def pings() -> None:
        raw = env.backend.messages[channel.id]
        for message in channel.history():
            if message.id not in seen:
                seen.add(message.id)
                pinged = raw[message.id].ping_user_ids
                tally.hand_offs += len(pinged)
                tally.pings += bool(pinged)

    while True:
        found = await ai_choice(env, channel, lambda table: rng_for(f"{seed}:ai", table.ply + 1))
        if found is None:
            break
        table, ask, _, _ = found
        await click_choice(env, channel, actors, found)
        tally.clicks += 1
        pings()
        after = await table_in(env, channel)
        tally.decisions += after.ply - table.ply
        still = after.status == "active" and any(
            a.user_id == ask.user_id for a in await hub(env).service.asks(table_id=after.id)
        )
        if not still and ask.user_id not in settled and after.status == "active":
            if await set_order(env, actors[ask.user_id], channel):
                tally.forms += 1
                settled.add(ask.user_id)
            pings()  # an order saved out of turn moves nothing, but say so if it did
    return tally
