"""Fixtures for the Discord adapter tests: the bot simcord runs, on a temporary database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.client import EXTENSIONS, build_bot
from rules.registry import GAMES
from tests.support.guess import GUESS

TEST_GAMES: dict[str, Any] = {**GAMES, "guess": GUESS}
TEST_EXTENSIONS = (*EXTENSIONS, "tests.cogs.guess_cog")


def make_bot(db_path: Path) -> commands.Bot:
    """The production bot plus the test-only /guess group."""
    return build_bot(db_path, games=TEST_GAMES, extensions=TEST_EXTENSIONS)


@pytest.fixture
def simcord_bot(db_path: Path) -> commands.Bot:
    return make_bot(db_path)
