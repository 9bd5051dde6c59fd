"""What one guarded write of a table decided: the write itself and what a front end must be told."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.outbox import Reminder
from db.records import MoveWrite
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
    reminders: list[Reminder] = field(default_factory=list)
    """Reminders that fell due with it."""
