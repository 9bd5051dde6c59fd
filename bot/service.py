"""TableService: the application layer between a front end (Discord, the terminal) and the games.

It knows the rules (through the registry) and the store, and nothing of Discord. Every call either
returns an ``Outbox`` (bot/outbox.py: everything to publish, already translated) or raises a
``TableError`` whose text is ready for the player in their language; a refused call changes
nothing.

The service is a thin facade over parts named for their job, each given the parts it uses when it
is built (read any of them alone; its constructor says what it may call):

    tables.py       Tables       the store, the games, the clock; finding tables; parsed states
    history.py      History      the public history (paged log) and the recap (tables)
    outboxes.py     Outboxes     boards, private views, choices, pings, standings (tables, history)
    turns.py        Turns        a player's move and the one play loop of every write (tables, outboxes)
    timekeeper.py   Timekeeper   clock settings, the pause, what falls due (tables, turns, outboxes)
    seats.py        Seats        leaving, kicks and returns during a game (tables, turns, timekeeper)
    lobby.py        Lobby        open, join, add an AI, leave, start, cancel (tables, outboxes, turns, seats)
    undo.py         Undo         taking back one's last move (tables, turns, outboxes)
    orders.py       StandingOrders  a player's private standing orders (tables, turns, outboxes)
    reading.py      Reading      board, hand, status, open decisions, replay (tables, outboxes, history)
    hints.py        Hints        what the AI would play, for a learner (tables, turns, outboxes)
    leaderboard.py  Leaderboard  past tables and ratings (tables)

clocks.py holds the clock's arithmetic; errors.py the refusals.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from bot.clocks import settings_from
from bot.errors import refuses_bad_input
from bot.hints import Hints
from bot.history import History
from bot.i18n import t
from bot.leaderboard import Leaderboard, PastTables, Ranking
from bot.lobby import Lobby
from bot.orders import StandingOrders
from bot.outbox import Ask, Draft, Outbox, Place, Player
from bot.outboxes import Outboxes
from bot.reading import Agenda, Reading
from bot.seats import Seats
from bot.tables import DEFAULT_LIMITS, Limits, Tables
from bot.timekeeper import Timekeeper
from bot.turns import Turns, plays_ai
from bot.undo import Undo
from db.records import TableRecord, TableSettings
from db.store import TableStore
from rules.engine import Game
from rules.registry import GAMES


@refuses_bad_input
class TableService:
    """Lobby, moves, clocks, orders and views of every table; front ends call it and publish its
    Outboxes."""

    def __init__(
        self,
        store: TableStore,
        games: Mapping[str, Game[Any, Any, Any]] = GAMES,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        new_seed: Callable[[], str] = lambda: secrets.token_hex(8),
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.tables = Tables(store, games, clock, new_seed, limits)
        self.history = History(self.tables)
        self.outboxes = Outboxes(self.tables, self.history)
        self.turns = Turns(self.tables, self.outboxes)
        self.timekeeper = Timekeeper(self.tables, self.turns, self.outboxes)
        self.seats = Seats(self.tables, self.turns, self.timekeeper)
        self.lobby = Lobby(self.tables, self.outboxes, self.turns, self.seats)
        self.undoing = Undo(self.tables, self.turns, self.outboxes)
        self.orders = StandingOrders(self.tables, self.turns, self.outboxes)
        self.reading = Reading(self.tables, self.outboxes, self.history)
        self.hints = Hints(self.tables, self.turns, self.outboxes)
        self.ranking = Leaderboard(self.tables)

    # Most calls below forward to the part that owns them with the same signature. The facade is
    # the front ends' one entry point (docs/design.md): the input check (``refuses_bad_input``)
    # and a seat's return from an absence (``_back``) apply to every command alike, and the
    # parts stay free to change how they are built. The repeated parameter lists (the duplicates
    # tool pairs them with lobby.py, turns.py, timekeeper.py, orders.py and tables.py) are that
    # interface, kept deliberately, as are the properties that expose what every part shares.

    # -- what every part shares -----------------------------------------------------------------
    @property
    def store(self) -> TableStore:
        """The store the tables live in."""
        return self.tables.store

    @property
    def games(self) -> Mapping[str, Game[Any, Any, Any]]:
        """The games this service hosts, by key."""
        return self.tables.games

    @property
    def clock(self) -> Callable[[], datetime]:
        """The service's clock (a front end's virtual one in tests and offline)."""
        return self.tables.clock

    @clock.setter
    def clock(self, clock: Callable[[], datetime]) -> None:
        self.tables.clock = clock

    @property
    def new_seed(self) -> Callable[[], str]:
        """Where new tables get their secret seed."""
        return self.tables.new_seed

    @new_seed.setter
    def new_seed(self, make: Callable[[], str]) -> None:
        self.tables.new_seed = make

    async def _back(self, place: Place, player: Player, call: Callable[[], Awaitable[Outbox]]) -> Outbox:
        """Run a player's command; if the AI was playing their seat after timeouts, they are back
        first (the Outbox says so in ``before``)."""
        back = await self.seats.present(place, player)
        out = await call()
        if back is not None:
            out.before.insert(0, back)
        return out

    async def _maybe_back(self, place: Place | None, player: Player, call: Callable[[], Awaitable[Outbox]]) -> Outbox:
        """``_back`` where the command names its channel (a click in a DM does not)."""
        return await (self._back(place, player, call) if place is not None and place.guild_id is not None else call())

    # -- the lobby ------------------------------------------------------------------------------
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
        clock: Mapping[str, Any] | None = None,
    ) -> Outbox:
        """Open a lobby for ``game`` in ``place`` with ``host`` seated (public text in ``locale``);
        ``ai`` seats the host as an AI player; the clock's ``settings`` (or a front end's ``clock``
        choices: bank_hours, bonus_hours, policy) replace the defaults."""
        if clock:
            settings = settings_from(clock)
        return await self.lobby.create(place, game, host, options, locale=locale, seed=seed, ai=ai, settings=settings)

    async def join(self, place: Place, player: Player, *, ai: bool = False) -> Outbox:
        """Take a seat in the lobby (``ai``: the engine's AI plays this seat)."""
        return await self.lobby.join(place, player, ai=ai)

    async def add_ai(self, place: Place, by: Player, level: str = "normal") -> Outbox:
        """Seat an AI player at ``level`` (host only)."""
        return await self.lobby.add_ai(place, by, level)

    async def leave(self, place: Place, player: Player) -> Outbox:
        """Leave the lobby, or hand one's seat to the AI during a game."""
        return await self.lobby.leave(place, player)

    async def start(self, place: Place, player: Player) -> Outbox:
        """Start the game (host only)."""
        return await self.lobby.start(place, player)

    async def cancel(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """End the table without a result (host, or a channel manager)."""
        return await self.lobby.cancel(place, player, can_manage=can_manage)

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
        if place is not None and table_id is None:
            await self.reading.live_or_over(place, player.locale)  # after the end: the standings
            return await self._back(place, player, lambda: self.turns.act(player, code, place=place, decision=decision))
        return await self.turns.act(player, code, place=place, table_id=table_id, decision=decision)

    async def undo(self, place: Place, player: Player, *, confirm: int | None = None) -> Outbox:
        """Take back one's own last decision (asked to confirm first)."""
        return await self._back(place, player, lambda: self.undoing.undo(place, player, confirm=confirm))

    async def show_orders(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """The player's standing order and whether they may set one now (privately)."""
        return await self._maybe_back(place, player, lambda: self.orders.show(place, player, table_id=table_id))

    async def order_form(
        self,
        place: Place | None,
        player: Player,
        draft: Draft | None = None,
        *,
        table_id: int | None = None,
        prefill: Draft | None = None,
    ) -> Outbox:
        """The next step of the player's order form after ``draft`` (``out.form``), pre-filled
        (with ``prefill``: an order read back, to change)."""
        return await self.orders.form(place, player, draft, table_id=table_id, prefill=prefill)

    async def read_back(
        self, place: Place | None, player: Player, values: Draft | Mapping[str, str], *, table_id: int | None = None
    ) -> Outbox:
        """The player's whole order read back in words, before anything acts (nothing is written)."""
        return await self.orders.read_back(place, player, values, table_id=table_id)

    async def set_orders(
        self,
        place: Place | None,
        player: Player,
        values: Draft | Mapping[str, str],
        *,
        table_id: int | None = None,
        seen: int | None = None,
    ) -> Outbox:
        """Save the player's whole standing order (privately; it may play at once, as a click
        would); saving the order they already hold writes nothing."""
        return await self._maybe_back(
            place, player, lambda: self.orders.set(place, player, values, table_id=table_id, seen=seen)
        )

    async def cancel_orders(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """Drop the player's standing order (without one, nothing is written)."""
        return await self._maybe_back(place, player, lambda: self.orders.cancel(place, player, table_id=table_id))

    # -- clocks and absences ----------------------------------------------------------------------
    async def configure(
        self,
        place: Place,
        player: Player,
        *,
        bank_hours: int | None = None,
        bonus_hours: int | None = None,
        policy: str | None = None,
        hints: bool | None = None,
        can_manage: bool = False,
    ) -> Outbox:
        """Change the table's clock, or whether hints are allowed (host only)."""
        return await self.timekeeper.configure(
            place,
            player,
            bank_hours=bank_hours,
            bonus_hours=bonus_hours,
            policy=policy,
            hints=hints,
            can_manage=can_manage,
        )

    async def hint(self, place: Place, player: Player) -> Outbox:
        """What the AI would play now for ``player``, and why, for them alone (where the table
        allows hints; the game then counts for nobody's rating)."""
        return await self._back(place, player, lambda: self.hints.hint(place, player))

    async def pause(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Hold every clock (host only; seven days at most in all)."""
        return await self._back(place, player, lambda: self.timekeeper.pause(place, player, can_manage=can_manage))

    async def resume(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Start the clocks again (host only)."""
        return await self._back(place, player, lambda: self.timekeeper.resume(place, player, can_manage=can_manage))

    async def run_due(
        self, limit: int = 100, budget: float | None = None, seen: set[int] | None = None
    ) -> list[Outbox]:
        """Every timeout, reminder and end of pause that has fallen due, done once: at up to
        ``limit`` tables, or as many as ``budget`` seconds of work allow, leaving alone (and
        adding to) the tables ``seen`` earlier in the same catch-up."""
        return await self.timekeeper.run_due(limit, budget, seen)

    async def catch_up_ratings(self) -> int:
        """Apply the finished games that never counted for the leaderboard (those that ended
        before ratings were kept), rebuilding every rating; how many games were replayed."""
        return sum((await self.ranking.catch_up()).values())

    async def kick(self, place: Place, by: Player, user_id: str, *, can_manage: bool = False) -> Outbox:
        """Hand an absent player's seat to the AI (host only)."""
        return await self.seats.kick(place, by, user_id, can_manage=can_manage)

    async def come_back(self, place: Place, player: Player) -> Outbox:
        """/game return: take one's seat back from the AI."""
        return await self.seats.come_back(place, player)

    async def seen(self, place: Place, player: Player) -> Outbox | None:
        """A command from ``player`` at this channel's table: if the AI was playing their seat after
        timeouts, they are back; the Outbox says so."""
        return await self.seats.present(place, player)

    async def remind(self, player: Player, on: bool) -> str:
        """Turn the player's own reminders on or off; what to tell them."""
        await self.store.set_reminders(player.id, on)
        return t("table.reminders_on" if on else "table.reminders_off", player.locale)

    async def heads_up(self, player: Player, on: bool) -> str:
        """Turn the player's heads-up on or off (a private notice when the player before them
        starts their turn); what to tell them."""
        await self.store.set_heads_up(player.id, on)
        return t("orders.heads_up_on" if on else "orders.heads_up_off", player.locale)

    # -- reading --------------------------------------------------------------------------------
    async def board(self, place: Place | None = None, *, table_id: int | None = None) -> Outbox:
        """The current public board (the final one after the end)."""
        return await self.reading.board(place, table_id=table_id)

    async def hand(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """The player's private view, starting with what happened since their last own decision."""
        if place is None:
            return await self.reading.hand(None, player, table_id=table_id)
        return await self._back(place, player, lambda: self.reading.hand(place, player, table_id=table_id))

    async def status(self, place: Place, player: Player) -> Outbox:
        """Who must act and since when; the lobby; or the standings."""
        return await self._back(place, player, lambda: self.reading.status(place, player))

    async def asks(self, place: Place | None = None, *, table_id: int | None = None) -> list[Ask]:
        """Every open decision of the table."""
        return await self.reading.asks(place, table_id=table_id)

    async def ask(self, place: Place, player: Player) -> Ask | None:
        """The decision ``player`` has open now, if any."""
        return await self.reading.ask(place, player)

    async def replay_of(self, place: Place, player: Player, table_id: int | None = None) -> Outbox:
        """A finished game of this channel as an animated picture, to share."""
        return await self.reading.replay_of(place, player, table_id)

    async def waiting(self, player: Player, guild_id: int | None) -> Agenda:
        """Every table where ``player`` is asked now (in one server, or everywhere from a DM)."""
        return await self.reading.waiting(player, guild_id)

    async def log_page(self, place: Place, player: Player, page: int | None = None) -> Outbox:
        """One page of the table's public history (the last by default)."""

        async def read() -> Outbox:
            return await self.history.page(await self.tables.find(place, None, ended=True), player, page)

        return await self._back(place, player, read)

    async def recap(self, table: TableRecord, user_id: str, locale: str | None, *, after_hours: float = 0) -> str:
        """What happened since ``user_id``'s last own decision ("" if nothing, or if recent)."""
        return await self.history.recap(table, user_id, locale, after_hours=after_hours)

    async def replay(self, table_id: int) -> Any:
        """The state rebuilt from the log (it must equal the stored one)."""
        return await self.reading.replay(table_id)

    async def past_tables(self, place: Place, limit: int = 10) -> PastTables:
        """The tables played in a channel, newest first."""
        return await self.ranking.past_tables(place, limit)

    async def leaderboard(self, place: Place, game: str | None = None, limit: int | None = None) -> Ranking:
        """The server's rated players, best first (the first ``limit``), and how many are not yet
        ranked."""
        return await self.ranking.leaderboard(place, game, limit)

    # -- for tests and tools --------------------------------------------------------------------
    async def table(self, place: Place | None = None, *, table_id: int | None = None) -> TableRecord:
        """A table record by place (its live table) or by id."""
        return await self.tables.find(place, table_id)

    def state_of(self, table: TableRecord) -> Any:
        """The current game state of a started table."""
        return self.tables.state(table)

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby and active table (resumed after a restart)."""
        return await self.store.live_tables()

    @staticmethod
    def plays_ai(table: TableRecord) -> bool:
        """True if the AI plays a seat of this table."""
        return plays_ai(table)
