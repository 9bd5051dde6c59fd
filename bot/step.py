"""What one guarded write of a table decided: the write itself and what a front end must be told."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.outbox import Reminder
from db.records import MoveWrite, TableRecord
from rules.engine import Event, Msg


@dataclass
class Step:
    """The result of one move (or table change) inside its transaction."""

    write: MoveWrite
    state: Any
    events: list[tuple[int | None, Event, str]]
    """(acting seat, or None for the table's own events; the event; who decided the move: "" the
    seat itself, "order", "timeout" or "ai", as in the log)."""
    opened: frozenset[int]
    """Seats whose decision opened in this write."""
    played: Msg | None = None
    """The label of the player's own move that started it."""
    secret: bool = False
    """True when that move answered a secret decision (its choices are shown to the seat alone)."""
    reminders: list[Reminder] = field(default_factory=list)
    """Reminders that fell due with it."""
    board: int | None = None
    """The board message the write found (the one a hand-off moves below)."""
    stopped: dict[int, Msg] = field(default_factory=dict)
    """Seats whose standing order or pre-move was dropped in this write without deciding, and
    the private line that says why (``Orders.why_stopped``, RB-PRE-2)."""

    def newly_asked(self, table: TableRecord, actor: int | None) -> tuple[str, ...]:
        """The people this write newly asks to decide, the one acting now aside (none once the
        game is over): the board moves below and pings them."""
        if self.write.status == "over":
            return ()
        seats = table.seats
        return tuple(seats[s].user_id for s in sorted(self.opened) if not seats[s].is_ai and s != actor)

    def written_on(self, table: TableRecord, actor: int | None) -> MoveWrite:
        """The write as it lands on ``table`` (the row it is decided on): it moves the board when
        someone new is asked, and remembers which board it found."""
        self.board = table.board_message_id
        self.write = replace(self.write, board_moves=bool(self.newly_asked(table, actor)))
        return self.write
