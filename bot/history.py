"""What happened at a table: its public history — every move's public events, replayed from the
log, and the table's own events (timeouts, pauses, kicks, returns, clock changes), kept beside it —
paged for /game log, and the recap for a player back after a while, grouped by turn."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.clocks import parse_time
from bot.i18n import Text, duration, lower_first, t
from bot.outbox import Outbox, Player
from bot.tables import Lru, Tables, names, table_of
from db.records import Logged, TableRecord
from rules.engine import PLACE, UNDO, Event, Game, Msg, replay, rng_for

LOG_PAGE = 15
RECAP_TURNS = 6
"""A recap shows every turn when there are at most this many; beyond, only those that changed
the standings (the others are counted, and are in /game log)."""
STANDINGS_TURNS = 3
"""Turns that changed the standings a long recap shows (the latest)."""
TURN_LINES = 6
"""Events a recap shows per turn (the rest are counted)."""
UNDO_STATES = 2
"""States a history keeps from before its latest moves, for the undos that follow; an undo that
reaches further replays the log from the start."""
FOR_YOU_MOVES = 24
"""Different moves a recap names per way they were decided for the player (the rest counted)."""
ORDERS_LOOKBACK = 500
"""Plies of the log read back to find what a player's standing order played while they were away."""
AI_MOVES = ("ai", "timeout")
"""Who decided a move, when it was not the seat's player: the AI standing in for them, or the
clock. (A standing order's move is the player's own, MG-ORD-3 / TR-ORD-3: said nowhere.)"""
FOR_YOU = ("order", "timeout", "ai")
"""The ways a move is decided for a player without them, in the order a recap names them."""


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
    label: Msg | None = None
    """For a move decided for its seat (order, timeout, AI): what was chosen, as a button says it."""
    secret: bool = False
    """True if that choice was a secret decision: only its seat may read the label."""

    @classmethod
    def of(
        cls,
        ply: int,
        seat: int | None,
        how: str,
        events: Iterable[Event],
        label: Msg | None = None,
        secret: bool = False,
    ) -> Entry:
        """An entry of these events (the public ones: an event addressed to seats is left out)."""
        return cls(ply, seat, how, tuple(e.model_dump_json() for e in events if e.to is None), label, secret)

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
        """A table's story from its stored initial state (the setup's public events first),
        ``logged`` played onto it."""
        story = Story(0, [Entry.of(0, None, "", self._opening(table, rules))], self.tables.initial(table))
        self._extend(story, table, rules, logged)
        return story

    @staticmethod
    def _opening(table: TableRecord, rules: Game[Any, Any, Any]) -> list[Event]:
        """The events that made the table's initial state (the setup is a function of the seed)."""
        players = len(table.seats)
        return rules.setup(players, rules.check_options(players, table.options), rng_for(table.seed, 0))[1]

    @staticmethod
    def _extend(story: Story, table: TableRecord, rules: Game[Any, Any, Any], logged: list[Logged]) -> None:
        """Play the log entries ``logged`` onto ``story`` (engine.replay, continued from the
        story's state and the states it kept for undos), which reaches the table's ply."""
        for played, how in zip(
            replay(rules, story.state, table.seed, logged, before=story.before), logged, strict=True
        ):
            if played.undo:
                undo = Event(key="table.event.undo", seats={"player": played.seat})
                story.moves.append(Entry.of(played.ply, played.seat, "undo", [undo]))
            elif how.how in FOR_YOU:
                action = rules.parse_action(played.code)
                label = rules.presentation.action_label(played.before, played.seat, action)
                secret = rules.public_choices(played.before, played.seat) is None
                story.moves.append(Entry.of(played.ply, played.seat, how.how, played.events, label, secret))
            else:
                story.moves.append(Entry.of(played.ply, played.seat, how.how, played.events))
            story.state = played.after
        del story.before[:-UNDO_STATES]
        story.ply = table.ply

    async def afters(self, table: TableRecord) -> dict[int, Any]:
        """The state after each entry of the table's log, by ply (0: the initial state), replayed
        in a worker thread: what a recap compares (the story keeps no state but the latest)."""
        logged = await self.tables.store.actions(table.id)
        rules, initial = self.tables.rules(table.game), self.tables.initial(table)

        def replayed() -> dict[int, Any]:
            found = {0: initial}
            for played in replay(rules, initial, table.seed, logged):
                found[played.ply] = played.after
            return found

        return await asyncio.to_thread(replayed)

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
        """What happened since ``user_id``'s last own decision, or "" when they decided within
        ``after_hours`` or nothing happened since. It leads with what was decided for them (by
        their standing order, a timeout or the AI, each move named) and what changed for them
        (score, chips, place...), then the turns that changed the standings (every turn, when
        there were few), then how many more events /game log holds.

        Their last own decision is their last click: a move the AI made for them, or their
        standing order's, is part of the recap, not its start. In ``public`` (the recap at the top
        of the board that pings them), an order's move counts as theirs, as it does everywhere
        public: nobody else may learn that they hold an order; and only public figures change."""
        seat = table.seat_of(user_id)
        if seat is None or seat.seat is None or table.initial_state is None:
            return ""
        moved_at = table.clocks.seats[seat.seat].moved_at
        # A player who never moved has been away since the table opened.
        away = (self.tables.clock() - parse_time(moved_at or table.created_at)).total_seconds()
        if after_hours and away < after_hours * 3600:
            return ""
        story = await self.story(table)
        me = seat.seat
        own = ("", "order") if public else ("",)
        since = max((e.ply for e in story.moves if e.seat == me and e.how in own), default=0)
        tr = Text(locale, names(table))
        entries = [e for e in story.entries() if e.ply > since or (e.seat is None and e.ply == since)]
        turns = grouped(entries, tr)
        if not turns:
            return ""
        key = "table.recap_start" if moved_at is None else "table.recap_ago"
        lines = [t(key, locale, ago=duration(away, locale)) if away >= 60 else t("table.recap", locale)]
        made = [e for e in story.moves if e.ply > since and e.seat == me and e.how in FOR_YOU]
        lines += for_you(made, tr, public=public)
        rules = self.tables.rules(table.game)
        after = await self.afters(table) if rules.presentation.tally is not None else {}
        start = state_at(after, since)
        lines += changed_for(rules, start, story.state, me, tr, public=public)
        if len(turns) <= RECAP_TURNS:
            shown = turns
        else:
            shown = standings_turns(rules, story, after, since, turns, tr, len(table.seats))[-STANDINGS_TURNS:]
            if rules.outcome(story.state) is not None and (not shown or shown[-1].entries != turns[-1].entries):
                shown = [*shown[1 - STANDINGS_TURNS :], turns[-1]]  # the end of the game is always said
        lines += ["• " + " · ".join(shortened(turn.lines, locale)) for turn in shown]
        rest = sum(len(turn.lines) for turn in turns) - sum(len(turn.lines) for turn in shown)
        if rest:
            lines.append(t("table.recap_rest", locale, n=rest))
        return "\n".join(lines)

    async def orders_done(self, table: TableRecord, seat: int, locale: str | None, *, away: bool = True) -> str:
        """What ``seat``'s standing order played since the seat's last move made any other way
        (its own click, a timeout, the AI), for its holder alone ("while you were away", or, when
        they just set it, ``away`` False); "" if nothing. (Nothing is read when the table's record
        knows the seat's latest move was not its order's; else the log's tail is read, and the
        history replayed only when an order did play.)"""
        if self.tables.rules(table.game).orders is None or table.by_order.get(seat) is False:
            return ""  # no game orders, or the seat's latest move was not its order's
        recent = await self.tables.store.actions(table.id, after=max(0, table.ply - ORDERS_LOOKBACK))
        plies = set()
        for logged in reversed(recent):
            if logged.seat != seat:
                continue
            if logged.how != "order" or logged.code == UNDO:
                break
            plies.add(logged.ply)
        if not plies:
            return ""
        story = await self.story(table)
        made = [entry for entry in story.moves if entry.ply in plies]
        tr = Text(locale, names(table))
        key = "table.orders_done" if away else "table.orders_played"
        return t(key, locale, moves=moves_text(made, tr, public=False))


@dataclass
class Turn:
    """A recap's turn: its lines, and the entries it was made of."""

    lines: list[str]
    entries: list[Entry]


def for_you(made: list[Entry], tr: Text, *, public: bool) -> list[str]:
    """The recap's line naming every move decided for the player, by who decided it (their order,
    a timeout, the AI), as "Stay in ×3 · Take M09"."""
    parts = []
    for how in FOR_YOU:
        mine = [e for e in made if e.how == how and not (public and how == "order")]
        if mine:
            parts.append(t(f"table.recap_by_{how}", tr.locale, n=len(mine), moves=moves_text(mine, tr, public=public)))
    return [t("table.recap_for_you", tr.locale, parts=t("table.recap_sep", tr.locale).join(parts))] if parts else []


def moves_text(made: list[Entry], tr: Text, *, public: bool) -> str:
    """Moves made for a player, each different one named once with how many times ("×3"); a
    secret choice is named only where its player alone reads it."""
    counts: dict[str, int] = {}
    kinds = {entry.label.key if entry.label else "": n for n, entry in reversed(list(enumerate(made)))}
    # Moves of a kind sit together ("Drop out (3 chips) · Drop out (9 chips)"), kinds as they came.
    for entry in sorted(made, key=lambda e: kinds[e.label.key if e.label else ""]):
        if entry.label is not None and not (public and entry.secret):
            text = tr.msg(entry.label)
        elif public and entry.events:
            text = strip_name(tr.msg(entry.events[0]), tr.name(entry.seat) if entry.seat is not None else "")
        else:
            text = t("table.recap_secret", tr.locale)
        counts[text] = counts.get(text, 0) + 1
    named = [text if n == 1 else t("table.recap_times", tr.locale, move=text, n=n) for text, n in counts.items()]
    named = [lower_first(text, tr.locale, tr.names()) for text in named]  # they come after a colon
    if len(named) > FOR_YOU_MOVES:
        named = [*named[:FOR_YOU_MOVES], t("table.turn_more", tr.locale, n=len(named) - FOR_YOU_MOVES)]
    return " · ".join(named)


def changed_for(rules: Game[Any, Any, Any], before: Any, after: Any, seat: int, tr: Text, *, public: bool) -> list[str]:
    """The recap's line saying what changed for the player (the game's tally: score, chips,
    place...), from the view they may read there; none if nothing did."""
    tally = rules.presentation.tally
    if tally is None or before is None:
        return []
    reader = None if public else seat
    old, new = tally(rules.view(before, reader), seat), tally(rules.view(after, reader), seat)
    changes = [
        t(key, tr.locale, before=old[key], after=value) for key, value in new.items() if old.get(key, value) != value
    ]
    return [t("table.recap_you", tr.locale, changes=" · ".join(changes))] if changes else []


def state_at(after: dict[int, Any], ply: int) -> Any:
    """The state once the log entries up to ``ply`` were played (``after``: by ply, as
    ``History.afters`` gives it); None without them."""
    return after[max(p for p in after if p <= ply)] if after else None


def standings_turns(
    rules: Game[Any, Any, Any],
    story: Story,
    after: dict[int, Any],
    since: int,
    turns: list[Turn],
    tr: Text,
    players: int,
) -> list[Turn]:
    """The turns after which the standings (every seat's place) were not what they were before,
    each with who leads now when that changed (``after``: the state after each log entry)."""
    tally = rules.presentation.tally
    if tally is None:
        return []
    seats = range(players)

    def places(state: Any) -> tuple[int, ...]:
        view = rules.view(state, None)
        return tuple(tally(view, s).get(PLACE, 0) for s in seats)

    start = state_at(after, since)
    last = places(start)
    changed: dict[int, tuple[int, ...]] = {}
    for entry in story.moves:
        if entry.ply <= since or entry.ply not in after:
            continue
        now = places(after[entry.ply])
        if now != last:
            changed[id(entry)] = now
        last = now
    found = []
    leader = [s for s in seats if places(start)[s] == 1]
    for turn in turns:
        hits = [changed[id(e)] for e in turn.entries if id(e) in changed]
        if not hits:
            continue
        first = [s for s in seats if hits[-1][s] == 1]
        lines = list(turn.lines)
        if first != leader:
            lines.append(t("table.recap_leader", tr.locale, player=", ".join(tr.name(s) for s in first)))
            leader = first
        found.append(Turn(lines, turn.entries))
    return found


def strip_name(line: str, name: str) -> str:
    """A line without the player's name in front, also after a leading symbol ("ben plays 🟨F" →
    "plays 🟨F", "✅ ben validates" → "✅ validates"): the turn's line already says whose it is."""
    if not name:
        return line
    if line.startswith(name + " "):
        return line[len(name) + 1 :]
    mark, _, rest = line.partition(" ")
    if mark and not any(c.isalnum() for c in mark) and rest.startswith(name + " "):
        return f"{mark} {rest[len(name) + 1 :]}"
    return line


def lines_of(entry: Entry, tr: Text) -> list[str]:
    """An entry's public lines, as /game log shows them: a move the AI made for an absent player,
    or because their time ran out, says so on its first line, the decision; what follows from it
    (a card revealed, dividends) is the game's own doing and is not marked."""
    lines = [tr.msg(e) for e in entry.events]
    if entry.how in AI_MOVES and entry.seat is not None and lines:
        marker = t("table.ai_for", tr.locale, player=tr.name(entry.seat))
        lines[0] = f"{marker} {lower_first(lines[0], tr.locale, tr.names())}"
    return lines


def shortened(lines: list[str], locale: str | None, most: int = TURN_LINES) -> list[str]:
    """A turn's lines, the first ``most`` of them and how many more (all are in /game log)."""
    if len(lines) <= most:
        return lines
    return [*lines[:most], t("table.turn_more", locale, n=len(lines) - most)]


def grouped(entries: list[Entry], tr: Text) -> list[Turn]:
    """Entries gathered by turn, each turn one line that starts with who played it ("ben: …", or
    "🤖 for cy: …" for moves the AI made); the table's own events stand alone."""
    turns: list[Turn] = []
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
            lines = [strip_name(line, name) for line in lines]
        if entry.seat is not None and key == last and turns:
            turns[-1].lines.extend(lines)
            turns[-1].entries.append(entry)
        elif entry.seat is not None:
            who = t("table.ai_for" if by_ai else "table.turn_by", tr.locale, player=tr.name(entry.seat))
            turns.append(Turn([f"{who} {lower_first(lines[0], tr.locale, tr.names())}", *lines[1:]], [entry]))
        else:
            turns.append(Turn(lines, [entry]))
        last = key
    return turns
