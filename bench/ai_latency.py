"""Does AI thinking hold up other tables? Prints one JSON object (tests never assert timings).

    python bench/ai_latency.py            # about 20 seconds
    python bench/ai_latency.py --quick

Table B has three human seats; every click there is timed. Table(s) A have one human and five AI
seats whose AI thinks ``--think-ms`` of CPU per decision (a deliberately slow player, standing in
for a search AI): each click at A makes the AI play until the human is asked again. The figures
are B's click latency alone, then while A's clicks keep the AI busy, and the same with the AI run
inline on the event loop (the design before AI moves were decided in a worker thread), so the
gain is measured in the same run. The interpreter's switch interval is the bot's (1 ms): a
CPU-bound AI thread still holds the GIL, and the event loop gets it back within that interval.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot import turns
from bot.client import SWITCH_INTERVAL
from bot.outbox import Place, Player
from bot.service import TableService
from db.sqlite import SqliteStore
from rules.registry import GAMES

PLAYS_AI = turns.plays_ai  # the bot's own test, put back after an inline run

HUMANS = [Player(f"h{i}", f"human{i}", "en") for i in range(3)]


def slow_mogul(think_ms: float) -> Any:
    """Mogul whose AI burns ``think_ms`` of CPU before each decision."""
    game = GAMES["mogul"]

    def think(state: Any, seat: int, rng: random.Random) -> Any:
        until = time.perf_counter() + think_ms / 1000
        while time.perf_counter() < until:
            pass
        return game.ai_action(state, seat, rng)

    return replace(game, ai=think)


async def open_table(service: TableService, channel: int, humans: int, bots: int) -> int:
    place = Place(guild_id=1, channel_id=channel)
    await service.create(place, "mogul", HUMANS[0])
    for player in HUMANS[1:humans]:
        await service.join(place, player)
    for _ in range(bots):
        await service.add_ai(place, HUMANS[0])
    return (await service.start(place, HUMANS[0])).table_id


async def click(service: TableService, table_id: int, rng: random.Random) -> bool:
    """One human click at ``table_id`` (False once the game is over)."""
    asks = [a for a in await service.asks(table_id=table_id) if not a.user_id.startswith("ai:")]
    if not asks:
        return False
    ask = asks[0]
    player = next(p for p in HUMANS if p.id == ask.user_id)
    await service.act(player, rng.choice(ask.choices).code, table_id=table_id, decision=ask.decision)
    return True


async def measure(path: Path, think_ms: float, clicks: int, busy_tables: int, *, inline: bool) -> dict[str, float]:
    """B's click latency while ``busy_tables`` AI tables are clicked without pause."""
    store = await SqliteStore.open(path)
    service = TableService(store, {"mogul": slow_mogul(think_ms)})
    # The inline run decides every move inside the write, on the event loop (bot/turns.py asks
    # plays_ai whether to think in a worker thread first).
    turns.plays_ai = (lambda table: False) if inline else PLAYS_AI  # type: ignore[assignment]
    quiet = await open_table(service, 1, 3, 0)
    busy = [await open_table(service, 10 + i, 1, 5) for i in range(busy_tables)]
    stop = asyncio.Event()
    ai_clicks = 0

    async def keep_busy(table_id: int) -> None:
        nonlocal ai_clicks
        rng = random.Random(table_id)
        while not stop.is_set():
            if not await click(service, table_id, rng):
                return
            ai_clicks += 1

    workers = [asyncio.create_task(keep_busy(t)) for t in busy]
    await asyncio.sleep(0.05)
    rng = random.Random(1)
    latencies = []
    for _ in range(clicks):
        start = time.perf_counter()
        if not await click(service, quiet, rng):
            break
        latencies.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(0.005)
    stop.set()
    await asyncio.gather(*workers, return_exceptions=True)
    await store.close()
    latencies.sort()
    return {
        "click_ms_median": round(statistics.median(latencies), 2),
        "click_ms_p99": round(latencies[max(0, int(len(latencies) * 0.99) - 1)], 2),
        "ai_table_clicks": ai_clicks,
    }


async def main(quick: bool, think_ms: float) -> dict[str, object]:
    clicks = 60 if quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        return {
            "think_ms_per_ai_decision": think_ms,
            "alone": await measure(root / "a.sqlite3", think_ms, clicks, 0, inline=False),
            "with_ai_tables_worker_thread": await measure(root / "b.sqlite3", think_ms, clicks, 2, inline=False),
            "with_ai_tables_inline": await measure(root / "c.sqlite3", think_ms, clicks, 2, inline=True),
        }


if __name__ == "__main__":
    sys.setswitchinterval(SWITCH_INTERVAL)  # as the bot runs (bot/client.py)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--think-ms", type=float, default=20.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.quick, args.think_ms)), indent=2))
