"""The scheduler: timeouts, reminders and the ends of pauses, as they fall due.

What falls due is kept in the database (each table's ``due_at``), so nothing is lost across a
restart: the first run, as the bot starts, catches up on everything that fell due while it was
down. Each item is decided inside the table's guarded write, so several bot processes running
this loop against one database still act once per item.

A catch-up goes in batches sized by time (``Limits.due_batch_seconds`` of work each), back to
back until nothing is due, each published before the next begins; the event loop is let go
between tables and between batches, so clicks are answered meanwhile. The first run also applies
any finished game that never counted for the leaderboard (after an upgrade).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord.ext import commands, tasks

from bot.tables import DEFAULT_LIMITS

log = logging.getLogger("gamehost.scheduler")
PERIOD_SECONDS = 60.0
"""How often due items are looked for (reminders and timeouts are hours apart: a minute is plenty)."""


class Scheduler(commands.Cog):
    """Runs what has fallen due at every table, once a minute and once at start."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Start the loop (its first run catches up after downtime)."""
        self.tick.change_interval(seconds=float(getattr(self.bot, "scheduler_period", PERIOD_SECONDS)))
        self.tick.start()

    async def cog_unload(self) -> None:
        """Stop the loop."""
        self.tick.cancel()

    @tasks.loop(seconds=PERIOD_SECONDS)
    async def tick(self) -> None:
        """One pass over the tables where something is due, in batches until none is."""
        hub = getattr(self.bot, "hub", None)
        if hub is None:
            return
        if self.tick.current_loop == 0:
            await self.catch_up_ratings(hub)
        budget = getattr(self.bot, "limits", DEFAULT_LIMITS).due_batch_seconds
        done = 0
        seen: set[int] = set()  # each table once per pass, whatever happens there
        try:
            while True:
                looked = len(seen)
                done += await hub.run_due(budget, seen)
                if len(seen) == looked:
                    break  # nothing more is due
                await asyncio.sleep(0)  # the batch is published: let clicks in before the next
        except Exception:
            log.exception("the scheduler's pass failed; the next one will try again")
        if done:
            log.info("%d table(s) had something due", done)

    @staticmethod
    async def catch_up_ratings(hub: Any) -> None:
        """Rate the finished games that never counted for the leaderboard (once, at start)."""
        try:
            games = await hub.service.catch_up_ratings()
        except Exception:
            log.exception("the leaderboard could not be rebuilt; `python -m bot rebuild-ratings` does it")
            return
        if games:
            log.info("the leaderboard was rebuilt from %d finished game(s)", games)


async def setup(bot: commands.Bot) -> None:
    """Load the scheduler."""
    await bot.add_cog(Scheduler(bot))
