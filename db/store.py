"""The table store: what the service needs from a database, as records and one Protocol.

Nothing above ``db/`` speaks SQL: the service calls these methods and gets typed records back
(db/records.py).
``SqliteStore`` (db/sqlite.py) is the embedded default; ``PostgresStore`` (db/postgres.py) serves
several bot processes on one database. Both implement this Protocol and pass the same conformance
suite (tests/db/test_conformance.py).

Every write that decides something is one transaction that decides on the row it writes: the
callback (``decide``, ``change``, ``prepare``) sees the table as it stands inside the write and
raises to refuse, and then nothing is written.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import Literal, Protocol, TypeVar

# The records the Protocol speaks in; each backend imports the same list and repeats the Protocol's
# signatures (a Protocol's implementations must), with its own SQL.
from db.records import (
    Finished,
    LobbyChange,
    Logged,
    Move,
    MoveWrite,
    Noted,
    Rater,
    Rating,
    Results,
    SeatRecord,
    Start,
    Status,
    TableRecord,
    TableSettings,
)

LIVE: tuple[Status, ...] = ("lobby", "active")
T = TypeVar("T")
INT64 = (-(2**63), 2**63 - 1)
"""The range of ids a database integer holds: a larger id names no table."""
MAX_ATTEMPTS = 64
"""Times a move is decided again because other writers moved the table first (each retry means
another move landed, so a table would have to move this many times during one click)."""
EVERY_GAME = ""
"""The ratings' key for every game together (beside each game's own)."""
PlayerSetting = Literal["reminders", "heads_up"]
"""A player's on/off settings (columns of the players table)."""
NO_GUILD = 0
"""The server id the ratings keep for tables outside any server (no Discord id is 0)."""


class StoreError(Exception):
    """Base of the store's own errors."""


class TableNotFound(StoreError, LookupError):
    """No table has that id."""


class ChannelBusy(StoreError):
    """The channel already has a live table (``table`` is it)."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__(f"channel {table.channel_id} already has table {table.id}")
        self.table = table


class StaleMove(StoreError):
    """The table kept moving under a move (other writers got there first, again and again)."""


# db/sqlite.py and db/postgres.py repeat these signatures, as implementations of a Protocol must.
class TableStore(Protocol):
    """Tables, seats, the append-only action log and player preferences."""

    clock: Callable[[], str]
    """The time written into rows (ISO text); the service sets it to its own clock."""

    rate: Rater | None
    """How a finished game changes its players' ratings, applied in the transaction of the move
    that ends it; the service sets it. None: the finish is recorded and waits for a rebuild
    (``replace_ratings``)."""

    async def close(self) -> None:
        """Release the connection(s)."""
        ...

    async def migrate(self) -> int:
        """Apply every migration not yet applied; return the schema version now."""
        ...

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, str],
        seed: str,
        host: SeatRecord,
        locale: str,
        settings: TableSettings | None = None,
    ) -> TableRecord:
        """Open a lobby in ``channel_id`` with its host seated (and the clock's ``settings``, else the
        defaults); raise ChannelBusy if one is live."""
        ...

    async def live_table(self, channel_id: int) -> TableRecord | None:
        """The lobby or active table of a channel, if any."""
        ...

    async def get_table(self, table_id: int) -> TableRecord | None:
        """A table by id, whatever its status."""
        ...

    def cached_table(self, table_id: int) -> TableRecord | None:
        """The record of a table as this process last saw it, without reading (it may be stale:
        for guesses that a guarded write confirms)."""
        ...

    async def last_table(self, channel_id: int) -> TableRecord | None:
        """The most recent table of a channel, live or ended."""
        ...

    async def live_tables(self) -> list[TableRecord]:
        """Every lobby or active table (to resume after a restart)."""
        ...

    async def actions(self, table_id: int, after: int = 0) -> list[Logged]:
        """The action log of a table, in order (the entries past ply ``after``)."""
        ...

    async def notes(self, table_id: int, after: int = -1) -> list[Noted]:
        """The table's own events, in order (those logged at a ply past ``after``)."""
        ...

    async def seated_tables(self, user_id: str) -> list[TableRecord]:
        """The active tables where ``user_id`` holds a seat, oldest first (for /game turns)."""
        ...

    async def update_lobby(
        self, table_id: int, change: Callable[[TableRecord], LobbyChange[T]]
    ) -> tuple[T, TableRecord]:
        """One lobby change in one transaction, decided by ``change`` on the row it writes."""
        ...

    async def start_table(self, table_id: int, prepare: Callable[[TableRecord], Start[T]]) -> tuple[T, TableRecord]:
        """Seat the lobby, store the initial state and the first write, in one transaction."""
        ...

    async def commit_move(self, table_id: int, decide: Callable[[TableRecord], Move[T]]) -> tuple[T, TableRecord]:
        """One move as one atomic write, guarded by the ply and revision ``decide`` saw; if another
        writer moved the table, ``decide`` runs again on the fresh row (where it refuses a decision
        that is no longer open)."""
        ...

    async def set_status(self, table_id: int, status: Status, *, only_if: Sequence[Status] = LIVE) -> bool:
        """Change a table's status if it is in one of ``only_if``; True if changed."""
        ...

    def note_board(self, table_id: int, message_id: int) -> None:
        """Remember where a front end posted the table's board. No transaction of its own and no
        new revision: the table's record shows it at once, and the table's next write (or
        ``flush``) stores it; a write that moves the board (``MoveWrite.board_moves``) clears it."""
        ...

    async def flush(self) -> None:
        """Store what was noted (boards, closed DMs) and not yet written, in one transaction."""
        ...

    async def due_tables(self, now: str, limit: int = 100) -> list[int]:
        """Active tables whose next reminder or timeout is due at ``now`` (ISO time), oldest first."""
        ...

    async def finished_tables(self, guild_id: int | None, game: str | None = None) -> list[TableRecord]:
        """Finished tables of a server (of one game, or all), oldest first, for its leaderboard."""
        ...

    async def channel_tables(self, channel_id: int, limit: int = 10) -> list[TableRecord]:
        """The latest tables of a channel, newest first, whatever their status."""
        ...

    async def ratings(
        self, guild_id: int | None, game: str | None = None, *, least_games: int = 0, limit: int | None = None
    ) -> list[Rating]:
        """A server's ratings at ``game`` (None: every game together) of the players with at least
        ``least_games`` rated games, best first (rating, then wins, then name), at most ``limit``."""
        ...

    async def unranked_players(self, guild_id: int | None, game: str | None = None, *, below: int) -> int:
        """How many players of a server have fewer than ``below`` rated games (at ``game``, or at
        every game together)."""
        ...

    async def finished_games(self, after: int = 0, limit: int = 500) -> list[Finished]:
        """Finished games of every server in the order their ratings were applied, those numbered
        past ``after`` (at most ``limit``)."""
        ...

    async def ratings_pending(self) -> bool:
        """True if some finished game's ratings were never applied (a rebuild applies them)."""
        ...

    async def replace_ratings(self, guild_id: int | None, ratings: Mapping[str, Sequence[Rating]], upto: int) -> bool:
        """Replace every rating of a server by ``ratings`` (by game, ``EVERY_GAME`` for all
        together), computed from its finished games numbered up to ``upto``; False, and nothing
        written, if another of its games has finished since."""
        ...

    async def reminders_on(self, user_id: str) -> bool:
        """True unless ``user_id`` turned their reminders off."""
        ...

    async def set_reminders(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s reminders on or off."""
        ...

    async def heads_up_for(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` who turned the heads-up on (a notice when the player before them
        starts their turn)."""
        ...

    async def set_heads_up(self, user_id: str, on: bool) -> None:
        """Turn ``user_id``'s heads-up on or off."""
        ...

    async def closed_dms(self, user_ids: Sequence[str]) -> set[str]:
        """Those of ``user_ids`` whose DMs have failed (they get ephemeral replies instead)."""
        ...

    async def note_dm_closed(self, user_id: str) -> bool:
        """Remember that a DM to ``user_id`` failed (stored like a noted board); True if it was not
        known before (the channel is told once)."""
        ...


def ends_game(table: TableRecord, write: MoveWrite) -> Results | None:
    """The results of a game ``write`` ends (None if the table was over already, or goes on)."""
    return write.results if write.status == "over" and table.status != "over" else None


def guild_key(guild_id: int | None) -> int:
    """A server's id as the ratings keep it (``NO_GUILD`` for none)."""
    return NO_GUILD if guild_id is None else guild_id


async def rate_game(
    rate: Rater,
    game: str,
    results: Results,
    held: Callable[[str, Sequence[str]], Awaitable[Mapping[str, Rating]]],
    write: Callable[[str, Sequence[Rating]], Awaitable[None]],
) -> None:
    """Apply a finished game to its players' ratings at its game and at every game together, as
    both backends do it inside the move's transaction: ``held`` reads their ratings at a key,
    ``write`` stores the new ones."""
    users = sorted({row.user for row in results.standings})
    for key in (game, EVERY_GAME):
        new = rate(results, await held(key, users))
        if new:
            await write(key, new)


def utc_now_iso() -> str:
    """The current time as ISO text (the store's default clock)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def fits_id(value: int | None) -> bool:
    """True if ``value`` can be a database id (a 64-bit signed integer)."""
    return value is None or INT64[0] <= value <= INT64[1]


def known_id(table_id: int) -> int:
    """``table_id`` if it can name a table at all; else TableNotFound (never a driver overflow)."""
    if not fits_id(table_id):
        raise TableNotFound(table_id)
    return table_id


async def decide_and_write(
    table_id: int,
    cached: TableRecord | None,
    load: Callable[[], Awaitable[TableRecord]],
    revision: Callable[[], Awaitable[int | None]],
    decide: Callable[[TableRecord], Move[T]],
    write: Callable[[TableRecord, MoveWrite], Awaitable[bool]],
) -> tuple[Move[T], TableRecord]:
    """The guarded move both backends make, minus their SQL: ``decide`` on the table as this
    process last saw it (``cached``, else ``load``ed), then ``write`` guarded by the ply and
    revision it saw (False: the guard matched nothing).

    If another writer moved the table first, the guard misses, or ``decide`` refuses a move the
    copy in memory no longer allows: either way the table is read again and ``decide`` runs on
    the fresh row, where a decision that is really closed is refused. Returns what was decided
    and the table it was decided on.
    """
    table = cached if cached is not None else await load()
    fresh = cached is None

    async def attempt() -> tuple[Move[T], TableRecord]:
        nonlocal table, fresh
        try:
            decided = decide(table)
        except Exception:
            if fresh or await revision() == table.revision:
                raise
            table, fresh = await load(), True
            raise Raced from None
        if await write(table, decided.write):
            return decided, table
        table, fresh = await load(), True  # another writer moved it
        raise Raced

    return await retried(attempt, f"table {table_id}")


class Raced(Exception):
    """Another writer changed what an attempt read: ``retried`` makes the attempt again."""


async def retried(attempt: Callable[[], Awaitable[T]], what: str) -> T:
    """The stores' one retry policy: ``attempt`` again each time it raises ``Raced`` (another
    writer moved first), at most ``MAX_ATTEMPTS`` times, then ``StaleMove``; any other outcome,
    a result or another exception, is the attempt's own."""
    for _ in range(MAX_ATTEMPTS):
        try:
            return await attempt()
        except Raced:
            continue
    raise StaleMove(f"{what} kept changing under this write")


def migrations(backend: str = "migrations") -> list[tuple[int, str]]:
    """The numbered migrations shipped in ``db/<backend>``, in order."""
    folder = resources.files("db") / backend
    found = []
    for entry in folder.iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)
