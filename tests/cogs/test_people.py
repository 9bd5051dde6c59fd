"""Scripted people through the real bot (simcord): a lazy player sets an order (Mogul) or plans
a turn from their heads-up (Racebow) through the form at their first look, and those orders then
answer turns as clicks would; the tally counts what bench/tempo.py counts."""

from __future__ import annotations

from typing import Any

import pytest

from bench import tempo
from rules.registry import GAMES
from tests.cogs.people import play_as_people, play_like_the_bench
from tests.cogs.support import hub, table_in
from tests.cogs.test_leaks import seat_everyone


@pytest.mark.parametrize("game", ["mogul", "racebow"])
async def test_lazy_people_set_their_orders_through_the_form_and_the_orders_play(simcord_env: Any, game: str) -> None:
    hub(simcord_env).service.new_seed = lambda: f"people-{game}"
    _, channel, actors, _ = await seat_everyone(simcord_env, game, 4)
    tally = await play_as_people(simcord_env, channel, actors, seed=3, most=120)
    table = await table_in(simcord_env, channel)
    log = await hub(simcord_env).service.store.actions(table.id)
    assert tally.forms >= 2, tally
    assert any(e.how == "order" for e in log), "the orders set through the form played"
    assert tally.decisions > tally.clicks and tally.hand_offs <= tally.clicks, tally


@pytest.mark.parametrize("game", ["mogul", "racebow"])
async def test_the_bench_person_model_matches_the_real_bot_within_20_percent(simcord_env: Any, game: str) -> None:
    """Issue 27's check of the bench against the real thing: one seeded game played through
    Discord by lazy people (bench/tempo.py's ``public_lazy``) hands off within 20 % as often as the
    bench says for that seed."""
    rules = GAMES[game]
    bench = tempo.public_game(rules, tempo.Playthrough(rules, 4, {}, 0), tempo.Person(steady=False, heads_up=False))
    hub(simcord_env).service.new_seed = lambda: "0"
    _, channel, actors, _ = await seat_everyone(simcord_env, game, 4)
    tally = await play_like_the_bench(simcord_env, channel, actors, "0")
    assert (await table_in(simcord_env, channel)).status == "over"
    assert tally.forms == bench["forms"], (tally, bench)
    assert abs(tally.hand_offs - bench["hand_offs"]) <= 0.2 * bench["hand_offs"], (tally, bench)
