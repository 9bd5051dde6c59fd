"""What the store hands up and takes in: typed records, parsed once where a row is read.

Nothing above ``db/`` sees a table's settings, clocks, results or standing orders as JSON text:
the backends turn each column into these values on the way up (``record_from``) and back into
text on the way down (``*_json``). The game state alone stays text, since only its game's model
can read it (the service parses it, once per ply, in its cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Generic, Literal, NamedTuple, TypeVar, get_args

from pydantic import TypeAdapter

T = TypeVar("T")
Status = Literal["lobby", "active", "over", "cancelled"]
"""Where a table is in its life: open for players, being played, finished, or cancelled."""
STATUSES: tuple[Status, ...] = get_args(Status)


def status_of(text: str) -> Status:
    """A status as stored, checked against the vocabulary."""
    if text not in STATUSES:
        raise ValueError(f"unknown table status {text!r}")
    return text


HOUR = 3600.0
DEFAULT_BANK_HOURS = 72
DEFAULT_BONUS_HOURS = 24


# -- the log ----------------------------------------------------------------------------------------
HOW = ("", "order", "timeout", "ai")
"""Who decided a logged move for its seat: "" the seat itself (a player's click or command, an AI
seat's own move), "order" the player's standing order, "timeout" the clock (the AI or a pass,
when the player's time ran out), "ai" the AI standing in for an absent player."""


class Played(NamedTuple):
    """One action a write appends to the log: by which seat, its code, and who decided it."""

    seat: int
    code: str
    how: str = ""


class Logged(NamedTuple):
    """One entry of a table's action log."""

    ply: int
    seat: int
    code: str
    how: str = ""


class Noted(NamedTuple):
    """One of the table's own events (a timeout, a pause, a kick...), as its log keeps it: the
    table's ply when it happened and the public event as JSON (the service reads it)."""

    ply: int
    note: str


# -- a table's clock --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableSettings:
    """What the host chose for the table's clock."""

    bank_hours: int = DEFAULT_BANK_HOURS
    """Each player's time bank; 0 = no clock (nobody is ever timed out)."""
    bonus_hours: int = DEFAULT_BONUS_HOURS
    """Time added to the mover's bank after each move, up to the bank's starting size."""
    policy: str = "ai"
    """When a clock runs out: "ai" plays the decision, "skip" passes the turn where the rules allow."""
    hints: bool = False
    """May players ask the AI for a hint (/game hint)? A game where one was asked counts for no rating."""

    @property
    def timed(self) -> bool:
        """True when players have a clock at all."""
        return self.bank_hours > 0


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock and standing."""

    bank: float
    """Seconds left in the bank when the seat's current decision opened."""
    timeouts: int = 0
    """Timeouts in a row (a move of the player's own resets it)."""
    away_since: str | None = None
    """Since when the AI plays this seat (two timeouts, /game leave, or a kick); None: present."""
    ai_seconds: float = 0.0
    """Seconds the AI played this seat before its latest return (for the results)."""
    reminded: int = 0
    """Reminders sent for the current decision (0, 1 or 2)."""
    moved_at: str | None = None
    """When the player last made a decision of their own (for the recap of what they missed)."""
    kicked: bool = False
    """True while the seat is away because its player left or the host kicked them: only /game
    return ends it (an absence after timeouts ends with any command)."""
    decisions: int = 0
    """Decisions this seat made in the game, whoever made them."""
    ai_decisions: int = 0
    """Of those, the ones the AI made for an absent or timed-out player (the fair leaderboard)."""
    hints: int = 0
    """Hints this seat's player asked for (then the game counts for nobody's rating)."""
    undo_bank: float | None = None
    """The bank as the player's last own move left it before its bonus: an undo of that move puts
    it back, the bonus with the move."""

    @property
    def away(self) -> bool:
        """True while the AI plays this seat."""
        return self.away_since is not None


@dataclass(frozen=True)
class Clocks:
    """Every seat's clock, and the table's pause."""

    seats: tuple[SeatClock, ...] = ()
    paused_at: str | None = None
    pause_used: float = 0.0
    """Seconds of pause used so far in this game (at most seven days in all)."""

    @classmethod
    def start(cls, players: int, settings: TableSettings) -> Clocks:
        """Full banks for everyone."""
        return cls(seats=tuple(SeatClock(bank=settings.bank_hours * HOUR) for _ in range(players)))

    def with_seat(self, seat: int, clock: SeatClock) -> Clocks:
        """These clocks with one seat's replaced."""
        seats = (*self.seats[:seat], clock, *self.seats[seat + 1 :])
        return Clocks(seats=seats, paused_at=self.paused_at, pause_used=self.pause_used)

    @property
    def paused(self) -> bool:
        """True while the host's pause holds every clock."""
        return self.paused_at is not None


# -- a finished game --------------------------------------------------------------------------------
@dataclass(frozen=True)
class ResultRow:
    """One seat of the final standings as stored: who, rank, score, and the AI's share of it."""

    user: str
    name: str
    ai: bool
    rank: int
    score: int
    keys: tuple[int, ...] = ()
    ai_seconds: float = 0.0
    """How long the AI played this human's seat."""
    decisions: int = 0
    ai_decisions: int = 0
    """Decisions of the seat, and those the AI made for its absent player."""

    @property
    def counts(self) -> bool:
        """True if this seat counts for its player's rating: a human seat the AI played for at
        most half of its decisions (the fair leaderboard)."""
        return not self.ai and self.ai_decisions * 2 <= self.decisions


@dataclass(frozen=True)
class Results:
    """A finished game's standings, how ties were broken, and when it ended (ISO time)."""

    standings: tuple[ResultRow, ...]
    tiebreaks: tuple[str, ...] = ()
    ended: str = ""
    hints: tuple[str, ...] = ()
    """The players who asked the AI for a hint during the game (it then counts for nobody)."""

    def winners(self) -> list[str]:
        """The names ranked first."""
        return [row.name for row in self.standings if row.rank == 1]


@dataclass(frozen=True)
class Rating:
    """A player's rating in a server, for one game or for every game together."""

    user: str
    name: str
    """Their name in their latest rated game."""
    mu: float
    sigma: float
    rating: int
    """What the leaderboard shows and sorts by (the model's ordinal, rounded)."""
    games: int
    wins: int


@dataclass(frozen=True)
class Finished:
    """A finished game as the leaderboard's history holds it, numbered in the order its ratings
    were applied (``seq``)."""

    seq: int
    table_id: int
    guild_id: int | None
    game: str
    results: Results | None


Rater = Callable[[Results, Mapping[str, Rating]], Sequence[Rating]]
"""The new ratings of a finished game's rated players, given what their ratings were (those not
held have none yet); nothing for a game that counts for nobody. The service gives the store one
(``TableStore.rate``), which applies it in the transaction of the move that ends the game."""


OrderBook = Mapping[int, Mapping[str, str]]
"""Standing orders by seat: each a game's named values (``rules.engine.Order``), private to its seat."""


# -- the table --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """An open decision: ``seat`` has been asked since ``ply`` (at ``since``, ISO time)."""

    seat: int
    ply: int
    since: str


@dataclass(frozen=True)
class SeatRecord:
    """A player at a table (``seat`` is None while the table is in its lobby)."""

    user_id: str
    name: str
    is_ai: bool
    locale: str | None
    seat: int | None
    joined_at: str
    heads_up: bool = field(default=False, compare=False)
    """True if the player turned the heads-up on (read with the seats: turning it on or off is a
    new revision of their live tables)."""


@dataclass(frozen=True)
class TableRecord:
    """One table row with its seats (in seat order once started, join order before)."""

    id: int
    guild_id: int | None
    channel_id: int
    game: str
    options: dict[str, str]
    seed: str
    status: Status
    host_id: str
    locale: str
    initial_state: str | None
    state: str | None
    ply: int
    state_version: int
    decisions: tuple[Decision, ...]
    board_message_id: int | None
    created_at: str
    updated_at: str
    seats: tuple[SeatRecord, ...] = field(default=())
    revision: int = 0  # bumped by every write to the table or its seats
    settings: TableSettings = TableSettings()
    clocks: Clocks = Clocks()
    due_at: str | None = None  # ISO time of the next reminder or timeout, if any
    results: Results | None = None  # once the game is over
    orders: OrderBook = field(default_factory=dict)
    by_order: Mapping[int, bool] = field(default_factory=dict, compare=False)
    """For each seat whose latest logged move this process wrote (``MoveWrite.applied_to``): True
    if their standing order played it. A seat not here is unknown: only the log says."""

    def seat_of(self, user_id: str) -> SeatRecord | None:
        """The seat record of ``user_id``, if seated here."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    def decision_of(self, seat: int) -> Decision | None:
        """The open decision of ``seat``, if it has one."""
        return next((d for d in self.decisions if d.seat == seat), None)


# -- what a write decides ---------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveWrite:
    """What one move writes: the actions it appended and the table's new state."""

    actions: Sequence[Played]
    state: str
    decisions: tuple[Decision, ...]
    status: Status
    state_version: int = 1  # the version of the game's state model that wrote ``state``
    clocks: Clocks | None = None  # None: unchanged
    settings: TableSettings | None = None  # None: unchanged
    due_at: str | None = None  # when something next falls due (always written)
    results: Results | None = None  # None: unchanged
    orders: OrderBook | None = None  # None: unchanged
    notes: Sequence[str] = ()  # the table's own public events, as JSON, logged before the actions
    board_moves: bool = False  # the board moves below with this write (a hand-off): its stored id goes

    def applied_to(self, table: TableRecord, now: str) -> TableRecord:
        """``table``'s record once this write has landed on it at ``now`` (what every backend
        caches after a move, without reading the row back)."""
        by_order = dict(table.by_order)
        for played in self.actions:
            by_order[played.seat] = played.how == "order"
        return replace(
            table,
            state=self.state,
            state_version=self.state_version,
            ply=table.ply + len(self.actions),
            decisions=tuple(self.decisions),
            status=self.status,
            clocks=table.clocks if self.clocks is None else self.clocks,
            settings=table.settings if self.settings is None else self.settings,
            due_at=self.due_at,
            results=table.results if self.results is None else self.results,
            orders=table.orders if self.orders is None else self.orders,
            board_message_id=None if self.board_moves else table.board_message_id,
            updated_at=now,
            revision=table.revision + 1,
            by_order=by_order,
        )


def just_started(table: TableRecord) -> TableRecord:
    """``table`` as its start wrote it: no standing order has played at it yet (an order is set
    at an active table), which its record knows for every seat (``by_order``)."""
    return replace(table, by_order={s.seat: False for s in table.seats if s.seat is not None})


@dataclass(frozen=True)
class Move(Generic[T]):
    """What ``commit_move``'s callback decided: the write, and a result handed back to the caller."""

    write: MoveWrite
    result: T


@dataclass(frozen=True)
class Start(Generic[T]):
    """What ``start_table``'s callback decided: the seat order (user ids), the initial state and
    the first write (AI seats may already have played)."""

    order: Sequence[str]
    initial_state: str
    write: MoveWrite
    result: T


@dataclass(frozen=True)
class LobbyChange(Generic[T]):
    """One change to a lobby, decided on the row it changes: a seat added or removed, the host's
    role handed on, the table closed (``status``), the clock's settings."""

    result: T
    add: SeatRecord | None = None
    remove: str | None = None
    host: str | None = None
    status: Status | None = None
    settings: TableSettings | None = None


# -- columns as stored ------------------------------------------------------------------------------
# Each column is written and read by a pydantic TypeAdapter of its record (several times faster
# than json and hand-written converters, and the record's fields are the one schema).
_DECISIONS: TypeAdapter[list[tuple[int, int, str]]] = TypeAdapter(list[tuple[int, int, str]])
_SETTINGS: TypeAdapter[TableSettings] = TypeAdapter(TableSettings)
_CLOCKS: TypeAdapter[Clocks] = TypeAdapter(Clocks)
_RESULTS: TypeAdapter[Results] = TypeAdapter(Results)
_ORDERS: TypeAdapter[dict[int, dict[str, str]]] = TypeAdapter(dict[int, dict[str, str]])


def decisions_json(decisions: Sequence[Decision]) -> str:
    """Open decisions as stored: JSON [[seat, ply, since], ...]."""
    return _DECISIONS.dump_json([(d.seat, d.ply, d.since) for d in decisions]).decode()


@lru_cache(maxsize=4096)
def decisions_from(text: str) -> tuple[Decision, ...]:
    """Open decisions from their stored JSON."""
    return tuple(Decision(seat, ply, since) for seat, ply, since in _DECISIONS.validate_json(text))


def settings_json(settings: TableSettings) -> str:
    """Settings as stored."""
    return _SETTINGS.dump_json(settings).decode()


@lru_cache(maxsize=256)
def settings_from(text: str | None) -> TableSettings:
    """Settings from their stored JSON (missing fields keep their defaults)."""
    return _SETTINGS.validate_json(text or "{}")


def clocks_json(clocks: Clocks) -> str:
    """Clocks as stored."""
    return _CLOCKS.dump_json(clocks).decode()


@lru_cache(maxsize=4096)
def _clocks(text: str) -> Clocks:
    return _CLOCKS.validate_json(text)


def clocks_from(text: str | None, players: int, settings: TableSettings) -> Clocks:
    """Clocks from their stored JSON; a table stored before clocks existed gets full banks."""
    if not text or text == "{}":
        return Clocks.start(players, settings)
    return _clocks(text)


def results_json(results: Results) -> str:
    """Results as stored."""
    return _RESULTS.dump_json(results).decode()


def results_from(text: str | None) -> Results | None:
    """Results from their stored JSON (None for a game not over)."""
    return _RESULTS.validate_json(text) if text else None


def orders_json(orders: OrderBook) -> str:
    """Standing orders as stored (seat numbers as JSON keys)."""
    return _ORDERS.dump_json({seat: dict(order) for seat, order in sorted(orders.items())}).decode()


def orders_from(text: str | None) -> OrderBook:
    """Standing orders from their stored JSON."""
    return _ORDERS.validate_json(text or "{}")


def stored_columns(write: MoveWrite) -> tuple[str | None, ...]:
    """The typed columns a write sets, as both backends store them, in the order their statements
    list them: decisions, clocks, settings, due_at, results, orders (None: unchanged, except
    due_at, which None clears)."""
    return (
        decisions_json(write.decisions),
        None if write.clocks is None else clocks_json(write.clocks),
        None if write.settings is None else settings_json(write.settings),
        write.due_at,
        None if write.results is None else results_json(write.results),
        None if write.orders is None else orders_json(write.orders),
    )


def record_from(row: Any, seats: Sequence[Sequence[Any]]) -> TableRecord:
    """A table record from its row and its seats' rows (user_id, name, is_ai, locale, seat,
    joined_at, and the player's heads-up where read), as either backend reads them."""
    settings = settings_from(row["settings"])
    players = sum(1 for s in seats if s[4] is not None)
    return TableRecord(
        id=int(row["id"]),
        guild_id=row["guild_id"],
        channel_id=int(row["channel_id"]),
        game=str(row["game"]),
        options=dict(json.loads(row["options"])),
        seed=str(row["seed"]),
        status=status_of(row["status"]),
        host_id=str(row["host_id"]),
        locale=str(row["locale"]),
        initial_state=row["initial_state"],
        state=row["state"],
        ply=int(row["ply"]),
        state_version=int(row["state_version"]),
        decisions=decisions_from(row["decisions"]),
        board_message_id=row["board_message_id"],
        created_at=str(row["created_at"]),
        updated_at=str(row["updated_at"]),
        seats=tuple(
            SeatRecord(str(s[0]), str(s[1]), bool(s[2]), s[3], s[4], str(s[5]), heads_up=len(s) > 6 and bool(s[6]))
            for s in seats
        ),
        revision=int(row["revision"]),
        settings=settings,
        clocks=clocks_from(row["clocks"], players, settings),
        due_at=row["due_at"],
        results=results_from(row["results"]),
        orders=orders_from(row["orders"]),
    )


RATING_COLUMNS = "user_id, name, mu, sigma, rating, games, wins"
"""A rating's columns, in the order ``rating_from`` reads them and ``rating_row`` writes them."""
RATING_UPSERT = (
    " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET name = excluded.name, mu = excluded.mu,"
    " sigma = excluded.sigma, rating = excluded.rating, games = excluded.games, wins = excluded.wins"
)
"""What writing a rating that exists already does (both backends): its new values replace it."""


def rating_from(row: Any) -> Rating:
    """A rating from its row (``RATING_COLUMNS``)."""
    user, name, mu, sigma, rating, games, wins = row
    return Rating(str(user), str(name), float(mu), float(sigma), int(rating), int(games), int(wins))


def rating_row(rating: Rating) -> tuple[str, str, float, float, int, int, int]:
    """A rating as its row stores it (``RATING_COLUMNS``)."""
    return (rating.user, rating.name, rating.mu, rating.sigma, rating.rating, rating.games, rating.wins)


def finished_from(row: Any, no_guild: int) -> Finished:
    """A finished game from its row (seq, table id, server, game, results); ``no_guild`` is the
    server id kept for tables outside any server."""
    seq, table_id, guild, game, results = row
    server = None if guild == no_guild else int(guild)
    return Finished(int(seq), int(table_id), server, str(game), results_from(results))
