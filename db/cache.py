"""The table cache every backend keeps: recent tables in memory, each good while its revision is
the one the database holds.

A record is never trusted blindly: reads compare its revision with the row's (one indexed lookup)
and a move is written only if the revision it was decided on is still current, so a table moved by
another process is read again rather than served stale.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Awaitable
from dataclasses import replace
from typing import Protocol

from db.records import MoveWrite, TableRecord

log = logging.getLogger("gamehost.store")
CACHE_SIZE = 2048
"""Tables kept in memory (least recently used go first); a busy bot has far fewer live tables."""


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

    def note_board(self, table_id: int, message_id: int, revision: int | None = None) -> None:
        """The held record of ``table_id`` now shows its board at ``message_id``: at the same
        revision (where the board went is not a change of the table), or at ``revision``, the one
        a flush wrote it with, if the record held was the one just before it."""
        held = self._tables.get(table_id)
        if held is None:
            return
        if revision is None:
            self._tables[table_id] = replace(held, board_message_id=message_id)
        elif held.revision == revision - 1:
            self._tables[table_id] = replace(held, board_message_id=message_id, revision=revision)
        else:
            del self._tables[table_id]

    def forget(self, table_id: int) -> None:
        """Drop ``table_id`` (after a write whose new record was not read back)."""
        self._tables.pop(table_id, None)

    def clear(self) -> None:
        """Drop everything (after a rollback that may have undone a record held here)."""
        self._tables.clear()


class Posted:
    """What a front end noted about what it published, held until the store's next write carries
    it: where each table's board message is, and whose DMs failed.

    Noting is never a transaction of its own and never a new revision: a hand-off stays one write
    (the move's), and the table's cached record stays good for the next move. The next move of the
    table writes its board's id (``board_columns``); ``flush`` writes whatever is left (the
    scheduler's tick, closing the store), with a new revision so that other processes read it. A
    hand-off clears the stored id in its own write, so a process that stops before it wrote the
    new one posts a fresh board rather than edit a stale one.
    """

    def __init__(self) -> None:
        self.boards: dict[int, int] = {}
        self.closed_dms: set[str] = set()

    def __bool__(self) -> bool:
        return bool(self.boards or self.closed_dms)

    def board_columns(self, table_id: int, write: MoveWrite) -> tuple[bool, int | None]:
        """The board column as ``write`` sets it: (clear it, else the id noted since, if any)."""
        if write.board_moves:
            return True, None
        return False, self.boards.get(table_id)

    def written(self, table_id: int, columns: tuple[bool, int | None]) -> None:
        """The table's write set its board ``columns`` (those of ``board_columns``): what they
        carried, or cleared, is no longer waiting (a board noted since is)."""
        clear, board = columns
        if clear or (board is not None and self.boards.get(table_id) == board):
            self.boards.pop(table_id, None)

    def shown(self, table: TableRecord) -> TableRecord:
        """``table`` as read from the database, with the board noted since."""
        noted = self.boards.get(table.id)
        return table if noted is None or noted == table.board_message_id else replace(table, board_message_id=noted)

    def take(self) -> tuple[dict[int, int], set[str]]:
        """Everything noted (for ``flush``), forgotten here."""
        boards, closed = self.boards, self.closed_dms
        self.boards, self.closed_dms = {}, set()
        return boards, closed


class Flushes(Protocol):
    """A store that writes what was noted (``flush``)."""

    def flush(self) -> Awaitable[None]:
        """Write what was noted."""
        ...


async def flush_before_closing(store: Flushes) -> None:
    """Write what was noted before a store closes; if the database cannot take it any more, say so
    and close anyway (a board that is not found is posted anew)."""
    try:
        await store.flush()
    except Exception as exc:
        log.warning("closing the store without writing where the last boards went: %s", exc)
