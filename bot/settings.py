"""Settings read from the environment and a .env file (pydantic-settings)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.tables import Limits


class Settings(BaseSettings):
    """What the bot needs to run; see .env.example."""

    # An empty line such as "DEV_GUILD_ID=" (as .env.example has them) means "not set".
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    discord_token: str = ""
    database_path: str = "gamehost.sqlite3"
    # postgresql://user:password@host:5432/dbname: the database several bot processes share.
    # When set it wins, and DATABASE_PATH is not used.
    database_url: str = ""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # Discord shards: SHARD_COUNT in all, of which this process runs SHARD_IDS ("0,1" or "0-3";
    # empty: all of them). Unset: one process, one shard, as Discord recommends for small bots.
    shard_count: int | None = None
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # Memory (README, "Operating"): the table records kept (about 5 KB each), the parsed game
    # states kept, the entries of public histories kept (for /game log and recaps); and the
    # seconds of catching up the scheduler does in one go before it lets clicks in; the bytes of
    # board pictures kept.
    cached_tables: int = Field(default=Limits.cached_tables, ge=1)
    cached_states: int = Field(default=Limits.cached_states, ge=1)
    history_entries: int = Field(default=Limits.history_entries, ge=1)
    due_batch_seconds: float = Field(default=Limits.due_batch_seconds, gt=0)
    picture_bytes: int = Field(default=Limits.picture_bytes, ge=0)

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: str) -> str:
        value = value.strip()
        if value and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("DATABASE_URL must start with postgresql:// (for SQLite, set DATABASE_PATH)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        ids: list[int] = []
        for part in (p.strip() for p in value.split(",")):
            if not part:
                continue
            first, _, last = part.partition("-")
            ids.extend(range(int(first), int(last or first) + 1))
        return tuple(ids) or None

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards across every process)")
            if any(not 0 <= i < self.shard_count for i in self.shard_ids):
                raise ValueError(f"SHARD_IDS must lie in 0..{self.shard_count - 1}")
        if self.shard_count is not None and self.shard_count < 1:
            raise ValueError("SHARD_COUNT must be at least 1")
        return self

    @property
    def limits(self) -> Limits:
        """What the process keeps in memory, and how it paces catching up."""
        return Limits(
            self.cached_tables, self.cached_states, self.history_entries, self.due_batch_seconds, self.picture_bytes
        )

    @property
    def database(self) -> str:
        """Where the tables live: DATABASE_URL if set, else the SQLite file DATABASE_PATH."""
        return self.database_url or self.database_path
