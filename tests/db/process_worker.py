"""A bot process for tests/db/test_processes.py: a TableService on its own store, driven by JSON
lines on stdin, answering one JSON line per command on stdout.

    python -m tests.db.process_worker <database path or URL> <worker name>

Commands: ``warm`` (read tables, so this process holds them in memory), ``arm`` (take moves to
make, or a moment at which to run what fell due; answer ``armed``) then ``go`` (make them all at
once, or run what is due; answer the results), ``quit``.
Arming first lets the test release both processes with two short writes, so they really race.
"""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import datetime
from typing import Any

from bot.errors import Stale
from bot.outbox import Player
from bot.service import TableService
from db import open_store
from rules.registry import GAMES
from tests.support.guess import GUESS


async def main(target: str, name: str) -> None:
    """Serve commands until ``quit`` or the end of stdin."""
    store = await open_store(target)
    service = TableService(store, {**GAMES, "guess": GUESS})
    loop = asyncio.get_running_loop()
    armed: dict[str, Any] = {}
    try:
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            command = json.loads(line)
            op = command["op"]
            if op == "quit":
                break
            if op == "warm":
                for table_id in command["tables"]:
                    await service.asks(table_id=table_id)
                answer: dict[str, Any] = {"warm": len(command["tables"])}
            elif op == "arm":
                armed = command
                answer = {"armed": name}
            elif op == "go":
                answer = await fire(service, name, armed)
            else:
                answer = {"error": f"unknown op {op!r}"}
            print(json.dumps(answer), flush=True)
    finally:
        await store.close()


async def fire(service: TableService, name: str, armed: dict[str, Any]) -> dict[str, Any]:
    """Make every armed move at once, or run what has fallen due at the armed moment."""
    if "moves" in armed:

        async def one(table_id: int, user_id: str, code: str, decision: int) -> str:
            try:
                await service.act(Player(user_id, user_id, "en"), code, table_id=table_id, decision=decision)
            except Stale:
                return "stale"
            except Exception as exc:  # reported, so that the test shows it
                return f"error: {exc!r}"
            return "ok"

        results = await asyncio.gather(*(one(*move) for move in armed["moves"]))
        return {"results": list(results)}
    moment = datetime.fromisoformat(armed["due_at"])
    service.clock = lambda: moment
    outs = await service.run_due()
    timeouts = [[box.table_id, e] for box in outs for e in box.events if "time ran out" in e]
    return {"timeouts": timeouts, "worker": name}


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
