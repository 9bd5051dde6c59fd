"""/takenoko new: open a Takenoko table (everything else is /game)."""

from __future__ import annotations

from discord.ext import commands

from cogs.ui.newgame import game_group


async def setup(bot: commands.Bot) -> None:
    """Load the /takenoko group."""
    bot.tree.add_command(game_group("takenoko"))
