"""/toprace new: open a Top Race table with typed options (everything else is /game)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.ui.context import hub_of
from cogs.ui.translate import L, chosen, clock_choices, clock_settings, option_choices, policy_choices

# The options a player sets on the command ("auction" has a single value: nothing to choose).
OPTIONS = ("edition", "races", "betting", "allow_no_bet", "restrict_pair_after_tip2")


class TopRaceCog(commands.GroupCog, group_name=L("cmd.toprace.name"), group_description=L("cmd.toprace.description")):
    """The /toprace group."""

    @app_commands.command(name=L("cmd.toprace.new.name"), description=L("cmd.toprace.new.description"))
    @app_commands.rename(
        **{o: L(f"cmd.toprace.new.{o}.name") for o in OPTIONS},
        clock=L("cmd.game.settings.clock.name"),
        timeouts=L("cmd.game.settings.timeouts.name"),
    )
    @app_commands.describe(
        **{o: L(f"cmd.toprace.new.{o}.description") for o in OPTIONS},
        clock=L("cmd.game.settings.clock.description"),
        timeouts=L("cmd.game.settings.timeouts.description"),
    )
    @app_commands.choices(  # type: ignore[misc]
        **{o: option_choices("toprace", o) for o in OPTIONS}, clock=clock_choices(), timeouts=policy_choices()
    )
    async def new(
        self,
        interaction: discord.Interaction,
        edition: Choice[str] | None = None,
        races: Choice[str] | None = None,
        betting: Choice[str] | None = None,
        allow_no_bet: Choice[str] | None = None,
        restrict_pair_after_tip2: Choice[str] | None = None,
        clock: Choice[int] | None = None,
        timeouts: Choice[str] | None = None,
    ) -> None:
        """Open a Top Race table in this channel."""
        options = chosen(
            edition=edition,
            races=races,
            betting=betting,
            allow_no_bet=allow_no_bet,
            restrict_pair_after_tip2=restrict_pair_after_tip2,
        )
        await hub_of(interaction).open_table(interaction, "toprace", options, clock_settings(clock, timeouts))


async def setup(bot: commands.Bot) -> None:
    """Load the /toprace group."""
    await bot.add_cog(TopRaceCog())
