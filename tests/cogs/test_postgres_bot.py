"""The Discord bot on PostgreSQL (DATABASE_URL), through simcord: a game plays, survives a restart,
and its old buttons still answer."""

from __future__ import annotations

from typing import Any

import pytest
from discord.ext import commands

from bot.i18n import t
from tests.cogs.conftest import make_bot, restart
from tests.cogs.support import custom_ids, hub, open_mogul, pick, play_one, table_in


@pytest.fixture
def simcord_bot(pg_url: str) -> commands.Bot:
    return make_bot(pg_url)


async def test_a_game_on_postgres_survives_a_restart(simcord_env: Any, pg_url: str) -> None:
    assert type(hub(simcord_env).service.store).__name__ == "PostgresStore"
    _, channel, actors = await open_mogul(simcord_env)
    for _ in range(3):
        assert (await play_one(simcord_env, channel, actors)).acknowledged
    table = await table_in(simcord_env, channel)
    (ask, *_) = await hub(simcord_env).service.asks(table_id=table.id)
    hand = await actors[ask.user_id].slash(channel, "game hand")
    old_button = f"gh:{table.id}:{ask.decision}:{pick(ask)}"
    assert old_button in custom_ids(hand.response)
    await play_one(simcord_env, channel, actors)

    await restart(simcord_env, pg_url)

    stale = await actors[ask.user_id].click(hand.response, custom_id=old_button)
    assert stale.ephemeral and stale.response.content == t("error.stale", "en")
    before = (await table_in(simcord_env, channel)).ply
    assert (await play_one(simcord_env, channel, actors)).acknowledged
    after = await table_in(simcord_env, channel)
    assert after.ply > before and await hub(simcord_env).service.replay(after.id) == hub(simcord_env).service.state_of(
        after
    )
