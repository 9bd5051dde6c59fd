"""What happened at a table: its public history — every move's public events, replayed from the
log, and the table's own events (timeouts, pauses, kicks, returns, clock changes), kept beside it —
paged for /game log, and the recap for a player back after a while, grouped by turn."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.clocks import parse_time
from bot.i18n import Text, t
from bot.outbox import Outbox, Player
from bot.tables import Lru, Tables, names, table_of
from db.records import Logged, TableRecord
from rules.engine import UNDO, Event, Game, rng_for

LOG_PAGE = 15
RECAP_TURNS = 6
"""Turns a recap shows (the latest); the earlier ones are counted, and are in /game log."""
TURN_LINES = 6
"""Events a recap shows per turn (the rest are counted)."""
UNDO_STATES = 2
"""States a history keeps from before its latest moves, for the undos that follow; an undo that
reaches further replays the log from the start."""
AI_MOVES = ("ai", "timeout")
"""Who decided a move, when it was not the seat's player: the AI standing in for them, or the
clock. (A standing order's move is the player's own, MG-ORD-3 / TR-ORD-3: said nowhere.)"""


class Entry(NamedTuple):
    """One entry of the history: a move (or an undo) by ``seat``, or a table's own event.

    Its public events are kept as their JSON, read when shown: a tuple of text is no work for the
    garbage collector, which a history of pydantic events (tens of thousands in memory) was."""

    ply: int
    seat: int | None
    """The seat that moved; None for the table's own events and the setup's."""
    how: str
    """Who decided it: "" the seat itself, "order", "timeout", "ai" (as in the log), "undo"."""
    said: tuple[str, ...]
    """Its public events, as JSON (``events`` reads them)."""

    @classmethod
    def of(cls, ply: int, seat: int | None, how: str, events: Iterable[Event]) -> Entry:
        """An entry of these events (the public ones: an event addressed to seats is left out)."""
        return cls(ply, seat, how, tuple(e.model_dump_json() for e in events if e.to is None))

    @property
    def events(self) -> list[Event]:
        """Its public events."""
        return [Event.model_validate_json(said) for said in self.said]


@dataclass
class Story:
    """A table's public history so far, extended as the table moves (never replayed twice)."""

    ply: int
    moves: list[Entry]
    state: Any
    before: list[Any] = field(default_factory=list)
    """The states before the latest moves still in effect (an undo goes back to the last one),
    at most ``UNDO_STATES`` of them once the story is built."""
    notes: list[Entry] = field(default_factory=list)
    revision: int = -1
    """The table's revision the notes were read at."""

    def size(self) -> int:
        """The entries held, what bounds the histories kept in memory."""
        return len(self.moves) + len(self.notes)

    def entries(self) -> Iterator[Entry]:
        """Every entry in order: a table's own event comes after the moves of its ply."""
        notes = iter(self.notes)
        note = next(notes, None)
        for move in self.moves:
            while note is not None and note.ply < move.ply:
                yield note
                note = next(notes, None)
            yield move
        while note is not None:
            yield note
            note = next(notes, None)


class History:
    """Public histories, paged logs and recaps."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        # Bounded by the entries held (each a move's public events), not by tables: a long game
        # holds hundreds.
        self._stories: Lru[int, Story] = Lru(tables.limits.history_entries, weigh=Story.size)

    async def story(self, table: TableRecord) -> Story:
        """The public history of a started table, brought up to date: only the log entries since
        the last look are replayed (undone moves keep their events, and the undo says so)."""
        rules = self.tables.rules(table.game)
        story = self._stories.get(table.id)
        logged: list[Logged] = []
        if story is not None and story.ply < table.ply:
            logged = [e for e in await self.tables.store.actions(table.id, after=story.ply) if e.ply <= table.ply]
            if sum(1 for entry in logged if entry.code == UNDO) > len(story.before):
                story = None  # undos reach past the states kept: replay the whole log
        if story is None or story.ply > table.ply:
            logged = [e for e in await self.tables.store.actions(table.id) if e.ply <= table.ply]
            # The whole game replayed: in a worker thread, so that other tables are not held up.
            story = await asyncio.to_thread(self._told, table, rules, logged)
        elif story.ply < table.ply:
            self._extend(story, table, rules, logged)
        if story.revision != table.revision:
            noted = await self.tables.store.notes(table.id)
            story.notes = [Entry(n.ply, None, "", (n.note,)) for n in noted]
            story.revision = table.revision
        self._stories.put(table.id, story)
        return story

    def _told(self, table: TableRecord, rules: Game[Any, Any, Any], logged: list[Logged]) -> Story:
        """A table's story from its setup, ``logged`` played onto it."""
        players = len(table.seats)
        options = rules.check_options(players, table.options)
        initial, opening = rules.setup(players, options, rng_for(table.seed, 0))
        story = Story(0, [Entry.of(0, None, "", opening)], initial)
        self._extend(story, table, rules, logged)
        return story

    @staticmethod
    def _extend(story: Story, table: TableRecord, rules: Game[Any, Any, Any], logged: list[Logged]) -> None:
        """Play the log entries ``logged`` onto ``story``, which reaches the table's ply."""
        for ply, seat, code, how in logged:
            if code == UNDO:
                story.state = story.before.pop()
                undo = Event(key="table.event.undo", seats={"player": seat})
                story.moves.append(Entry.of(ply, seat, "undo", [undo]))
                continue
            action = rules.parse_action(code)
            after, events = rules.apply(story.state, seat, action, rng_for(table.seed, ply))
            story.before.append(story.state)
            story.state = after
            story.moves.append(Entry.of(ply, seat, how, events))
        del story.before[:-UNDO_STATES]
        story.ply = table.ply

    async def page(self, table: TableRecord, player: Player, page: int | None) -> Outbox:
        """One page of a table's whole public history (the last page by default)."""
        out = Outbox(table_of(table))
        if table.initial_state is None:
            out.reply = t("table.log_empty", player.locale)
            return out
        story = await self.story(table)
        tr = Text(player.locale, names(table))
        total = sum(len(entry.said) for entry in story.entries())  # a line per event
        pages = max(1, -(-total // LOG_PAGE))
        shown = pages if page is None else min(max(1, page), pages)
        first, chunk, at = (shown - 1) * LOG_PAGE, [], 0
        for entry in story.entries():  # only the page's entries are read and written out
            if at < first + LOG_PAGE and at + len(entry.said) > first:  # its lines: at, at + 1, ...
                lines = [f"{entry.ply}. {line}" for line in lines_of(entry, tr)]
                chunk.extend(lines[max(0, first - at) : first + LOG_PAGE - at])
            at += len(entry.said)
        header = t("table.log_page", player.locale, page=shown, pages=pages, total=total)
        out.reply = "\n".join([header, *chunk]) if total else t("table.log_empty", player.locale)
        out.page, out.pages = shown, pages
        return out

    async def recap(
        self, table: TableRecord, user_id: str, locale: str | None, *, after_hours: float = 0, public: bool = False
    ) -> str:
        """What happened since ``user_id``'s last own decision, turn by turn (the latest few), or
        "" when they decided within ``after_hours`` or nothing happened since.

        Their last own decision is their last click: a move the AI made for them, or their
        standing order's, is part of the recap, not its start. In ``public`` (the recap at the top
        of the board that pings them), an order's move counts as theirs, as it does everywhere
        public: nobody else may learn that they hold an order."""
        seat = table.seat_of(user_id)
        if seat is None or seat.seat is None or table.initial_state is None:
            return ""
        if after_hours:
            moved_at = table.clocks.seats[seat.seat].moved_at
            if moved_at is None or (self.tables.clock() - parse_time(moved_at)).total_seconds() < after_hours * 3600:
                return ""
        story = await self.story(table)
        own = ("", "order") if public else ("",)
        since = max((e.ply for e in story.moves if e.seat == seat.seat and e.how in own), default=0)
        tr = Text(locale, names(table))
        turns = grouped([e for e in story.entries() if e.ply > since or (e.seat is None and e.ply == since)], tr)
        if not turns:
            return ""
        earlier = sum(len(lines) for lines in turns[:-RECAP_TURNS])
        shown = ["• " + " · ".join(shortened(lines, locale)) for lines in turns[-RECAP_TURNS:]]
        more = [t("table.recap_more", locale, n=earlier)] if earlier else []
        return "\n".join([t("table.recap", locale), *more, *shown])


def lines_of(entry: Entry, tr: Text) -> list[str]:
    """An entry's public lines, as /game log shows them: a move the AI made for an absent player,
    or because their time ran out, says so on each line."""
    lines = [tr.msg(e) for e in entry.events]
    if entry.how in AI_MOVES and entry.seat is not None:
        marker = t("table.ai_for", tr.locale, player=tr.name(entry.seat))
        lines = [f"{marker} {line}" for line in lines]
    return lines


def shortened(lines: list[str], locale: str | None, most: int = TURN_LINES) -> list[str]:
    """A turn's lines, the first ``most`` of them and how many more (all are in /game log)."""
    if len(lines) <= most:
        return lines
    return [*lines[:most], t("table.turn_more", locale, n=len(lines) - most)]


def grouped(entries: list[Entry], tr: Text) -> list[list[str]]:
    """Entries gathered by turn, each turn one line that starts with who played it ("ben: …", or
    "🤖 for cy: …" for moves the AI made); the table's own events stand alone."""
    turns: list[list[str]] = []
    last: tuple[int | None, bool] | None = None
    for entry in entries:
        lines = [tr.msg(e) for e in entry.events]
        if not lines:
            continue
        by_ai = entry.how in AI_MOVES
        key = (entry.seat, by_ai)
        if entry.seat is not None:
            # "ben: ben plays 🟨F · ben moves 🟨F" says the name once: "ben: plays 🟨F · moves 🟨F".
            name = tr.name(entry.seat)
            lines = [line[len(name) + 1 :] if line.startswith(name + " ") else line for line in lines]
        if entry.seat is not None and key == last and turns:
            turns[-1].extend(lines)
        elif entry.seat is not None:
            who = t("table.ai_for" if by_ai else "table.turn_by", tr.locale, player=tr.name(entry.seat))
            turns.append([f"{who} {lines[0]}", *lines[1:]])
        else:
            turns.append(lines)
        last = key
    return turns
