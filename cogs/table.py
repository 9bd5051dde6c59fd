"""The shared /game group: lobby, moves, views and help, for every game the bot hosts."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import TableError
from bot.i18n import catalogue, normalize_locale, t
from cogs.ui.context import hub_of, place_of, player_of
from cogs.ui.translate import L, game_name, text_or


def rule_topics(game: str, locale: str | None) -> list[str]:
    """The quick-reference topics of ``game``: the catalogue keys ``<game>.rules.<topic>``."""
    prefix = f"{game}.rules."
    keys = set(catalogue("en")) | set(catalogue(normalize_locale(locale)))
    return sorted(k[len(prefix) :] for k in keys if k.startswith(prefix))


class GameCog(commands.GroupCog, group_name=L("cmd.game.name"), group_description=L("cmd.game.description")):
    """/game: join, leave, start, cancel, board, hand, move, log, rules, status, games, addbot."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    # -- lobby ----------------------------------------------------------------------------------
    async def _lobby(self, interaction: discord.Interaction, what: str) -> None:
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        service = hub.service
        place, player = place_of(interaction), player_of(interaction)
        try:
            if what == "join":
                out = await service.join(place, player)
            elif what == "leave":
                out = await service.leave(place, player)
            elif what == "start":
                out = await service.start(place, player)
            elif what == "addbot":
                out = await service.add_ai(place, player)
            else:
                permissions = interaction.permissions
                out = await service.cancel(place, player, can_manage=permissions.manage_channels)
        except TableError as error:
            await hub.refuse(interaction, error)
            return
        await hub.publish(interaction, out)

    @app_commands.command(name=L("cmd.game.join.name"), description=L("cmd.game.join.description"))
    async def join(self, interaction: discord.Interaction) -> None:
        """Take a seat."""
        await self._lobby(interaction, "join")

    @app_commands.command(name=L("cmd.game.leave.name"), description=L("cmd.game.leave.description"))
    async def leave(self, interaction: discord.Interaction) -> None:
        """Leave the lobby."""
        await self._lobby(interaction, "leave")

    @app_commands.command(name=L("cmd.game.start.name"), description=L("cmd.game.start.description"))
    async def start(self, interaction: discord.Interaction) -> None:
        """Start the game (host)."""
        await self._lobby(interaction, "start")

    @app_commands.command(name=L("cmd.game.cancel.name"), description=L("cmd.game.cancel.description"))
    async def cancel(self, interaction: discord.Interaction) -> None:
        """Cancel the table (host or channel manager)."""
        await self._lobby(interaction, "cancel")

    @app_commands.command(name=L("cmd.game.addbot.name"), description=L("cmd.game.addbot.description"))
    async def addbot(self, interaction: discord.Interaction) -> None:
        """Seat an AI player (host)."""
        await self._lobby(interaction, "addbot")

    # -- playing --------------------------------------------------------------------------------
    @app_commands.command(name=L("cmd.game.board.name"), description=L("cmd.game.board.description"))
    async def board(self, interaction: discord.Interaction) -> None:
        """Repost the board at the bottom of the channel."""
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        try:
            await hub.repost_board(interaction)
        except TableError as error:
            await hub.refuse(interaction, error)

    @app_commands.command(name=L("cmd.game.hand.name"), description=L("cmd.game.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your private view and choices, ephemeral."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.show_hand(interaction)

    @app_commands.command(name=L("cmd.game.move.name"), description=L("cmd.game.move.description"))
    @app_commands.rename(choice=L("cmd.game.move.choice.name"))
    @app_commands.describe(choice=L("cmd.game.move.choice.description"))
    async def move(self, interaction: discord.Interaction, choice: str) -> None:
        """Play the action ``choice`` (an action code, offered by autocomplete)."""
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        try:
            out = await hub.service.act(player_of(interaction), choice, place=place_of(interaction))
        except TableError as error:
            await hub.refuse(interaction, error)
            return
        await hub.publish(interaction, out)

    @move.autocomplete("choice")
    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Your legal actions by label, filtered by what you type."""
        if interaction.guild_id is None:
            return []
        try:
            ask = await hub_of(interaction).service.ask(place_of(interaction), player_of(interaction))
        except TableError:
            return []
        if ask is None:
            return []
        typed = current.casefold().strip()
        return [
            app_commands.Choice(name=c.label[:100], value=c.code[:100])
            for c in ask.choices
            if typed in c.label.casefold() or typed in c.code.casefold()
        ][:25]

    # -- reading --------------------------------------------------------------------------------
    async def _read(self, interaction: discord.Interaction, what: str) -> None:
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        place, player = place_of(interaction), player_of(interaction)
        try:
            out = await (hub.service.log(place, player) if what == "log" else hub.service.status(place, player))
        except TableError as error:
            await hub.refuse(interaction, error)
            return
        await hub.reply(interaction, out.reply)

    @app_commands.command(name=L("cmd.game.log.name"), description=L("cmd.game.log.description"))
    async def log(self, interaction: discord.Interaction) -> None:
        """The last public events."""
        await self._read(interaction, "log")

    @app_commands.command(name=L("cmd.game.status.name"), description=L("cmd.game.status.description"))
    async def status(self, interaction: discord.Interaction) -> None:
        """Who must act, since when."""
        await self._read(interaction, "status")

    @app_commands.command(name=L("cmd.game.games.name"), description=L("cmd.game.games.description"))
    async def games(self, interaction: discord.Interaction) -> None:
        """The games this bot hosts and how to start each."""
        hub = hub_of(interaction)
        loc = str(interaction.locale)
        lines = [t("discord.games_header", loc)]
        for key in sorted(hub.service.games):
            lines.append(
                t(
                    "discord.games_line",
                    loc,
                    name=game_name(key, loc),
                    tagline=text_or(f"{key}.tagline", loc, ""),
                    game=key,
                )
            )
        await hub.reply(interaction, "\n".join(lines))

    @app_commands.command(name=L("cmd.game.rules.name"), description=L("cmd.game.rules.description"))
    @app_commands.rename(game=L("cmd.game.rules.game.name"), topic=L("cmd.game.rules.topic.name"))
    @app_commands.describe(game=L("cmd.game.rules.game.description"), topic=L("cmd.game.rules.topic.description"))
    async def rules(self, interaction: discord.Interaction, game: str, topic: str | None = None) -> None:
        """A game's quick reference, in your language."""
        hub = hub_of(interaction)
        loc = str(interaction.locale)
        if game not in hub.service.games:
            games = ", ".join(sorted(hub.service.games))
            await hub.reply(interaction, t("discord.unknown_game", loc, game=game, games=games))
            return
        name = game_name(game, loc)
        topics = rule_topics(game, loc)
        if not topics:
            await hub.reply(interaction, t("discord.rules_none", loc, game=name))
        elif topic is None:
            await hub.reply(interaction, t("discord.rules_topics", loc, game=name, topics=", ".join(topics)))
        elif topic not in topics:
            text = t("discord.rules_unknown_topic", loc, game=name, topic=topic, topics=", ".join(topics))
            await hub.reply(interaction, text)
        else:
            await hub.reply(interaction, t(f"{game}.rules.{topic}", loc))

    @rules.autocomplete("game")
    async def rules_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The hosted games, by name."""
        loc = str(interaction.locale)
        typed = current.casefold()
        found = [(game_name(g, loc), g) for g in sorted(hub_of(interaction).service.games)]
        return [app_commands.Choice(name=n, value=g) for n, g in found if typed in n.casefold() or typed in g][:25]

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's topics."""
        game: Any = getattr(interaction.namespace, "game", None)
        if not isinstance(game, str):
            return []
        typed = current.casefold()
        return [
            app_commands.Choice(name=topic, value=topic)
            for topic in rule_topics(game, str(interaction.locale))
            if typed in topic.casefold()
        ][:25]


async def setup(bot: commands.Bot) -> None:
    """Load the /game group."""
    await bot.add_cog(GameCog(bot))
