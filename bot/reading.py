"""Reading a table: its open decisions, the board, a player's hand, the history, the status, and
the replay that must reproduce the stored state."""

from __future__ import annotations

from typing import Any

from bot.errors import NotInLobby, NotSeated
from bot.i18n import t
from bot.outbox import Ask, Outbox, Place, Player
from bot.texts import Texts
from bot.undo_log import in_effect
from db.store import TableRecord
from rules.engine import rng_for


class Reading(Texts):
    """Everything that reads a table without changing it."""

    async def asks(self, place: Place | None = None, *, table_id: int | None = None) -> list[Ask]:
        """Every open decision of the table, with its choices (for buttons), in the table's language."""
        table = await self._table(place, table_id)
        if table.status != "active":
            return []
        return [self._ask(table, d.seat, table.locale) for d in table.decisions]

    async def ask(self, place: Place, player: Player) -> Ask | None:
        """The decision ``player`` has open now (for autocomplete and their buttons), if any; after
        the end, GameOver with the standings."""
        table = await self._live_or_over(place, player.locale)
        seat = table.seat_of(player.id)
        if table.status != "active" or seat is None or seat.seat is None:
            return None
        if table.decision_of(seat.seat) is None:
            return None
        return self._ask(table, seat.seat, player.locale)

    async def board(self, place: Place | None = None, *, table_id: int | None = None) -> Outbox:
        """The current public board (and, in the lobby, who has joined); after the end, the final one."""
        table = await self._table(place, table_id, ended=True)
        if table.status == "lobby":
            return self._lobby_outbox(table)
        out = Outbox(table.id, table.game, over=table.status != "active")
        state = self._state(table)
        out.board = self._board_text(table, state)
        out.picture = self._picture(table, state)
        if table.status == "over":
            out.events = self._results(table, self._rules(table.game), state, table.locale)
        out.mentions = self._waiting_on(table)
        out.clocks, out.paused_until = self._clock_lines(table)
        return out

    async def hand(self, place: Place, player: Player) -> Outbox:
        """``player``'s private view, what they are asked and their choices (an ephemeral reply);
        after the end, their final view."""
        table = await self._table(place, None, ended=True)
        seat = table.seat_of(player.id)
        if seat is None:
            raise NotSeated()
        if table.status == "lobby" or seat.seat is None:
            raise NotInLobby("error.not_started")
        out = Outbox(table.id, table.game, over=table.status != "active")
        out.reply = self._private_text(table, self._state(table), seat.seat, player.locale, ask=True)
        return out

    async def status(self, place: Place, player: Player) -> Outbox:
        """Who must act, since when; or who sits in the lobby; or, after the end, the standings."""
        table = await self._table(place, None, ended=True)
        loc = player.locale
        game = t(f"{table.game}.name", loc)
        out = Outbox(table.id, table.game)
        rules = self._rules(table.game)
        if table.status == "lobby":
            out.reply = t(
                "table.status_lobby",
                loc,
                game=game,
                table=table.id,
                players=", ".join(s.name for s in table.seats),
                count=len(table.seats),
                min=rules.min_players,
                max=rules.max_players,
                host=self._name_of(table, table.host_id),
            )
            return out
        if table.status != "active":
            lines = [t("table.status_over", loc, game=game, table=table.id)]
            if table.status == "over":
                lines.extend(self._results(table, rules, self._state(table), loc))
            out.reply = "\n".join(lines)
            out.over = True
            return out
        waiting = [
            t(
                "table.status_waiting_line",
                loc,
                player=table.seats[d.seat].name,
                since=d.since.replace("T", " ").replace("+00:00", " UTC"),
            )
            for d in table.decisions
        ]
        out.reply = "\n".join([t("table.status_active", loc, game=game, table=table.id, ply=table.ply), *waiting])
        return out

    async def replay(self, table_id: int) -> Any:
        """The state rebuilt from the initial state and the action log (it must equal the cache)."""
        table = await self._get(table_id)
        rules = self._rules(table.game)
        if table.initial_state is None:
            raise NotInLobby("error.not_started")
        state = rules.state_type.model_validate_json(table.initial_state)
        # Moves taken back (the log keeps them, then an undo) are left out: what remains is replayed.
        for ply, seat, code in in_effect(await self.store.actions(table_id)):
            state, _ = rules.apply(state, seat, rules.parse_action(code), rng_for(table.seed, ply))
        return state

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby and active table (a front end resumes them after a restart)."""
        return await self.store.live_tables()

    async def table(self, place: Place | None = None, *, table_id: int | None = None) -> TableRecord:
        """A table record by place (its live table) or by id."""
        return await self._table(place, table_id)

    def state_of(self, table: TableRecord) -> Any:
        """The current game state of a started table."""
        return self._state(table)
