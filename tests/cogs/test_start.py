"""A restart reads no table: the bot answers its first command before it has loaded any live
table, and reads a table when a command touches it (issue 30)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cogs.conftest import make_bot
from tests.cogs.support import hub, open_mogul


async def test_a_restart_loads_a_table_only_when_a_command_touches_it(simcord_env: Any, db_path: Path) -> None:
    guild, channel, actors = await open_mogul(simcord_env)
    other = guild.create_text_channel("second")
    first = next(iter(actors.values()))
    assert (await first.slash(other, "mogul new")).ephemeral  # a second live table, a lobby
    store = hub(simcord_env).service.store
    live = [t.id for t in await store.live_tables()]
    assert len(live) == 2

    await simcord_env.restart_bot(make_bot(db_path))

    store = hub(simcord_env).service.store
    assert [store.cached_table(t) for t in live] == [None, None]  # started, and read no table
    status = await first.slash(channel, "game status")
    assert status.ephemeral and "Mogul" in status.response.content
    assert store.cached_table(live[0]) is not None and store.cached_table(live[1]) is None
