"""What a move costs on Discord (simcord), counted by route as bench/discord_calls.py counts them:
at most one request against Discord's global limit per move, by clicks and by /game move, in
every game; a board that moves down leaves one line pointing to the new one; a picture is
uploaded only when it changed (or a new message must carry it)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bench.discord_calls import pictures_in, play_one_slash, route
from bot.outbox import Outbox, Table
from cogs.ui.hub import TableHub
from tests.cogs.support import hub, table_in
from tests.cogs.test_leaks import play_one, seat_everyone

MOVES = 60
LINK = re.compile(r"⤵️ The board has moved down: https://discord\.com/channels/\d+/\d+/(\d+)")


@pytest.mark.parametrize("mode", ["clicks", "slash"])
@pytest.mark.parametrize(("game", "players"), [("mogul", 4), ("toprace", 4), ("takenoko", 3), ("racebow", 4)])
async def test_at_most_one_limited_request_a_move(simcord_env: Any, game: str, players: int, mode: str) -> None:
    """Issue 27: a Mogul game by slash commands made 1.81 rate-limited requests a move (/game
    move answered privately, then edited or moved the board with requests of its own)."""
    hub(simcord_env).service.new_seed = lambda: f"calls-{game}"
    _, channel, actors, _ = await seat_everyone(simcord_env, game, players)
    play = play_one if mode == "clicks" else play_one_slash
    rng = random.Random(11)
    limited = moves = 0
    for _ in range(MOVES):
        before = len(simcord_env.http_requests)
        if not await play(simcord_env, channel, actors, rng):
            break
        moves += 1
        kinds = [route(r.method, r.path, channel.id) for r in simcord_env.http_requests[before:]]
        limited += sum(1 for kind in kinds if kind != "exempt")
    assert moves >= MOVES // 2
    assert limited <= moves, f"{limited} limited requests for {moves} moves"


async def test_a_board_that_moves_down_leaves_one_line_pointing_to_the_new_one(simcord_env: Any) -> None:
    """Issue 27: the old board kept every event since it was posted (up to 24 lines)."""
    _, channel, actors, _ = await seat_everyone(simcord_env, "mogul", 3)
    rng = random.Random(3)
    for _ in range(25):
        await play_one(simcord_env, channel, actors, rng)
    table = await table_in(simcord_env, channel)
    history = channel.history()
    ids = [m.id for m in history]
    moved = [m for m in history[1:] if m.id != table.board_message_id]
    assert len(moved) >= 5
    for message in moved:
        found = LINK.fullmatch(message.content)
        assert found is not None, message.content
        assert int(found[1]) in ids and ids.index(int(found[1])) > ids.index(message.id), "it points below"
        assert not message.components and not message.attachments


async def test_a_picture_is_uploaded_only_when_it_changed() -> None:
    """Issue 27: the picture was uploaded again on almost every edit (its key held the ply)."""
    drawn = {"k1": b"one", "k2": b"one", "k3": b"two"}
    table = Table(1, "racebow", 1, 2, "en", "active", 5)
    board = TableHub(client=None, service=None, posts=None)  # type: ignore[arg-type]

    async def upload(key: str, *, fresh: bool = False) -> bool:
        out = Outbox(table, picture=lambda: drawn[key], picture_key=key)
        return await board._picture(out, fresh=fresh) is not None

    assert await upload("k1"), "the first picture"
    assert not await upload("k1"), "the same key: kept"
    assert not await upload("k2"), "another key, the same drawing: kept"
    assert await upload("k3"), "a new drawing"
    assert await upload("k3", fresh=True), "a board that moves down is a new message: it carries it"


async def test_in_a_whole_game_a_picture_goes_up_with_a_new_board_or_a_new_drawing(simcord_env: Any) -> None:
    _, channel, actors, _ = await seat_everyone(simcord_env, "racebow", 3)
    rng = random.Random(4)
    uploads = posts = 0
    drawn: set[str] = set()
    for _ in range(60):
        before = len(simcord_env.http_requests)
        if not await play_one(simcord_env, channel, actors, rng):
            break
        table = await table_in(simcord_env, channel)
        for request in simcord_env.http_requests[before:]:
            if route(request.method, request.path, channel.id) == "channel message":
                posts += 1
            uploads += pictures_in(request.json)
        drawn.add(hub(simcord_env)._pictures[table.id][1])
    assert uploads <= posts + len(drawn), (uploads, posts, len(drawn))
