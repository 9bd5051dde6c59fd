"""/mogul new: open a Mogul table with typed options (everything else is /game)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.ui.context import hub_of
from cogs.ui.translate import L, chosen, clock_choices, clock_settings, option_choices, policy_choices


class MogulCog(commands.GroupCog, group_name=L("cmd.mogul.name"), group_description=L("cmd.mogul.description")):
    """The /mogul group."""

    @app_commands.command(name=L("cmd.mogul.new.name"), description=L("cmd.mogul.new.description"))
    @app_commands.rename(
        loan_cost=L("cmd.mogul.new.loan_cost.name"),
        quick_start=L("cmd.mogul.new.quick_start.name"),
        clock=L("cmd.game.settings.clock.name"),
        timeouts=L("cmd.game.settings.timeouts.name"),
    )
    @app_commands.describe(
        loan_cost=L("cmd.mogul.new.loan_cost.description"),
        quick_start=L("cmd.mogul.new.quick_start.description"),
        clock=L("cmd.game.settings.clock.description"),
        timeouts=L("cmd.game.settings.timeouts.description"),
    )
    @app_commands.choices(  # type: ignore[misc]
        loan_cost=option_choices("mogul", "loan_cost"),
        quick_start=option_choices("mogul", "quick_start"),
        clock=clock_choices(),
        timeouts=policy_choices(),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        loan_cost: Choice[str] | None = None,
        quick_start: Choice[str] | None = None,
        clock: Choice[int] | None = None,
        timeouts: Choice[str] | None = None,
    ) -> None:
        """Open a Mogul table in this channel."""
        options = chosen(loan_cost=loan_cost, quick_start=quick_start)
        await hub_of(interaction).open_table(interaction, "mogul", options, clock_settings(clock, timeouts))


async def setup(bot: commands.Bot) -> None:
    """Load the /mogul group."""
    await bot.add_cog(MogulCog())
