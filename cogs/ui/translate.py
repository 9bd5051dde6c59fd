"""Command strings from the catalogue, and the translator that gives Discord their French."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.clocks import BANK_CHOICES, BONUS_CHOICES, POLICIES
from bot.i18n import catalogue, t
from rules.engine import AI_LEVELS, Game


def L(key: str) -> locale_str:
    """A command string: English text from the catalogue, the key for the translator."""
    return locale_str(t(key, "en"), key=key)


_DISCORD_LOCALES = {discord.Locale.french: "fr"}


class CatalogueTranslator(app_commands.Translator):
    """Translates command names, descriptions and choices from the catalogue keys they carry."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        """The catalogue text for the string's key in ``locale`` (None: keep the English)."""
        key = string.extras.get("key")
        ours = _DISCORD_LOCALES.get(locale)
        if not key or ours is None:
            return None
        return catalogue(ours).get(key)


def text_or(key: str, locale: str | None, default: str, **params: Any) -> str:
    """The catalogue text for ``key``, or ``default`` when the catalogue lacks it."""
    try:
        return t(key, locale, **params)
    except KeyError:
        return default


def game_name(game: str, locale: str | None) -> str:
    """A game's display name (its key if the catalogue has none yet)."""
    return text_or(f"{game}.name", locale, game.capitalize())


def option_choices(game: Game[Any, Any, Any], option: str) -> list[app_commands.Choice[str]]:
    """A ``/<game> new`` option's choices, from the game's own option spec (labels from the catalogue)."""
    spec = next(s for s in game.options if s.name == option)
    return [app_commands.Choice(name=L(f"cmd.{game.name}.new.{option}.{value}"), value=value) for value in spec.choices]


def hints_choices() -> list[app_commands.Choice[str]]:
    """Whether players may ask the AI for a hint."""
    return [app_commands.Choice(name=L(f"cmd.game.settings.hints.{v}"), value=v) for v in ("off", "on")]


def level_choices() -> list[app_commands.Choice[str]]:
    """The AI's levels, weakest first."""
    return [app_commands.Choice(name=L(f"cmd.game.addbot.level.{level}"), value=level) for level in AI_LEVELS]


def clock_choices() -> list[app_commands.Choice[int]]:
    """The time banks a host may choose (hours; 0 = no clock)."""
    return [app_commands.Choice(name=L(f"cmd.clock.bank.{h}"), value=h) for h in BANK_CHOICES]


def bonus_choices() -> list[app_commands.Choice[int]]:
    """The bonuses per move a host may choose (hours)."""
    return [app_commands.Choice(name=L(f"cmd.clock.bonus.{h}"), value=h) for h in BONUS_CHOICES]


def policy_choices() -> list[app_commands.Choice[str]]:
    """What a timeout does."""
    return [app_commands.Choice(name=L(f"cmd.clock.policy.{p}"), value=p) for p in POLICIES]


def clock_settings(
    clock: app_commands.Choice[int] | None,
    timeouts: app_commands.Choice[str] | None,
    hints: app_commands.Choice[str] | None = None,
) -> dict[str, Any]:
    """The table settings a host chose on ``/<game> new``, as ``TableService.create``'s clock
    arguments (what is left out keeps its default, see bot/clocks.py)."""
    return {
        "bank_hours": None if clock is None else clock.value,
        "policy": None if timeouts is None else timeouts.value,
        "hints": None if hints is None else hints.value == "on",
    }
