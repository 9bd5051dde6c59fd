"""The table cache every backend keeps: recent tables in memory, each good while its revision is
the one the database holds.

A record is never trusted blindly: reads compare its revision with the row's (one indexed lookup)
and a move is written only if the revision it was decided on is still current, so a table moved by
another process is read again rather than served stale.
"""

from __future__ import annotations

from collections import OrderedDict

from db.records import TableRecord

CACHE_SIZE = 2048
"""Tables kept in memory when the opener names no bound (least recently used go first); the bot
sets its own (bot/settings.py, ``CACHED_TABLES``)."""


class TableCache:
    """Recently used table records by id, bounded, least recently used forgotten first."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._tables: OrderedDict[int, TableRecord] = OrderedDict()

    def __len__(self) -> int:
        return len(self._tables)

    def get(self, table_id: int) -> TableRecord | None:
        """The record held for ``table_id``, whatever its revision (a guarded write checks it)."""
        return self._tables.get(table_id)

    def at(self, table_id: int, revision: int) -> TableRecord | None:
        """The record held for ``table_id`` if it is at ``revision`` (the database's), else None."""
        held = self._tables.get(table_id)
        if held is None or held.revision != revision:
            return None
        self._tables.move_to_end(table_id)
        return held

    def remember(self, table: TableRecord) -> None:
        """Hold ``table`` unless a newer revision of it is already held (a racing read can finish
        after a write that already stored a newer record)."""
        held = self._tables.get(table.id)
        if held is None or held.revision <= table.revision:
            self._tables[table.id] = table
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.size:
            self._tables.popitem(last=False)

    def forget(self, table_id: int) -> None:
        """Drop ``table_id`` (after a write whose new record was not read back)."""
        self._tables.pop(table_id, None)

    def clear(self) -> None:
        """Drop everything (after a rollback that may have undone a record held here)."""
        self._tables.clear()
