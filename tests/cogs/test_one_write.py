"""One move, one store transaction: a click, the moves that answer it (AI seats, standing
orders), the board that moves below with a hand-off, all land in the move's own write; where the
board went is noted beside the table and carried by the table's next write."""

from __future__ import annotations

import random
from typing import Any

from tests.cogs.support import hub, table_in
from tests.cogs.test_leaks import play_one

MODIFYING = ("INSERT", "UPDATE", "DELETE", "REPLACE")


class Transactions:
    """Counts the transactions on the SQLite store's writing connection, from its SQL trace: an
    explicit BEGIN ... COMMIT is one, and so is each modifying statement outside one (autocommit).

    The trace shows a statement again for each trigger it fires (Python traces the expanded text
    of the statement that runs the trigger): the same text again at once is the same statement."""

    def __init__(self) -> None:
        self.count = 0
        self._open = False
        self._last = ""

    def __call__(self, sql: str) -> None:
        again, self._last = sql == self._last, sql
        if again:
            return
        words = sql.lstrip().split(None, 1)
        first = words[0].upper() if words else ""
        if first.startswith("--"):  # a statement run by a trigger: part of its caller's
            return
        if first == "BEGIN":
            self._open = True
        elif first in ("COMMIT", "ROLLBACK", "END"):
            self._open = False
            self.count += first != "ROLLBACK"
        elif first in MODIFYING and not self._open:
            self.count += 1


async def test_every_move_is_one_transaction_hand_offs_and_ai_moves_included(simcord_env: Any) -> None:
    """Four players and an AI seat: every click whose move lands costs exactly one transaction,
    also when the board moves below (a hand-off) and when the AI plays after it."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tables")
    actors = [guild.add_member(simcord_env.create_user(f"p{i}")) for i in range(3)]
    await actors[0].slash(channel, "mogul new")
    for actor in actors[1:]:
        await actor.slash(channel, "game join")
    await actors[0].slash(channel, "game addbot")
    await actors[0].slash(channel, "game start")
    by_id = {str(a.id): a for a in actors}

    counted = Transactions()
    await hub(simcord_env).service.store.connection.set_trace_callback(counted)
    rng = random.Random(5)
    hand_offs = with_ai = 0
    for _ in range(40):
        before = await table_in(simcord_env, channel)
        if before.status != "active":
            break
        board = before.board_message_id
        counted.count = 0
        assert await play_one(simcord_env, channel, by_id, rng)
        after = await table_in(simcord_env, channel)
        assert after.ply > before.ply
        assert counted.count == 1, f"ply {before.ply}: {counted.count} transactions"
        hand_offs += after.board_message_id != board
        with_ai += any(e.seat == 3 for e in await hub(simcord_env).service.store.actions(after.id, after=before.ply))
    assert hand_offs >= 5 and with_ai >= 3, (hand_offs, with_ai)
