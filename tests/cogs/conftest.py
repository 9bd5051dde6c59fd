"""Fixtures for the Discord adapter tests: the bot simcord runs, on a temporary database."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.client import EXTENSIONS, build_bot
from rules.registry import GAMES
from tests.support.guess import GUESS

TEST_GAMES: dict[str, Any] = {**GAMES, "guess": GUESS}
TEST_EXTENSIONS = EXTENSIONS

_BOTS: list[commands.Bot] = []  # every bot a test built (restarts build more than one)


def make_bot(db_path: Path | str) -> commands.Bot:
    """The production bot plus the test-only /guess group, on an SQLite path or a PostgreSQL URL."""
    # The scheduler looks every half hour of virtual time: days pass in few ticks.
    bot = build_bot(db_path, games=TEST_GAMES, extensions=TEST_EXTENSIONS, scheduler_period=1800)
    _BOTS.append(bot)
    return bot


@pytest.fixture
def simcord_bot(db_path: Path) -> commands.Bot:
    return make_bot(db_path)


@pytest.fixture(autouse=True)
async def _close_stores() -> AsyncIterator[None]:
    """simcord detaches the bot without closing it: close each bot's database here, or aiosqlite's
    worker thread keeps the test process alive after the last test."""
    yield
    while _BOTS:
        store = getattr(_BOTS.pop(), "store", None)
        if store is not None:
            await store.close()


async def restart(env: Any, database: Path | str) -> None:
    """Restart the bot as a shutdown does: the old bot closes its store (which writes what it noted,
    GameBot.close), then a new one starts on the same database. (simcord's own restart_bot leaves
    the old bot as a crash would.)"""
    store = getattr(env.bot, "store", None)
    if store is not None:
        await store.close()
    await env.restart_bot(make_bot(database))
