"""The scheduler: timeouts, reminders and the ends of pauses, as they fall due.

What falls due is kept in the database (each table's ``due_at``), so nothing is lost across a
restart: the first run, as the bot starts, catches up on everything that fell due while it was
down. Each item is decided inside the table's guarded write, so several bot processes running
this loop against one database still act once per item.
"""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

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
        """One pass over the tables where something is due."""
        hub = getattr(self.bot, "hub", None)
        if hub is None:
            return
        try:
            done = await hub.run_due()
        except Exception:
            log.exception("the scheduler's pass failed; the next one will try again")
            return
        if done:
            log.info("%d table(s) had something due", done)


async def setup(bot: commands.Bot) -> None:
    """Load the scheduler."""
    await bot.add_cog(Scheduler(bot))
