"""Settings from .env: the database (an SQLite path or a PostgreSQL URL) and the shards this
process runs; the bot built from them."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from pydantic import ValidationError

from bot.client import build_bot
from bot.settings import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"
KEYS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS")


@pytest.fixture(autouse=True)
def _clean_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)


def test_the_example_env_file_loads_as_it_is(tmp_path: Path) -> None:
    """Its empty lines (DEV_GUILD_ID=, SHARD_COUNT=, ...) mean "not set"."""
    (tmp_path / ".env").write_text(EXAMPLE.read_text() + "DISCORD_TOKEN=abc\n")
    settings = Settings()
    assert settings.discord_token == "abc" and settings.dev_guild_id is None
    assert settings.database == "gamehost.sqlite3" and settings.shard_count is None and settings.shard_ids is None


def test_database_url_wins_over_the_sqlite_path(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DATABASE_PATH=here.sqlite3\nDATABASE_URL=postgresql://bot:pw@db:5432/gamehost\n")
    assert Settings().database == "postgresql://bot:pw@db:5432/gamehost"
    (tmp_path / ".env").write_text("DATABASE_URL=here.sqlite3\n")
    with pytest.raises(ValidationError, match="postgresql://"):
        Settings()


def test_shards_are_listed_or_ranged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0-2, 5")
    assert Settings().shard_ids == (0, 1, 2, 5)
    monkeypatch.setenv("SHARD_IDS", "8")
    with pytest.raises(ValidationError, match=r"0\.\.7"):
        Settings()
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "1")
    with pytest.raises(ValidationError, match="SHARD_COUNT"):
        Settings()


def test_a_bot_runs_the_shards_it_is_given() -> None:
    url = "postgresql://bot@/gamehost"
    sharded = build_bot(url, shard_count=8, shard_ids=(4, 5, 6, 7))
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 8 and sharded.shard_ids == [4, 5, 6, 7]
    assert sharded.database == url  # type: ignore[attr-defined]
    every = build_bot(url, shard_count=2)
    assert isinstance(every, discord.AutoShardedClient) and every.shard_ids is None  # all of them, here
    single = build_bot("gamehost.sqlite3")
    assert not isinstance(single, discord.AutoShardedClient)
