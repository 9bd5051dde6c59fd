"""The ``/<game>`` group and its ``new`` command, built from the game's own option specs: one
typed choice per option that has a choice to make, plus the clock (``clock``, ``timeouts``). The
client registers one for every game it hosts: a new game needs no cog of its own, and the command
can never drift from the rules."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice

from cogs.ui.hub import table_hub
from cogs.ui.translate import L, clock_choices, clock_settings, hints_choices, option_choices, policy_choices
from rules.engine import Game


def game_group(rules: Game[Any, Any, Any]) -> app_commands.Group:
    """``/<game>`` with ``new`` (names, descriptions and choices from the catalogue)."""
    game = rules.name
    specs = [spec for spec in rules.options if len(spec.choices) > 1]
    names = [spec.name for spec in specs]

    async def new(interaction: discord.Interaction, **given: Any) -> None:
        options = {name: given[name].value for name in names if given.get(name) is not None}
        clock = clock_settings(given.get("clock"), given.get("timeouts"), given.get("hints"))
        await table_hub(interaction).open_table(interaction, game, options, clock)

    # discord.py reads a command's options from its callback's signature and decorations.
    parameters = [
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    ]
    for name in names:
        parameters.append(_optional(name, Choice[str]))
    parameters += [_optional("clock", Choice[int]), _optional("timeouts", Choice[str]), _optional("hints", Choice[str])]
    new.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    new.__doc__ = f"Open a {game} table in this channel."
    decorated: Any = app_commands.rename(
        **{name: L(f"cmd.{game}.new.{name}.name") for name in names},
        clock=L("cmd.game.settings.clock.name"),
        timeouts=L("cmd.game.settings.timeouts.name"),
        hints=L("cmd.game.settings.hints.name"),
    )(new)
    decorated = app_commands.describe(
        **{name: L(f"cmd.{game}.new.{name}.description") for name in names},
        clock=L("cmd.game.settings.clock.description"),
        timeouts=L("cmd.game.settings.timeouts.description"),
        hints=L("cmd.game.settings.hints.description"),
    )(decorated)
    choices: dict[str, Any] = {name: option_choices(rules, name) for name in names}
    choices.update(clock=clock_choices(), timeouts=policy_choices(), hints=hints_choices())
    decorated = app_commands.choices(**choices)(decorated)
    group = app_commands.Group(name=L(f"cmd.{game}.name"), description=L(f"cmd.{game}.description"))
    group.add_command(
        app_commands.Command(
            name=L(f"cmd.{game}.new.name"), description=L(f"cmd.{game}.new.description"), callback=decorated
        )
    )
    return group


def _optional(name: str, annotation: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation | None)


def add_game_groups(tree: app_commands.CommandTree[Any], games: Mapping[str, Game[Any, Any, Any]]) -> None:
    """Register ``/<game> new`` for every hosted game (the registry's, or a test's)."""
    for game in games.values():
        tree.add_command(game_group(game))
