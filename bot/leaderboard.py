"""Past games: the tables played in a channel and each server's leaderboard.

Ratings are kept as games end: the move that ends a game applies it to its players' ratings in
its own transaction (``rate``, which the store calls), so the leaderboard is one indexed read.
``rebuild`` recomputes every rating from the finished games, in the order they were applied, and
reaches the same figures (``python -m bot rebuild-ratings``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from bot.clocks import parse_time
from bot.i18n import t
from bot.outbox import Marks, Place, Table, linked
from bot.tables import Tables
from db.records import Finished, Rating, ResultRow, Results, Status, TableRecord
from db.store import EVERY_GAME, TableStore

MIN_RANKED = 3
"""Finished games a player needs before the leaderboard ranks them."""
MODEL = PlackettLuce()
"""OpenSkill's Plackett-Luce model, its default parameters (every rating starts at mu 25)."""
REBUILD_PAGE = 500
"""Finished games read at a time by the rebuild."""


@dataclass(frozen=True)
class Rank:
    """One line of a leaderboard."""

    name: str
    games: int
    wins: int
    rating: int


@dataclass(frozen=True)
class Ranking:
    """A server's leaderboard, as /game leaderboard shows it: the ranked players, best first, and
    how many have not played enough rated games yet."""

    game: str | None
    ranks: tuple[Rank, ...]
    unranked: int

    def text(self, locale: str | None) -> str:
        """The leaderboard in ``locale``'s words."""
        title = t(f"{self.game}.name", locale) if self.game else t("discord.leaderboard.all", locale)
        lines = [t("discord.leaderboard.header", locale, title=title)]
        lines.extend(
            t("discord.leaderboard.line", locale, rank=i, player=r.name, rating=r.rating, games=r.games, wins=r.wins)
            for i, r in enumerate(self.ranks, start=1)
        )
        if not self.ranks:
            lines.append(t("discord.leaderboard.empty", locale, n=MIN_RANKED))
        if self.unranked:
            lines.append(t("discord.leaderboard.waiting", locale, n=self.unranked, games=MIN_RANKED))
        lines.append(t("discord.leaderboard.fair", locale))
        return "\n".join(lines)


@dataclass(frozen=True)
class Past:
    """A table played in a channel, as /game history lists it."""

    id: int
    game: str
    status: Status
    ended: datetime
    winners: tuple[str, ...]
    channel_id: int
    guild_id: int | None
    board_message_id: int | None
    unrated: tuple[str, ...] = ()
    """Players whose seat did not count for their rating (the AI played most of it, or hints)."""

    @property
    def table(self) -> Table:
        """Where the table was played, for a link to its final board."""
        return Table(self.id, self.game, self.guild_id, self.channel_id, "", self.status, self.board_message_id)


# Alike in shape to bot.reading.Agenda (see there).
@dataclass(frozen=True)
class PastTables:
    """The tables played in a channel, newest first (/game history)."""

    tables: tuple[Past, ...]

    def text(self, locale: str | None, marks: Marks) -> str:
        """The list in ``locale``'s words, each with its day and a link to its final board."""
        if not self.tables:
            return t("discord.history.empty", locale)
        lines = [t("discord.history.header", locale)]
        for past in self.tables:
            line = t(
                "discord.history.over" if past.status == "over" else "discord.history.cancelled",
                locale,
                game=t(f"{past.game}.name", locale),
                table=past.id,
                when=marks.when(past.ended, "d"),
                winners=", ".join(past.winners) or "—",
            )
            lines.append(line + linked(marks, past.table, locale))
            if past.unrated:
                lines.append(t("discord.history.unrated", locale, players=", ".join(past.unrated)))
        return "\n".join(lines)


def rated(results: Results | None) -> list[ResultRow]:
    """The seats of a finished game that count for their players' ratings: human seats the AI did
    not play for more than half of their decisions, in a game where nobody asked for a hint."""
    if results is None or results.hints:
        return []  # someone asked the AI for a hint: the game counts for nobody
    return [row for row in results.standings if row.counts]


def unrated_names(table: TableRecord) -> tuple[str, ...]:
    """The human players of a finished game whose seat counts for nobody's rating."""
    if table.results is None:
        return ()
    counted = {row.user for row in rated(table.results)}
    return tuple(row.name for row in table.results.standings if not row.ai and row.user not in counted)


def rate(results: Results, held: Mapping[str, Rating]) -> list[Rating]:
    """The new ratings of a finished game's rated players (OpenSkill's Plackett-Luce on their
    ranks; a player not ``held`` starts from the model's default), or none for a game that counts
    for fewer than two of them."""
    rows = rated(results)
    if len(rows) < 2:
        return []
    before = [held.get(row.user) for row in rows]
    teams = [[MODEL.rating() if was is None else MODEL.rating(mu=was.mu, sigma=was.sigma)] for was in before]
    after = MODEL.rate(teams, ranks=[row.rank for row in rows])
    return [
        Rating(
            row.user,
            row.name,
            now.mu,
            now.sigma,
            round(now.ordinal()),
            (was.games if was else 0) + 1,
            (was.wins if was else 0) + (row.rank == 1),
        )
        for row, was, (now,) in zip(rows, before, after, strict=True)
    ]


def replay(finished: list[Finished], books: dict[int | None, dict[str, dict[str, Rating]]]) -> None:
    """Apply finished games, in order, to ``books`` (server -> game or ``EVERY_GAME`` -> user ->
    rating), as the moves that ended them did."""
    for game in finished:
        if game.results is None:
            continue
        book = books.setdefault(game.guild_id, {})
        for key in (game.game, EVERY_GAME):
            ratings = book.setdefault(key, {})
            for rating in rate(game.results, ratings):
                ratings[rating.user] = rating


async def rebuild(store: TableStore) -> dict[int | None, int]:
    """Recompute every server's ratings from its finished games, in the order they were applied,
    and store them; how many games each server's ratings came from. A game that ends meanwhile is
    applied too before its server's ratings are stored (they never miss one)."""
    books: dict[int | None, dict[str, dict[str, Rating]]] = {}
    seen: dict[int | None, int] = {}
    last = 0
    while True:
        page = await store.finished_games(after=last, limit=REBUILD_PAGE)
        if not page:
            break
        replay(page, books)
        for game in page:
            seen[game.guild_id] = seen.get(game.guild_id, 0) + 1
        last = page[-1].seq
        await asyncio.sleep(0)  # a long rebuild lets the bot's other work in between pages
    pending = set(books)
    while pending:
        for guild in sorted(pending, key=lambda g: -1 if g is None else g):
            book = {key: list(ratings.values()) for key, ratings in books[guild].items()}
            if await store.replace_ratings(guild, book, last):
                pending.discard(guild)
        if pending:  # games ended in those servers meanwhile: apply them, then store again
            page = await store.finished_games(after=last, limit=REBUILD_PAGE)
            replay(page, books)
            for game in page:
                seen[game.guild_id] = seen.get(game.guild_id, 0) + 1
                pending.add(game.guild_id)
            last = page[-1].seq if page else last
    return seen


class Leaderboard:
    """Past tables and ratings."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        tables.store.rate = rate  # the move that ends a game rates it, in its transaction

    async def past_tables(self, place: Place, limit: int = 10) -> PastTables:
        """The latest tables of a channel that were played (finished or cancelled mid-game)."""
        found = [
            table
            for table in await self.tables.store.channel_tables(place.channel_id, limit * 2)
            if table.status in ("over", "cancelled") and table.initial_state is not None
        ][:limit]
        return PastTables(
            tuple(
                Past(
                    row.id,
                    row.game,
                    row.status,
                    parse_time(row.updated_at),
                    tuple(row.results.winners()) if row.results else (),
                    row.channel_id,
                    row.guild_id,
                    row.board_message_id,
                    unrated_names(row),
                )
                for row in found
            )
        )

    async def leaderboard(self, place: Place, game: str | None = None, limit: int | None = None) -> Ranking:
        """The server's players by rating (OpenSkill's Plackett-Luce model over every finished
        game, AI seats left out, and seats the AI mostly played), once they have played
        ``MIN_RANKED`` games; best first, the first ``limit`` of them; and how many players have
        played fewer rated games (not yet on the board)."""
        if game is not None:
            self.tables.rules(game)
        ratings = await self.tables.store.ratings(place.guild_id, game, least_games=MIN_RANKED, limit=limit)
        unranked = await self.tables.store.unranked_players(place.guild_id, game, below=MIN_RANKED)
        return Ranking(game, tuple(Rank(r.name, r.games, r.wins, r.rating) for r in ratings), unranked)

    async def catch_up(self) -> dict[int | None, int]:
        """Rebuild the ratings if some finished game was never applied to them (games that ended
        before ratings were kept); nothing otherwise."""
        if not await self.tables.store.ratings_pending():
            return {}
        return await rebuild(self.tables.store)


async def differences(store: TableStore) -> int:
    """How many stored ratings differ from a recomputation from the finished games (0: they
    agree); nothing is written."""
    books: dict[int | None, dict[str, dict[str, Rating]]] = {}
    last = 0
    while page := await store.finished_games(after=last, limit=REBUILD_PAGE):
        replay(page, books)
        last = page[-1].seq
    differ = 0
    for guild, book in books.items():
        for key, ratings in book.items():
            stored = {r.user: r for r in await store.ratings(guild, key or None)}
            differ += sum(1 for user in stored.keys() | ratings.keys() if stored.get(user) != ratings.get(user))
    return differ


def main(argv: list[str]) -> int:
    """``python -m bot rebuild-ratings [--check] [--database PATH_OR_URL]``: recompute every
    server's ratings from its finished games (``--check``: only count those that differ)."""
    import argparse

    from bot.settings import Settings
    from db import open_store

    parser = argparse.ArgumentParser(prog="python -m bot rebuild-ratings", description=main.__doc__)
    parser.add_argument("--database", help="an SQLite path or a postgresql:// URL (default: the bot's settings)")
    parser.add_argument("--check", action="store_true", help="compare only, write nothing; exit 1 if they differ")
    args = parser.parse_args(argv)

    async def run() -> int:
        store = await open_store(args.database or Settings().database)
        try:
            if args.check:
                differ = await differences(store)
                print(f"{differ} rating(s) differ from their finished games")
                return 1 if differ else 0
            counts = await rebuild(store)
            print(f"ratings rebuilt from {sum(counts.values())} finished game(s) in {len(counts)} server(s)")
            return 0
        finally:
            await store.close()

    return asyncio.run(run())
