"""Whole games through Discord (simcord): every decision through the components a player would use —
board buttons and menus, "Choose (secret)" replies, DM buttons — until the final standings. After
every move a spectator checks every public message (tests/cogs/test_leaks.py's check), and for a
game that draws its board, that the picture is exactly the drawing of the public view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import Text
from tests.cogs.support import board_of, hub, table_in
from tests.cogs.test_leaks import check_public, play_one, seat_everyone

MAX_MOVES = 3000


async def check_picture(env: Any, channel: Any) -> int:
    """The board's picture (if any) is the public view drawn, nothing more; returns how many."""
    table = await table_in(env, channel)
    game = hub(env).service.games[table.game]
    draw = game.presentation.render_picture
    board = await board_of(env, channel)
    if draw is None:
        assert not board.attachments
        return 0
    (attachment,) = board.attachments
    data = env.backend.cdn.get(attachment.url)
    state = hub(env).service.state_of(table)
    names = [s.name for s in table.seats]
    assert data == draw(game.view(state, None), Text(table.locale, names)), "the picture is the public view"
    return 1


@pytest.mark.parametrize(("game", "players"), [("takenoko", 2), ("racebow", 4)])
async def test_a_whole_game_through_buttons_and_dms(simcord_env: Any, game: str, players: int) -> None:
    rules = hub(simcord_env).service.games[game]
    assert rules.min_players <= players <= rules.max_players
    _, channel, actors, spectator = await seat_everyone(simcord_env, game, players)
    rng = random.Random(players)
    pictures = moves = 0
    while moves < MAX_MOVES:
        await check_public(simcord_env, channel, spectator)
        pictures += await check_picture(simcord_env, channel)
        if not await play_one(simcord_env, channel, actors, rng):
            break
        moves += 1
    table = await table_in(simcord_env, channel)
    assert table.status == "over", f"{game} did not end in {MAX_MOVES} moves"
    results = [m for m in channel.history(viewer=spectator) if "Final standings" in m.content]
    assert results, "the results message was posted"
    if rules.presentation.render_picture is not None:
        assert pictures > 10
    # Each player's private view (their hand, for Takenoko their objectives) came by DM.
    for actor in actors.values():
        dms = actor.user.dm_channel.history() if actor.user.dm_channel else []
        assert any("only you can see this" in m.content for m in dms), actor.user.name
