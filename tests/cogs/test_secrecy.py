"""Secrecy of the means (MG-ORD-3, MG-ORD-6, TR-ORD-3, TR-ORD-6, RB-PRE-3): the public cannot tell
a click from an order, a pre-move or a preference.

A seeded game is played through the bot (simcord) twice on the same seed: once where some
decisions come from orders, pre-moves or a preference set through the form, once where every
one of the same decisions is a click. What a spectator reads is recorded after every write: the
board's text, its components, its picture (the key of what it shows) and whom it pings, and every
other channel message.

Timing is the one inherent difference, and it is excluded: an order answers in the same write as
the move before it, so the board the click would have shown in between (and the ping it would have
carried) never exists. So each board of the game with orders is compared with the board of the
game with clicks at the same ply, and the events are compared as one stream; a ping is missing
only where an instant answer made it unnecessary (the player asked again is the one who just
clicked); a board that moved down leaves the same one line either way."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import pytest

from tests.cogs.people import set_order, set_order_from_dm
from tests.cogs.support import board_of, custom_ids, hub, reply_of, table_in
from tests.cogs.test_leaks import components, play_one, seat_everyone

PLIES = 90
STUB = re.compile(r"⤵️ The board has moved down: https://discord\.com/channels/\d+/\d+/\d+")


# A record of fields, alike in shape only to bot.outbox.OrderForm.
@dataclass(frozen=True)
class Seen:
    """What a spectator reads once a write has landed: the board at that ply."""

    ply: int
    head: str
    events: tuple[str, ...]
    board: str
    controls: tuple[tuple[str, str], ...]
    picture: str
    pinged: tuple[int, ...]
    """The seats it pings (when it moved down)."""
    message: int
    """The board's message (a new one: it moved down)."""
    clicker: int
    """The seat whose click made the write."""


async def seen(env: Any, channel: Any, clicker: int) -> Seen:
    """The board as a spectator reads it now, with the table's own ids taken out (the two
    games are two tables)."""
    service = hub(env).service
    table = await table_in(env, channel)
    message = await board_of(env, channel)
    board = (await service.board(table_id=table.id)).board
    content = message.content
    top = content[: content.index(board)].strip("\n")
    head, events = "", top
    if top.startswith("<@"):
        head, _, events = top.partition("\n\n")
    controls = tuple(
        (str(item.get("label", "")), re.sub(rf"^(gh\w*):{table.id}:", r"\1:T:", str(item.get("custom_id", ""))))
        for item in components(message)
    )
    key = (hub(env)._pictures.get(table.id) or ("",))[0]

    def seat(user: object) -> int:
        found = table.seat_of(str(user))
        assert found is not None and found.seat is not None
        return found.seat

    pinged = tuple(sorted(seat(u) for u in env.backend.messages[channel.id][message.id].ping_user_ids))
    head = re.sub(r"<@(\d+)>", lambda m: f"<@seat{seat(m[1])}>", head.replace(f"#{table.id}", "#T"))
    return Seen(
        table.ply,
        head,
        tuple(line for line in events.split("\n") if line),
        content[content.index(board) :],
        controls,
        key.partition(":")[2],
        pinged,
        message.id,
        clicker,
    )


def pings(records: list[Seen]) -> list[tuple[int, ...]]:
    """The seats each board that moved down pinged, in order."""
    found = []
    last = None
    for record in records:
        if record.message != last and record.pinged:
            found.append(record.pinged)
        last = record.message
    return found


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    """True if ``part`` is ``whole`` with some items left out."""
    rest = iter(whole)
    return all(any(item == other for other in rest) for item in part)


def others(channel: Any, board: int | None, over: bool) -> list[str]:
    """Every channel message but the lobby's, the live board and the results: the boards that
    moved below."""
    history = channel.history()
    return [m.content for m in history[1 : -1 if over else None] if m.id != board]


async def clicked(env: Any, channel: Any, actors: dict[str, Any], code: str, seat: int) -> None:
    """``seat``'s player clicks ``code`` where a player would (the board, or their secret choices)."""
    service = hub(env).service
    table = await table_in(env, channel)
    (ask,) = [a for a in await service.asks(table_id=table.id) if a.seat == seat]
    actor = actors[ask.user_id]
    button = f"gh:{table.id}:{ask.decision}:{code}"
    board = await board_of(env, channel)
    if button in custom_ids(board):
        await actor.click(board, custom_id=button)
    else:
        opened = await actor.click(board, custom_id=f"gh:{table.id}:mine")
        await actor.click(reply_of(opened), custom_id=button)


async def with_means(env: Any, game: str, means: str) -> tuple[list[Seen], list[tuple[int, str]], list[str], str]:
    """The game played with orders (``means``: who sets what, and when) for ``PLIES`` plies: what a
    spectator read after each write, the log, the moved boards and the results."""
    hub(env).service.new_seed = lambda: f"secrecy-{game}"
    _, channel, actors, _ = await seat_everyone(env, game, 3)
    service = hub(env).service
    rng = random.Random(5)
    records: list[Seen] = []
    table = await table_in(env, channel)
    first = min(await service.asks(table_id=table.id), key=lambda a: a.seat)
    holder = next(a for u, a in actors.items() if u != first.user_id)
    if means == "order":
        assert await set_order(env, holder, channel)
    elif means == "preference":
        assert await set_order(env, holder, channel, {"auto_end": "on"})
    else:
        for actor in actors.values():
            await actor.slash(channel, "game orders", headsup="on")
    read = {u: 0 for u in actors}
    while (table := await table_in(env, channel)).status == "active" and table.ply < PLIES:
        if means == "premoves":
            # Each player plans their turn from their heads-up, as soon as it reaches them.
            for user, actor in actors.items():
                dms = list(actor.user.dm_channel.history()) if actor.user.dm_channel else []
                for message in dms[read[user] :]:
                    if "⏳" in message.content:
                        await set_order_from_dm(actor, message)
                read[user] = len(dms)
        asks = await service.asks(table_id=table.id)
        clicker = min(asks, key=lambda a: a.seat).seat
        before = table.ply
        assert await play_one(env, channel, actors, rng)
        if (await table_in(env, channel)).ply > before:
            records.append(await seen(env, channel, clicker))
    table = await table_in(env, channel)
    log = [(e.seat, e.code) for e in await service.store.actions(table.id)]
    assert any(e.how == "order" for e in await service.store.actions(table.id)), "no order played: nothing compared"
    over = table.status == "over"
    results = channel.history()[-1].content if over else ""
    return records, log, others(channel, table.board_message_id, over), results


async def with_clicks(env: Any, game: str, log: list[tuple[int, str]]) -> tuple[dict[int, Seen], list[str], str]:
    """The same decisions, each a click of its seat's player, on the same seed."""
    hub(env).service.new_seed = lambda: f"secrecy-{game}"
    _, channel, actors, _ = await seat_everyone(env, game, 3)
    records: dict[int, Seen] = {}
    for seat, code in log:
        await clicked(env, channel, actors, code, seat)
        record = await seen(env, channel, seat)
        records[record.ply] = record
    table = await table_in(env, channel)
    over = table.status == "over"
    results = channel.history()[-1].content if over else ""
    return records, others(channel, table.board_message_id, over), results


@pytest.mark.parametrize(("game", "means"), [("mogul", "order"), ("racebow", "premoves"), ("takenoko", "preference")])
async def test_mg_ord_3_tr_ord_3_rb_pre_3_the_public_record_is_the_same_with_orders_and_with_clicks(
    simcord_env: Any, game: str, means: str
) -> None:
    by_means, log, moved_b, results_b = await with_means(simcord_env, game, means)
    by_clicks, moved_a, results_a = await with_clicks(simcord_env, game, log)
    for record in by_means:
        clicks = by_clicks[record.ply]
        assert (record.head, record.board, record.controls, record.picture) == (
            clicks.head,
            clicks.board,
            clicks.controls,
            clicks.picture,
        )
    # Pings, in the order they came: those of the game with orders are those of the game with
    # clicks but the ones an instant answer made unnecessary (or came a step later in the turn).
    pings_b = pings(by_means)
    pings_a = pings([by_clicks[ply] for ply in sorted(by_clicks) if ply <= by_means[-1].ply])
    assert is_subsequence(pings_b, pings_a), (pings_b, pings_a)
    stream_b = [line for record in by_means for line in record.events]
    stream_a = [line for ply in sorted(by_clicks) if ply <= by_means[-1].ply for line in by_clicks[ply].events]
    assert stream_b == stream_a, "the same public events, in the same order"
    assert [text for text in moved_b + moved_a if not STUB.fullmatch(text)] == [], "a moved board is one line"
    assert len(moved_b) <= len(moved_a)
    assert results_b == results_a
    assert len(by_means) < len(by_clicks), "orders answered some decisions: the comparison was not empty"
