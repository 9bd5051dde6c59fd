"""States written by earlier versions still load (state_version + the game's upgrade)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from bot.service import TableService
from db.sqlite import SqliteStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.guess import GUESS, GuessState

MOGUL = GAMES["mogul"]

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


async def test_a_stored_version_1_mogul_state_still_loads() -> None:
    """The fixture was written by state version 1; today's model must read it unchanged."""
    data = json.loads((FIXTURES / "mogul_state_v1.json").read_text())
    upgraded = MOGUL.upgrade(data, 1)
    state = MOGUL.state_type.model_validate(upgraded)
    assert MOGUL.to_act(state) and MOGUL.legal_actions(state, min(MOGUL.to_act(state)))


UPGRADED: list[int] = []


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 states lack nothing GuessState needs; record the call."""
    UPGRADED.append(1)
    return dict(data)


GUESS_V2 = replace(GUESS, state_version=2, upgrades={1: _v1_to_v2})
"""Guess as if its state model had moved to version 2."""


async def test_the_service_upgrades_an_older_state_before_playing(db_path: Path, clock: Clock) -> None:
    store = await SqliteStore.open(db_path)
    try:
        old = TableService(store, {"guess": GUESS}, clock=clock, new_seed=lambda: "s")
        await old.create(HERE, "guess", ANA)
        await old.join(HERE, BEN)
        await old.join(HERE, CY)
        table_id = (await old.start(HERE, ANA)).table_id
        assert (await old.table(table_id=table_id)).state_version == 1
        new = TableService(store, {"guess": GUESS_V2}, clock=clock)  # a newer bot, same database
        state = new.state_of(await new.table(table_id=table_id))
        assert isinstance(state, GuessState) and UPGRADED == [1]
        (ask,) = await new.asks(table_id=table_id)
        who = {p.id: p for p in (ANA, BEN, CY)}[ask.user_id]
        await new.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
        assert (await new.table(table_id=table_id)).state_version == 2  # written back in today's format
    finally:
        await store.close()
