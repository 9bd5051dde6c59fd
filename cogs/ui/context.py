"""Who and where an interaction comes from, as the service sees them, and the hub that answers it.

The components (cogs/ui/components.py) reach the hub through ``hub_of``, typed by the ``Hub``
protocol below, so they never import the hub that imports them.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.i18n import normalize_locale
from bot.outbox import Draft, Place, Player, plain_name


class Hub(Protocol):
    """What the persistent components ask of the table hub (cogs/ui/hub.py)."""

    async def play(self, interaction: discord.Interaction, table_id: int, code: str, *, decision: int | None) -> None:
        """Play a choice."""
        ...

    async def show_hand(self, interaction: discord.Interaction, *, table_id: int | None = None) -> None:
        """The user's private view and choices."""
        ...

    async def show_log(self, interaction: discord.Interaction, page: int | None, *, edit: bool = False) -> None:
        """A page of the table's history."""
        ...

    async def confirm_undo(self, interaction: discord.Interaction, ply: int) -> None:
        """Take the move back."""
        ...

    async def open_form(
        self, interaction: discord.Interaction, table_id: int, draft: Draft, *, prefill: Draft | None = None
    ) -> None:
        """The next step of the user's order form (a modal), or the order read back."""
        ...

    async def save_order(self, interaction: discord.Interaction, table_id: int, draft: Draft, ply: int) -> None:
        """Save an order read back."""
        ...

    async def cancel_order(self, interaction: discord.Interaction, table_id: int) -> None:
        """Drop the user's standing order."""
        ...

    async def drop_form(self, interaction: discord.Interaction) -> None:
        """Cancel an order read back: nothing is saved."""
        ...

    async def send_replay(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """A finished game as an animated picture."""
        ...


def player_of(interaction: discord.Interaction) -> Player:
    """The service's view of the user behind an interaction (their name as inert text)."""
    user = interaction.user
    return Player(str(user.id), plain_name(user.display_name), normalize_locale(str(interaction.locale)))


def place_of(interaction: discord.Interaction) -> Place:
    """The channel (and guild) an interaction came from."""
    return Place(interaction.guild_id, interaction.channel_id or 0)


def hub_of(interaction: discord.Interaction) -> Hub:
    """The bot's table hub."""
    return cast(Hub, cast(Any, interaction.client).hub)
