"""What happened: the public history of a table (paged), the recap for a player back after a
while, past tables of a channel, and each server's leaderboard."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from bot.clock import Clocks, TableSettings, parse_time
from bot.days import Days
from bot.i18n import Text, t
from bot.outbox import Outbox, Place, Player, TableRecord
from bot.reading import Reading
from bot.undo_log import UNDO
from rules.engine import Event, rng_for

LOG_PAGE = 15
RECAP_LINES = 6
MIN_RANKED = 3
"""Finished games a player needs before the leaderboard ranks them."""


@dataclass
class History:
    """A table's public history so far: (ply, event) pairs, and the last ply each seat played."""

    ply: int
    events: list[tuple[int, Event]] = field(default_factory=list)
    last_move: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Rank:
    """One line of a leaderboard."""

    name: str
    games: int
    wins: int
    rating: int


class Histories(Days, Reading):
    """Histories, recaps, past tables and leaderboards."""

    def _history(self, table: TableRecord) -> History | None:
        """The held history of a table if it is current (see ``_load_history``)."""
        found = self._histories.get(table.id)
        return found if isinstance(found, History) and found.ply == table.ply else None

    async def _load_history(self, table: TableRecord) -> History:
        """The public history of a started table, replayed from its setup and its log (undone moves
        keep their events, and the undo says so); kept in memory while the table moves."""
        found = self._history(table)
        if found is not None:
            return found
        rules = self._rules(table.game)
        players = len(table.seats)
        state, opening = rules.setup(players, rules.check_options(players, table.options), rng_for(table.seed, 0))
        history = History(ply=0, events=[(0, e) for e in opening if e.to is None])
        states: list[Any] = []
        for ply, seat, code in await self.store.actions(table.id):
            if code == UNDO:
                state = states.pop()
                history.events.append((ply, Event(key="table.event.undo", seats={"player": seat})))
            else:
                states.append(state)
                state, events = rules.apply(state, seat, rules.parse_action(code), rng_for(table.seed, ply))
                history.events.extend((ply, e) for e in events if e.to is None)
            history.last_move[seat] = ply
            history.ply = ply
        history.ply = table.ply
        self._histories.put(table.id, history)
        return history

    async def log_page(self, place: Place, player: Player, page: int | None = None) -> Outbox:
        """One page of a table's whole public history (the last page by default); also of a game
        that has ended."""
        table = await self._table(place, None, ended=True)
        out = Outbox(table.id, table.game)
        if table.initial_state is None:
            out.reply = t("table.log_empty", player.locale)
            return out
        history = await self._load_history(table)
        tr = Text(player.locale, self._names(table))
        lines = [f"{ply}. {tr.msg(e)}" for ply, e in history.events]
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
        history = await self._load_history(table)
        since = history.last_move.get(seat.seat, 0)
        if after_hours:
            clocks = Clocks.from_json(table.clocks, len(table.seats), TableSettings.from_json(table.settings))
            moved_at = clocks.seats[seat.seat].moved_at
            if moved_at is None or (self.clock() - parse_time(moved_at)).total_seconds() < after_hours * 3600:
                return ""
        tr = Text(locale, self._names(table))
        lines = [tr.msg(e) for ply, e in history.events if ply > since]
        if not lines:
            return ""
        more = len(lines) - RECAP_LINES
        shown = lines[-RECAP_LINES:]
        head = t("table.recap", locale)
        tail = [t("table.recap_more", locale, n=more)] if more > 0 else []
        return "\n".join([head, *tail, *shown])

    async def hand_with_recap(self, place: Place, player: Player) -> Outbox:
        """``hand``, starting with a short recap of what happened since the player last played."""
        out = await self.hand(place, player)
        table = await self._table(place, None, ended=True)
        table, _ = await self._present(table, player)
        recap = await self.recap(table, player.id, player.locale)
        if recap:
            out.reply = recap + "\n\n" + out.reply
        return out

    async def past_tables(self, place: Place, limit: int = 10) -> list[TableRecord]:
        """The latest tables of a channel that were played (finished or cancelled mid-game)."""
        return [
            table
            for table in await self.store.channel_tables(place.channel_id, limit * 2)
            if table.status in ("over", "cancelled") and table.initial_state is not None
        ][:limit]

    async def leaderboard(self, place: Place, game: str | None = None) -> list[Rank]:
        """The server's players by rating (OpenSkill's Plackett-Luce model over every finished
        game, AI seats left out), once they have played ``MIN_RANKED`` games; best first."""
        if game is not None:
            self._rules(game)
        model = PlackettLuce()
        ratings: dict[str, Any] = {}
        names: dict[str, str] = {}
        games: dict[str, int] = {}
        wins: dict[str, int] = {}
        for table in await self.store.finished_tables(place.guild_id, game):
            rows = [r for r in json.loads(table.results or "{}").get("standings", []) if not r.get("ai")]
            if len(rows) < 2:
                continue
            for row in rows:
                user = row["user"]
                names[user] = row["name"]
                games[user] = games.get(user, 0) + 1
                wins[user] = wins.get(user, 0) + (row["rank"] == 1)
                ratings.setdefault(user, model.rating(name=user))
            rated = model.rate([[ratings[r["user"]]] for r in rows], ranks=[r["rank"] for r in rows])
            for row, (rating,) in zip(rows, rated, strict=True):
                ratings[row["user"]] = rating
        ranked = [
            Rank(names[user], games[user], wins[user], round(ratings[user].ordinal()))
            for user in ratings
            if games[user] >= MIN_RANKED
        ]
        return sorted(ranked, key=lambda r: (-r.rating, -r.wins, r.name))

    async def unranked(self, place: Place, game: str | None = None) -> int:
        """How many players have played fewer than ``MIN_RANKED`` games (not yet on the board)."""
        seen: dict[str, int] = {}
        for table in await self.store.finished_tables(place.guild_id, game):
            for row in json.loads(table.results or "{}").get("standings", []):
                if not row.get("ai"):
                    seen[row["user"]] = seen.get(row["user"], 0) + 1
        return sum(1 for n in seen.values() if n < MIN_RANKED)

    async def remind(self, player: Player, on: bool) -> Outbox:
        """Turn the player's own reminders on or off."""
        await self.store.set_reminders(player.id, on)
        out = Outbox(0, "")
        out.reply = t("table.reminders_on" if on else "table.reminders_off", player.locale)
        return out
