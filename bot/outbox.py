"""The service's public vocabulary: who and where a call comes from, and the Outbox it returns.

A front end (the Discord hub, the offline table) imports what it needs from here and from
bot/service.py; it never reads the store's records. One call in, one Outbox out: an Outbox holds
everything needed to publish what the call did, already translated, so a front end publishes it
without calling back: publishing flows one way. What a front end must remember of what it
published (where a table's board went, whose DMs are closed) it notes beside the tables through
``Posts``, never through the service.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from bot.i18n import t
from db.records import Status

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


# Alike in shape to db.records.Decision (a seat and a moment), but another fact: the deadline a
# front end shows, not when a decision opened.
@dataclass(frozen=True)
class Clock:
    """A running clock shown under the board: whose it is and when it runs out."""

    user_id: str
    name: str
    deadline: datetime


@dataclass(frozen=True)
class SeatLine:
    """One seat as /game status shows it: who, whether the AI plays it, and its clock."""

    name: str
    ai: bool
    """True for an AI seat, or a seat the AI plays for an absent player."""
    asked_since: datetime | None
    """When its open decision opened, or None if it is not asked."""
    deadline: datetime | None
    """When its clock runs out, or None: not asked, no clock, paused or the AI plays it."""
    bank_hours: int
    """Hours left in its bank, as of its last decision (shown for seats not asked)."""


@dataclass(frozen=True)
class Reminder:
    """A reminder to send: to whom, which decision's deadline, and whether it is the last one."""

    user_id: str
    name: str
    deadline: datetime
    last: bool


@dataclass(frozen=True)
class Table:
    """The table an Outbox is about, as a front end publishes it: where its messages go, and the
    board message it posted before (to edit it in place, or to retire it when the board moves)."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    locale: str
    status: Status
    board_message_id: int | None = None


@dataclass(frozen=True)
class Private:
    """A private text for one player (a DM, with the ephemeral ``/game hand`` as the fallback)."""

    user_id: str
    name: str
    locale: str | None
    text: str
    ask: Ask | None = None
    """The reader's open decision that the board cannot show (a secret one, or one of several
    taken at once), labelled in their language: its buttons go with the DM."""
    dm_closed: bool = False
    """True once a DM to this player has failed: they read it with /game hand instead."""
    order: OrderPanel | None = None
    """The button to set an order or a pre-move goes with it (a heads-up)."""


@dataclass(frozen=True)
class Ping:
    """A short message that notifies whoever is newly asked to act (edits do not notify)."""

    users: tuple[str, ...]
    """The players it mentions (humans only)."""
    asks: tuple[Ask, ...]
    """Their open decisions: the ping carries their public buttons."""
    recap: str = ""
    """For one player back after a long while: what happened since their last own decision."""
    clocks: tuple[Clock, ...] = ()
    """Their running clocks."""


@dataclass(frozen=True)
class Draft:
    """An order being filled in, as the steps of its form carry it: the values in the forms'
    order, and ``key``, a digest chained over the names of the fields they fill (``chain``), so
    that a value never lands in a field that changed since the form was shown."""

    values: tuple[str, ...] = ()
    key: str = ""


def chain(key: str, names: Sequence[str]) -> str:
    """The draft key once a form step with fields ``names`` is filled after ``key``."""
    return hashlib.blake2b(f"{key}|{','.join(names)}".encode(), digest_size=3).hexdigest()


@dataclass(frozen=True)
class FormField:
    """One field of an order's form, as its holder fills it in (a control of a Discord modal, a
    ``name=value`` of the offline command)."""

    name: str
    """The order's key (``pays``, ``m1``...)."""
    label: str
    """What it is, in the holder's language."""
    kind: str
    """``select`` (one of ``choices``), ``multi`` (several, joined by ","), ``number`` (a whole
    number from ``low`` to ``high``, or one of ``choices``)."""
    choices: tuple[Choice, ...]
    """Each value (as the order stores it) with its label."""
    value: str
    """The value the form is pre-filled with (the held order's, else a suggestion)."""
    low: int = 0
    high: int = 0
    """A number's range; for ``multi``, ``high`` is how many may be picked (0: any)."""
    hint: str = ""
    """For a number: what may be typed, in the holder's language."""


@dataclass(frozen=True)
class OrderForm:
    """One step of the form that sets a standing order (or a pre-move) as a whole."""

    table_id: int
    title: str
    fields: tuple[FormField, ...]
    draft: Draft
    """The values of the steps before this one."""
    step: int
    """1 for the first form, 2 for the first follow-up..."""


@dataclass(frozen=True)
class OrderPanel:
    """A player's standing order at one table, as they see and change it."""

    table_id: int
    held: bool
    """True if they hold an order now."""
    can_set: bool
    """True if an order can be set now (its form has fields)."""
    label: str = ""
    """The button that opens the form, in the holder's language ("Set my order", "Plan my turn")."""
    draft: Draft | None = None
    """A whole order read back and not saved yet (Save, Change and Cancel carry it)."""
    ply: int = 0
    """The table's ply when the draft was read back (a save after the game moved on says so)."""


@dataclass
class Outbox:
    """Everything one call produces, already translated.

    ``board`` and ``events`` are public (in the table's language); ``reply`` goes to the acting
    user alone, with ``own`` (their buttons for a decision the board cannot show); ``private``
    texts go to each reader alone; ``before`` are Outboxes to publish first (the caller was back
    from an absence, say).
    """

    table: Table
    board: str = ""
    events: list[str] = field(default_factory=list)
    reply: str = ""
    own: Ask | None = None
    over: bool = False
    moved: bool = False
    """True when the public board changed (it must be redrawn)."""
    asks: list[Ask] = field(default_factory=list)
    """After a move: the open decisions of human seats, labelled in the table's language (the
    board's buttons)."""
    ping: Ping | None = None
    """Whoever this call newly asks to decide: the board moves below and mentions them."""
    private: list[Private] = field(default_factory=list)
    clocks: list[Clock] = field(default_factory=list)
    """Whose clocks run now (shown with the board, as a relative time where the front end can)."""
    paused_until: datetime | None = None
    """While the host's pause holds: when it ends at the latest."""
    reminders: list[Reminder] = field(default_factory=list)
    """Reminders that fell due (each pings its player; those who turned them off are left out)."""
    results: str = ""
    """At the end: the results message (standings, tie-break, seats the AI played)."""
    confirm: int | None = None
    """A step the acting player must confirm (an undo): the table's ply they saw, for the button."""
    page: int = 0
    pages: int = 0
    """A paged reply (the log): which page this is, of how many."""
    picture: Callable[[], bytes] | None = None
    """The public board as a PNG, for games that draw one: drawn on demand, from the same public
    view as ``board``, so a front end can draw it off its event loop."""
    picture_key: str = ""
    """What the picture shows (a digest of its inputs): unchanged means there is no need to draw
    or upload it again."""
    animation: Callable[[], bytes] | None = None
    """A whole game as an animated picture (GIF), one frame per turn, drawn on demand: with the
    results at the end, and for /game replay."""
    before: list[Outbox] = field(default_factory=list)
    seats: list[SeatLine] = field(default_factory=list)
    """For /game status: every seat and its clock."""
    order: OrderPanel | None = None
    """The caller's standing order, when they asked to see or change it."""
    form: OrderForm | None = None
    """The next form step of the caller's order (None once every step is filled)."""
    secret: bool = False
    """After a player's own move: it answered a secret decision, so the reply stays private."""
    heads_up: list[Private] = field(default_factory=list)
    """Before ``Outboxes.finish``: the heads-up for the player who plays next, who asked for it
    (it then joins ``private``)."""

    @property
    def table_id(self) -> int:
        """The table's id."""
        return self.table.id

    @property
    def game(self) -> str:
        """The table's game."""
        return self.table.game

    @property
    def mentions(self) -> list[str]:
        """The players newly asked to act (those the ping names)."""
        return list(self.ping.users) if self.ping is not None else []


class Marks(Protocol):
    """How a front end writes a moment and a link to a table's board inside a text (Discord: a
    timestamp each reader sees in their own time zone, and a jump link; the terminal: UTC, and
    no link)."""

    def when(self, moment: datetime, style: str = "R") -> str:
        """``moment`` as the reader sees it (``R``: relative, "in 3 hours"; ``d``: the day)."""
        ...

    def link(self, table: Table) -> str:
        """A link to the table's board ("" where the front end has none)."""
        ...


def linked(marks: Marks, table: Table, locale: str | None) -> str:
    """What follows a line about ``table``: " — <link to its board>", or "" without links."""
    url = marks.link(table)
    return t("discord.link", locale, url=url) if url else ""


class Posts(Protocol):
    """What a front end remembers of what it published, kept beside the tables (the store
    implements it): noting is no write of its own, and never goes through the service."""

    def note_board(self, table_id: int, message_id: int) -> None:
        """The table's board is now message ``message_id`` (it moved below, or was posted anew)."""
        ...

    async def note_dm_closed(self, user_id: str) -> bool:
        """A DM to ``user_id`` failed; True if that was not known (the channel is told once)."""
        ...

    async def flush(self) -> None:
        """Store whatever was noted and not yet written (the scheduler's tick; shutting down)."""
        ...
