"""``python -m bot copy-db``: move a server's data from its SQLite file into PostgreSQL, then check
the copy table by table (the same record, the same action log, and a replay of the log that
reaches the stored state) and report the counts.

    python -m bot copy-db --from gamehost.sqlite3 --to postgresql://bot:pw@db:5432/gamehost

Stop the bot first: a move made during the copy would be missing from it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit, urlunsplit

from bot.service import TableService
from bot.settings import Settings
from db.copy import Copied, CopyRefused, copy_sqlite_to_postgres
from db.postgres import PostgresStore
from db.sqlite import SqliteStore
from rules.engine import Game
from rules.registry import GAMES

STATUSES = ("lobby", "active", "over", "cancelled")


def shown(url: str) -> str:
    """A database URL without its password, fit to print."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


async def check(
    source: str | Path, target: str, copied: Copied, games: Mapping[str, Game[Any, Any, Any]]
) -> tuple[int, list[str]]:
    """Every copied table compared on both sides and replayed on PostgreSQL: how many started
    tables replayed to their stored state, and the problems found."""
    problems: list[str] = []
    replayed = 0
    before = await SqliteStore.open(source)
    after = await PostgresStore.open(target, pool_size=1)
    try:
        service = TableService(after, games)
        for table_id in copied.table_ids:
            old, new = await before.get_table(table_id), await after.get_table(table_id)
            if new is None or old != new:
                problems.append(f"table {table_id}: the copied record differs")
                continue
            same_log = await before.actions(table_id) == await after.actions(table_id)
            if not same_log or await before.notes(table_id) != await after.notes(table_id):
                problems.append(f"table {table_id}: the copied action log differs")
                continue
            if new.initial_state is None:
                continue  # a lobby (or one closed before it started): nothing to replay
            try:
                same = await service.replay(table_id) == service.state_of(new)
            except Exception as exc:  # an unknown game, a state that no longer loads: say which
                problems.append(f"table {table_id} ({new.game}): replay failed: {exc!r}")
                continue
            if not same:
                problems.append(f"table {table_id} ({new.game}): the log replays to another state")
            else:
                replayed += 1
    finally:
        await after.close()
        await before.close()
    return replayed, problems


async def copy_db(
    source: str | Path, target: str, *, games: Mapping[str, Game[Any, Any, Any]] = GAMES, out: TextIO = sys.stdout
) -> int:
    """Copy, check and report; the exit status (0: copied and checked, 1: the check found a
    difference, 2: nothing copied)."""
    try:
        copied = await copy_sqlite_to_postgres(source, target)
    except CopyRefused as exc:
        print(f"Nothing copied: {exc}.", file=out)
        return 2
    by_status = ", ".join(f"{s} {copied.statuses.get(s, 0)}" for s in STATUSES)
    print(f"Copied {source} -> {shown(target)}", file=out)
    print(f"  tables   {copied.tables} ({by_status})", file=out)
    for name in ("seats", "actions", "players"):
        print(f"  {name:<8} {getattr(copied, name)}", file=out)
    replayed, problems = await check(source, target, copied, games)
    for problem in problems:
        print(f"  ! {problem}", file=out)
    if problems:
        print(f"Check failed for {len(problems)} of {copied.tables} tables.", file=out)
        return 1
    print(
        f"Checked {copied.tables} tables: the same records and action logs on both sides;"
        f" {replayed} started tables replay to their stored state.",
        file=out,
    )
    return 0


def main(argv: list[str]) -> int:
    """Parse the command line (defaults from .env) and run the copy."""
    settings = Settings()
    parser = argparse.ArgumentParser(
        prog="python -m bot copy-db", description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--from", dest="source", default=settings.database_path, help="the SQLite file (DATABASE_PATH)")
    parser.add_argument(
        "--to",
        dest="target",
        default=settings.database_url or None,
        required=not settings.database_url,
        help="the PostgreSQL URL, postgresql://user:password@host:port/db (DATABASE_URL)",
    )
    args = parser.parse_args(argv)
    if not str(args.target).startswith(("postgresql://", "postgres://")):
        parser.error("--to must be a postgresql:// URL")
    return asyncio.run(copy_db(args.source, args.target))
