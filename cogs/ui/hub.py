"""The table hub: publishes the service's Outboxes on Discord and answers clicks. Nothing here knows
a particular game, and nothing here reads the store: an Outbox carries everything to publish.

**The board follows the turn.** A table has one live board message. While the same players keep
deciding, it is edited in place — by the interaction response when the click came from the board
itself, or through an interaction that can still edit it (a click on the board's "Choose
(secret)", acknowledged without touching the board; a command whose response the board is), none
of which counts against Discord's global limit. When the turn passes to someone new, the board
moves to the bottom of the channel as a new message that mentions them (the ping: edits do not
notify) and carries their buttons — with ``/game move``, the command's own response — and the old
board becomes one line pointing to it, without buttons or picture. So a hand-off costs at most one
rate-limited request, a decision that stays with the same player none, and the channel never
holds two live sets of buttons. The picture is uploaded only when it changed, or with a board
that moves down (a new message must carry it).

What reaches a public message is decided here once: text from the Outbox's public parts and
components from ``public_view`` (never a secret decision's choices). Mentions are off by default
on the client; only the board that moves with a hand-off names, and pings, the players it is for.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections.abc import Awaitable, Mapping
from datetime import datetime, timedelta
from typing import Any, TypeVar, cast

import discord

from bot.errors import TableError
from bot.i18n import t
from bot.outbox import Draft, OrderPanel, Outbox, Player, Posts, Private, Table
from bot.service import TableService
from bot.tables import Lru
from cogs.ui.components import (
    MAX_BUTTON_CHOICES,
    HandButton,
    OrderButton,
    ReplayButton,
    UndoButton,
    choices_view,
    clip,
    log_view,
    public_view,
)
from cogs.ui.context import place_of, player_of
from cogs.ui.forms import next_view, order_modal, panel_view, read_back_view, submitted
from cogs.ui.translate import game_name

log = logging.getLogger("gamehost.discord")
T = TypeVar("T")

MAX_CONTENT = 2000
HOOK_LIFETIME = timedelta(minutes=14)
"""How long a command's response can be edited through its interaction (its token lasts 15)."""
PICTURE_NAME = "board.png"
REPLAY_NAME = "replay.gif"
LEADERBOARD_LINES = 20
"""Players /game leaderboard shows (the best)."""
__all__ = ["MARKS", "MAX_BUTTON_CHOICES", "TableHub", "compose", "jump_url"]


def jump_url(table: Table, message_id: int | None = None) -> str:
    """A link to the table's board message (or to its channel)."""
    guild = table.guild_id if table.guild_id is not None else "@me"
    mid = message_id if message_id is not None else table.board_message_id
    base = f"https://discord.com/channels/{guild}/{table.channel_id}"
    return f"{base}/{mid}" if mid else base


def stamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: each reader sees it in their own time zone (``R``: "in 3 hours")."""
    return f"<t:{int(moment.timestamp())}:{style}>"


class DiscordMarks:
    """Moments and links as Discord shows them (``bot.outbox.Marks``)."""

    @staticmethod
    def when(moment: datetime, style: str = "R") -> str:
        """A timestamp each reader sees in their own time zone."""
        return stamp(moment, style)

    @staticmethod
    def link(table: Table) -> str:
        """A jump link to the table's board."""
        return jump_url(table)


MARKS = DiscordMarks()


def clock_lines(out: Outbox, locale: str | None) -> list[str]:
    """Whose clock runs and until when, or until when the table is paused."""
    if out.paused_until is not None:
        return [t("discord.paused", locale, until=stamp(out.paused_until))]
    return [t("discord.clock", locale, player=c.name, deadline=stamp(c.deadline)) for c in out.clocks]


def seat_lines(out: Outbox, locale: str | None) -> list[str]:
    """/game status: every seat, whether the AI plays it, and its clock (times in the reader's
    own time zone, as Discord shows timestamps)."""
    lines = []
    for seat in out.seats:
        ai = t("discord.status.ai", locale) if seat.ai else ""
        if seat.asked_since is not None:
            deadline = t("discord.status.deadline", locale, deadline=stamp(seat.deadline)) if seat.deadline else ""
            lines.append(
                t(
                    "discord.status.asked",
                    locale,
                    player=seat.name,
                    ai=ai,
                    since=stamp(seat.asked_since),
                    deadline=deadline,
                )
            )
        else:
            lines.append(t("discord.status.idle", locale, player=seat.name, ai=ai, bank=seat.bank_hours))
    return lines + clock_lines(Outbox(out.table, paused_until=out.paused_until), locale)


def compose(out: Outbox, locale: str | None = None, head: str = "") -> str:
    """The board message: ``head`` (the turn ping), the last public events above the board, and
    whose clock runs below it, within 2000 characters; events that do not fit are counted, never
    silently dropped."""
    below = "\n".join(clock_lines(out, locale))
    top = clip(head, MAX_CONTENT // 2) + "\n\n" if head else ""
    board = clip(out.board + ("\n" + below if below else ""), MAX_CONTENT - len(top))
    events = [e for e in out.events if e]
    dropped = 0
    while events:
        earlier = [t("discord.more_in_log", locale, n=dropped)] if dropped else []
        text = top + "\n".join([*earlier, *events]) + "\n\n" + board
        if len(text) <= MAX_CONTENT:
            return text
        events.pop(0)
        dropped += 1
    if dropped:
        more = t("discord.more_in_log", locale, n=dropped)
        return clip(top + more + "\n\n" + board, MAX_CONTENT) if out.board else top + more
    return (top + board) or "…"


def table_hub(interaction: discord.Interaction) -> TableHub:
    """The bot's table hub (the cogs' way in; components use ``context.hub_of``)."""
    return cast(TableHub, cast(Any, interaction.client).hub)


class TableHub:
    """Publishes the service's Outboxes on Discord: the board, DMs and ephemeral replies."""

    def __init__(self, client: discord.Client, service: TableService, posts: Posts) -> None:
        self.client = client
        self.service = service
        self.posts = posts  # where the boards went, whose DMs are closed: noted beside the tables
        limits = service.tables.limits
        # table id -> the board's attached picture: its key, the digest of its bytes, the bytes
        # (bounded by their bytes: a table not kept draws its picture again)
        self._pictures: Lru[int, tuple[str, str, bytes]] = Lru(limits.picture_bytes, lambda p: len(p[2]))
        # table id -> the board that is a command's response: its id, that command, when (a table
        # not kept edits its board with a request instead)
        self._hooks: Lru[int, tuple[int, discord.Interaction, datetime]] = Lru(limits.cached_tables)
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

    async def answer(self, interaction: discord.Interaction, call: Awaitable[T]) -> T | None:
        """What the service answered, or None once its refusal has been shown to the user."""
        try:
            return await call
        except TableError as error:
            await self.refuse(interaction, error)
            return None

    async def refuse(self, interaction: discord.Interaction, error: TableError) -> None:
        """Explain a refusal to the user alone, in their language."""
        await self.reply(interaction, error.text(str(interaction.locale)))

    async def need_guild(self, interaction: discord.Interaction) -> bool:
        """True if the command came from a server channel; otherwise explain and return False."""
        if interaction.guild_id is None or interaction.channel_id is None:
            await self.reply(interaction, t("discord.guild_only", str(interaction.locale)))
            return False
        return True

    # -- the board ------------------------------------------------------------------------------
    def channel_of(self, table: Table) -> discord.abc.Messageable:
        """The table's channel (a partial one if it is not cached)."""
        channel = self.client.get_channel(table.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def _picture(self, out: Outbox, *, fresh: bool) -> list[discord.File] | None:
        """The board's picture to attach: drawn in a worker thread, and uploaded only when it
        changed (or ``fresh``: a new message must carry it). None: keep the attachment the
        message has. What it shows is keyed by its inputs (``picture_key``), and what was drawn
        by the bytes, so a drawing that comes out the same is not uploaded again either."""
        if out.picture is None:
            return None
        key, digest, data = self._pictures.get(out.table_id) or ("", "", b"")
        if key != out.picture_key:
            data = await asyncio.to_thread(out.picture)
            drawn = hashlib.blake2b(data, digest_size=12).hexdigest()
            unchanged = drawn == digest
            self._pictures.put(out.table_id, (out.picture_key, drawn, data))
            if unchanged and not fresh:
                return None
        elif not fresh:
            return None
        return [discord.File(io.BytesIO(data), filename=PICTURE_NAME)]

    def _head(self, out: Outbox) -> str:
        """The board's first line: whose move it is (the turn ping, on a board that moves; an
        edit never notifies), after what happened since their last move for a player back after
        a long while."""
        users = out.ping.users if out.ping is not None else tuple(dict.fromkeys(a.user_id for a in out.asks))
        if not users or out.over:
            return ""
        locale = out.table.locale
        text = t(
            "discord.your_turn",
            locale,
            mentions=" ".join(f"<@{u}>" for u in users),
            game=game_name(out.game, locale),
            table=out.table_id,
        )
        if out.ping is not None and out.ping.recap:
            text = clip(out.ping.recap, MAX_CONTENT // 3) + "\n\n" + text
        return text

    @staticmethod
    def _stub(table: Table, new_board: int | None) -> str:
        """What the old board says once the board has moved below: one line pointing to the new
        one (what happened is told there, and in /game log)."""
        return t("discord.board_moved", table.locale, url=jump_url(table, new_board))

    async def put_board(
        self, out: Outbox, interaction: discord.Interaction | None = None, *, answer: bool = False
    ) -> int | None:
        """Show ``out``'s board: edited in place, or moved to the bottom with the ping when someone
        new must act (the old one becomes a line pointing to it). ``interaction`` is a click on
        the board message itself: its response does the edit, or turns the old board into that
        line. With ``answer`` (a command), the interaction's response is the board that moves
        down, and the old one is edited. Returns the board's new message id, if it moved."""
        table = out.table
        head = self._head(out)
        content = compose(out, table.locale, head)
        view = public_view(table.id, out.asks, table.locale) if table.status == "active" and not out.over else None
        moving = out.ping is not None or table.board_message_id is None
        if not moving:
            files = await self._picture(out, fresh=False)
            extra: dict[str, Any] = {"attachments": files} if files is not None else {}
            if interaction is not None and not answer:
                await interaction.response.edit_message(content=content, view=view, **extra)
                return None
            assert table.board_message_id is not None  # not moving: the board is known
            try:
                await self._edit_board(table, table.board_message_id, content=content, view=view, **extra)
                return None
            except discord.NotFound:
                pass  # the board was deleted: post it anew below
        kwargs: dict[str, Any] = {}
        if view is not None:
            kwargs["view"] = view
        files = await self._picture(out, fresh=True)
        if files:
            kwargs["files"] = files
        users = out.ping.users if out.ping is not None else ()
        allowed = discord.AllowedMentions(users=[discord.Object(int(u)) for u in users if u.isdigit()])
        old_hook = self._hooks.get(table.id)
        if answer and interaction is not None and not interaction.response.is_done():
            sent = await interaction.response.send_message(content, allowed_mentions=allowed, **kwargs)
            new_id = sent.message_id
            if new_id is not None:
                self._hooks.put(table.id, (new_id, interaction, discord.utils.utcnow()))
        else:
            new_id = (await self.channel_of(table).send(content, allowed_mentions=allowed, **kwargs)).id
        stub = self._stub(table, new_id)
        if interaction is not None and not answer:
            await interaction.response.edit_message(content=stub, view=None, attachments=[])
        elif table.board_message_id is not None:
            try:
                await self._edit_board(table, table.board_message_id, old_hook, content=stub, view=None, attachments=[])
            except discord.HTTPException:
                log.info("table %s: old board %s already gone", table.id, table.board_message_id)
        return new_id

    async def _edit_board(
        self,
        table: Table,
        message_id: int,
        hook: tuple[int, discord.Interaction, datetime] | None = None,
        **fields: Any,
    ) -> None:
        """Edit a board message: through the command whose response it is while that command's
        token lasts (an interaction's webhook, no request against Discord's global limit), else
        with a request."""
        hook = hook or self._hooks.get(table.id)
        if hook is not None and hook[0] == message_id and discord.utils.utcnow() - hook[2] < HOOK_LIFETIME:
            try:
                await hook[1].edit_original_response(**fields)
                return
            except discord.NotFound:
                raise
            except discord.HTTPException as exc:
                log.info("table %s: the command's token no longer edits the board: %s", table.id, exc)
        message = self.channel_of(table).get_partial_message(message_id)  # type: ignore[attr-defined]
        await message.edit(**fields)

    async def repost_board(self, interaction: discord.Interaction) -> None:
        """Post the board again at the bottom of the channel (the old one keeps a summary)."""
        out = await self.answer(interaction, self.service.board(place_of(interaction)))
        if out is None:
            return
        await self.reply(interaction, t("discord.board_reposted", str(interaction.locale)))
        out.events = []
        moved = Outbox(
            Table(
                out.table.id,
                out.table.game,
                out.table.guild_id,
                out.table.channel_id,
                out.table.locale,
                out.table.status,
                None,
            ),
            board=out.board,
            asks=out.asks,
            clocks=out.clocks,
            paused_until=out.paused_until,
            picture=out.picture,
            picture_key=out.picture_key,
            over=out.over,
        )
        new_id = await self.put_board(moved)
        if out.table.board_message_id is not None:
            old = self.channel_of(out.table).get_partial_message(out.table.board_message_id)  # type: ignore[attr-defined]
            try:
                await old.delete()  # asked for: the board comes down, the old one goes
            except discord.HTTPException:
                log.info("table %s: old board message already gone", out.table_id)
        if new_id is not None:
            self.posts.note_board(out.table_id, new_id)

    # -- publishing -----------------------------------------------------------------------------
    async def publish(
        self, interaction: discord.Interaction, out: Outbox, *, on_board: bool = False, command: bool = False
    ) -> None:
        """Answer the interaction and show an Outbox: the board, the ping, DMs.

        With ``on_board`` (a click on the board message itself), the interaction response shows
        the board, saving a request; the acting user's private reply then follows ephemerally only
        if it says more than "done". With ``command`` (a command that played a public decision),
        a board that moves down is the command's response, saving a request the same way."""
        for earlier in out.before:
            await self.show(earlier)
        table = out.table
        self._log(table, out.events)
        locale = str(interaction.locale)
        if out.seats:
            out.reply = "\n".join([out.reply, *seat_lines(out, locale)])
        own = choices_view(out.own, out.own.choices, locale) if out.own is not None and out.own.choices else None
        shows_board = bool(out.board or out.events) and out.moved
        new_board: int | None = None
        answer = command and shows_board and (out.ping is not None or table.board_message_id is None)
        if (on_board or answer) and shows_board:
            new_board = await self.put_board(out, interaction, answer=answer)
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
            if shows_board:
                new_board = await self.put_board(out)
        await self._after_board(out, new_board)

    async def show(self, out: Outbox) -> None:
        """Show an Outbox that no interaction asked for (a timeout, a reminder, the end of a pause,
        a player back from an absence): the board, reminders, results and private texts."""
        for earlier in out.before:
            await self.show(earlier)
        self._log(out.table, out.events)
        new_board = await self.put_board(out) if out.moved and (out.board or out.events) else None
        await self._after_board(out, new_board)

    async def _after_board(self, out: Outbox, new_board: int | None) -> None:
        """Results and reminders, private texts, and the one call that records what was posted."""
        table = out.table
        if out.over:  # the last board is up: nothing of it is edited again
            self._hooks.pop(table.id)
            self._pictures.pop(table.id)
        if out.results:
            # The whole game as an animation comes on request (a button), drawn only if wanted.
            extra: dict[str, Any] = {}
            if out.animation is not None:
                view = discord.ui.View(timeout=None)
                view.add_item(ReplayButton(table.id, t("discord.button.replay", table.locale)))
                extra["view"] = view
            await self.channel_of(table).send(clip(out.results, MAX_CONTENT), **extra)
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
        link_table = table if new_board is None else _moved(table, new_board)
        for private in out.private:
            await self.send_private(link_table, private)
        if new_board is not None:
            self.posts.note_board(table.id, new_board)

    async def send_private(self, table: Table, private: Private) -> None:
        """DM a private text with a link to the board and, when the reader has a decision the
        board cannot show, its buttons; remember who refuses DMs."""
        user_id = private.user_id
        if user_id.startswith("ai:") or private.dm_closed or user_id in self._dm_closed or not user_id.isdigit():
            return
        locale = private.locale or table.locale
        body = clip(private.text, MAX_CONTENT - 150) + "\n" + t("discord.dm_link", locale, url=jump_url(table))
        if private.ask is not None and private.ask.choices:
            view = choices_view(private.ask, private.ask.choices, locale, with_hand=True)
        else:
            view = discord.ui.View(timeout=None)  # the whole hand is a click away
            view.add_item(HandButton(table.id, "hand", t("discord.button.hand", locale)))
        if private.order is not None and private.order.can_set:
            view.add_item(OrderButton(table.id, "form", private.order.label))
        kwargs: dict[str, Any] = {"view": view}
        try:
            channel = await self.client.create_dm(discord.Object(int(user_id)))
            await channel.send(body, **kwargs)
        except discord.Forbidden as exc:
            if exc.code != 50007:
                log.warning("table %s: DM to %s refused: %s", table.id, user_id, exc)
                return
            self._dm_closed.add(user_id)
            if await self.posts.note_dm_closed(user_id):
                await self.channel_of(table).send(
                    t("discord.dm_closed", table.locale, user=f"<@{user_id}>"),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(user_id))]),
                )
        except discord.HTTPException as exc:
            log.warning("table %s: DM to %s failed: %s", table.id, user_id, exc)

    async def run_due(self, budget: float | None = None, seen: set[int] | None = None) -> int:
        """Play what has fallen due at every table (timeouts, reminders, ends of pauses), or as much
        of it as ``budget`` seconds of work allow (skipping the tables ``seen`` earlier in the
        same catch-up); the count."""
        outboxes = await self.service.run_due(budget=budget, seen=seen)
        for out in outboxes:
            try:
                await self.show(out)
            except discord.HTTPException as exc:
                log.warning("table %s: could not show what fell due: %s", out.table_id, exc)
        await self.posts.flush()  # boards posted since that no move of their table has written yet
        return len(outboxes)

    # -- lobby and moves ------------------------------------------------------------------------
    async def open_table(
        self,
        interaction: discord.Interaction,
        game: str,
        options: Mapping[str, str],
        clock: Mapping[str, Any] | None = None,
    ) -> None:
        """Create a table for ``game`` in this channel and post its board (for /<game> new), with
        the host's ``clock`` choices (or the defaults)."""
        if not await self.need_guild(interaction):
            return
        guild_locale = str(interaction.guild_locale) if interaction.guild_locale else None
        asked = self.service.create(
            place_of(interaction), game, player_of(interaction), options, locale=guild_locale, clock=clock
        )
        out = await self.answer(interaction, asked)
        if out is None:
            return
        await self.reply(interaction, out.reply)
        await self.show(out)
        self._log(out.table, [f"created by {interaction.user.id} with {dict(options)}"])

    async def move_by_command(self, interaction: discord.Interaction, code: str) -> None:
        """/game move: play ``code``; a public decision's board that moves down is the command's
        response (a secret one's stays private: the reply is ephemeral and the board is edited)."""
        if not await self.need_guild(interaction):
            return
        player, place = player_of(interaction), place_of(interaction)
        out = await self.answer(interaction, self.service.act(player, code, place=place))
        if out is None:
            return
        await self.publish(interaction, out, command=not out.secret)

    async def play(self, interaction: discord.Interaction, table_id: int, code: str, *, decision: int | None) -> None:
        """A click on a choice (button or menu): play it, or explain why not."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.act(player, code, table_id=table_id, decision=decision))
        if out is None:
            return
        message = interaction.message
        board = out.table.board_message_id
        # A table that knows no board (a crash lost where the last one went) takes the public
        # message clicked as its board: it is the one players see at the bottom.
        on_board = message is not None and (
            message.id == board or (board is None and interaction.guild_id is not None and not message.flags.ephemeral)
        )
        await self.publish(interaction, out, on_board=on_board)

    async def show_log(self, interaction: discord.Interaction, page: int | None, *, edit: bool = False) -> None:
        """A page of the table's history, with buttons to the older and newer pages (ephemeral)."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.log_page(place_of(interaction), player, page))
        if out is None:
            return
        for earlier in out.before:
            await self.show(earlier)
        view = log_view(interaction.channel_id or 0, out.page, out.pages, player.locale)
        text = clip(out.reply, MAX_CONTENT)
        if edit:
            await interaction.response.edit_message(content=text, view=view)
        else:
            await self.reply(interaction, text, view=view)

    async def offer_undo(self, interaction: discord.Interaction) -> None:
        """Say which move would be taken back, with a button to confirm (or why it cannot be)."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.undo(place_of(interaction), player))
        if out is None:
            return
        for earlier in out.before:
            await self.show(earlier)
        view = discord.ui.View(timeout=None)
        if out.confirm is not None:
            view.add_item(UndoButton(out.confirm, t("discord.button.undo", player.locale)))
        await self.reply(interaction, out.reply, view=view)

    async def confirm_undo(self, interaction: discord.Interaction, ply: int) -> None:
        """Take the move back, as confirmed; the confirmation message becomes the result."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.undo(place_of(interaction), player, confirm=ply))
        if out is None:
            return
        await self.publish(interaction, out)

    # show_hand and show_orders start alike (a click carries the table, a command the channel);
    # what they show differs.
    async def show_hand(self, interaction: discord.Interaction, *, table_id: int | None = None) -> None:
        """The user's private view, with buttons for their open decision (ephemeral)."""
        player = player_of(interaction)
        place = place_of(interaction) if table_id is None else None
        out = await self.answer(interaction, self.service.hand(place, player, table_id=table_id))
        if out is None:
            return
        for earlier in out.before:
            await self.show(earlier)
        view = None
        if out.own is not None and out.own.choices:
            view = choices_view(out.own, out.own.choices, player.locale)
        if out.order is not None:
            view = _with_order_buttons(view, out.order, player.locale)
        message = interaction.message
        if message is not None and message.id == out.table.board_message_id and not interaction.response.is_done():
            # Clicked on the board: the click is acknowledged without touching it, and the reply
            # follows; the board can then be edited through this click (the move made from the
            # reply needs no request against the global limit).
            await interaction.response.defer()
            self._hooks.put(out.table_id, (message.id, interaction, discord.utils.utcnow()))
        await self.reply(interaction, out.reply, view=view)

    # -- standing orders ------------------------------------------------------------------------
    async def show_orders(self, interaction: discord.Interaction, *, table_id: int | None = None) -> None:
        """The user's standing order, with the buttons to set, change or cancel it (ephemeral)."""
        player = player_of(interaction)
        place = place_of(interaction) if table_id is None else None
        out = await self.answer(interaction, self.service.show_orders(place, player, table_id=table_id))
        if out is None:
            return
        view = panel_view(out.order, player.locale) if out.order is not None else None
        await self.reply(interaction, out.reply, view=view)

    async def open_form(
        self, interaction: discord.Interaction, table_id: int, draft: Draft, *, prefill: Draft | None = None
    ) -> None:
        """The next step of the user's order form, as a modal (or, when every step is filled, the
        order read back)."""
        player = player_of(interaction)
        try:
            out = await self.service.order_form(None, player, draft, table_id=table_id, prefill=prefill)
            if out.form is not None:
                await interaction.response.send_modal(order_modal(out.form))
                return
        except TableError as error:
            await self.refuse(interaction, error)
            return
        await self._form_reply(interaction, out, player)

    async def submit_form(self, interaction: discord.Interaction) -> None:
        """A form step submitted: the next step's button, or the whole order read back in words
        with Save · Change · Cancel (nothing is saved yet)."""
        found = submitted(interaction)
        if found is None:
            return
        table_id, draft = found
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.order_form(None, player, draft, table_id=table_id))
        if out is None:
            return
        await self._form_reply(interaction, out, player)

    async def _form_reply(self, interaction: discord.Interaction, out: Outbox, player: Player) -> None:
        """The answer to a filled form step (ephemeral, in place of the message it came from)."""
        if out.form is not None:
            text = t("orders.form.next", player.locale, step=out.form.step)
            view = next_view(out.form, player.locale)
        else:
            assert out.order is not None
            text, view = out.reply, read_back_view(out.order, player.locale)
        await self._private_answer(interaction, text, view)

    async def _private_answer(self, interaction: discord.Interaction, text: str, view: discord.ui.View | None) -> None:
        """Answer in place of the private message the interaction came from (an ephemeral reply
        or a DM), else with a new ephemeral reply."""
        message = interaction.message
        text = clip(text or t("discord.done", str(interaction.locale)), MAX_CONTENT)
        private = message is not None and (message.flags.ephemeral or interaction.guild_id is None)
        if private and not interaction.response.is_done():
            await interaction.response.edit_message(content=text, view=view)
        else:
            await self.reply(interaction, text, view=view)

    async def save_order(self, interaction: discord.Interaction, table_id: int, draft: Draft, ply: int) -> None:
        """Save the order read back (refused, saying why, if it no longer fits the game)."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.set_orders(None, player, draft, table_id=table_id, seen=ply))
        if out is None:
            return
        text = t("orders.saved", player.locale) + " " + out.reply
        await self._order_result(interaction, out, player, text)

    async def cancel_order(self, interaction: discord.Interaction, table_id: int) -> None:
        """Drop the user's order."""
        player = player_of(interaction)
        out = await self.answer(interaction, self.service.cancel_orders(None, player, table_id=table_id))
        if out is None:
            return
        await self._order_result(interaction, out, player, out.reply)

    async def drop_form(self, interaction: discord.Interaction) -> None:
        """Cancel on an order read back: nothing is saved."""
        await self._private_answer(interaction, t("orders.discarded", str(interaction.locale)), None)

    async def _order_result(self, interaction: discord.Interaction, out: Outbox, player: Player, text: str) -> None:
        view = panel_view(out.order, player.locale) if out.order is not None else None
        if out.own is not None and out.own.choices:
            view = choices_view(out.own, out.own.choices, player.locale)
        await self._private_answer(interaction, text, view)
        if out.moved and (out.board or out.events):
            # The order played at once, as a click would have: the table moves on.
            new_board = await self.put_board(out)
            await self._after_board(out, new_board)

    async def send_replay(self, interaction: discord.Interaction, table_id: int | None) -> None:
        """/game replay (and the results' button): a finished game of this channel as an animated
        picture, posted in the channel to share (the game is over: nothing in it is secret any
        more), as the interaction's followup (no request against the global limit)."""
        await interaction.response.defer(thinking=True)
        try:
            out = await self.service.replay_of(place_of(interaction), player_of(interaction), table_id)
            file = await _animation(out)
        except TableError as error:
            await interaction.followup.send(error.text(str(interaction.locale)), ephemeral=True)
            return
        extra: dict[str, Any] = {"file": file} if file is not None else {}
        await interaction.followup.send(out.reply, **extra)

    # -- reading --------------------------------------------------------------------------------
    async def show_leaderboard(self, interaction: discord.Interaction, game: str | None) -> None:
        """This server's ranked players (ephemeral)."""
        ranking = await self.answer(
            interaction, self.service.leaderboard(place_of(interaction), game, LEADERBOARD_LINES)
        )
        if ranking is None:
            return
        await self.reply(interaction, ranking.text(str(interaction.locale)))

    async def show_history(self, interaction: discord.Interaction) -> None:
        """The tables played in this channel, newest first, with links to their final boards."""
        past = await self.service.past_tables(place_of(interaction))
        await self.reply(interaction, past.text(str(interaction.locale), MARKS))

    async def show_turns(self, interaction: discord.Interaction) -> None:
        """Every table where the user is asked now (in this server; from a DM, everywhere)."""
        agenda = await self.service.waiting(player_of(interaction), interaction.guild_id)
        await self.reply(interaction, agenda.text(str(interaction.locale), MARKS))

    @staticmethod
    def _log(table: Table, lines: list[str]) -> None:
        for line in lines:
            log.info("table %s (%s) in channel %s: %s", table.id, table.game, table.channel_id, line)


async def _animation(out: Outbox) -> discord.File | None:
    """The game's replay as an attachment, drawn in a worker thread (a long game takes seconds)."""
    if out.animation is None:
        return None
    data = await asyncio.to_thread(out.animation)
    return discord.File(io.BytesIO(data), filename=REPLAY_NAME)


def _moved(table: Table, board: int) -> Table:
    """``table`` with its board at message ``board`` (for links in what follows a move)."""
    return Table(table.id, table.game, table.guild_id, table.channel_id, table.locale, table.status, board)


def _with_order_buttons(view: discord.ui.View | None, panel: OrderPanel, locale: str | None) -> discord.ui.View | None:
    """``view`` (a private view's choices, or none) with the order's buttons added."""
    buttons = panel_view(panel, locale)
    if buttons is None:
        return view
    if view is None:
        return buttons
    for item in buttons.children:
        view.add_item(item)
    return view


def _says_more(reply: str) -> bool:
    """True if a move's reply holds more than the one "Done: ..." line."""
    return "\n" in reply.strip()
