"""TableService: the application layer between a front end (Discord, the terminal) and the games.

It knows the rules (through the registry) and the store, and nothing of Discord. Every call
either returns an ``Outbox`` (what to post, to whom) or raises a ``TableError`` whose text is ready
for the player in their language; a refused call changes nothing.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from bot.i18n import Text, catalogue, normalize_locale, t
from db.store import (
    ChannelBusy,
    Decision,
    MoveWrite,
    SeatRecord,
    StaleMove,
    TableRecord,
    TableStore,
)
from rules.engine import Event, Game, IllegalAction, Msg, ParamValue, fill_options, rng_for
from rules.registry import GAMES

AI_PREFIX = "ai:"
MAX_AI_PLIES = 100_000  # a safety net: every game ends long before this (DESIGN.md, "Every game ends")


# -- what callers get back ------------------------------------------------------------------------
@dataclass(frozen=True)
class Player:
    """Someone using the bot: a stable id, a display name and the language they read."""

    id: str
    name: str
    locale: str | None = None


@dataclass(frozen=True)
class Place:
    """Where a command was used: a guild (None offline or in DMs) and a channel or thread."""

    guild_id: int | None
    channel_id: int


@dataclass
class Outbox:
    """Everything one call produces, already translated.

    ``board`` and ``events`` are public (in the table's language); ``mentions`` are the user ids
    newly asked to act; ``private`` maps a user id to the text only they may read (a DM or, if their
    DMs are closed, nothing: they use ``/game hand``); ``reply`` goes to the acting user alone.
    """

    table_id: int
    game: str
    board: str = ""
    events: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    private: dict[str, str] = field(default_factory=dict)
    reply: str = ""
    over: bool = False
    moved: bool = False  # True when the game state changed (the board must be redrawn)
    asks: list[Ask] = field(default_factory=list)
    """After a move: every open decision, labelled in the table's language (buttons need no read)."""


@dataclass(frozen=True)
class Choice:
    """One legal action as a front end shows it: its code and a translated label."""

    code: str
    label: str


@dataclass(frozen=True)
class Ask:
    """What a seat is asked now: the decision id (for buttons), the question and the choices."""

    table_id: int
    seat: int
    user_id: str
    decision: int
    prompt: str
    choices: tuple[Choice, ...]


# -- refusals -------------------------------------------------------------------------------------
class TableError(Exception):
    """A refused call; ``text(locale)`` explains it to the player. Nothing was changed."""

    key = "error.generic"

    def __init__(self, key: str | None = None, msg: Msg | None = None, **params: ParamValue) -> None:
        self.key = key or self.key
        self.params = params
        self.msg = msg
        self.names: Sequence[str] = ()
        super().__init__(self.key)

    def text(self, locale: str | None) -> str:
        """The explanation in ``locale``."""
        if self.msg is not None:
            return Text(locale, self.names).msg(self.msg)
        return t(self.key, locale, **self.params)


class NoTable(TableError):
    """No live table in this channel (or no such table)."""

    key = "error.no_table"


class ChannelTaken(TableError):
    """The channel already has a live table."""

    key = "error.channel_busy"


class UnknownGame(TableError):
    """The bot hosts no game by that name."""

    key = "error.unknown_game"


class BadOption(TableError):
    """An option value or combination the game refuses."""


class NotInLobby(TableError):
    """Joining, leaving or starting after the game began."""

    key = "error.not_in_lobby"


class AlreadySeated(TableError):
    """Joining twice."""

    key = "error.already_seated"


class TableFull(TableError):
    """The game's player limit is reached."""

    key = "error.table_full"


class NotSeated(TableError):
    """Acting at a table without a seat."""

    key = "error.not_seated"


class NotHost(TableError):
    """Starting or cancelling without being the host (or a channel manager)."""

    key = "error.not_host"


class PlayerCount(TableError):
    """Starting with too few (or too many) players."""

    key = "error.player_count"


class NotYourTurn(TableError):
    """Acting while someone else must decide."""

    key = "error.not_your_turn"


class Stale(TableError):
    """A button or choice from a decision that is no longer open."""

    key = "error.stale"


class IllegalMove(TableError):
    """The rules refuse the move (the message comes from the engine)."""

    key = "error.illegal_action"


class GameOver(TableError):
    """The table has ended."""

    key = "error.game_over"


# -- the service ----------------------------------------------------------------------------------
@dataclass
class _Step:
    """The result of one move inside its transaction."""

    write: MoveWrite
    state: Any
    events: list[tuple[int, Event]]  # (acting seat, event)
    opened: frozenset[int]  # seats whose decision opened in this move
    played: Msg | None = None  # the label of the human move that started it


def _iso(now: datetime) -> str:
    return now.astimezone(UTC).isoformat(timespec="seconds")


class TableService:
    """Lobby, moves and views of every table; front ends call it and render its Outbox."""

    def __init__(
        self,
        store: TableStore,
        games: Mapping[str, Game[Any, Any, Any]] = GAMES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.new_seed = new_seed
        store.clock = lambda: _iso(self.clock())
        self._states: dict[int, tuple[int, Any]] = {}  # table id -> (ply, parsed state)

    # -- lobby ----------------------------------------------------------------------------------
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
    ) -> Outbox:
        """Open a lobby for ``game`` in ``place`` with ``host`` seated (public text in ``locale``).

        ``ai`` seats the host as an AI player (the offline table's all-AI games)."""
        rules = self._rules(game)
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
                host=self._seat_record(host, is_ai=ai),
                locale=normalize_locale(locale or host.locale),
            )
        except ChannelBusy as busy:
            raise ChannelTaken(game=t(f"{busy.table.game}.name", host.locale), table=busy.table.id) from busy
        out = self._lobby_outbox(table)
        out.reply = t("lobby.created", host.locale, game=t(f"{game}.name", host.locale), table=table.id)
        return out

    async def join(self, place: Place, player: Player, *, ai: bool = False) -> Outbox:
        """Take a seat in the lobby of ``place`` (``ai``: the engine's AI plays this seat)."""
        table = await self._live(place)

        def check(rec: TableRecord) -> None:
            self._check_lobby(rec)
            if rec.seat_of(player.id):
                raise AlreadySeated()
            if len(rec.seats) >= self._rules(rec.game).max_players:
                raise TableFull(max=self._rules(rec.game).max_players)

        _, table = await self.store.update_lobby(table.id, check, add=self._seat_record(player, is_ai=ai))
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.joined", table.locale, player=player.name))
        out.reply = t("lobby.you_joined", player.locale, table=table.id)
        return out

    async def add_ai(self, place: Place, by: Player) -> Outbox:
        """Seat an AI player in the lobby (host only)."""
        table = await self._live(place)
        number = 1 + sum(1 for s in table.seats if s.is_ai)
        while any(s.user_id == f"{AI_PREFIX}{number}" for s in table.seats):
            number += 1
        ai = Player(f"{AI_PREFIX}{number}", t("lobby.ai_name", table.locale, n=number), table.locale)

        def check(rec: TableRecord) -> None:
            self._check_lobby(rec)
            if rec.host_id != by.id:
                raise NotHost()
            if len(rec.seats) >= self._rules(rec.game).max_players:
                raise TableFull(max=self._rules(rec.game).max_players)

        _, table = await self.store.update_lobby(table.id, check, add=self._seat_record(ai, is_ai=True))
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.joined", table.locale, player=ai.name))
        out.reply = t("lobby.ai_added", by.locale, player=ai.name)
        return out

    async def leave(self, place: Place, player: Player) -> Outbox:
        """Leave the lobby; the host's role passes on, and the last one out closes the table."""
        table = await self._live(place)

        def check(rec: TableRecord) -> None:
            self._check_lobby(rec)
            if not rec.seat_of(player.id):
                raise NotSeated()

        _, table = await self.store.update_lobby(table.id, check, remove=player.id)
        humans = [s for s in table.seats if not s.is_ai]
        if not humans:
            await self.store.set_status(table.id, "cancelled")
            out = Outbox(table.id, table.game, over=True)
            out.events.append(t("lobby.closed_empty", table.locale))
            out.reply = t("lobby.you_left", player.locale)
            return out
        if table.host_id == player.id:
            await self.store.set_host(table.id, humans[0].user_id)
            table = await self._get(table.id)
        out = self._lobby_outbox(table)
        out.events.append(t("lobby.left", table.locale, player=player.name))
        out.reply = t("lobby.you_left", player.locale)
        return out

    async def start(self, place: Place, player: Player) -> Outbox:
        """Start the game (host only): random seat order from the seed, then the first decisions."""
        table = await self._live(place)
        rules = self._rules(table.game)
        now = self.clock()
        step_box: list[_Step] = []

        def prepare(rec: TableRecord) -> tuple[list[str], MoveWrite, str, int]:
            self._check_lobby(rec)
            if rec.host_id != player.id:
                raise NotHost()
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
            initial, _opening = rules.setup(count, options, rng_for(rec.seed, 0))
            seated = _reseat(rec, order)
            step = self._advance(rules, seated, initial, 0, (), None, now, [])
            step_box.append(step)
            return order, step.write, initial.model_dump_json(), rules.state_version

        table, _ = await self.store.start_table(table.id, prepare)
        step = step_box[-1]
        self._states[table.id] = (table.ply, step.state)
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
        self._states.pop(table.id, None)
        out = Outbox(table.id, table.game, over=True, moved=True)
        out.events.append(t("table.cancelled", table.locale, player=player.name, table=table.id))
        out.reply = t("table.you_cancelled", player.locale, table=table.id)
        if table.status == "active":
            out.board = self._board_text(table, self._state(table), closing=True)
        return out

    # -- playing --------------------------------------------------------------------------------
    async def act(
        self,
        player: Player,
        code: str,
        *,
        place: Place | None = None,
        table_id: int | None = None,
        decision: int | None = None,
    ) -> Outbox:
        """Play ``code`` for ``player``; ``decision`` (from a button) must still be open."""
        if table_id is None:
            if place is None:
                raise NoTable()
            table_id = (await self._live(place)).id
        now = self.clock()

        def decide(rec: TableRecord) -> _Step:
            rules = self._rules(rec.game)
            if rec.status in ("over", "cancelled"):
                raise Stale() if decision is not None else GameOver()
            if rec.status != "active":
                raise NotInLobby("error.not_started")
            seat_rec = rec.seat_of(player.id)
            if seat_rec is None or seat_rec.seat is None:
                raise NotSeated()
            seat = seat_rec.seat
            state = self._state(rec)
            opened = rec.decision_of(seat)
            if decision is not None and (opened is None or opened.ply != decision):
                raise Stale()
            if opened is None:
                raise NotYourTurn(players=", ".join(rec.seats[d.seat].name for d in rec.decisions))
            try:
                action = rules.parse_action(code)
                new_state, events = rules.apply(state, seat, action, rng_for(rec.seed, rec.ply + 1))
            except IllegalAction as exc:
                refusal = IllegalMove(msg=exc.msg)
                refusal.names = [s.name for s in rec.seats]
                raise refusal from exc
            first = [(seat, rules.action_code(action))]
            step = self._advance(rules, rec, new_state, rec.ply, first, seat, now, [(seat, e) for e in events])
            step.played = rules.presentation.action_label(state, seat, action)
            return step

        try:
            step, table = await self.store.commit_move(table_id, decide)
        except KeyError as exc:
            raise NoTable() from exc
        except StaleMove as exc:
            raise Stale() from exc
        self._states[table.id] = (table.ply, step.state)
        seat_rec = table.seat_of(player.id)
        actor = seat_rec.seat if seat_rec else None
        return self._move_outbox(table, step, actor=actor, reply_to=player)

    async def asks(self, place: Place | None = None, *, table_id: int | None = None) -> list[Ask]:
        """Every open decision of the table, with its choices (for buttons), in the table's language."""
        table = await self._table(place, table_id)
        if table.status != "active":
            return []
        return [self._ask(table, d.seat, table.locale) for d in table.decisions]

    async def ask(self, place: Place, player: Player) -> Ask | None:
        """The decision ``player`` has open now (for autocomplete and their buttons), if any."""
        table = await self._live(place)
        seat = table.seat_of(player.id)
        if table.status != "active" or seat is None or seat.seat is None:
            return None
        if table.decision_of(seat.seat) is None:
            return None
        return self._ask(table, seat.seat, player.locale)

    # -- reading --------------------------------------------------------------------------------
    async def board(self, place: Place | None = None, *, table_id: int | None = None) -> Outbox:
        """The current public board (and, in the lobby, who has joined); after the end, the final one."""
        table = await self._table(place, table_id, ended=True)
        if table.status == "lobby":
            return self._lobby_outbox(table)
        out = Outbox(table.id, table.game, over=table.status != "active")
        out.board = self._board_text(table, self._state(table))
        out.mentions = self._waiting_on(table)
        return out

    async def hand(self, place: Place, player: Player) -> Outbox:
        """``player``'s private view, what they are asked and their choices (an ephemeral reply)."""
        table = await self._live(place)
        seat = table.seat_of(player.id)
        if seat is None:
            raise NotSeated()
        if table.status == "lobby" or seat.seat is None:
            raise NotInLobby("error.not_started")
        out = Outbox(table.id, table.game)
        out.reply = self._private_text(table, self._state(table), seat.seat, player.locale, ask=True)
        return out

    async def log(self, place: Place, player: Player, *, last: int = 15) -> Outbox:
        """The last public events, replayed from the action log (also of a game that has ended)."""
        table = await self._table(place, None, ended=True)
        lines = await self._public_history(table, player.locale)
        out = Outbox(table.id, table.game)
        shown = lines[-last:] if last else lines
        header = t("table.log_header", player.locale, shown=len(shown), total=len(lines))
        out.reply = "\n".join([header, *shown]) if shown else t("table.log_empty", player.locale)
        return out

    async def status(self, place: Place, player: Player) -> Outbox:
        """Who must act, since when; or who sits in the lobby."""
        table = await self._table(place, None)
        loc = player.locale
        game = t(f"{table.game}.name", loc)
        out = Outbox(table.id, table.game)
        if table.status == "lobby":
            rules = self._rules(table.game)
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
        for ply, seat, code in await self.store.actions(table_id):
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

    # -- internals ------------------------------------------------------------------------------
    def _rules(self, game: str) -> Game[Any, Any, Any]:
        try:
            return self.games[game]
        except KeyError:
            raise UnknownGame(game=game, games=", ".join(sorted(self.games))) from None

    async def _live(self, place: Place) -> TableRecord:
        table = await self.store.live_table(place.channel_id)
        if table is None:
            raise NoTable()
        return table

    async def _get(self, table_id: int) -> TableRecord:
        table = await self.store.get_table(table_id)
        if table is None:
            raise NoTable()
        return table

    async def _table(self, place: Place | None, table_id: int | None, *, ended: bool = False) -> TableRecord:
        """A table by id, else the live table of ``place``; with ``ended``, else its last game."""
        if table_id is not None:
            return await self._get(table_id)
        if place is None:
            raise NoTable()
        if not ended:
            return await self._live(place)
        table = await self.store.last_table(place.channel_id)
        if table is None or (table.state is None and table.status != "lobby"):
            raise NoTable()  # nothing was ever played here (or only a lobby that closed)
        return table

    @staticmethod
    def _check_lobby(rec: TableRecord) -> None:
        if rec.status != "lobby":
            raise NotInLobby()

    @staticmethod
    def _seat_record(player: Player, *, is_ai: bool = False) -> SeatRecord:
        return SeatRecord(player.id, player.name, is_ai, player.locale, None, "")

    @staticmethod
    def _name_of(table: TableRecord, user_id: str) -> str:
        seat = table.seat_of(user_id)
        return seat.name if seat else user_id

    def _state(self, table: TableRecord) -> Any:
        cached = self._states.get(table.id)
        if cached and cached[0] == table.ply:
            return cached[1]
        if table.state is None:
            raise NotInLobby("error.not_started")
        rules = self._rules(table.game)
        if table.state_version != rules.state_version:
            data = rules.upgrade(json.loads(table.state), table.state_version)
            state = rules.state_type.model_validate(data)
        else:
            state = rules.state_type.model_validate_json(table.state)
        self._states[table.id] = (table.ply, state)
        return state

    def _advance(
        self,
        rules: Game[Any, Any, Any],
        rec: TableRecord,
        state: Any,
        ply: int,
        actions: Iterable[tuple[int, str]],
        actor: int | None,
        now: datetime,
        events: list[tuple[int, Event]],
    ) -> _Step:
        """After a move, let AI seats play until a human must decide, and track open decisions."""
        done = list(actions)
        since = _iso(now)
        decisions = {d.seat: d for d in rec.decisions}
        opened: set[int] = set()

        def refresh(prev_to_act: frozenset[int], mover: int | None, at_ply: int) -> None:
            # A seat keeps its decision id while it stays asked and someone else moved (a
            # simultaneous decision such as secret bets); any other asked seat gets a new one.
            current = rules.to_act(state)
            for seat in list(decisions):
                if seat not in current:
                    del decisions[seat]
            for seat in current:
                if seat in prev_to_act and seat != mover and seat in decisions:
                    continue
                decisions[seat] = Decision(seat, at_ply, since)
                opened.add(seat)

        if done:
            refresh(frozenset(decisions), actor, ply + len(done))
        else:
            refresh(frozenset(), None, ply)
        ai_seats = {s.seat for s in rec.seats if s.is_ai and s.seat is not None}
        while ai_seats & rules.to_act(state):
            if len(done) > MAX_AI_PLIES:
                raise RuntimeError(f"table {rec.id}: AI players did not finish")
            seat = min(ai_seats & rules.to_act(state))
            at = ply + len(done)
            action = rules.ai_action(state, seat, rng_for(f"{rec.seed}:ai", at + 1))
            prev_to_act = rules.to_act(state)
            state, new_events = rules.apply(state, seat, action, rng_for(rec.seed, at + 1))
            done.append((seat, rules.action_code(action)))
            events.extend((seat, e) for e in new_events)
            refresh(prev_to_act, seat, at + 1)
        over = rules.outcome(state) is not None
        ordered = tuple(sorted(decisions.values(), key=lambda d: d.seat))
        write = MoveWrite(
            actions=done,
            state=state.model_dump_json(),
            decisions=ordered,
            state_version=rules.state_version,
            status="over" if over else "active",
        )
        return _Step(write, state, events, frozenset(opened & set(decisions)))

    def _names(self, table: TableRecord) -> list[str]:
        return [s.name for s in table.seats]

    def _board_text(self, table: TableRecord, state: Any, *, closing: bool = False) -> str:
        rules = self._rules(table.game)
        tr = Text(table.locale, self._names(table))
        board = rules.presentation.render_board(rules.view(state, None), tr)
        if closing:
            board += "\n" + t("table.board_cancelled", table.locale)
        return board

    def _private_text(self, table: TableRecord, state: Any, seat: int, locale: str | None, *, ask: bool) -> str:
        rules = self._rules(table.game)
        tr = Text(locale, self._names(table))
        header = t("table.private_header", locale, game=t(f"{table.game}.name", locale), table=table.id)
        parts = [header, rules.presentation.render_private(rules.view(state, seat), tr)]
        if ask and seat in rules.to_act(state):
            labels = [tr.msg(rules.presentation.action_label(state, seat, a)) for a in rules.legal_actions(state, seat)]
            parts.append(t("table.your_choices", locale, choices=" · ".join(labels)))
        return "\n".join(p for p in parts if p)

    def _ask(self, table: TableRecord, seat: int, locale: str | None) -> Ask:
        rules = self._rules(table.game)
        state = self._state(table)
        tr = Text(locale, self._names(table))
        decision = table.decision_of(seat)
        choices = tuple(
            Choice(rules.action_code(a), tr.msg(rules.presentation.action_label(state, seat, a)))
            for a in rules.legal_actions(state, seat)
        )
        return Ask(
            table.id,
            seat,
            table.seats[seat].user_id,
            decision.ply if decision else table.ply,
            tr.msg(rules.presentation.prompt(state, seat)),
            choices,
        )

    def _waiting_on(self, table: TableRecord) -> list[str]:
        return [table.seats[d.seat].user_id for d in table.decisions if not table.seats[d.seat].is_ai]

    def _lobby_outbox(self, table: TableRecord) -> Outbox:
        rules = self._rules(table.game)
        loc = table.locale
        out = Outbox(table.id, table.game)
        options = " · ".join(_option_text(table.game, k, v, loc) for k, v in table.options.items()) or "-"
        out.board = t(
            "lobby.board",
            loc,
            game=t(f"{table.game}.name", loc),
            table=table.id,
            players="\n".join(f"• {s.name}" for s in table.seats),
            count=len(table.seats),
            min=rules.min_players,
            max=rules.max_players,
            host=self._name_of(table, table.host_id),
            options=options,
        )
        out.moved = True
        return out

    def _move_outbox(
        self,
        table: TableRecord,
        step: _Step,
        *,
        actor: int | None,
        reply_to: Player | None = None,
        everyone_private: bool = False,
    ) -> Outbox:
        rules = self._rules(table.game)
        names = self._names(table)
        public = Text(table.locale, names)
        out = Outbox(table.id, table.game, over=step.write.status == "over", moved=True)
        out.board = self._board_text(table, step.state)
        out.asks = [self._ask(table, d.seat, table.locale) for d in table.decisions]
        out.events.extend(public.msg(e) for _, e in step.events if e.to is None)
        # Mention whoever is newly asked, except the player who is acting right now.
        out.mentions = [table.seats[s].user_id for s in sorted(step.opened) if not table.seats[s].is_ai and s != actor]
        simultaneous = len(rules.to_act(step.state)) > 1
        for rec in table.seats:
            if rec.is_ai or rec.seat is None or rec.seat == actor:
                continue
            mine = [e for _, e in step.events if e.to is not None and rec.seat in e.to]
            newly_secret = simultaneous and rec.seat in step.opened
            if everyone_private or mine or newly_secret:
                tr = Text(rec.locale, names)
                lines = [tr.msg(e) for e in mine]
                body = self._private_text(table, step.state, rec.seat, rec.locale, ask=True)
                out.private[rec.user_id] = "\n".join([body, *lines]) if lines else body
        if reply_to is not None and actor is not None:
            tr = Text(reply_to.locale, names)
            own = [tr.msg(e) for _, e in step.events if e.to is not None and actor in e.to]
            lines = [t("table.you_played", reply_to.locale, action=tr.msg(step.played))] if step.played else []
            lines.extend(own)
            if actor in rules.to_act(step.state):
                lines.append(self._private_text(table, step.state, actor, reply_to.locale, ask=True))
            out.reply = "\n".join(lines)
        return out

    async def _public_history(self, table: TableRecord, locale: str | None) -> list[str]:
        if table.initial_state is None:
            return []
        rules = self._rules(table.game)
        tr = Text(locale, self._names(table))
        state = rules.state_type.model_validate_json(table.initial_state)
        lines: list[str] = []
        for ply, seat, code in await self.store.actions(table.id):
            state, events = rules.apply(state, seat, rules.parse_action(code), rng_for(table.seed, ply))
            lines.extend(f"{ply}. {tr.msg(e)}" for e in events if e.to is None)
        return lines


def _option_text(game: str, name: str, value: str, locale: str) -> str:
    """An option as players set it: the slash command's option name and choice label."""
    entries = catalogue(locale)
    label = entries.get(f"cmd.{game}.new.{name}.name", name)
    return t("lobby.option", locale, name=label, value=entries.get(f"cmd.{game}.new.{name}.{value}", value))


def _reseat(rec: TableRecord, order: Sequence[str]) -> TableRecord:
    """The lobby record with seats numbered in ``order`` (used before the start is written)."""
    by_id = {s.user_id: s for s in rec.seats}
    seats = tuple(
        SeatRecord(u, by_id[u].name, by_id[u].is_ai, by_id[u].locale, i, by_id[u].joined_at)
        for i, u in enumerate(order)
    )
    return replace(rec, seats=seats)
