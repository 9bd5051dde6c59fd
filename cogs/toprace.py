"""/toprace new: open a Top Race table with typed options (everything else is /game)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.common import L, hub_of

# Option name -> its values, the engine's default first (rules/toprace OPTIONS; "auction" has one value).
OPTIONS: dict[str, tuple[str, ...]] = {
    "edition": ("classic", "alt"),
    "races": ("1", "3"),
    "betting": ("on", "off"),
    "allow_no_bet": ("off", "on"),
    "restrict_pair_after_tip2": ("off", "on"),
}


def _choices(option: str) -> list[Choice[str]]:
    return [Choice(name=L(f"cmd.toprace.new.{option}.{v}"), value=v) for v in OPTIONS[option]]


class TopRaceCog(commands.GroupCog, group_name=L("cmd.toprace.name"), group_description=L("cmd.toprace.description")):
    """The /toprace group."""

    @app_commands.command(name=L("cmd.toprace.new.name"), description=L("cmd.toprace.new.description"))
    @app_commands.rename(**{o: L(f"cmd.toprace.new.{o}.name") for o in OPTIONS})
    @app_commands.describe(**{o: L(f"cmd.toprace.new.{o}.description") for o in OPTIONS})
    @app_commands.choices(**{o: _choices(o) for o in OPTIONS})
    async def new(
        self,
        interaction: discord.Interaction,
        edition: Choice[str] | None = None,
        races: Choice[str] | None = None,
        betting: Choice[str] | None = None,
        allow_no_bet: Choice[str] | None = None,
        restrict_pair_after_tip2: Choice[str] | None = None,
    ) -> None:
        """Open a Top Race table in this channel."""
        given = {
            "edition": edition,
            "races": races,
            "betting": betting,
            "allow_no_bet": allow_no_bet,
            "restrict_pair_after_tip2": restrict_pair_after_tip2,
        }
        options = {name: choice.value for name, choice in given.items() if choice is not None}
        await hub_of(interaction).open_table(interaction, "toprace", options)


async def setup(bot: commands.Bot) -> None:
    """Load the /toprace group."""
    await bot.add_cog(TopRaceCog())
