"""The table hub: renders the service's Outboxes on Discord — the board edited in place, the turn
ping, DMs with the ephemeral fallback, and answers to clicks. Nothing here knows a particular game.

What reaches a public message is decided here once: text from the Outbox's public parts and
components from ``public_view`` (never a secret decision's choices). Mentions are off by default
on the client; only the turn ping names, and pings, the players it is for.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

import discord

from bot.clock import TableSettings
from bot.errors import NotYourTurn, Stale, TableError
from bot.history import MIN_RANKED
from bot.i18n import t
from bot.outbox import Ask, Outbox, Place, Player, TableRecord
from bot.service import TableService
from cogs.ui.components import MAX_BUTTON_CHOICES, UndoButton, choices_view, clip, log_view, public_view
from cogs.ui.context import place_of, player_of
from cogs.ui.translate import game_name

log = logging.getLogger("gamehost.discord")

MAX_CONTENT = 2000
RECAP_AFTER_HOURS = 12
"""A ping starts with a recap for a player whose last move is at least this old."""
__all__ = ["MAX_BUTTON_CHOICES", "TableHub", "compose", "jump_url"]


def jump_url(table: TableRecord, message_id: int | None = None) -> str:
    """A link to the table's board message (or to its channel)."""
    guild = table.guild_id if table.guild_id is not None else "@me"
    mid = message_id if message_id is not None else table.board_message_id
    base = f"https://discord.com/channels/{guild}/{table.channel_id}"
    return f"{base}/{mid}" if mid else base


Picture = Callable[[], bytes] | None
"""A board's picture, drawn on demand (see Outbox.picture)."""
PICTURE_NAME = "board.png"


async def draw(picture: Picture) -> discord.File | None:
    """The picture as an attachment, drawn in a worker thread (a garden takes a few ms to draw)."""
    if picture is None:
        return None
    data = await asyncio.to_thread(picture)
    return discord.File(io.BytesIO(data), filename=PICTURE_NAME)


def stamp(iso_time: str, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone (``R``: "in 3 hours")."""
    return f"<t:{int(datetime.fromisoformat(iso_time).timestamp())}:{style}>"


def clock_lines(out: Outbox, locale: str | None) -> list[str]:
    """Whose clock runs and until when, or until when the table is paused."""
    if out.paused_until is not None:
        return [t("discord.paused", locale, until=stamp(out.paused_until))]
    return [t("discord.clock", locale, player=c.name, deadline=stamp(c.deadline)) for c in out.clocks]


def compose(out: Outbox, locale: str | None = None) -> str:
    """The board message: the last public events above the board, and whose clock runs below it,
    within 2000 characters; events that do not fit are counted, never silently dropped."""
    below = "\n".join(clock_lines(out, locale))
    board = clip(out.board + ("\n" + below if below else ""), MAX_CONTENT)
    events = [e for e in out.events if e]
    dropped = 0
    while events:
        head = [t("discord.more_in_log", locale, n=dropped)] if dropped else []
        text = "\n".join([*head, *events]) + "\n\n" + board
        if len(text) <= MAX_CONTENT:
            return text
        events.pop(0)
        dropped += 1
    if dropped:
        more = t("discord.more_in_log", locale, n=dropped)
        return clip(more + "\n\n" + board, MAX_CONTENT) if out.board else more
    return board or "…"


class TableHub:
    """Renders the service's Outboxes on Discord: the board, pings, DMs and ephemeral replies."""

    def __init__(self, client: discord.Client, service: TableService) -> None:
        self.client = client
        self.service = service
        self._dm_closed: set[str] = set()

    # -- replies --------------------------------------------------------------------------------
    @staticmethod
    async def reply(interaction: discord.Interaction, text: str, *, view: discord.ui.View | None = None) -> None:
        """An ephemeral answer (a followup if the interaction was already answered)."""
        text = clip(text or t("discord.done", str(interaction.locale)), MAX_CONTENT)
        kwargs: dict[str, Any] = {"ephemeral": True}
        if view is not None:
            kwargs["view"] = view
        if interaction.response.is_done():
            await interaction.followup.send(text, **kwargs)
        else:
            await interaction.response.send_message(text, **kwargs)

    async def refuse(self, interaction: discord.Interaction, error: TableError) -> None:
        """Explain a refusal to the user alone, in their language."""
        await self.reply(interaction, error.text(str(interaction.locale)))

    async def need_guild(self, interaction: discord.Interaction, *, presence: bool = True) -> bool:
        """True if the command came from a server channel; otherwise explain and return False.
        A command from a player whose seat the AI was playing brings them back (``presence``)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.reply(interaction, t("discord.guild_only", str(interaction.locale)))
            return False
        if not presence:
            return True
        try:
            back = await self.service.seen(place_of(interaction), player_of(interaction))
        except TableError as error:
            log.info("could not mark %s as back: %s", interaction.user.id, error)
            return True
        if back is not None:
            await self.show(back)
        return True

    # -- the board ------------------------------------------------------------------------------
    async def board_view(self, table: TableRecord, asks: Sequence[Ask] | None = None) -> discord.ui.View | None:
        """The components under an active board (see ``public_view``).

        ``asks`` are the open decisions when the caller has them (a move's Outbox), else read."""
        if table.status != "active":
            return None
        if asks is None:
            asks = await self.service.asks(table_id=table.id)
        humans = [a for a in asks if not table.seats[a.seat].is_ai]
        return public_view(table.id, humans, table.locale)

    def channel_of(self, table: TableRecord) -> discord.abc.Messageable:
        """The table's channel (a partial one if it is not cached)."""
        channel = self.client.get_channel(table.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def post_board(self, table: TableRecord, content: str, picture: Picture = None) -> discord.Message:
        """Send a new board message (with its picture, if the game draws one) and remember it."""
        view = await self.board_view(table)
        kwargs: dict[str, Any] = {"view": view} if view is not None else {}
        drawn = await draw(picture)
        if drawn is not None:
            kwargs["file"] = drawn
        message = await self.channel_of(table).send(content, **kwargs)
        await self.service.set_board_message(table.id, message.id)
        return message

    async def edit_board(
        self, table: TableRecord, content: str, asks: Sequence[Ask] | None = None, picture: Picture = None
    ) -> None:
        """Edit the board message in place, its picture replaced (or post a new one if it is gone)."""
        view = await self.board_view(table, asks)
        if table.board_message_id is None:
            await self.post_board(table, content, picture)
            return
        message = self.channel_of(table).get_partial_message(table.board_message_id)  # type: ignore[attr-defined]
        drawn = await draw(picture)
        extra: dict[str, Any] = {"attachments": [drawn]} if drawn is not None else {}
        try:
            await message.edit(content=content, view=view, **extra)
        except discord.NotFound:
            await self.post_board(table, content, picture)

    async def repost_board(self, interaction: discord.Interaction) -> None:
        """Post the board again at the bottom of the channel and retire the old message."""
        out = await self.service.board(place_of(interaction))
        table = await self.service.table(table_id=out.table_id)
        old = table.board_message_id
        await self.reply(interaction, t("discord.board_reposted", str(interaction.locale)))
        await self.post_board(table, compose(out, table.locale), out.picture)
        if old is not None:
            try:
                await self.channel_of(table).get_partial_message(old).delete()  # type: ignore[attr-defined]
            except discord.HTTPException:
                log.info("table %s: old board message %s already gone", table.id, old)

    # -- lobby and moves ------------------------------------------------------------------------
    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        options: Mapping[str, str],
        settings: TableSettings | None = None,
    ) -> None:
        """Create a table for ``game`` in this channel and post its board (for /<game> new), with
        the host's clock ``settings`` (or the defaults)."""
        if not await self.need_guild(interaction):
            return
        guild_locale = str(interaction.guild_locale) if interaction.guild_locale else None
        try:
            out = await self.service.create(
                place_of(interaction), game, player_of(interaction), options, locale=guild_locale, settings=settings
            )
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.reply(interaction, out.reply)
        table = await self.service.table(table_id=out.table_id)
        await self.post_board(table, compose(out, table.locale))
        self._log(table, [f"created by {interaction.user.id} with {dict(options)}"])

    async def publish(self, interaction: discord.Interaction, out: Outbox, *, on_board: bool = False) -> None:
        """Answer the interaction and show an Outbox: board edit, ping, DMs.

        With ``on_board`` (a click on the board message itself), the interaction response edits
        the board, saving an API call; the acting user's private reply then follows ephemerally
        only if it says more than "done".
        """
        table = await self.service.table(table_id=out.table_id)
        content = compose(out, table.locale) if (out.board or out.events) else ""
        self._log(table, out.events)
        locale = str(interaction.locale)
        own = await self.secret_choices(table, player_of(interaction))
        if on_board and content:
            view = await self.board_view(table, out.asks if out.moved else None)
            drawn = await draw(out.picture)
            extra: dict[str, Any] = {"attachments": [drawn]} if drawn is not None else {}
            await interaction.response.edit_message(content=content, view=view, **extra)
            if own is not None:
                await interaction.followup.send(clip(out.reply, MAX_CONTENT), ephemeral=True, view=own)
            elif _says_more(out.reply):
                await interaction.followup.send(clip(out.reply, MAX_CONTENT), ephemeral=True)
        else:
            message = interaction.message
            if message is not None and message.flags.ephemeral:
                # A click in an ephemeral choice message: replace it by the result.
                await interaction.response.edit_message(
                    content=clip(out.reply or t("discord.done", locale), MAX_CONTENT), view=own
                )
            elif message is not None and interaction.guild_id is None:
                # A click on the buttons of a direct message (a secret choice): the DM becomes the
                # result, so its stale buttons go away and nothing is posted in the channel.
                link = "\n" + t("discord.dm_link", locale, url=jump_url(table))
                text = clip(out.reply or t("discord.done", locale), MAX_CONTENT - len(link)) + link
                await interaction.response.edit_message(content=text, view=own)
            else:
                await self.reply(interaction, out.reply, view=own)
            if content and out.moved:
                await self.edit_board(table, content, out.asks, out.picture)
        await self.ping(table, out)
        await self.retire_closed_ping(table, out)
        await self.announce(table, out)
        also: dict[str, str] = {}
        user_id = str(interaction.user.id)
        if own is not None and user_id not in out.private:
            # The acting player still has a secret decision open: they get its DM too.
            with contextlib.suppress(TableError):
                also[user_id] = (await self.service.hand(_place(table), player_of(interaction))).reply
        await self.send_private(table, out, also=also)

    async def secret_choices(self, table: TableRecord, player: Player) -> discord.ui.View | None:
        """``player``'s own buttons (labels in their language) for a decision the board cannot
        show: a secret one (a hand to play from, a bet), or one of several taken at once."""
        if table.status != "active":
            return None
        seat = table.seat_of(player.id)
        if seat is None or seat.seat is None or table.decision_of(seat.seat) is None:
            return None
        try:
            ask = await self.service.ask(_place(table), player)
        except TableError:
            return None
        if ask is None or not ask.choices or (not ask.secret and len(table.decisions) < 2):
            return None
        return choices_view(ask, ask.choices, player.locale)

    async def play(self, interaction: discord.Interaction, table_id: int, code: str, *, decision: int | None) -> None:
        """A click on a choice (button or menu): play it, or explain why not."""
        player = player_of(interaction)
        try:
            out = await self.service.act(player, code, table_id=table_id, decision=decision)
        except Stale as stale:
            await self.refuse(interaction, await self._why_stale(table_id, player, decision, stale))
            return
        except TableError as error:
            await self.refuse(interaction, error)
            return
        table = await self.service.table(table_id=table_id)
        on_board = interaction.message is not None and interaction.message.id == table.board_message_id
        await self.publish(interaction, out, on_board=on_board)

    async def _why_stale(self, table_id: int, player: Player, decision: int | None, stale: Stale) -> TableError:
        """A seated player clicking someone else's current button hears "not your turn"."""
        try:
            table = await self.service.table(table_id=table_id)
        except TableError:
            return stale
        seat = table.seat_of(player.id)
        if table.status != "active" or seat is None or seat.seat is None:
            return stale
        current = {d.ply for d in table.decisions}
        if decision in current and table.decision_of(seat.seat) is None:
            return NotYourTurn(players=", ".join(table.seats[d.seat].name for d in table.decisions))
        return stale

    async def show_log(self, interaction: discord.Interaction, page: int | None, *, edit: bool = False) -> None:
        """A page of the table's history, with buttons to the older and newer pages (ephemeral)."""
        player = player_of(interaction)
        try:
            out = await self.service.log_page(place_of(interaction), player, page)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        view = log_view(interaction.channel_id or 0, out.page, out.pages, player.locale)
        text = clip(out.reply, MAX_CONTENT)
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await self.reply(interaction, text, view=view)

    async def offer_undo(self, interaction: discord.Interaction) -> None:
        """Say which move would be taken back, with a button to confirm (or why it cannot be)."""
        player = player_of(interaction)
        try:
            out = await self.service.undo(place_of(interaction), player)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        ply = int(out.confirm.partition(":")[2])
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(ply, t("discord.button.undo", player.locale)))
        await self.reply(interaction, out.reply, view=view)

    async def confirm_undo(self, interaction: discord.Interaction, ply: int) -> None:
        """Take the move back, as confirmed; the confirmation message becomes the result."""
        player = player_of(interaction)
        try:
            out = await self.service.undo(place_of(interaction), player, confirm=ply)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self.publish(interaction, out)

    async def show_leaderboard(self, interaction: discord.Interaction, game: str | None) -> None:
        """This server's ranked players (ephemeral)."""
        locale = str(interaction.locale)
        place = place_of(interaction)
        try:
            ranks = await self.service.leaderboard(place, game)
        except TableError as error:
            await self.refuse(interaction, error)
            return
        waiting = await self.service.unranked(place, game)
        title = game_name(game, locale) if game else t("discord.leaderboard.all", locale)
        lines = [t("discord.leaderboard.header", locale, title=title)]
        lines.extend(
            t("discord.leaderboard.line", locale, rank=i, player=r.name, rating=r.rating, games=r.games, wins=r.wins)
            for i, r in enumerate(ranks[:20], start=1)
        )
        if not ranks:
            lines.append(t("discord.leaderboard.empty", locale, n=MIN_RANKED))
        if waiting:
            lines.append(t("discord.leaderboard.waiting", locale, n=waiting, games=MIN_RANKED))
        await self.reply(interaction, "\n".join(lines))

    async def show_history(self, interaction: discord.Interaction) -> None:
        """The tables played in this channel, newest first, with links to their final boards."""
        locale = str(interaction.locale)
        tables = await self.service.past_tables(place_of(interaction))
        if not tables:
            await self.reply(interaction, t("discord.history.empty", locale))
            return
        lines = [t("discord.history.header", locale)]
        for table in tables:
            stored = json.loads(table.results or "{}").get("standings", [])
            winners = ", ".join(r["name"] for r in stored if r["rank"] == 1) or "—"
            key = "discord.history.over" if table.status == "over" else "discord.history.cancelled"
            lines.append(
                t(
                    key,
                    locale,
                    game=game_name(table.game, locale),
                    table=table.id,
                    when=stamp(table.updated_at, "d"),
                    winners=winners,
                    url=jump_url(table),
                )
            )
        await self.reply(interaction, "\n".join(lines))

    async def show_hand(self, interaction: discord.Interaction, *, table_id: int | None = None) -> None:
        """The user's private view, with buttons for their open decision (ephemeral)."""
        player = player_of(interaction)
        try:
            if table_id is not None:
                table = await self.service.table(table_id=table_id)
                place = Place(table.guild_id, table.channel_id)
                if table.status not in ("lobby", "active"):
                    raise Stale()
            else:
                place = place_of(interaction)
            out = await self.service.hand_with_recap(place, player)
            ask = await self.service.ask(place, player) if not out.over else None
        except TableError as error:
            await self.refuse(interaction, error)
            return
        view = choices_view(ask, ask.choices, player.locale) if ask and ask.choices else None
        await self.reply(interaction, out.reply, view=view)

    # -- pings and private texts ----------------------------------------------------------------
    async def ping(self, table: TableRecord, out: Outbox) -> None:
        """A short message naming who must act now (edits do not notify); it pings those players
        and nobody else, carries their buttons (never a secret decision's choices), and, for a
        player back after a while, starts with what happened since their last move. The previous
        ping's buttons are retired, so a channel shows one live set per decision."""
        humans = [u for u in out.mentions if not u.startswith("ai:")]
        if not humans or out.over:
            return
        locale = table.locale
        asks = [a for a in out.asks if a.user_id in humans]
        text = t(
            "discord.your_turn",
            locale,
            mentions=" ".join(f"<@{u}>" for u in humans),
            game=game_name(table.game, locale),
            table=table.id,
            url=jump_url(table),
        )
        if len(humans) == 1:
            recap = await self.service.recap(table, humans[0], locale, after_hours=RECAP_AFTER_HOURS)
            if recap:
                text = clip(recap, MAX_CONTENT // 2) + "\n\n" + text
        if out.clocks:
            text += "\n" + "\n".join(
                clock_lines(Outbox(table.id, table.game, clocks=[c for c in out.clocks if c.user_id in humans]), locale)
            )
        allowed = discord.AllowedMentions(users=[discord.Object(int(u)) for u in humans if u.isdigit()])
        view = public_view(table.id, asks, locale)
        await self.retire_ping(table)
        message = await self.channel_of(table).send(clip(text, MAX_CONTENT), allowed_mentions=allowed, view=view)
        await self.service.set_ping_message(table.id, message.id)

    async def retire_ping(self, table: TableRecord) -> None:
        """Take the buttons off the table's last turn ping (its decision has moved on)."""
        if table.ping_message_id is None:
            return
        message = self.channel_of(table).get_partial_message(table.ping_message_id)  # type: ignore[attr-defined]
        try:
            await message.edit(view=None)
        except discord.HTTPException:
            log.info("table %s: old ping %s already gone", table.id, table.ping_message_id)

    async def retire_closed_ping(self, table: TableRecord, out: Outbox) -> None:
        """After a move that pinged nobody new, the last ping's decision has closed, unless a
        round where several decide at once is still open (its ping then stays, for the others)."""
        humans = [a for a in out.asks if not table.seats[a.seat].is_ai]
        if out.moved and not out.mentions and len(humans) < 2 and table.ping_message_id is not None:
            await self.retire_ping(table)
            await self.service.set_ping_message(table.id, None)

    async def announce(self, table: TableRecord, out: Outbox) -> None:
        """What a move may bring besides the board: the results message at the end, reminders."""
        if out.results:
            await self.retire_ping(table)
            await self.channel_of(table).send(clip(out.results, MAX_CONTENT))
        for reminder in out.reminders:
            key = "discord.reminder_last" if reminder.last else "discord.reminder"
            text = t(
                key,
                table.locale,
                user=f"<@{reminder.user_id}>",
                game=game_name(table.game, table.locale),
                table=table.id,
                deadline=stamp(reminder.deadline),
                url=jump_url(table),
            )
            mention = [discord.Object(int(reminder.user_id))] if reminder.user_id.isdigit() else []
            await self.channel_of(table).send(text, allowed_mentions=discord.AllowedMentions(users=mention))

    async def show(self, out: Outbox) -> None:
        """Show an Outbox that no interaction asked for (a timeout, a reminder, the end of a pause):
        the board edited in place, the ping, reminders and private texts."""
        table = await self.service.table(table_id=out.table_id)
        self._log(table, out.events)
        if out.moved and (out.board or out.events):
            await self.edit_board(table, compose(out, table.locale), out.asks, out.picture)
        await self.ping(table, out)
        await self.retire_closed_ping(table, out)
        await self.announce(table, out)
        await self.send_private(table, out)

    async def run_due(self) -> int:
        """Play what has fallen due at every table (timeouts, reminders, ends of pauses); the count."""
        outboxes = await self.service.run_due()
        for out in outboxes:
            try:
                await self.show(out)
            except discord.HTTPException as exc:
                log.warning("table %s: could not show what fell due: %s", out.table_id, exc)
        return len(outboxes)

    async def send_private(self, table: TableRecord, out: Outbox, *, also: Mapping[str, str] | None = None) -> None:
        """DM each private text (and ``also``'s), with a link to the board and, when the reader has
        a decision the board cannot show, its buttons; remember who refuses DMs."""
        for user_id, text in {**out.private, **(also or {})}.items():
            if user_id.startswith("ai:") or user_id in self._dm_closed:
                continue
            if await self.service.dm_closed(user_id):
                self._dm_closed.add(user_id)
                continue
            seat = table.seat_of(user_id)
            locale = seat.locale if seat else table.locale
            body = clip(text, MAX_CONTENT - 150) + "\n" + t("discord.dm_link", locale, url=jump_url(table))
            view = await self.secret_choices(table, Player(user_id, seat.name, locale)) if seat else None
            kwargs: dict[str, Any] = {"view": view} if view is not None else {}
            try:
                channel = await self.client.create_dm(discord.Object(int(user_id)))
                await channel.send(body, **kwargs)
            except discord.Forbidden as exc:
                if exc.code != 50007:
                    log.warning("table %s: DM to %s refused: %s", table.id, user_id, exc)
                    continue
                self._dm_closed.add(user_id)
                if await self.service.set_dm_closed(user_id, True):
                    await self.channel_of(table).send(
                        t("discord.dm_closed", table.locale, user=f"<@{user_id}>"),
                        allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(user_id))]),
                    )
            except discord.HTTPException as exc:
                log.warning("table %s: DM to %s failed: %s", table.id, user_id, exc)

    @staticmethod
    def _log(table: TableRecord, lines: Sequence[str]) -> None:
        for line in lines:
            log.info("table %s (%s) in channel %s: %s", table.id, table.game, table.channel_id, line)


def _place(table: TableRecord) -> Place:
    """The channel (and guild) of a table."""
    return Place(table.guild_id, table.channel_id)


def _says_more(reply: str) -> bool:
    """True if a move's reply holds more than the one "Done: ..." line."""
    return "\n" in reply.strip()
