"""What front ends give the service and get back: who, where, and everything a call produced."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from db.store import TableRecord

__all__ = ["Ask", "Choice", "Outbox", "Place", "Player", "TableRecord", "plain_name"]

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
