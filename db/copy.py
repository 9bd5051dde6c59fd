"""Copy an SQLite database into an empty PostgreSQL one, row for row: tables, seats, the action
log and players' preferences, ids kept. ``python -m bot copy-db`` calls this,
then checks the copy through the store and the game rules (bot/copy_db.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from db.store import StoreError

TABLE_COLUMNS = (
    "id, guild_id, channel_id, game, options, seed, status, host_id, locale, initial_state, state, ply,"
    " state_version, decisions, board_message_id, created_at, updated_at, revision, settings, clocks, due_at,"
    " results, orders"
)
SEAT_COLUMNS = "table_id, user_id, name, is_ai, locale, seat, joined_at"
ACTION_COLUMNS = "table_id, ply, seat, action, how, created_at"
PLAYER_COLUMNS = "user_id, dm_closed, reminders, heads_up, updated_at"
NOTE_COLUMNS = "table_id, ply, note, created_at"


class CopyRefused(StoreError):
    """The copy cannot start: no source file, or a target that already holds data."""


@dataclass(frozen=True)
class Copied:
    """What was copied: row counts, and the ids of every table (to check them one by one)."""

    table_ids: Sequence[int]
    statuses: dict[str, int]
    seats: int
    actions: int
    players: int

    @property
    def tables(self) -> int:
        """How many tables were copied."""
        return len(self.table_ids)


async def copy_sqlite_to_postgres(source: str | Path, target_url: str) -> Copied:
    """Copy every row of the SQLite file ``source`` into the PostgreSQL database ``target_url``.

    Both are migrated to the current schema first (the source as the bot would on start). The
    target must hold no table or player yet; the copy is one transaction, so it lands whole
    or not at all, and the id sequences continue after the copied ids.
    """
    if not Path(source).is_file():
        raise CopyRefused(f"no SQLite database at {source}")
    await (await SqliteStore.open(source)).close()  # bring the file to the current schema
    rows = await _read_all(Path(source))
    target = await PostgresStore.open(target_url, pool_size=1)
    try:
        async with target.pool.acquire() as conn, conn.transaction():
            held = await conn.fetchval("SELECT EXISTS (SELECT 1 FROM tables) OR EXISTS (SELECT 1 FROM players)")
            if held:
                raise CopyRefused("the PostgreSQL database already holds tables or players")
            for name, columns in (
                ("tables", TABLE_COLUMNS),
                ("seats", SEAT_COLUMNS + ", joined_no"),
                ("actions", ACTION_COLUMNS),
                ("notes", NOTE_COLUMNS),
                ("players", PLAYER_COLUMNS),
            ):
                await conn.copy_records_to_table(name, records=rows[name], columns=columns.split(", "))
            # Rows copied with their ids leave the identity sequences behind: move them past.
            for name, column in (("tables", "id"), ("seats", "joined_no")):
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{name}', '{column}'),"
                    f" COALESCE((SELECT MAX({column}) FROM {name}), 0) + 1, false)"
                )
    finally:
        await target.close()
    return Copied(
        table_ids=[int(r[0]) for r in rows["tables"]],
        statuses=dict(Counter(str(r[6]) for r in rows["tables"])),
        seats=len(rows["seats"]),
        actions=len(rows["actions"]),
        players=len(rows["players"]),
    )


async def _read_all(source: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row to copy, read in one read transaction (one snapshot), as PostgreSQL takes them."""
    async with aiosqlite.connect(f"file:{source}?mode=ro", uri=True, isolation_level=None) as conn:
        await conn.execute("BEGIN")
        tables = await conn.execute_fetchall(f"SELECT {TABLE_COLUMNS} FROM tables ORDER BY id")
        seats = await conn.execute_fetchall(f"SELECT {SEAT_COLUMNS}, rowid FROM seats ORDER BY rowid")
        actions = await conn.execute_fetchall(f"SELECT {ACTION_COLUMNS} FROM actions ORDER BY table_id, ply")
        players = await conn.execute_fetchall(f"SELECT {PLAYER_COLUMNS} FROM players ORDER BY user_id")
        notes = await conn.execute_fetchall(f"SELECT {NOTE_COLUMNS} FROM notes ORDER BY id")
        await conn.execute("COMMIT")

    return {
        "tables": [tuple(r) for r in tables],
        # SQLite's integers 0/1 are PostgreSQL's booleans; its rowid keeps the join order.
        "seats": [(r[0], r[1], r[2], bool(r[3]), r[4], r[5], r[6], r[7]) for r in seats],
        "actions": [tuple(r) for r in actions],
        "players": [(r[0], bool(r[1]), bool(r[2]), bool(r[3]), r[4]) for r in players],
        "notes": [tuple(r) for r in notes],
    }
