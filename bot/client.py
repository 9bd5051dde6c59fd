"""The Discord client: opens the database, loads the cogs and persistent buttons, syncs commands.

One process runs one shard, or (with SHARD_COUNT / SHARD_IDS) several shards of a bot whose other
shards run in other processes on the same PostgreSQL database.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import pkgutil
import signal
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands

import cogs
from bot.i18n import t
from bot.service import TableService
from bot.settings import Settings
from bot.tables import DEFAULT_LIMITS, Limits
from cogs.ui.components import DYNAMIC_ITEMS
from cogs.ui.hub import TableHub
from cogs.ui.newgame import add_game_groups
from cogs.ui.translate import CatalogueTranslator
from db import open_store
from db.store import TableStore
from rules.engine import Game
from rules.registry import GAMES

log = logging.getLogger("gamehost")
SWITCH_INTERVAL = 0.001
"""Seconds a thread may hold the GIL before another runs (Python's default is 5 ms). AI seats
think in worker threads; a shorter interval gives the event loop, and so every other table's
clicks, the GIL back sooner (bench/ai_latency.py measures it)."""


def extensions() -> tuple[str, ...]:
    """Every cog module directly under ``cogs/`` (its subpackages are shared code, not cogs)."""
    return tuple(
        f"cogs.{info.name}"
        for info in sorted(pkgutil.iter_modules(cogs.__path__), key=lambda i: i.name)
        if not info.ispkg
    )


EXTENSIONS: tuple[str, ...] = extensions()


class GameBot(commands.Bot):
    """The board-game bot: a TableService behind slash commands and persistent buttons."""

    hub: TableHub

    def __init__(
        self,
        database: str | Path,
        *,
        dev_guild_id: int | None = None,
        games: Mapping[str, Game[Any, Any, Any]] | None = None,
        extensions: Sequence[str] = EXTENSIONS,
        scheduler_period: float = 60.0,
        limits: Limits = DEFAULT_LIMITS,
        **sharding: Any,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # Nobody is pinged unless a message names its players explicitly (the turn ping):
            # a player called "@everyone" or "<@someone>" must never ping anyone.
            allowed_mentions=discord.AllowedMentions.none(),
            **sharding,
        )
        self.database = database  # an SQLite path or a postgresql:// URL
        self.dev_guild_id = dev_guild_id
        self.games = dict(games) if games is not None else GAMES
        self.extension_names = tuple(extensions)
        self.scheduler_period = scheduler_period  # seconds between two looks for due reminders and timeouts
        self.limits = limits
        self.store: TableStore | None = None

    async def setup_hook(self) -> None:
        """Migrate the database, build the service, load cogs and buttons, sync the commands.

        No table is read here: a table is read when a command or a click touches it, or when
        something falls due at it (the scheduler), so the first command is answered at once
        however many tables the database holds."""
        self.store = await open_store(self.database, cache_size=self.limits.cached_tables)
        service = TableService(self.store, self.games, clock=discord.utils.utcnow, limits=self.limits)
        self.hub = TableHub(self, service, self.store)
        await self.tree.set_translator(CatalogueTranslator())
        for name in self.extension_names:
            await self.load_extension(name)
        add_game_groups(self.tree, self.games)  # /<game> new, from the registry: no cog per game
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        shards = getattr(self, "shard_ids", None)
        if shards is not None and 0 not in shards:
            # Commands are the application's, not a shard's: the process running shard 0 syncs them.
            log.info("commands are synced by the process running shard 0")
            return
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def on_ready(self) -> None:
        """Log who we are."""
        log.info("logged in as %s (%s)", self.user, getattr(self.user, "id", "?"))

    async def close(self) -> None:
        """Close the gateway connection, then the database."""
        await super().close()
        if self.store is not None:
            store, self.store = self.store, None
            await store.close()


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The same bot running several Discord shards in this process (``shard_ids`` of
    ``shard_count``; the other shards run in other processes on the same database)."""


def build_bot(
    database: str | Path,
    *,
    dev_guild_id: int | None = None,
    games: Mapping[str, Game[Any, Any, Any]] | None = None,
    extensions: Sequence[str] = EXTENSIONS,
    scheduler_period: float = 60.0,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> commands.Bot:
    """A ready-to-start bot on ``database``, an SQLite path or a ``postgresql://`` URL (tests pass
    it to simcord); with ``shard_count``, it runs ``shard_ids`` (default: every shard) of them;
    ``limits`` bound what it keeps in memory."""
    common: dict[str, Any] = {
        "dev_guild_id": dev_guild_id,
        "games": games,
        "extensions": extensions,
        "scheduler_period": scheduler_period,
        "limits": limits,
    }
    if shard_count is None:
        return GameBot(database, **common)
    shards = None if shard_ids is None else list(shard_ids)
    return ShardedGameBot(database, **common, shard_count=shard_count, shard_ids=shards)


def settle_heap() -> None:
    """Keep every object alive now (the imported code, the bot as built) out of the garbage
    collector's full passes from now on: they live as long as the process, and scanning them again
    at every full pass held the event loop up for tens of milliseconds each time."""
    gc.collect()
    gc.freeze()


def run(settings: Settings) -> None:
    """Run the bot until SIGINT/SIGTERM, then shut down cleanly (blocking)."""
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not settings.discord_token:
        raise SystemExit("DISCORD_TOKEN is not set")
    sys.setswitchinterval(SWITCH_INTERVAL)
    # The bot plays no voice: say nothing about the voice libraries it does not need.
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    bot = build_bot(
        settings.database,
        dev_guild_id=settings.dev_guild_id,
        shard_count=settings.shard_count,
        shard_ids=settings.shard_ids,
        limits=settings.limits,
    )
    settle_heap()

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        async with bot:
            runner = asyncio.create_task(bot.start(settings.discord_token))
            stopper = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                log.info("signal received: shutting down")
            else:
                stopper.cancel()
            await bot.close()
            if runner in done:
                runner.result()  # re-raise a login or connection failure
            else:
                with contextlib.suppress(asyncio.CancelledError):
                    await runner

    try:
        asyncio.run(main())
    except discord.LoginFailure:
        raise SystemExit(t("main.bad_token", "en")) from None
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound, TimeoutError, OSError) as exc:
        raise SystemExit(t("main.no_network", "en", reason=type(exc).__name__ + ": " + str(exc)[:120])) from None
