"""A fifth game touches no shared file: registered beside the four (here only, as a plug-in would
be), the small Nim test game gets its /nim command, its catalogue checks and its leak checks, and
the golden test would refuse it until it has playthroughs — and no shared file names it."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path
from typing import Any

import pytest
from discord.ext import commands

from bot.client import EXTENSIONS, build_bot
from bot.i18n import LOCALES, catalogue
from rules.registry import GAMES
from tests.cogs.conftest import _BOTS
from tests.cogs.test_leaks import check_public, play_one, seat_everyone
from tests.support.nim import NIM
from tests.test_catalogues import game_problems
from tests.test_golden import without_goldens

FIVE = {**GAMES, "nim": NIM}
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def simcord_bot(db_path: Path) -> commands.Bot:
    bot = build_bot(db_path, games=FIVE, extensions=EXTENSIONS, scheduler_period=1800)
    _BOTS.append(bot)
    return bot


async def test_a_registered_game_gets_its_command_and_passes_the_leak_checks(simcord_env: Any) -> None:
    _, channel, actors, spectator = await seat_everyone(simcord_env, "nim", 2)  # /nim new, /game join|start
    rng = random.Random(1)
    for _ in range(20):
        await check_public(simcord_env, channel, spectator)
        if not await play_one(simcord_env, channel, actors, rng):
            break
    assert "Nim" in (await actors[next(iter(actors))].slash(channel, "game status")).response.content


def test_its_catalogue_is_checked_like_the_others() -> None:
    assert game_problems("nim", NIM, {locale: catalogue(locale) for locale in LOCALES}) == []


def test_the_golden_test_asks_for_its_playthroughs() -> None:
    assert without_goldens(FIVE) == ["nim"]


def test_no_shared_file_names_it() -> None:
    """The production code and the shared tests never name the game: everything comes from the
    registry (this file and the game's own module are the only ones that know it)."""
    found = subprocess.run(
        [
            "git",
            "grep",
            "-I",  # text files only (a font may hold the three letters)
            "-l",
            "-w",
            "-i",
            "nim",
            "--",
            "bot",
            "cogs",
            "rules",
            "db",
            "tests/cogs/conftest.py",
            "tests/cogs/test_leaks.py",
            "tests/test_rule_ids.py",
            "tests/test_golden.py",
            "tests/test_catalogues.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert found.stdout.split() == []
