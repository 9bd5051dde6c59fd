"""What happened at a table: its public history (replayed from the log, paged for /game log) and
the recap for a player back after a while."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.clocks import parse_time
from bot.i18n import Text, t
from bot.outbox import Outbox, Player
from bot.tables import Lru, Tables, names, table_of
from db.records import TableRecord
from rules.engine import Event, replay, rng_for

LOG_PAGE = 15
RECAP_LINES = 6
HISTORY_CACHE = 256
"""Public histories kept per process, for recaps and the paged log."""


@dataclass
class Story:
    """A table's public history so far: (ply, event) pairs, and the last ply each seat played."""

    ply: int
    events: list[tuple[int, Event]] = field(default_factory=list)
    last_move: dict[int, int] = field(default_factory=dict)


class History:
    """Public histories, paged logs and recaps."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self._stories: Lru[int, Story] = Lru(HISTORY_CACHE)

    async def story(self, table: TableRecord) -> Story:
        """The public history of a started table, replayed from its setup and its log (undone moves
        keep their events, and the undo says so); kept in memory while the table moves."""
        found = self._stories.get(table.id)
        if found is not None and found.ply == table.ply:
            return found
        rules = self.tables.rules(table.game)
        players = len(table.seats)
        initial, opening = rules.setup(players, rules.check_options(players, table.options), rng_for(table.seed, 0))
        story = Story(ply=0, events=[(0, e) for e in opening if e.to is None])
        for entry in replay(rules, initial, table.seed, await self.tables.store.actions(table.id)):
            if entry.undo:
                story.events.append((entry.ply, Event(key="table.event.undo", seats={"player": entry.seat})))
            else:
                story.events.extend((entry.ply, e) for e in entry.events if e.to is None)
            story.last_move[entry.seat] = entry.ply
        story.ply = table.ply
        self._stories.put(table.id, story)
        return story

    async def page(self, table: TableRecord, player: Player, page: int | None) -> Outbox:
        """One page of a table's whole public history (the last page by default)."""
        out = Outbox(table_of(table))
        if table.initial_state is None:
            out.reply = t("table.log_empty", player.locale)
            return out
        story = await self.story(table)
        tr = Text(player.locale, names(table))
        lines = [f"{ply}. {tr.msg(e)}" for ply, e in story.events]
        pages = max(1, -(-len(lines) // LOG_PAGE))
        shown = pages if page is None else min(max(1, page), pages)
        chunk = lines[(shown - 1) * LOG_PAGE : shown * LOG_PAGE]
        header = t("table.log_page", player.locale, page=shown, pages=pages, total=len(lines))
        out.reply = "\n".join([header, *chunk]) if lines else t("table.log_empty", player.locale)
        out.page, out.pages = shown, pages
        return out

    async def recap(self, table: TableRecord, user_id: str, locale: str | None, *, after_hours: float = 0) -> str:
        """What happened since ``user_id`` last played (public events, the latest few), or "" when
        they played within ``after_hours`` or nothing happened since."""
        seat = table.seat_of(user_id)
        if seat is None or seat.seat is None or table.initial_state is None:
            return ""
        story = await self.story(table)
        since = story.last_move.get(seat.seat, 0)
        if after_hours:
            moved_at = table.clocks.seats[seat.seat].moved_at
            if moved_at is None or (self.tables.clock() - parse_time(moved_at)).total_seconds() < after_hours * 3600:
                return ""
        tr = Text(locale, names(table))
        lines = [tr.msg(e) for ply, e in story.events if ply > since]
        if not lines:
            return ""
        more = len(lines) - RECAP_LINES
        shown = lines[-RECAP_LINES:]
        head = t("table.recap", locale)
        tail = [t("table.recap_more", locale, n=more)] if more > 0 else []
        return "\n".join([head, *tail, *shown])
