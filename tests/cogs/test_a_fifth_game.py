"""A fifth game touches no shared file. In place, the small Nim game (``tests/fifth_game``, laid out
as it would sit in the tree) is registered beside the four as a plug-in would be: it gets its /nim
command, its catalogue checks and its leak checks, the golden test refuses it until it has
playthroughs, and no shared file names it. In a temporary copy of the tree its folder is added for
real, and every test that walks the registry passes unchanged."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
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


# The tests that walk the registry (every game's contract, files, rule IDs, texts, goldens, leaks
# through Discord, the import boundaries) and the new game's own; the four games' cases are
# deselected: the rest of the suite runs on the tree itself.
REGISTRY_TESTS = [
    "tests/test_contract.py",
    "tests/test_game_packages.py",
    "tests/test_rule_ids.py",
    "tests/test_catalogues.py",
    "tests/test_golden.py",
    "tests/test_boundaries.py",
    "tests/cogs/test_leaks.py",
    "tests/rules/nim",
]
PYTEST = [sys.executable, "-m", "pytest", "-v", "-x", "-p", "no:cacheprovider", "-o", "addopts="]
SELECTED = "nim or not (mogul or toprace or racebow or takenoko or guess)"


def tree_copy(into: Path) -> Path:
    """The files of this checkout (tracked, and new ones git does not ignore) copied into ``into``."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


def test_a_real_fifth_game_folder_passes_every_registry_test(tmp_path: Path) -> None:
    """The author's steps, and nothing else: the game's folders copied in, its goldens generated."""
    tree = tree_copy(tmp_path / "tree")
    game = ROOT / "tests" / "fifth_game"
    shutil.copytree(game, tree, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    regen = subprocess.run(
        [sys.executable, "-m", "tests.golden.regen", "nim"], cwd=tree, env=env, capture_output=True, text=True
    )
    assert regen.returncode == 0, regen.stderr
    run = subprocess.run(
        [*PYTEST, "-k", SELECTED, *REGISTRY_TESTS],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    for test in (
        "test_golden.py::test_playthrough_matches_its_transcript[nim-",
        "test_rule_ids.py::test_every_rule_id_is_named_by_a_test[nim]",
        "test_leaks.py::test_public_messages_never_show_a_secret[nim]",
        "rules/nim/test_nim.py::test_nm_end_1",
    ):
        assert test in run.stdout, f"{test} did not run"
