"""The host removes an AI seat from the lobby through /game kick's bot option (issue 28: it was
refused with "You are not seated")."""

from __future__ import annotations

from typing import Any

from tests.cogs.support import table_in


async def test_the_host_removes_an_ai_seat_by_its_name(simcord_env: Any) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("mogul")
    ana = guild.add_member(simcord_env.create_user("ana"))
    await ana.slash(channel, "mogul new")
    await ana.slash(channel, "game addbot")
    assert [s.name for s in (await table_in(simcord_env, channel)).seats] == ["ana", "Bot 1"]
    which = await ana.slash(channel, "game kick")
    assert which.ephemeral and "bot option" in which.response.content
    removed = await ana.slash(channel, "game kick", bot="Bot 1")
    assert removed.ephemeral and "Bot 1 no longer has a seat" in removed.response.content
    assert [s.name for s in (await table_in(simcord_env, channel)).seats] == ["ana"]
