"""A test-only /guess group (the guess game of tests/support): proof that a game cog is tiny."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.context import hub_of


class GuessCog(commands.GroupCog, group_name="guess", group_description="The Guess test game"):
    """/guess new."""

    @app_commands.command(name="new", description="Open a Guess table")
    async def new(self, interaction: discord.Interaction) -> None:
        """Open a Guess table in this channel."""
        await hub_of(interaction).open_table(interaction, "guess", {})


async def setup(bot: commands.Bot) -> None:
    """Load the /guess group."""
    await bot.add_cog(GuessCog())
