"""The lobby: open a table, join, seat an AI, leave, start, cancel. Every change is one
transaction that decides on the row it writes (two clicks at once can never both count)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from bot.clock import TableSettings
from bot.core import Step
from bot.days import Days
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
from db.store import ChannelBusy, LobbyChange, SeatRecord, Start, TableNotFound, TableRecord, fits_id
from rules.engine import IllegalAction, fill_options, rng_for

AI_PREFIX = "ai:"


class Lobby(Days):
    """Opening, joining, leaving, starting and cancelling tables."""

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
        rules = self._rules(game)
        if not (fits_id(place.channel_id) and fits_id(place.guild_id)):
            raise NoTable()
        try:
            filled = fill_options(rules.options, dict(options or {}))
        except IllegalAction as exc:
            raise BadOption(msg=exc.msg) from exc
        try:
            table = await self.store.create_table(
                guild_id=place.guild_id,
                channel_id=place.channel_id,
                game=game,
                options=filled,
                seed=seed or self.new_seed(),
                host=_seat(host, is_ai=ai),
                locale=normalize_locale(locale or host.locale),
                settings=(settings or TableSettings()).to_json(),
            )
        except ChannelBusy as busy:
            raise ChannelTaken(game=t(f"{busy.table.game}.name", host.locale), table=busy.table.id) from busy
        out = self._lobby_outbox(table)
        out.reply = t("lobby.created", host.locale, game=t(f"{game}.name", host.locale), table=table.id)
        return out

    async def join(self, place: Place, player: Player, *, ai: bool = False) -> Outbox:
        """Take a seat in the lobby of ``place`` (``ai``: the engine's AI plays this seat)."""
        table = await self._live(place)

        def change(rec: TableRecord) -> LobbyChange[None]:
            self._seat_free(rec)
            if rec.seat_of(player.id):
                raise AlreadySeated()
            return LobbyChange(None, add=_seat(player, is_ai=ai))

        _, table = await self._lobby_write(table.id, change)
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.joined", table.locale, player=plain_name(player.name)))
        out.reply = t("lobby.you_joined", player.locale, table=table.id)
        return out

    async def add_ai(self, place: Place, by: Player) -> Outbox:
        """Seat an AI player in the lobby (host only); it is numbered inside the write."""
        table = await self._live(place)

        def change(rec: TableRecord) -> LobbyChange[Player]:
            self._seat_free(rec)
            if rec.host_id != by.id:
                raise NotHost()
            taken = {s.user_id for s in rec.seats}
            number = 1 + sum(1 for s in rec.seats if s.is_ai)
            while f"{AI_PREFIX}{number}" in taken:
                number += 1
            ai = Player(f"{AI_PREFIX}{number}", t("lobby.ai_name", rec.locale, n=number), rec.locale)
            return LobbyChange(ai, add=_seat(ai, is_ai=True))

        ai, table = await self._lobby_write(table.id, change)
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.joined", table.locale, player=ai.name))
        out.reply = t("lobby.ai_added", by.locale, player=ai.name)
        return out

    async def leave(self, place: Place, player: Player) -> Outbox:
        """Leave the lobby: the host's role passes on, and the last human out closes the table,
        all in the one write that removes the seat. During a game, the AI takes the seat."""
        table = await self._live(place)
        if table.status == "active":
            return await self.step_away(table, player)

        def change(rec: TableRecord) -> LobbyChange[bool]:
            self._check_lobby(rec)
            if not rec.seat_of(player.id):
                raise NotSeated()
            humans = [s for s in rec.seats if not s.is_ai and s.user_id != player.id]
            if not humans:
                return LobbyChange(True, remove=player.id, status="cancelled")
            host = humans[0].user_id if rec.host_id == player.id else None
            return LobbyChange(False, remove=player.id, host=host)

        closed, table = await self._lobby_write(table.id, change)
        if closed:
            out = Outbox(table.id, table.game, over=True)
            out.events.append(t("lobby.closed_empty", table.locale))
            out.reply = t("lobby.you_left", player.locale)
            return out
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.left", table.locale, player=plain_name(player.name)))
        out.reply = t("lobby.you_left", player.locale)
        return out

    async def start(self, place: Place, player: Player) -> Outbox:
        """Start the game (host only): random seat order from the seed, then the first decisions."""
        table = await self._live(place)
        now = self.clock()

        def prepare(rec: TableRecord) -> Start[Step]:
            self._check_lobby(rec)
            if rec.host_id != player.id:
                raise NotHost()
            rules = self._rules(rec.game)
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
            order = [s.user_id for s in rec.seats]
            rng_for(f"{rec.seed}:seats", 0).shuffle(order)
            initial, opening = rules.setup(count, options, rng_for(rec.seed, 0))
            seated = _reseat(rec, order)
            step = self._advance(rules, seated, initial, 0, [], now, [(None, e) for e in opening])
            return Start(order, initial.model_dump_json(), step.write, step)

        try:
            step, table = await self.store.start_table(table.id, prepare)
        except TableNotFound as gone:
            raise NoTable() from gone
        self._states.put(table.id, (table.ply, step.state))
        out = self._move_outbox(table, step, actor=None, everyone_private=True)
        out.events.insert(0, t("lobby.started", table.locale, game=t(f"{table.game}.name", table.locale)))
        out.reply = t("lobby.you_started", player.locale)
        return out

    async def cancel(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """End the table without a result (its host, or a member allowed to manage the channel)."""
        table = await self._live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        if not await self.store.set_status(table.id, "cancelled"):
            raise NoTable()
        self._states.pop(table.id)
        out = Outbox(table.id, table.game, over=True, moved=True)
        out.events.append(t("table.cancelled", table.locale, player=plain_name(player.name), table=table.id))
        out.reply = t("table.you_cancelled", player.locale, table=table.id)
        if table.status == "active":
            out.board = self._board_text(table, self._state(table), closing=True)
        return out

    # -- internals ------------------------------------------------------------------------------
    @staticmethod
    def _check_lobby(rec: TableRecord) -> None:
        if rec.status != "lobby":
            raise NotInLobby()

    def _seat_free(self, rec: TableRecord) -> None:
        """Refuse a new seat if the game started or the table is full."""
        self._check_lobby(rec)
        most = self._rules(rec.game).max_players
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
