"""TableService: the application layer between a front end (Discord, the terminal) and the games.

It knows the rules (through the registry) and the store, and nothing of Discord. Every call
either returns an ``Outbox`` (what to post, to whom) or raises a ``TableError`` whose text is ready
for the player in their language; a refused call changes nothing. Its parts live in files named
for their job: bot/lobby.py, bot/moves.py, bot/days.py (clocks, absent players, undo),
bot/history.py, bot/reading.py, bot/texts.py, bot/core.py; bot/clock.py holds the clocks' arithmetic.
"""

from __future__ import annotations

from bot.history import Histories
from bot.lobby import Lobby
from bot.outbox import Outbox, Place, Player
from db.store import fits_id


class TableService(Lobby, Histories):
    """Lobby, moves and views of every table; front ends call it and render its Outbox."""

    async def seen(self, place: Place, player: Player) -> Outbox | None:
        """A command from ``player`` at this channel's table: if the AI was playing their seat
        (they timed out twice, left or were kicked), they are back; the Outbox says so."""
        table = await self.store.live_table(place.channel_id) if fits_id(place.channel_id) else None
        if table is None:
            return None
        _, out = await self._present(table, player)
        return out

    # -- what a front end remembers about messages and people -------------------------------------
    async def set_board_message(self, table_id: int, message_id: int | None) -> None:
        """Remember which channel message shows a table's board."""
        await self.store.set_board_message(table_id, message_id)

    async def set_ping_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's last turn ping (its buttons are retired when the next one comes)."""
        await self.store.set_ping_message(table_id, message_id)

    async def dm_closed(self, user_id: str) -> bool:
        """True once a DM to ``user_id`` has failed (they read their private texts in replies)."""
        return await self.store.dm_closed(user_id)

    async def set_dm_closed(self, user_id: str, closed: bool) -> bool:
        """Record whether ``user_id``'s DMs are closed; True if this changed what was known."""
        return await self.store.set_dm_closed(user_id, closed)
