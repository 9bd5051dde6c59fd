"""Reading a table without changing it: the board, a player's hand (with what they missed), the
status, the open decisions, and the replay that must reproduce the stored state."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clocks import parse_time
from bot.errors import GameOver, NoTable, NotInLobby, NotSeated, Stale, TableError
from bot.history import History
from bot.i18n import t
from bot.outbox import Ask, Marks, Outbox, Place, Player, SeatLine, Table, linked
from bot.outboxes import Outboxes
from bot.tables import Tables, name_of, table_of
from db.records import TableRecord
from rules.engine import in_effect, replay

AGENDA_LINES = 20
"""Tables /game turns lists (the longest waiting); the rest are counted."""


@dataclass(frozen=True)
class Waiting:
    """A table where a player is asked now (one line of /game turns)."""

    table: Table
    since: datetime
    """When their decision opened."""
    deadline: datetime | None
    """When their clock runs out, or None: no clock, or paused."""
    prompt: str
    """What they are asked."""


# Alike in shape to bot.leaderboard.PastTables: each list the service returns writes its own
# words from the catalogue, with its own keys and line.
@dataclass(frozen=True)
class Agenda:
    """Every table where a player is asked now, longest waiting first (/game turns)."""

    rows: tuple[Waiting, ...]

    def text(self, locale: str | None, marks: Marks) -> str:
        """The agenda in ``locale``'s words, times and links written as the front end shows them."""
        if not self.rows:
            return t("discord.turns.none", locale)
        lines = [t("discord.turns.header", locale, n=len(self.rows))]
        for row in self.rows[:AGENDA_LINES]:
            clock = t("discord.turns.clock", locale, deadline=marks.when(row.deadline)) if row.deadline else ""
            line = t(
                "discord.turns.line",
                locale,
                game=t(f"{row.table.game}.name", locale),
                table=row.table.id,
                prompt=row.prompt,
                since=marks.when(row.since),
                clock=clock,
            )
            lines.append(line + linked(marks, row.table, locale))
        if len(self.rows) > AGENDA_LINES:
            lines.append(t("discord.turns.more", locale, n=len(self.rows) - AGENDA_LINES))
        return "\n".join(lines)


class Reading:
    """Boards, hands, statuses and open decisions."""

    def __init__(self, tables: Tables, outboxes: Outboxes, history: History) -> None:
        self.tables = tables
        self.outboxes = outboxes
        self.history = history

    async def live_or_over(self, place: Place, locale: str | None) -> TableRecord:
        """The live table of ``place``; if its last game has ended, GameOver with its standings."""
        try:
            return await self.tables.live(place)
        except NoTable:
            last = await self.tables.store.last_table(place.channel_id)
            if last is None or last.status != "over":
                raise
            rules = self.tables.rules(last.game)
            results = self.outboxes.results(last, rules, self.tables.state(last), locale)
            raise GameOver("error.game_over_results", standings="\n".join(results), game=last.game) from None

    async def asks(self, place: Place | None = None, *, table_id: int | None = None) -> list[Ask]:
        """Every open decision of the table, with its choices (for buttons), in the table's language."""
        table = await self.tables.find(place, table_id)
        if table.status != "active":
            return []
        return [self.outboxes.ask(table, d.seat, table.locale) for d in table.decisions]

    async def ask(self, place: Place, player: Player) -> Ask | None:
        """The decision ``player`` has open now (for autocomplete and their buttons), if any; after
        the end, GameOver with the standings."""
        table = await self.live_or_over(place, player.locale)
        seat = table.seat_of(player.id)
        if table.status != "active" or seat is None or seat.seat is None:
            return None
        if table.decision_of(seat.seat) is None:
            return None
        return self.outboxes.ask(table, seat.seat, player.locale)

    async def board(self, place: Place | None = None, *, table_id: int | None = None) -> Outbox:
        """The current public board (and, in the lobby, who has joined); after the end, the final one."""
        table = await self.tables.find(place, table_id, ended=True)
        if table.status == "lobby":
            return self.outboxes.lobby(table)
        out = Outbox(table_of(table), over=table.status != "active")
        state = self.tables.state(table)
        self.outboxes.board(table, state, out)
        if table.status == "over":
            out.events = self.outboxes.results(table, self.tables.rules(table.game), state, table.locale)
        out.asks = self.outboxes.human_asks(table)
        out.clocks, out.paused_until = self.outboxes.clock_lines(table)
        return out

    async def hand(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """``player``'s private view, what they are asked and their choices (an ephemeral reply),
        starting with what happened since their last own decision; after the end, their final view.
        ``own`` carries the buttons of their open decision, ``order`` those of their standing order."""
        table = await self.tables.find(place, table_id, ended=True)
        if table_id is not None and table.status not in ("lobby", "active"):
            raise Stale()  # a "My hand" button under a board whose game has ended
        seat = table.seat_of(player.id)
        if seat is None:
            raise NotSeated()
        if table.status == "lobby" or seat.seat is None:
            raise NotInLobby("error.not_started")
        out = Outbox(table_of(table), over=table.status != "active")
        out.reply = self.outboxes.private_text(table, self.tables.state(table), seat.seat, player.locale, ask=True)
        recap = await self.history.recap(table, player.id, player.locale)
        if recap:
            out.reply = recap + "\n\n" + out.reply
        if table.status == "active" and table.decision_of(seat.seat) is not None:
            out.own = self.outboxes.ask(table, seat.seat, player.locale)
        if table.status == "active" and not seat.is_ai:
            out.order = self.outboxes.order_panel(table, seat.seat, player.locale)
        return out

    async def status(self, place: Place, player: Player) -> Outbox:
        """Who must act, since when; or who sits in the lobby; or, after the end, the standings."""
        table = await self.tables.find(place, None, ended=True)
        loc = player.locale
        game = t(f"{table.game}.name", loc)
        rules = self.tables.rules(table.game)
        if table.status == "lobby":
            return self.outboxes.plain(
                table,
                t(
                    "table.status_lobby",
                    loc,
                    game=game,
                    table=table.id,
                    players=", ".join(s.name for s in table.seats),
                    count=len(table.seats),
                    min=rules.min_players,
                    max=rules.max_players,
                    host=name_of(table, table.host_id),
                ),
            )
        if table.status != "active":
            lines = [t("table.status_over", loc, game=game, table=table.id)]
            if table.status == "over":
                lines.extend(self.outboxes.results(table, rules, self.tables.state(table), loc))
            out = self.outboxes.plain(table, "\n".join(lines))
            out.over = True
            return out
        out = self.outboxes.plain(table, t("table.status_active", loc, game=game, table=table.id, ply=table.ply))
        running = {c.user_id: c.deadline for c in self.outboxes.clock_lines(table)[0]}
        for seat in table.seats:
            if seat.seat is None:
                continue
            clock = table.clocks.seats[seat.seat]
            decision = table.decision_of(seat.seat)
            out.seats.append(
                SeatLine(
                    seat.name,
                    seat.is_ai or clock.away,
                    parse_time(decision.since) if decision else None,
                    running.get(seat.user_id),
                    round(clock.bank / 3600),
                )
            )
        out.clocks, out.paused_until = self.outboxes.clock_lines(table)
        return out

    async def replay_of(self, place: Place, player: Player, table_id: int | None = None) -> Outbox:
        """A finished game of this channel as an animated picture (``Outbox.animation``): the one
        named by its id (from /game history), else the channel's last one."""
        if table_id is not None:
            table = await self.tables.get(table_id)
            if table.channel_id != place.channel_id:
                raise NoTable()
        else:
            table = await self.tables.find(place, None, ended=True)
        if table.status != "over":
            raise TableError("replay.not_over", table=table.id)
        game = t(f"{table.game}.name", player.locale)
        out = self.outboxes.plain(table, t("replay.ready", player.locale, game=game, table=table.id))
        out.animation = await self.outboxes.animation(table)
        if out.animation is None:
            raise TableError("replay.no_picture", game=game)
        return out

    async def waiting(self, player: Player, guild_id: int | None) -> Agenda:
        """Every active table where ``player`` is asked now, longest waiting first: in one server
        (``guild_id``), or in every server (None: the command came from a DM)."""
        found: list[Waiting] = []
        for table in await self.tables.store.seated_tables(player.id):
            if guild_id is not None and table.guild_id != guild_id:
                continue
            seat = table.seat_of(player.id)
            decision = table.decision_of(seat.seat) if seat is not None and seat.seat is not None else None
            if seat is None or seat.seat is None or decision is None:
                continue
            clocks, _ = self.outboxes.clock_lines(table)
            deadline = next((c.deadline for c in clocks if c.user_id == player.id), None)
            prompt = self.outboxes.ask(table, seat.seat, player.locale).prompt
            found.append(Waiting(table_of(table), parse_time(decision.since), deadline, prompt))
        return Agenda(tuple(sorted(found, key=lambda w: w.since)))

    async def replay(self, table_id: int) -> Any:
        """The state rebuilt from the initial state and the action log (it must equal the cache)."""
        table = await self.tables.get(table_id)
        state = self.tables.initial(table)
        rules = self.tables.rules(table.game)
        # Moves taken back (the log keeps them, then an undo) are left out: what remains is replayed.
        for entry in replay(rules, state, table.seed, in_effect(await self.tables.store.actions(table_id))):
            state = entry.after
        return state
