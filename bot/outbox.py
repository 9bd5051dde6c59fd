"""What front ends give the service and get back: who, where, and everything a call produced."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from db.store import TableRecord

__all__ = ["Ask", "Choice", "Clock", "Outbox", "Place", "Player", "Reminder", "TableRecord", "plain_name"]

MAX_NAME = 32
_MENTION_LIKE = re.compile(r"[@<>`]")


def plain_name(name: str) -> str:
    """A display name as inert text: it can never mention anyone nor break a code block.

    ``@everyone`` or ``<@123>`` typed as a name stays readable but pings nobody (a zero-width space
    follows every ``@``; ``<``, ``>`` and backticks become look-alikes); control characters and
    line breaks go; at most 32 characters.
    """
    cleaned = "".join(" " if unicodedata.category(ch).startswith("C") else ch for ch in name)
    cleaned = _MENTION_LIKE.sub(lambda m: {"@": "@\u200b", "<": "‹", ">": "›", "`": "ʹ"}[m.group()], cleaned)
    cleaned = " ".join(cleaned.split())
    return cleaned[:MAX_NAME] or "?"


@dataclass(frozen=True)
class Player:
    """Someone using the bot: a stable id, a display name and the language they read."""

    id: str
    name: str
    locale: str | None = None


@dataclass(frozen=True)
class Place:
    """Where a command was used: a guild (None offline or in DMs) and a channel or thread."""

    guild_id: int | None
    channel_id: int


@dataclass(frozen=True)
class Choice:
    """One action as a front end shows it: its code and a translated label."""

    code: str
    label: str


@dataclass(frozen=True)
class Ask:
    """What a seat is asked now: the decision id (for buttons), the question and the choices.

    ``choices`` are the seat's legal actions, for private messages only. ``public`` is what a
    public message (the board, a ping) may offer for this decision, or None when the decision is
    secret: its choices reveal a hand or a bet, so they are only ever shown to the seat.
    """

    table_id: int
    seat: int
    user_id: str
    decision: int
    prompt: str
    choices: tuple[Choice, ...]
    public: tuple[Choice, ...] | None = None

    @property
    def secret(self) -> bool:
        """True when the choices may only be shown privately."""
        return self.public is None


@dataclass(frozen=True)
class Clock:
    """A running clock shown under the board: whose it is and when it runs out (ISO time)."""

    user_id: str
    name: str
    deadline: str


@dataclass(frozen=True)
class Reminder:
    """A reminder to send: to whom, which decision's deadline, and whether it is the last one."""

    user_id: str
    name: str
    deadline: str
    last: bool


@dataclass
class Outbox:
    """Everything one call produces, already translated.

    ``board`` and ``events`` are public (in the table's language); ``mentions`` are the user ids
    newly asked to act; ``private`` maps a user id to the text only they may read (a DM, else
    ``/game hand``); ``reply`` goes to the acting user alone.
    """

    table_id: int
    game: str
    board: str = ""
    events: list[str] = field(default_factory=list)
    mentions: list[str] = field(default_factory=list)
    private: dict[str, str] = field(default_factory=dict)
    reply: str = ""
    over: bool = False
    moved: bool = False  # True when the game state changed (the board must be redrawn)
    asks: list[Ask] = field(default_factory=list)
    """After a move: every open decision, labelled in the table's language (buttons need no read)."""
    clocks: list[Clock] = field(default_factory=list)
    """Whose clocks run now (shown with the board, as a relative time where the front end can)."""
    paused_until: str | None = None
    """While the host's pause holds: when it ends at the latest (ISO time)."""
    reminders: list[Reminder] = field(default_factory=list)
    """Reminders that fell due (each pings its player, unless they turned reminders off)."""
    results: str = ""
    """At the end: the results message (standings, tie-break, seats the AI played)."""
    recaps: dict[str, str] = field(default_factory=dict)
    """For players newly asked after a long while: what happened since they last acted."""
    confirm: str = ""
    """A step the acting player must confirm (an undo): the front end offers a confirm button."""
    page: int = 0
    pages: int = 0
    """A paged reply (the log): which page this is, of how many."""
    picture: Callable[[], bytes] | None = None
    """The public board as a PNG, for games that draw one (Takenoko's garden): drawn on demand,
    from the same public view as ``board``, so a front end can draw it off its event loop."""
