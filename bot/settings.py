"""Settings read from the environment and a .env file (pydantic-settings)."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """What the bot needs to run; see .env.example."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = ""
    database_path: str = "gamehost.sqlite3"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
