"""Standing orders at a table (MG-ORD, TR-ORD, Takenoko's end-of-turn preference), through the
service: set privately, applied by the table's one play loop as the player's own click, stored
beside the state, and shown to nobody else."""

from __future__ import annotations

import contextlib
import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import BadOption, NotSeated
from bot.outbox import Place, Player
from bot.service import TableService
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.engine import form_fields, rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, DEE, HERE, Clock

PEOPLE = {p.id: p for p in (ANA, BEN, CY, DEE)}
CHANNELS = itertools.count(800)


async def started(service: TableService, game: str, *players: Player, place: Place = HERE, **options: str) -> int:
    await service.create(place, game, players[0], options)
    for p in players[1:]:
        await service.join(place, p)
    return (await service.start(place, players[0])).table_id


async def click_ai(service: TableService, table_id: int, ply: int) -> bool:
    """The first asked player clicks what the game's AI would play; False once the game is over."""
    table = await service.table(table_id=table_id)
    if table.status != "active":
        return False
    asks = await service.asks(table_id=table_id)
    ask = min(asks, key=lambda a: a.seat)
    game = service.games[table.game]
    action = game.ai_action(service.state_of(table), ask.seat, rng_for("clicks", ply))
    await service.act(PEOPLE[ask.user_id], game.action_code(action), table_id=table_id, decision=ask.decision)
    return True


def seat_of(table: Any, player: Player) -> int:
    seat = table.seat_of(player.id)
    assert seat is not None and seat.seat is not None
    return int(seat.seat)


async def whole(service: TableService, table_id: int, player: Player, **values: str) -> dict[str, str]:
    """``values`` made a whole order: every other field its form offers now, at its "not set"
    value (an order is set as a whole: MG-ORD-6, TR-ORD-6)."""
    table = await service.table(table_id=table_id)
    orders = service.games[table.game].orders
    assert orders is not None
    state, seat = service.state_of(table), seat_of(table, player)
    first = {spec.name: spec.default for spec in orders.fields(state, seat)}
    return {spec.name: spec.default for spec in form_fields(orders, state, seat, {**first, **values})} | values


async def test_mg_ord_3_an_order_plays_as_a_click_and_tells_nobody(service: TableService) -> None:
    """Setting an order out of turn changes nothing anyone else can see; on the holder's auction
    turn it pays as the player would (logged as theirs, by their order), then, used up, the player
    is asked and pinged as usual."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    asked = {table.seats[d.seat].user_id for d in table.decisions}
    holder = next(p for p in (ANA, BEN, CY) if p.id not in asked)
    out = await service.set_orders(HERE, holder, await whole(service, table_id, holder, pays="1", scope="always"))
    after = await service.table(table_id=table_id)
    assert (out.board, out.events, out.ping, out.private, out.moved) == ("", [], None, [], False)
    assert after.ply == table.ply and after.decisions == table.decisions
    assert "1" in out.reply and out.order is not None and out.order.held
    seat = seat_of(after, holder)
    for ply in range(200):
        log = await service.store.actions(table_id)
        if any(entry.how == "order" for entry in log):
            break
        assert await click_ai(service, table_id, ply)
    paid = next(entry for entry in await service.store.actions(table_id) if entry.how == "order")
    assert (paid.seat, paid.code) == (seat, "pay")


async def test_orders_refuse_bad_input_and_change_nothing(service: TableService) -> None:
    table_id = await started(service, "mogul", ANA, BEN, CY)
    before = await service.table(table_id=table_id)
    for values in ({"pays": "-1"}, {"pays": "999"}, {"keep": "40"}, {"nonsense": "1"}, {"scope": "forever"}):
        with pytest.raises(BadOption) as refused:
            await service.set_orders(HERE, ANA, await whole(service, table_id, ANA, **values))
        assert refused.value.text("en") and refused.value.text("fr") != refused.value.text("en")
    with pytest.raises(NotSeated):
        await service.set_orders(HERE, DEE, {"pays": "1"})
    after = await service.table(table_id=table_id)
    assert (after.revision, after.orders) == (before.revision, before.orders)


async def test_tr_ord_1_an_order_needs_an_offer_and_a_game_with_orders(service: TableService) -> None:
    racebow = await started(service, "racebow", ANA, BEN, place=Place(1, 700))
    planned = await service.show_orders(Place(1, 700), ANA)  # RB-PRE-1: Racebow has pre-moves
    assert planned.order is not None and racebow
    await started(service, "toprace", ANA, BEN, CY, place=Place(1, 701))
    toprace = (await service.table(Place(1, 701))).id
    with pytest.raises(BadOption):
        await service.set_orders(Place(1, 701), ANA, await whole(service, toprace, ANA, max_bid="99999999"))
    shown = await service.order_form(Place(1, 701), ANA)
    # TR-ORD-5/6: the per-offer maximum first, then the standing policy, in one form.
    assert shown.form is not None
    assert [f.name for f in shown.form.fields] == ["max_bid", "policy", "scope", "colours"]


async def test_tr_ord_2_a_maximum_bid_answers_each_bidding_turn_at_once(service: TableService) -> None:
    """The holder's limit bids the minimum each time they are outbid, then passes above it: all in
    the writes of the others' moves (TR-ORD-2), and the log calls those bids theirs, by order."""
    await started(service, "toprace", ANA, BEN, CY)
    table = await service.table(HERE)
    ask = (await service.asks(table_id=table.id))[0]
    holder = PEOPLE[ask.user_id]
    out = await service.set_orders(HERE, holder, await whole(service, table.id, holder, max_bid="60000"))
    assert out.moved, "the holder was asked: the order bid at once, as a click would"
    log = await service.store.actions(table.id)
    assert next(e.code for e in log if e.how == "order").startswith(("bid", "block"))
    for ply in range(60):
        table = await service.table(table_id=table.id)
        if not table.orders:
            break
        await click_ai(service, table.id, ply)
    bids = [e for e in await service.store.actions(table.id) if e.how == "order" and e.code.startswith("bid")]
    assert bids and all(int(e.code.split(":")[1]) <= 60000 for e in bids)


async def test_mg_ord_4_an_order_answers_for_an_absent_player_before_the_ai(
    service: TableService, clock: Clock
) -> None:
    """A player timed out and marked away keeps their order: on their auction turns it plays,
    not the AI (the log says "order"), until it no longer decides."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    holder = PEOPLE[table.seats[table.decisions[0].seat].user_id]
    others = [p for p in (ANA, BEN, CY) if p != holder]
    await service.set_orders(HERE, others[0], await whole(service, table_id, others[0], pays="2", scope="always"))
    # The order's holder leaves: the AI plays their seat, except where their order decides.
    await service.leave(HERE, others[0])
    for ply in range(150):
        if not await click_ai(service, table_id, ply):
            break
        hows = {e.how for e in await service.store.actions(table_id) if e.seat == seat_of(table, others[0])}
        if {"order", "ai"} <= hows:
            break
    hows = [e.how for e in await service.store.actions(table_id) if e.seat == seat_of(table, others[0])]
    assert "order" in hows and "ai" in hows
    assert hows.index("order") < hows.index("ai") or hows.count("order") >= 1


async def test_orders_survive_a_restart(db_path: Any, clock: Clock) -> None:
    store = await SqliteStore.open(db_path)
    service = TableService(store, GAMES, clock=clock, new_seed=lambda: "s1")
    table_id = await started(service, "mogul", ANA, BEN, CY)
    await service.set_orders(HERE, CY, await whole(service, table_id, CY, pot="5", scope="always"))
    await store.close()
    store = await SqliteStore.open(db_path)
    try:
        again = TableService(store, GAMES, clock=clock)
        table = await again.table(table_id=table_id)
        assert table.orders[seat_of(table, CY)]["pot"] == "5"
        shown = await again.show_orders(HERE, CY)
        assert shown.order is not None and shown.order.held and "5" in shown.reply
        cancelled = await again.cancel_orders(HERE, CY)
        assert not cancelled.order.held and (await again.table(table_id=table_id)).orders == {}  # type: ignore[union-attr]
    finally:
        await store.close()


async def play_both_ways(store: TableStore, game: str, options: dict[str, str], seed: int) -> None:
    """One game where players set random standing orders at random moments (and click the AI's
    choice when asked), then the same moves clicked one by one at a second table: the same states,
    the same log and the same outcome (MG-ORD-2, TR-ORD-2: an order answers only what its holder
    would be asked, as they would)."""
    service = TableService(store, GAMES, new_seed=lambda: f"eq{seed}")
    players = (ANA, BEN, CY)
    here, there = Place(1, next(CHANNELS)), Place(1, next(CHANNELS))
    first = await started(service, game, *players, place=here, **options)
    rng = random.Random(seed)
    rules = GAMES[game]
    assert rules.orders is not None
    for ply in range(400):
        table = await service.table(table_id=first)
        if table.status != "active":
            break
        if rng.random() < 0.3:
            who = rng.choice(players)
            fields = rules.orders.fields(service.state_of(table), seat_of(table, who))
            if fields:
                chosen = {f.name: rng.choice(f.choices) for f in fields if rng.random() < 0.7}
                # A combination the game refuses (an order that can never play) changes nothing.
                with contextlib.suppress(BadOption):
                    await service.set_orders(here, who, await whole(service, first, who, **chosen))
        await click_ai(service, first, ply)
    log = await store.actions(first)
    assert any(e.how == "order" for e in log), "no order ever played: the comparison was empty"
    second = await started(service, game, *players, place=there, **options)
    for entry in log:
        table = await service.table(table_id=second)
        (ask,) = [a for a in await service.asks(table_id=second) if a.seat == entry.seat]
        await service.act(PEOPLE[ask.user_id], entry.code, table_id=second, decision=ask.decision)
    one, two = await service.table(table_id=first), await service.table(table_id=second)
    assert service.state_of(one) == service.state_of(two)
    assert [(e.seat, e.code) for e in log] == [(e.seat, e.code) for e in await store.actions(second)]
    assert one.status == two.status
    if one.results is not None and two.results is not None:
        assert [(r.user, r.rank, r.score) for r in one.results.standings] == [
            (r.user, r.rank, r.score) for r in two.results.standings
        ]


@pytest.mark.parametrize(("game", "options"), [("mogul", {}), ("toprace", {}), ("takenoko", {})])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
async def test_mg_ord_2_tr_ord_2_orders_reach_what_clicks_reach(
    store: TableStore, game: str, options: dict[str, str], seed: int
) -> None:
    await play_both_ways(store, game, options, seed)
