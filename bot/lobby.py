"""The lobby: open a table, join, seat an AI, leave, start, cancel. Every change is one
transaction that decides on the row it writes (two clicks at once can never both count)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.errors import (
    AlreadySeated,
    BadOption,
    ChannelTaken,
    NoTable,
    NotHost,
    NotInLobby,
    NotSeated,
    PlayerCount,
    TableFull,
)
from bot.i18n import normalize_locale, t
from bot.outbox import Outbox, Place, Player, plain_name
from bot.outboxes import Outboxes
from bot.seats import Seats
from bot.step import Step
from bot.tables import Tables, table_of
from bot.timekeeper import check_settings
from bot.turns import AI_PREFIX, Turns
from db.records import Clocks, LobbyChange, SeatRecord, Start, TableRecord, TableSettings
from db.store import ChannelBusy, TableNotFound, fits_id
from rules.engine import AI_LEVELS, IllegalAction, fill_options, rng_for


@dataclass(eq=False)
class Lobby:
    """Opening, joining, leaving, starting and cancelling tables."""

    # The parts it may call, given when the service builds it (docs/design.md); the other parts
    # list theirs the same way.
    tables: Tables
    outboxes: Outboxes
    turns: Turns
    seats: Seats

    # TableService.create forwards here with the same signature: the facade is the front ends' one
    # entry point (docs/design.md), so the repeated parameter list is its interface, not a copy.
    async def create(
        self,
        place: Place,
        game: str,
        host: Player,
        options: Mapping[str, str] | None = None,
        *,
        locale: str | None = None,
        seed: str | None = None,
        ai: bool = False,
        settings: TableSettings | None = None,
    ) -> Outbox:
        """Open a lobby for ``game`` in ``place`` with ``host`` seated (public text in ``locale``).

        ``ai`` seats the host as an AI player (the offline table's all-AI games); ``settings`` are
        the clock's (bot/clock.py; its defaults otherwise)."""
        rules = self.tables.rules(game)
        if not (fits_id(place.channel_id) and fits_id(place.guild_id)):
            raise NoTable()
        try:
            filled = fill_options(rules.options, dict(options or {}))
        except IllegalAction as exc:
            raise BadOption(msg=exc.msg) from exc
        if settings is not None:
            check_settings(settings)  # the same check as /game settings: a refusal names the field
        try:
            table = await self.tables.store.create_table(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                game=game,
                options=filled,
                seed=seed or self.tables.new_seed(),
                host=_seat(host, is_ai=ai),
                locale=normalize_locale(locale or host.locale),
                settings=settings,
            )
        except ChannelBusy as busy:
            raise ChannelTaken(game=t(f"{busy.table.game}.name", host.locale), table=busy.table.id) from busy
        out = self.outboxes.lobby(table)
        out.reply = t("lobby.created", host.locale, game=t(f"{game}.name", host.locale), table=table.id)
        return out

    async def join(self, place: Place, player: Player, *, ai: bool = False) -> Outbox:
        """Take a seat in the lobby of ``place`` (``ai``: the engine's AI plays this seat)."""
        table = await self.tables.live(place)

        def change(rec: TableRecord) -> LobbyChange[None]:
            self._seat_free(rec)
            if rec.seat_of(player.id):
                raise AlreadySeated()
            return LobbyChange(None, add=_seat(player, is_ai=ai))

        _, table = await self.tables.lobby_write(table.id, change)
        out = self.outboxes.lobby(table)
        out.events.append(t("lobby.joined", table.locale, player=plain_name(player.name)))
        out.reply = t("lobby.you_joined", player.locale, table=table.id)
        return out

    async def add_ai(self, place: Place, by: Player, level: str = "normal") -> Outbox:
        """Seat an AI player at ``level`` in the lobby (host only); it is numbered inside the write."""
        if level not in AI_LEVELS:
            raise BadOption("error.ai_level", levels=", ".join(AI_LEVELS))
        table = await self.tables.live(place)

        def change(rec: TableRecord) -> LobbyChange[Player]:
            self._seat_free(rec)
            if rec.host_id != by.id:
                raise NotHost()
            taken = {s.user_id for s in rec.seats}
            number = 1 + sum(1 for s in rec.seats if s.user_id.startswith(AI_PREFIX))
            while f"{AI_PREFIX}{number}" in taken:
                number += 1
            suffix = "" if level == "normal" else f":{level}"
            name = t("lobby.ai_name", rec.locale, n=number)
            if level != "normal":
                name = t("lobby.ai_name_level", rec.locale, name=name, level=t(f"table.ai_level.{level}", rec.locale))
            ai = Player(f"{AI_PREFIX}{number}{suffix}", name, rec.locale)
            return LobbyChange(ai, add=_seat(ai, is_ai=True))

        ai, table = await self.tables.lobby_write(table.id, change)
        out = self.outboxes.lobby(table)
        out.events.append(t("lobby.joined", table.locale, player=ai.name))
        out.reply = t("lobby.ai_added", by.locale, player=ai.name)
        return out

    async def leave(self, place: Place, player: Player) -> Outbox:
        """Leave the lobby: the host's role passes on, and the last human out closes the table,
        all in the one write that removes the seat. During a game, the AI takes the seat."""
        table = await self.tables.live(place)
        if table.status == "active":
            return await self.seats.step_away(table, player)

        def change(rec: TableRecord) -> LobbyChange[bool]:
            self._check_lobby(rec)
            if not rec.seat_of(player.id):
                raise NotSeated()
            humans = [s for s in rec.seats if not s.is_ai and s.user_id != player.id]
            if not humans:
                return LobbyChange(True, remove=player.id, status="cancelled")
            host = humans[0].user_id if rec.host_id == player.id else None
            return LobbyChange(False, remove=player.id, host=host)

        closed, table = await self.tables.lobby_write(table.id, change)
        if closed:
            out = Outbox(table_of(table), over=True)
            out.events.append(t("lobby.closed_empty", table.locale))
            out.reply = t("lobby.you_left", player.locale)
            return out
        out = self.outboxes.lobby(table)
        out.events.append(t("lobby.left", table.locale, player=plain_name(player.name)))
        out.reply = t("lobby.you_left", player.locale)
        return out

    async def start(self, place: Place, player: Player) -> Outbox:
        """Start the game (host only): random seat order from the seed, then the first decisions."""
        table = await self.tables.live(place)
        now = self.tables.clock()

        def prepare(rec: TableRecord) -> Start[Step]:
            self._check_lobby(rec)
            if rec.host_id != player.id:
                raise NotHost()
            rules = self.tables.rules(rec.game)
            count = len(rec.seats)
            if not rules.min_players <= count <= rules.max_players:
                raise PlayerCount(
                    game=t(f"{rec.game}.name", player.locale),
                    min=rules.min_players,
                    max=rules.max_players,
                    count=count,
                )
            try:
                options = rules.check_options(count, rec.options)
            except IllegalAction as exc:
                raise BadOption(msg=exc.msg) from exc
            check_settings(rec.settings)
            order = [s.user_id for s in rec.seats]
            rng_for(f"{rec.seed}:seats", 0).shuffle(order)
            initial, opening = rules.setup(count, options, rng_for(rec.seed, 0))
            seated = _reseat(rec, order)
            clocks = Clocks.start(count, rec.settings)
            step = self.turns.advance(seated, initial, now, told=opening, clocks=clocks, ply=0)
            return Start(order, initial.model_dump_json(), step.written_on(seated, None), step)

        try:
            step, table = await self.tables.store.start_table(table.id, prepare)
        except TableNotFound as gone:
            raise NoTable() from gone
        self.tables.remember(table, step.state)
        out = self.outboxes.move(table, step, actor=None, everyone_private=True)
        out.events.insert(0, t("lobby.started", table.locale, game=t(f"{table.game}.name", table.locale)))
        out.reply = t("lobby.you_started", player.locale)
        return await self.outboxes.finish(table, out)

    async def cancel(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """End the table without a result (its host, or a member allowed to manage the channel)."""
        table = await self.tables.live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        if not await self.tables.store.set_status(table.id, "cancelled"):
            raise NoTable()
        out = Outbox(table_of(table), over=True, moved=True)
        out.events.append(t("table.cancelled", table.locale, player=plain_name(player.name), table=table.id))
        out.reply = t("table.you_cancelled", player.locale, table=table.id)
        if table.status == "active":
            self.outboxes.board(table, self.tables.state(table), out, closing=True)
        self.tables.forget(table.id)
        return out

    # -- internals ------------------------------------------------------------------------------
    @staticmethod
    def _check_lobby(rec: TableRecord) -> None:
        if rec.status != "lobby":
            raise NotInLobby()

    def _seat_free(self, rec: TableRecord) -> None:
        """Refuse a new seat if the game started or the table is full."""
        self._check_lobby(rec)
        most = self.tables.rules(rec.game).max_players
        if len(rec.seats) >= most:
            raise TableFull(max=most)


def _seat(player: Player, *, is_ai: bool = False) -> SeatRecord:
    """A lobby seat for ``player``, the name made inert text (it can never ping anyone)."""
    return SeatRecord(player.id, plain_name(player.name), is_ai, player.locale, None, "")


def _reseat(rec: TableRecord, order: Sequence[str]) -> TableRecord:
    """The lobby record with seats numbered in ``order`` (used before the start is written)."""
    by_id = {s.user_id: s for s in rec.seats}
    seats = tuple(replace(by_id[u], seat=i) for i, u in enumerate(order))
    return replace(rec, seats=seats)
