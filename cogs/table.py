"""The shared /game group: lobby, moves, views and help, for every game the bot hosts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.errors import TableError
from bot.guide import guide, rule_topics
from bot.i18n import t
from bot.outbox import Outbox
from cogs.ui.context import place_of, player_of
from cogs.ui.hub import table_hub
from cogs.ui.translate import (
    L,
    bonus_choices,
    clock_choices,
    game_name,
    hints_choices,
    level_choices,
    policy_choices,
    text_or,
)

hub_of = table_hub


class GameCog(commands.GroupCog, group_name=L("cmd.game.name"), group_description=L("cmd.game.description")):
    """/game: the lobby, moves, views, clocks and absences, undo, history and help."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A submitted order form (a modal): answered from its raw submission, so a form shown
        before a restart is answered after it (cogs/ui/forms.py)."""
        if interaction.type is discord.InteractionType.modal_submit:
            await hub_of(interaction).submit_form(interaction)

    # -- running a service call -----------------------------------------------------------------
    async def _run(self, interaction: discord.Interaction, call: Callable[[], Awaitable[Outbox]]) -> None:
        """Call the service for this user in this channel; publish the result or explain a refusal."""
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        out = await hub.answer(interaction, call())
        if out is not None:
            await hub.publish(interaction, out)

    async def _lobby(self, interaction: discord.Interaction, what: str) -> None:
        service = hub_of(interaction).service
        place, player = place_of(interaction), player_of(interaction)
        manage = bool(interaction.permissions.manage_channels)
        calls: dict[str, Callable[[], Awaitable[Outbox]]] = {
            "join": lambda: service.join(place, player),
            "leave": lambda: service.leave(place, player),
            "start": lambda: service.start(place, player),
            "cancel": lambda: service.cancel(place, player, can_manage=manage),
            "pause": lambda: service.pause(place, player, can_manage=manage),
            "resume": lambda: service.resume(place, player, can_manage=manage),
            "return": lambda: service.come_back(place, player),
        }
        await self._run(interaction, calls[what])

    # Each slash command is its own decorated method, as discord.py declares them: the commands
    # below are alike in shape by necessity, and each is one line into _lobby or the hub.
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
    @app_commands.rename(level=L("cmd.game.addbot.level.name"))
    @app_commands.describe(level=L("cmd.game.addbot.level.description"))
    @app_commands.choices(level=level_choices())
    async def addbot(self, interaction: discord.Interaction, level: Choice[str] | None = None) -> None:
        """Seat an AI player (host), at a level (normal by default)."""
        service = hub_of(interaction).service
        chosen = "normal" if level is None else level.value
        await self._run(interaction, lambda: service.add_ai(place_of(interaction), player_of(interaction), chosen))

    # -- playing --------------------------------------------------------------------------------
    @app_commands.command(name=L("cmd.game.board.name"), description=L("cmd.game.board.description"))
    async def board(self, interaction: discord.Interaction) -> None:
        """Repost the board at the bottom of the channel."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.repost_board(interaction)

    @app_commands.command(name=L("cmd.game.hand.name"), description=L("cmd.game.hand.description"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """Your private view and choices, ephemeral (with what happened since your last move)."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.show_hand(interaction)

    @app_commands.command(name=L("cmd.game.move.name"), description=L("cmd.game.move.description"))
    @app_commands.rename(choice=L("cmd.game.move.choice.name"))
    @app_commands.describe(choice=L("cmd.game.move.choice.description"))
    async def move(self, interaction: discord.Interaction, choice: str) -> None:
        """Play the action ``choice`` (an action code, offered by autocomplete)."""
        await hub_of(interaction).move_by_command(interaction, choice)

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
    @app_commands.command(name=L("cmd.game.log.name"), description=L("cmd.game.log.description"))
    @app_commands.rename(page=L("cmd.game.log.page.name"))
    @app_commands.describe(page=L("cmd.game.log.page.description"))
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 9999] | None = None) -> None:
        """The table's whole public history, a page at a time (the latest page first)."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.show_log(interaction, page)

    @app_commands.command(name=L("cmd.game.status.name"), description=L("cmd.game.status.description"))
    async def status(self, interaction: discord.Interaction) -> None:
        """Who must act, since when."""
        hub = hub_of(interaction)
        if not await hub.need_guild(interaction):
            return
        await self._run(interaction, lambda: hub.service.status(place_of(interaction), player_of(interaction)))

    # -- playing over days ----------------------------------------------------------------------
    @app_commands.command(name=L("cmd.game.settings.name"), description=L("cmd.game.settings.description"))
    @app_commands.rename(
        clock=L("cmd.game.settings.clock.name"),
        bonus=L("cmd.game.settings.bonus.name"),
        timeouts=L("cmd.game.settings.timeouts.name"),
        hints=L("cmd.game.settings.hints.name"),
    )
    @app_commands.describe(
        clock=L("cmd.game.settings.clock.description"),
        bonus=L("cmd.game.settings.bonus.description"),
        timeouts=L("cmd.game.settings.timeouts.description"),
        hints=L("cmd.game.settings.hints.description"),
    )
    @app_commands.choices(  # type: ignore[misc]
        clock=clock_choices(), bonus=bonus_choices(), timeouts=policy_choices(), hints=hints_choices()
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        clock: Choice[int] | None = None,
        bonus: Choice[int] | None = None,
        timeouts: Choice[str] | None = None,
        hints: Choice[str] | None = None,
    ) -> None:
        """The table's clock (each player's time bank, the bonus per move, what a timeout does) and
        whether hints are allowed."""
        service = hub_of(interaction).service
        await self._run(
            interaction,
            lambda: service.configure(
                place_of(interaction),
                player_of(interaction),
                bank_hours=None if clock is None else clock.value,
                bonus_hours=None if bonus is None else bonus.value,
                policy=None if timeouts is None else timeouts.value,
                hints=None if hints is None else hints.value == "on",
                can_manage=bool(interaction.permissions.manage_channels),
            ),
        )

    @app_commands.command(name=L("cmd.game.pause.name"), description=L("cmd.game.pause.description"))
    async def pause(self, interaction: discord.Interaction) -> None:
        """Stop every clock (host; seven days at most in all)."""
        await self._lobby(interaction, "pause")

    @app_commands.command(name=L("cmd.game.resume.name"), description=L("cmd.game.resume.description"))
    async def resume(self, interaction: discord.Interaction) -> None:
        """Start the clocks again (host)."""
        await self._lobby(interaction, "resume")

    @app_commands.command(name=L("cmd.game.kick.name"), description=L("cmd.game.kick.description"))
    @app_commands.rename(player=L("cmd.game.kick.player.name"), bot=L("cmd.game.kick.bot.name"))
    @app_commands.describe(player=L("cmd.game.kick.player.description"), bot=L("cmd.game.kick.bot.description"))
    async def kick(
        self, interaction: discord.Interaction, player: discord.User | None = None, bot: str | None = None
    ) -> None:
        """Hand an absent player's seat to the AI (host); they can come back with /game return. In
        the lobby, remove a seat (an AI seat by its name)."""
        hub = hub_of(interaction)
        if player is None and not bot:
            await hub.reply(interaction, t("discord.kick.which", str(interaction.locale)))
            return
        target = str(player.id) if player is not None else str(bot)
        manage = bool(interaction.permissions.manage_channels)
        await self._run(
            interaction,
            lambda: hub.service.kick(place_of(interaction), player_of(interaction), target, can_manage=manage),
        )

    @kick.autocomplete("bot")
    async def kick_bots(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The AI seats of the channel's table, by name."""
        if interaction.guild_id is None:
            return []
        try:
            table = await hub_of(interaction).service.table(place_of(interaction))
        except TableError:
            return []
        typed = current.casefold().strip()
        return [Choice(name=s.name, value=s.name) for s in table.seats if s.is_ai and typed in s.name.casefold()][:25]

    @app_commands.command(name=L("cmd.game.hint.name"), description=L("cmd.game.hint.description"))
    async def hint(self, interaction: discord.Interaction) -> None:
        """What the AI would play now, and why (only you see it)."""
        service = hub_of(interaction).service
        await self._run(interaction, lambda: service.hint(place_of(interaction), player_of(interaction)))

    @app_commands.command(name=L("cmd.game.orders.name"), description=L("cmd.game.orders.description"))
    @app_commands.rename(headsup=L("cmd.game.orders.headsup.name"))
    @app_commands.describe(headsup=L("cmd.game.orders.headsup.description"))
    @app_commands.choices(headsup=[Choice(name=L(f"cmd.game.orders.headsup.{v}"), value=v) for v in ("on", "off")])
    async def orders(self, interaction: discord.Interaction, headsup: Choice[str] | None = None) -> None:
        """Your standing order at this table (privately), with the button to set it as a whole;
        with ``headsup``, turn on or off the private notice sent when the player before you starts
        their turn (it carries that button)."""
        hub = hub_of(interaction)
        if headsup is not None:
            await hub.reply(interaction, await hub.service.heads_up(player_of(interaction), headsup.value == "on"))
        elif await hub.need_guild(interaction):
            await hub.show_orders(interaction)

    @app_commands.command(name=L("cmd.game.turns.name"), description=L("cmd.game.turns.description"))
    async def turns(self, interaction: discord.Interaction) -> None:
        """Every table where you are asked now (in this server; from a DM, everywhere)."""
        await hub_of(interaction).show_turns(interaction)

    @app_commands.command(name=L("cmd.game.return.name"), description=L("cmd.game.return.description"))
    async def come_back(self, interaction: discord.Interaction) -> None:
        """Take your seat back from the AI."""
        await self._lobby(interaction, "return")

    @app_commands.command(name=L("cmd.game.undo.name"), description=L("cmd.game.undo.description"))
    async def undo(self, interaction: discord.Interaction) -> None:
        """Take back your last move, if nothing hidden or random came of it and nobody moved since."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.offer_undo(interaction)

    @app_commands.command(name=L("cmd.game.remind.name"), description=L("cmd.game.remind.description"))
    @app_commands.rename(state=L("cmd.game.remind.state.name"))
    @app_commands.describe(state=L("cmd.game.remind.state.description"))
    @app_commands.choices(state=[Choice(name=L(f"cmd.game.remind.state.{v}"), value=v) for v in ("on", "off")])
    async def remind(self, interaction: discord.Interaction, state: Choice[str]) -> None:
        """Turn your own reminders on or off."""
        hub = hub_of(interaction)
        await hub.reply(interaction, await hub.service.remind(player_of(interaction), state.value == "on"))

    @app_commands.command(name=L("cmd.game.leaderboard.name"), description=L("cmd.game.leaderboard.description"))
    @app_commands.rename(game=L("cmd.game.leaderboard.game.name"))
    @app_commands.describe(game=L("cmd.game.leaderboard.game.description"))
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """This server's players by rating, overall or for one game."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.show_leaderboard(interaction, game)

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """The hosted games, by name."""
        return _game_choices(interaction, current)

    @app_commands.command(name=L("cmd.game.history.name"), description=L("cmd.game.history.description"))
    async def history(self, interaction: discord.Interaction) -> None:
        """The tables played in this channel, with links to their final boards."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.show_history(interaction)

    @app_commands.command(name=L("cmd.game.replay.name"), description=L("cmd.game.replay.description"))
    @app_commands.rename(table=L("cmd.game.replay.table.name"))
    @app_commands.describe(table=L("cmd.game.replay.table.description"))
    async def replay(
        self, interaction: discord.Interaction, table: app_commands.Range[int, 1, 2**53] | None = None
    ) -> None:
        """A finished game of this channel as an animated picture, to share."""
        hub = hub_of(interaction)
        if await hub.need_guild(interaction):
            await hub.send_replay(interaction, table)

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
        await hub.reply(interaction, guide(game, topic or "", loc))

    @rules.autocomplete("game")
    async def rules_games(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The hosted games, by name."""
        return _game_choices(interaction, current)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's topics."""
        game: Any = getattr(interaction.namespace, "game", None)
        if not isinstance(game, str):
            return []
        typed = current.casefold()
        return [
            app_commands.Choice(name=label, value=topic)
            for topic, label in rule_topics(game, str(interaction.locale)).items()
            if typed in label.casefold() or typed in topic
        ][:25]


def _game_choices(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The hosted games whose name or key holds what the user typed."""
    loc = str(interaction.locale)
    typed = current.casefold()
    found = [(game_name(g, loc), g) for g in sorted(hub_of(interaction).service.games)]
    return [Choice(name=n, value=g) for n, g in found if typed in n.casefold() or typed in g][:25]


async def setup(bot: commands.Bot) -> None:
    """Load the /game group."""
    await bot.add_cog(GameCog(bot))
