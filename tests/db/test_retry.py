"""The stores' one retry policy (db/store.py ``retried``), used by every write that can lose a race."""

from __future__ import annotations

import pytest

from db.store import MAX_ATTEMPTS, Raced, StaleMove, TableNotFound, retried


async def test_an_attempt_that_lost_a_race_is_made_again_until_it_lands() -> None:
    tries = []

    async def attempt() -> str:
        tries.append(1)
        if len(tries) < 3:
            raise Raced
        return "landed"

    assert await retried(attempt, "table 1") == "landed"
    assert len(tries) == 3


async def test_a_table_that_keeps_moving_ends_in_stale_move_after_the_limit() -> None:
    tries = []

    async def attempt() -> None:
        tries.append(1)
        raise Raced

    with pytest.raises(StaleMove, match="table 7 kept changing"):
        await retried(attempt, "table 7")
    assert len(tries) == MAX_ATTEMPTS


async def test_any_other_outcome_is_the_attempts_own() -> None:
    tries = []

    async def attempt() -> None:
        tries.append(1)
        raise TableNotFound(3)

    with pytest.raises(TableNotFound):
        await retried(attempt, "table 3")
    assert len(tries) == 1
