"""Who and where an interaction comes from, as the service sees them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

from bot.i18n import normalize_locale
from bot.outbox import Place, Player, plain_name

if TYPE_CHECKING:
    from cogs.ui.hub import TableHub


def player_of(interaction: discord.Interaction) -> Player:
    """The service's view of the user behind an interaction (their name as inert text)."""
    user = interaction.user
    return Player(str(user.id), plain_name(user.display_name), normalize_locale(str(interaction.locale)))


def place_of(interaction: discord.Interaction) -> Place:
    """The channel (and guild) an interaction came from."""
    return Place(interaction.guild_id, interaction.channel_id or 0)


def hub_of(interaction: discord.Interaction) -> TableHub:
    """The bot's table hub."""
    return cast("TableHub", cast(Any, interaction.client).hub)
