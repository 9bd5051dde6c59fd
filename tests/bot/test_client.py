"""The Discord client's start-up, without connecting: the process running shard 0 syncs the slash
commands, the others do not (commands belong to the application, not to a shard)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.client import build_bot


@pytest.mark.parametrize(("shard_ids", "syncs"), [(None, 1), ([0, 1], 1), ([2, 3], 0)])
async def test_only_the_process_with_shard_0_syncs_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, shard_ids: list[int] | None, syncs: int
) -> None:
    bot: Any = build_bot(tmp_path / "t.sqlite3", shard_count=None if shard_ids is None else 4, shard_ids=shard_ids)
    calls: list[object] = []

    async def sync(**kwargs: object) -> list[object]:
        calls.append(kwargs)
        return []

    monkeypatch.setattr(bot.tree, "sync", sync)
    try:
        await bot.setup_hook()
        assert len(calls) == syncs
        assert bot.hub is not None and bot.store is not None
    finally:
        for cog in list(bot.cogs.values()):
            await bot.remove_cog(cog.qualified_name)
        await bot.store.close()
