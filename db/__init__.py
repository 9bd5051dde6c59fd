"""Persistence: the store interface (db/store.py) and its backends (db/sqlite.py, db/postgres.py)."""

from __future__ import annotations

from pathlib import Path

from db.cache import CACHE_SIZE
from db.sqlite import SqliteStore
from db.store import TableStore

URL_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    """True if ``target`` names a PostgreSQL database (``postgresql://...``), not an SQLite file."""
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


async def open_store(target: str | Path, *, cache_size: int = CACHE_SIZE) -> TableStore:
    """The store for ``target``, migrated and ready, keeping up to ``cache_size`` tables in memory:
    a ``postgresql://`` URL opens the shared PostgreSQL store, anything else is the path of an
    SQLite file."""
    if is_postgres_url(target):
        from db.postgres import PostgresStore  # asyncpg is loaded only by those who use it

        return await PostgresStore.open(str(target), cache_size=cache_size)
    return await SqliteStore.open(target, cache_size=cache_size)
