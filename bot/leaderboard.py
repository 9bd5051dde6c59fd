"""Past games: the tables played in a channel and each server's leaderboard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from bot.outbox import Place
from bot.tables import Tables
from db.records import ResultRow, TableRecord

MIN_RANKED = 3
"""Finished games a player needs before the leaderboard ranks them."""


@dataclass(frozen=True)
class Rank:
    """One line of a leaderboard."""

    name: str
    games: int
    wins: int
    rating: int


@dataclass(frozen=True)
class Past:
    """A table played in a channel, as /game history lists it."""

    id: int
    game: str
    status: str
    ended: str
    winners: tuple[str, ...]
    channel_id: int
    guild_id: int | None
    board_message_id: int | None
    unrated: tuple[str, ...] = ()
    """Players whose seat did not count for their rating (the AI played most of it, or hints)."""


def rated(table: TableRecord) -> list[ResultRow]:
    """The seats of a finished game that count for their players' ratings: human seats the AI did
    not play for more than half of their decisions, in a game where nobody asked for a hint."""
    if table.results is None or table.results.hints:
        return []  # someone asked the AI for a hint: the game counts for nobody
    return [row for row in table.results.standings if row.counts]


def unrated_names(table: TableRecord) -> tuple[str, ...]:
    """The human players of a finished game whose seat counts for nobody's rating."""
    if table.results is None:
        return ()
    counted = {row.user for row in rated(table)}
    return tuple(row.name for row in table.results.standings if not row.ai and row.user not in counted)


class Leaderboard:
    """Past tables and ratings."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    async def past_tables(self, place: Place, limit: int = 10) -> list[Past]:
        """The latest tables of a channel that were played (finished or cancelled mid-game)."""
        found = [
            table
            for table in await self.tables.store.channel_tables(place.channel_id, limit * 2)
            if table.status in ("over", "cancelled") and table.initial_state is not None
        ][:limit]
        return [
            Past(
                t.id,
                t.game,
                t.status,
                t.updated_at,
                tuple(t.results.winners()) if t.results else (),
                t.channel_id,
                t.guild_id,
                t.board_message_id,
                unrated_names(t),
            )
            for t in found
        ]

    async def leaderboard(self, place: Place, game: str | None = None) -> list[Rank]:
        """The server's players by rating (OpenSkill's Plackett-Luce model over every finished
        game, AI seats left out, and seats the AI mostly played), once they have played
        ``MIN_RANKED`` games; best first."""
        if game is not None:
            self.tables.rules(game)
        model = PlackettLuce()
        ratings: dict[str, Any] = {}
        names: dict[str, str] = {}
        games: dict[str, int] = {}
        wins: dict[str, int] = {}
        for table in await self.tables.store.finished_tables(place.guild_id, game):
            rows = rated(table)
            if len(rows) < 2:
                continue
            for row in rows:
                names[row.user] = row.name
                games[row.user] = games.get(row.user, 0) + 1
                wins[row.user] = wins.get(row.user, 0) + (row.rank == 1)
                ratings.setdefault(row.user, model.rating(name=row.user))
            new = model.rate([[ratings[r.user]] for r in rows], ranks=[r.rank for r in rows])
            for row, (rating,) in zip(rows, new, strict=True):
                ratings[row.user] = rating
        ranked = [
            Rank(names[user], games[user], wins[user], round(ratings[user].ordinal()))
            for user in ratings
            if games[user] >= MIN_RANKED
        ]
        return sorted(ranked, key=lambda r: (-r.rating, -r.wins, r.name))

    async def unranked(self, place: Place, game: str | None = None) -> int:
        """How many players have played fewer than ``MIN_RANKED`` rated games (not yet on the board)."""
        seen: dict[str, int] = {}
        for table in await self.tables.store.finished_tables(place.guild_id, game):
            rows = rated(table)
            if len(rows) < 2:
                continue
            for row in rows:
                seen[row.user] = seen.get(row.user, 0) + 1
        return sum(1 for n in seen.values() if n < MIN_RANKED)
