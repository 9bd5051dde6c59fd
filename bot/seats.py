"""Seats during a game: a player who leaves or is kicked hands their seat to the AI (the game never
ends early because someone left), and takes it back with /game return — or, after timeouts, with
any command. In the lobby, the host may remove a seat (an AI's too)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.clocks import come_back, leave
from bot.errors import NoTable, NotHost, NotInLobby, NotSeated, TableError
from bot.i18n import t
from bot.outbox import Outbox, Place, Player, plain_name
from bot.step import Step
from bot.tables import Tables, name_of
from bot.timekeeper import Timekeeper, name_by
from bot.turns import Turns
from db.records import LobbyChange, SeatRecord, TableRecord
from rules.engine import event


@dataclass(eq=False)
class Seats:
    """Leaving, kicks and returns during a game."""

    # The parts it may call, given when the service builds it (docs/design.md); the other parts
    # list theirs the same way.
    tables: Tables
    turns: Turns
    timekeeper: Timekeeper

    async def step_away(self, table: TableRecord, player: Player) -> Outbox:
        """/game leave during a game: the AI takes the seat."""
        _, _, out = await self.turns.rewrite(
            table.id,
            lambda rec, now: self._hand_to_ai(rec, now, player.id, None),
            reply=t("table.you_left_game", player.locale),
        )
        return out

    async def kick(self, place: Place, by: Player, user_id: str, *, can_manage: bool = False) -> Outbox:
        """The host hands an absent player's seat to the AI (the player may /game return); in the
        lobby, the host removes a seat (an AI's, or a player's). ``user_id`` names the seat by its
        player's id or by its name."""
        table = await self.tables.live(place)
        if table.host_id != by.id and not can_manage:
            raise NotHost()
        seat = seat_named(table, user_id)
        if seat is None:
            raise TableError("error.no_such_seat", player=plain_name(user_id))
        if seat.user_id == by.id:
            raise TableError("error.kick_self")
        if table.status == "lobby":
            return await self._unseat(table, by, seat)
        if table.status != "active":
            raise TableError("error.not_started")
        if seat.is_ai:
            raise TableError("error.kick_ai", player=seat.name)
        _, _, out = await self.turns.rewrite(
            table.id,
            lambda rec, now: self._hand_to_ai(rec, now, seat.user_id, by.id),
            reply=t("table.you_kicked", by.locale, player=seat.name),
        )
        return out

    async def _unseat(self, table: TableRecord, by: Player, seat: SeatRecord) -> Outbox:
        """The host removes a seat from the lobby."""

        def change(rec: TableRecord) -> LobbyChange[None]:
            if rec.status != "lobby":
                raise NotInLobby()
            if rec.seat_of(seat.user_id) is None:
                raise TableError("error.no_such_seat", player=seat.name)
            return LobbyChange(None, remove=seat.user_id)

        _, table = await self.tables.lobby_write(table.id, change)
        out = self.turns.outboxes.lobby(table)
        out.events.append(t("lobby.removed", table.locale, player=seat.name, host=name_of(table, by.id)))
        out.reply = t("lobby.you_removed", by.locale, player=seat.name)
        return out

    def _hand_to_ai(self, rec: TableRecord, now: datetime, user_id: str, by: str | None) -> Step:
        if rec.status != "active":
            raise NoTable()
        seat = human_seat(rec, user_id)
        clocks = rec.clocks
        if clocks.seats[seat].away:
            raise TableError("error.already_away", player=rec.seats[seat].name)
        clocks = clocks.with_seat(seat, leave(clocks.seats[seat], now))
        if by is None:
            note = event("table.event.left_game", seats={"player": seat})
        else:
            note = event("table.event.kicked", seats={"player": seat}, params={"host": name_by(rec, by)})
        return self.turns.advance(rec, self.tables.state(rec), now, notes=[note], clocks=clocks)

    async def come_back(self, place: Place, player: Player) -> Outbox:
        """/game return: take one's seat back from the AI."""
        table = await self.tables.live(place)
        if table.seat_of(player.id) is None:
            raise NotSeated()
        _, _, out = await self.turns.rewrite(
            table.id,
            lambda rec, now: self._return(rec, now, player.id, strict=True),
            reply=t("table.you_returned", player.locale),
        )
        return out

    async def present(self, place: Place, player: Player) -> Outbox | None:
        """Any command of a player the AI stood in for after their timeouts brings them back (the
        Outbox says so); a kicked player comes back only with /game return."""
        table = await self.tables.live_or_none(place)
        if table is None or table.status != "active":
            return None
        seat = table.seat_of(player.id)
        if seat is None or seat.seat is None or seat.is_ai:
            return None
        clock = table.clocks.seats[seat.seat]
        if not clock.away or clock.kicked:
            return None
        try:
            _, _, out = await self.turns.rewrite(
                table.id, lambda rec, now: self._return(rec, now, player.id, strict=False)
            )
        except TableError:
            return None  # another write brought them back (or kicked them) first
        return out

    def _return(self, rec: TableRecord, now: datetime, user_id: str, *, strict: bool) -> Step:
        if rec.status != "active":
            raise NoTable()
        seat = human_seat(rec, user_id)
        clocks = rec.clocks
        if not clocks.seats[seat].away or (clocks.seats[seat].kicked and not strict):
            raise TableError("error.not_away")
        clocks = clocks.with_seat(seat, come_back(clocks.seats[seat], now))
        note = event("table.event.returned", seats={"player": seat})
        return self.turns.advance(rec, self.tables.state(rec), now, notes=[note], clocks=clocks)


def seat_named(table: TableRecord, named: str) -> SeatRecord | None:
    """The seat of the player with id ``named``, else the seat of that name (ignoring case: an AI
    seat has no other handle)."""
    found = table.seat_of(named)
    if found is not None:
        return found
    wanted = named.strip().casefold()
    return next((s for s in table.seats if s.name.casefold() == wanted), None)


def human_seat(rec: TableRecord, user_id: str) -> int:
    """The seat of a human player, or NotSeated."""
    seat = rec.seat_of(user_id)
    if seat is None or seat.seat is None or seat.is_ai:
        raise NotSeated()
    return seat.seat
