"""TableService: the application layer between a front end (Discord, the terminal) and the games.

It knows the rules (through the registry) and the store, and nothing of Discord. Every call
either returns an ``Outbox`` (what to post, to whom) or raises a ``TableError`` whose text is ready
for the player in their language; a refused call changes nothing. Its parts live in files named
for their job: bot/lobby.py, bot/moves.py, bot/reading.py, bot/texts.py, bot/core.py.
"""

from __future__ import annotations

from bot.lobby import Lobby
from bot.reading import Reading


class TableService(Lobby, Reading):
    """Lobby, moves and views of every table; front ends call it and render its Outbox."""

    # -- what a front end remembers about messages and people -------------------------------------
    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows a table's board."""
        await self.store.set_board_message(table_id, message_id)

    async def dm_closed(self, user_id: str) -> bool:
        """True once a DM to ``user_id`` has failed (they read their private texts in replies)."""
        return await self.store.dm_closed(user_id)

    async def set_dm_closed(self, user_id: str, closed: bool) -> bool:
        """Record whether ``user_id``'s DMs are closed; True if this changed what was known."""
        return await self.store.set_dm_closed(user_id, closed)
