"""Persistence: the store interface (db/store.py) and its backends (db/sqlite.py)."""

from __future__ import annotations

from pathlib import Path

from db.sqlite import SqliteStore
from db.store import TableStore


async def open_store(path: str | Path) -> TableStore:
    """The store for ``path`` (an SQLite file), migrated and ready."""
    return await SqliteStore.open(path)
