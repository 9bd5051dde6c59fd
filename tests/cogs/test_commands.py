"""Every cog's app commands fit Discord's limits and are localized in French; the catalogue is complete."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import EXTENSIONS
from bot.guide import find_topic, rule_topics
from bot.i18n import catalogue, placeholders, t
from cogs.ui.newgame import add_game_groups
from cogs.ui.translate import CatalogueTranslator
from rules.registry import GAMES

NAME = re.compile(r"^[-_\w]{1,32}$")
I18N = Path(__file__).resolve().parents[2] / "bot" / "i18n"


async def _payloads() -> list[dict[str, Any]]:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    for name in EXTENSIONS:
        await bot.load_extension(name)
    add_game_groups(bot.tree, GAMES)
    translator = CatalogueTranslator()
    return [await cmd.get_translated_payload(bot.tree, translator) for cmd in bot.tree.get_commands()]


def _check_name(item: dict[str, Any], where: str) -> None:
    for name in [item["name"], *item.get("name_localizations", {}).values()]:
        assert NAME.match(name) and name == name.lower(), f"{where}: bad name {name!r}"
    assert "fr" in item.get("name_localizations", {}), f"{where}: no French name"


def _check_description(item: dict[str, Any], where: str) -> None:
    for text in [item["description"], *item.get("description_localizations", {}).values()]:
        assert 1 <= len(text) <= 100, f"{where}: description length {len(text)}"
    assert "fr" in item.get("description_localizations", {}), f"{where}: no French description"


def _walk(item: dict[str, Any], where: str) -> None:
    _check_name(item, where)
    _check_description(item, where)
    options = item.get("options", [])
    assert len(options) <= 25
    for locale in ("", "fr"):
        names = [o["name"] if not locale else o.get("name_localizations", {}).get(locale) for o in options]
        assert len(names) == len(set(names)), f"{where}: option names collide ({locale or 'en'})"
    for option in options:
        sub = f"{where} {option['name']}"
        if option.get("type") in (
            discord.AppCommandOptionType.subcommand.value,
            discord.AppCommandOptionType.subcommand_group.value,
        ):
            _walk(option, sub)
            continue
        _check_name(option, sub)
        _check_description(option, sub)
        for choice in option.get("choices", []):
            for label in [choice["name"], *choice.get("name_localizations", {}).values()]:
                assert 1 <= len(label) <= 100, f"{sub}: choice {label!r}"
            assert "fr" in choice.get("name_localizations", {}), f"{sub}: choice without French"


async def test_every_command_fits_discord_and_speaks_french() -> None:
    payloads = await _payloads()
    roots = [p["name"] for p in payloads]
    assert len(roots) == len(set(roots)) and {"game", "mogul"} <= set(roots)
    fr_roots = [p["name_localizations"]["fr"] for p in payloads]
    assert len(fr_roots) == len(set(fr_roots))
    for payload in payloads:
        _walk(payload, "/" + payload["name"])
    game = next(p for p in payloads if p["name"] == "game")
    subs = {o["name"] for o in game["options"]}
    expected = {"join", "leave", "start", "cancel", "board", "hand", "move", "log"}
    assert subs >= expected | {"rules", "status", "games", "addbot"}


async def test_translator_only_answers_french() -> None:
    translator = CatalogueTranslator()
    string = app_commands.locale_str("join", key="cmd.game.join.name")
    ctx = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)
    assert await translator.translate(string, discord.Locale.french, ctx) == "rejoindre"
    assert await translator.translate(string, discord.Locale.german, ctx) is None
    assert await translator.translate(app_commands.locale_str("x"), discord.Locale.french, ctx) is None


def test_discord_catalogues_match() -> None:
    en = json.loads((I18N / "en" / "discord.json").read_text(encoding="utf-8"))
    fr = json.loads((I18N / "fr" / "discord.json").read_text(encoding="utf-8"))
    assert en.keys() == fr.keys()
    for key, text in en.items():
        assert key.startswith(("discord.", "cmd.")), key
        assert placeholders(text) == placeholders(fr[key]), key
        assert "'" not in fr[key], f"{key}: use ’ in French"


async def test_every_game_has_a_new_command_offering_exactly_its_options() -> None:
    """``/<game> new`` takes every option of the game's spec that has a choice to make, with
    exactly the spec's values (the cog cannot drift from the rules)."""
    payloads = {p["name"]: p for p in await _payloads()}
    for game, rules in GAMES.items():
        assert game in payloads, f"no /{game} group"
        new = next(o for o in payloads[game]["options"] if o["name"] == "new")
        offered = {o["name"]: [c["value"] for c in o.get("choices", [])] for o in new.get("options", [])}
        # Options are shown under their catalogue names (allow_no_bet is "abstain").
        expected = {
            t(f"cmd.{game}.new.{spec.name}.name", "en"): list(spec.choices)
            for spec in rules.options
            if len(spec.choices) > 1
        }
        clock = {name: offered.pop(name, None) for name in ("clock", "timeouts", "hints")}
        assert offered == expected, game
        assert clock["timeouts"] == ["ai", "skip"] and clock["clock"], f"/{game} new sets the clock too"


def test_cogs_are_discovered() -> None:
    """Every module directly in cogs/ is loaded; shared code lives in cogs/ui/."""
    assert {"cogs.table", "cogs.scheduler"} == set(
        EXTENSIONS
    )  # a game needs no cog: /<game> new comes from the registry
    assert not any(name.startswith("cogs.ui") for name in EXTENSIONS)


def test_rule_topics_are_named_in_the_players_language() -> None:
    """/game rules offers each game's topics by their names in the player's language, in the
    catalogue's order, and finds a topic typed by that name or by its key, in any case."""
    for game in GAMES:
        keys = {k.split(".", 2)[2] for k in catalogue("en") if k.startswith(f"{game}.rules.")}
        named = {k.split(".", 2)[2] for k in catalogue("en") if k.startswith(f"{game}.topic.")}
        assert keys == named, game
    french = rule_topics("toprace", "fr")
    assert list(french) == ["overview", "auction", "cards", "pair", "betting", "end"]
    assert french["pair"] == "cartes turbo/panne" and rule_topics("toprace", "en")["pair"] == "turbo/breakdown cards"
    assert find_topic(french, "Paris ") == "betting" == find_topic(french, "BETTING")
    assert find_topic(french, "aperçu") == "overview" and find_topic(french, "tour") is None
