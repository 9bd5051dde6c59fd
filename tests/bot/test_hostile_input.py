"""Bad input, everywhere: every public entry point of the service (found by introspection, so a new
one is covered without an edit here) answers every type-correct hostile value — lone surrogates
in names, integers of 2^63 and beyond, unknown clock keys, empty strings, channel 0 — with the
project's typed refusal (``TableError``) and nothing changed, or with a plain answer."""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bot.service
from bot.errors import BadInput, TableError
from bot.outbox import Draft, Place, Player
from bot.service import TableService
from db.records import TableRecord, TableSettings
from db.store import TableStore
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.guess import GUESS

LOBBY = Place(guild_id=1, channel_id=200)
BIG = [2**31, 2**53, 2**63 - 1, 2**63, 2**64, 2**70, -(2**63), -(2**63) - 1, -(2**64)]
HOSTILE_TEXT = ["", " ", "\ud800", "a\udfffb", "\x00", "ana\u202e", "💥" * 40, "x" * 5000, "@everyone", "mogul"]


def hostile_text() -> st.SearchStrategy[str]:
    """Strings a front end may pass through: lone surrogates, NUL, empty, very long, real names."""
    return st.one_of(
        st.sampled_from(HOSTILE_TEXT),
        st.text(st.characters(codec=None, exclude_categories=()), max_size=12),
        st.sampled_from(["mogul", "toprace", "takenoko", "racebow", "guess", "pay", "drop", "move", "act:panda"]),
        st.sampled_from([ANA.id, BEN.id, CY.id, "ai:1", "ai:1:strong"]),
    )


def hostile_int() -> st.SearchStrategy[int]:
    """Integers past every column's range, zero, negatives, and the real ids of this test's tables."""
    return st.one_of(st.sampled_from([0, -1, 1, 2, 100, 200, *BIG]), st.integers(-(2**80), 2**80))


def players() -> st.SearchStrategy[Player]:
    return st.one_of(
        st.sampled_from([ANA, BEN, CY]),
        st.builds(Player, hostile_text(), hostile_text(), st.one_of(st.none(), hostile_text())),
    )


def places() -> st.SearchStrategy[Place]:
    return st.one_of(
        st.sampled_from([HERE, LOBBY]),
        st.builds(Place, st.one_of(st.none(), hostile_int()), hostile_int()),
    )


def strategy(kind: Any, tables: list[TableRecord]) -> st.SearchStrategy[Any]:
    """Type-correct hostile values for a parameter annotated ``kind``."""
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(strategy(arg, tables) for arg in typing.get_args(kind)))
    if kind is type(None):
        return st.none()
    if kind is bool:
        return st.booleans()
    if kind is int:
        return hostile_int()
    if kind is float:
        return st.one_of(st.floats(allow_nan=True), st.sampled_from([0.0, -1.0, 1e300]))
    if kind is str:
        return hostile_text()
    if kind is Place:
        return places()
    if kind is Player:
        return players()
    if kind is Draft:
        return st.builds(Draft, st.lists(hostile_text(), max_size=6).map(tuple), hostile_text())
    if kind is TableSettings:
        return st.builds(TableSettings, hostile_int(), hostile_int(), hostile_text(), st.booleans())
    if kind is TableRecord:
        return st.sampled_from(tables)
    if kind is Any:
        return st.one_of(st.none(), st.booleans(), hostile_int(), hostile_text())
    if origin is tuple:
        (item, *_) = typing.get_args(kind)
        return st.lists(strategy(item, tables), max_size=3).map(tuple)
    if origin in (set, frozenset):
        (item,) = typing.get_args(kind)
        return st.sets(strategy(item, tables), max_size=3).map(origin)
    if origin in (Mapping, dict, typing.Mapping):
        key, value = typing.get_args(kind)
        return st.dictionaries(strategy(key, tables), strategy(value, tables), max_size=3)
    raise AssertionError(f"no hostile values for {kind!r}: teach this test the new type")


def entry_points() -> dict[str, inspect.Signature]:
    """Every public coroutine of the service and its parameters."""
    found = {}
    for name, function in inspect.getmembers(TableService, inspect.iscoroutinefunction):
        if not name.startswith("_"):
            found[name] = inspect.signature(function)
    return found


ENTRY_POINTS = entry_points()


def test_the_entry_points_are_found() -> None:
    """The introspection finds the service's API (a refactor that hid it would make the property
    below vacuous)."""
    expected = {"create", "join", "act", "run_due", "past_tables", "waiting", "set_orders", "read_back", "order_form"}
    assert expected <= set(ENTRY_POINTS)


async def world(service: TableService) -> tuple[object, ...]:
    """What a refused call must leave as it was: every live table's row, the preferences."""
    tables = await service.live_tables()
    return tuple((t.id, t.revision, t.status, t.ply, t.seats, t.orders, t.settings) for t in tables)


@pytest.fixture
async def hostile(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(100_000))
    return TableService(store, {**GAMES, "guess": GUESS}, clock=clock, new_seed=lambda: next(seeds))


async def tables_in_play(service: TableService) -> list[TableRecord]:
    """A Mogul game under way here and a lobby there (opened again if an earlier call of the
    property ended them: a cancel, a leave)."""
    if await service.store.live_table(HERE.channel_id) is None:
        await service.create(HERE, "mogul", ANA)
        await service.join(HERE, BEN)
        await service.join(HERE, CY)
        await service.start(HERE, ANA)
    if await service.store.live_table(LOBBY.channel_id) is None:
        await service.create(LOBBY, "guess", BEN)
    return [await service.table(HERE)]


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
async def test_every_entry_point_refuses_hostile_values_with_a_typed_refusal(
    hostile: TableService, data: st.DataObject
) -> None:
    name = data.draw(st.sampled_from(sorted(ENTRY_POINTS)), label="entry point")
    signature = ENTRY_POINTS[name]
    hints = typing.get_type_hints(getattr(TableService, name), vars(bot.service))
    tables = await tables_in_play(hostile)
    args: dict[str, Any] = {}
    for parameter in list(signature.parameters.values())[1:]:
        args[parameter.name] = data.draw(strategy(hints[parameter.name], tables), label=parameter.name)
    before = await world(hostile)
    try:
        await getattr(hostile, name)(**args)
    except TableError as refused:
        refused.text("fr")  # the refusal reads in every language
        assert await world(hostile) == before, f"{name} refused but changed the table"


@pytest.mark.parametrize("channel", [0, -1, -(2**63), 2**63])
async def test_create_refuses_channel_zero_and_negative_channels(hostile: TableService, channel: int) -> None:
    await tables_in_play(hostile)
    with pytest.raises(BadInput):
        await hostile.create(Place(1, channel), "mogul", ANA)
