"""Standing orders at a table (MG-ORD, TR-ORD, Takenoko's end-of-turn preference), through the
service: set privately, applied by the table's one play loop as the player's own click, stored
beside the state, and shown to nobody else."""

from __future__ import annotations

import contextlib
import io
import itertools
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import BadOption, NotSeated, Stale, TableError
from bot.offline import parse_args, play
from bot.orders import offered_instead
from bot.outbox import Draft, Place, Player, chain
from bot.service import TableService
from db.sqlite import SqliteStore
from db.store import TableStore
from rules.engine import FieldSpec, form_fields, rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, DEE, HERE, Clock
from tests.support.orders import seat_of, whole

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


@pytest.mark.parametrize(("game", "options"), [("mogul", {}), ("toprace", {})])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
async def test_mg_ord_2_tr_ord_2_orders_reach_what_clicks_reach(
    store: TableStore, game: str, options: dict[str, str], seed: int
) -> None:
    await play_both_ways(store, game, options, seed)


@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000))
async def test_a_takenoko_preference_reaches_what_clicks_reach(store: TableStore, seed: int) -> None:
    """The same for Takenoko's preference, one game a run (its AI thinks far longer a move)."""
    await play_both_ways(store, "takenoko", {}, seed)


# -- the form, the read-back, the save (issue 27) ----------------------------------------------------
async def test_mg_ord_6_a_missing_or_unknown_field_is_refused_by_its_name_and_nothing_changes(
    service: TableService,
) -> None:
    """A field without a value, an unknown key or a number out of range: refused, naming the
    field as the form titles it, in the reader's language; the table is not written."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    before = await service.table(table_id=table_id)
    order = await whole(service, table_id, ANA, pays="3", pot="4", scope="always")
    for values, english in (
        ({k: v for k, v in order.items() if k != "keep"}, "Chips to keep in reserve: this field needs a value."),
        ({**order, "keep": " "}, "Chips to keep in reserve: this field needs a value."),
        ({**order, "bid": "3"}, "This order has no field “bid”. Its fields: scope, pays, pot, keep, after."),
    ):
        for call in (service.read_back, service.set_orders):
            with pytest.raises(BadOption) as refused:
                await call(HERE, ANA, values)
            assert refused.value.text("en") == english
            assert "\xa0:" in refused.value.text("fr")
    toprace = await started(service, "toprace", ANA, BEN, CY, place=Place(1, 702))
    policy = await whole(service, toprace, ANA, policy="12 millions")
    with pytest.raises(BadOption) as refused:
        await service.set_orders(Place(1, 702), ANA, policy)
    assert refused.value.text("en").startswith(
        "Maximum for any car (every offer): “12 millions” is neither a whole number"
    )
    after = await service.table(table_id=table_id)
    assert (after.revision, after.orders) == (before.revision, before.orders)


async def test_mg_ord_6_the_read_back_says_the_whole_order_in_words_and_writes_nothing(service: TableService) -> None:
    table_id = await started(service, "mogul", ANA, BEN, CY)
    before = await service.table(table_id=table_id)
    order = await whole(service, table_id, ANA, pays="3", pot="4", keep="off", scope="always")
    out = await service.read_back(HERE, ANA, order)
    assert out.reply.startswith("Your standing order for every auction: drop out as soon as the pot holds 4 chips")
    assert out.reply.endswith("Nothing acts until you save it.")
    assert out.order is not None and out.order.draft is not None and out.order.ply == before.ply
    assert (out.board, out.events, out.private, out.moved) == ("", [], [], False)
    assert (await service.table(table_id=table_id)).revision == before.revision
    # The draft the read-back carries saves exactly that order.
    saved = await service.set_orders(HERE, ANA, out.order.draft, seen=out.order.ply)
    held = (await service.table(table_id=table_id)).orders[seat_of(before, ANA)]
    assert (held["pays"], held["pot"], held["scope"]) == ("3", "4", "always") and "3 times" in saved.reply


async def test_a_save_that_changes_nothing_and_a_cancel_without_an_order_write_nothing(service: TableService) -> None:
    """Issue 27: 1,073 writes in one game came from menu picks that changed nothing."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    await service.cancel_orders(HERE, CY)
    table = await service.table(table_id=table_id)
    assert table.revision == (await service.table(table_id=table_id)).revision
    order = await whole(service, table_id, CY, pot="5", scope="always")
    await service.set_orders(HERE, CY, order)
    once = await service.table(table_id=table_id)
    assert once.revision == table.revision + 1
    again = await service.set_orders(HERE, CY, order)
    assert (await service.table(table_id=table_id)).revision == once.revision
    assert "5" in again.reply and again.order is not None and again.order.held


async def test_tr_ord_6_the_form_comes_in_steps_and_its_draft_carries_them(service: TableService) -> None:
    """TR-ORD-5/6: "own" colours add two forms of three cars each; each step is pre-filled and
    checked, and the draft of the steps filled so far is refused once its fields changed."""
    await started(service, "toprace", ANA, BEN, CY)
    first = await service.order_form(HERE, ANA)
    assert first.form is not None and first.form.step == 1
    assert [f.name for f in first.form.fields] == ["max_bid", "policy", "scope", "colours"]
    assert all(f.value for f in first.form.fields), "every field is pre-filled"
    policy = next(f for f in first.form.fields if f.name == "policy")
    assert policy.kind == "number" and "10,000" in policy.hint
    values = {f.name: f.value for f in first.form.fields} | {"policy": "60,000", "colours": "own"}
    draft = Draft(tuple(values[f.name] for f in first.form.fields), chain("", [f.name for f in first.form.fields]))
    second = await service.order_form(HERE, ANA, draft)
    assert second.form is not None and second.form.step == 2 and len(second.form.fields) == 3
    assert second.form.draft.values[1] == "60000", "the steps filled so far are checked and normalised"
    cars = second.form.fields
    draft = Draft(
        (*second.form.draft.values, "pass", "same", "40k"), chain(second.form.draft.key, [f.name for f in cars])
    )
    third = await service.order_form(HERE, ANA, draft)
    assert third.form is not None and third.form.step == 3
    rest = third.form.fields
    draft = Draft(
        (*third.form.draft.values, "same", "same", "same"), chain(third.form.draft.key, [f.name for f in rest])
    )
    done = await service.order_form(HERE, ANA, draft)
    # The last step filled, the same call reads the whole order back (one call a submit).
    assert done.form is None and done.order is not None and done.order.draft is not None
    assert "60,000" in done.reply
    read = await service.read_back(HERE, ANA, draft)
    assert read.reply == done.reply
    with pytest.raises(Stale):
        await service.read_back(HERE, ANA, Draft(draft.values, "abcdef"))


async def test_rb_pre_1_a_pre_move_read_back_then_saved_after_the_game_moved_on_is_refused(
    service: TableService,
) -> None:
    """A stale form: the pre-move was read back while its player was next; once the turn has
    passed to them it no longer checks, and the save says so; nothing is written."""
    table_id = await started(service, "racebow", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    nxt = service.games["racebow"].up_next(service.state_of(table))
    assert nxt is not None
    holder = PEOPLE[table.seats[nxt].user_id]
    form = await service.order_form(HERE, holder)
    assert form.form is not None and form.form.fields[0].name == "m1"
    out = await service.read_back(HERE, holder, dict(await _suggested(service, table_id, holder)))
    assert out.order is not None and out.order.draft is not None
    for ply in range(20):  # the player before them plays their turn
        table = await service.table(table_id=table_id)
        if table.decisions[0].seat == nxt:
            break
        await click_ai(service, table_id, ply)
    before = await service.table(table_id=table_id)
    with pytest.raises(Stale) as refused:
        await service.set_orders(HERE, holder, out.order.draft, seen=out.order.ply)
    assert refused.value.text("en").startswith("The game has moved on since you filled in this form")
    assert (await service.table(table_id=table_id)).revision == before.revision


async def _suggested(service: TableService, table_id: int, player: Player) -> dict[str, str]:
    table = await service.table(table_id=table_id)
    orders = service.games[table.game].orders
    assert orders is not None and orders.suggest is not None
    state, seat = service.state_of(table), seat_of(table, player)
    names = {spec.name for spec in form_fields(orders, state, seat, orders.suggest(state, seat))}
    return {k: v for k, v in orders.suggest(state, seat).items() if k in names}


async def test_rb_pre_2_a_dropped_pre_move_tells_its_holder_why_in_private_and_nobody_else(
    service: TableService,
) -> None:
    """The next player plans their turn each time (as the form suggests it); when a planned turn
    is dropped (its cell changed), the holder's private message of that write says why, and the
    public events read as clicks would."""
    table_id = await started(service, "racebow", ANA, BEN, CY)
    rules = service.games["racebow"]
    told = None
    for ply in range(150):
        table = await service.table(table_id=table_id)
        nxt = rules.up_next(service.state_of(table))
        if nxt is not None and nxt not in table.orders:
            holder = PEOPLE[table.seats[nxt].user_id]
            await service.set_orders(HERE, holder, await _suggested(service, table_id, holder))
        asks = await service.asks(table_id=table_id)
        ask = min(asks, key=lambda a: a.seat)
        game = service.games["racebow"]
        action = game.ai_action(service.state_of(table), ask.seat, rng_for("clicks", ply))
        out = await service.act(PEOPLE[ask.user_id], game.action_code(action), table_id=table_id, decision=ask.decision)
        dropped = [p for p in out.private if "Your planned turn was dropped" in p.text]
        if dropped:
            told = dropped
            assert not any("planned" in e or "dropped" in e for e in out.events)
            break
    assert told, "no planned turn was dropped in 150 moves: the check was empty"
    assert len(told) == 1


async def test_no_message_for_an_order_made_move_and_none_marks_the_ai_for_an_absent_player(
    service: TableService,
) -> None:
    """Issue 27: every order-made move sent its holder a DM; the AI's moves for an absent player
    carried 🤖 on each line (so the channel could read an order's limit from where they stopped)."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    asked = {table.seats[d.seat].user_id for d in table.decisions}
    holder = next(p for p in (ANA, BEN, CY) if p.id not in asked)
    away = next(p for p in (ANA, BEN, CY) if p not in (holder,) and p.id not in asked)
    await service.set_orders(HERE, holder, await whole(service, table_id, holder, pays="4", scope="always"))
    await service.leave(HERE, away)
    holder_seat = seat_of(table, holder)
    order_moves = ai_moves = 0
    for ply in range(80):
        table = await service.table(table_id=table_id)
        if table.status != "active":
            break
        asks = await service.asks(table_id=table_id)
        ask = min(asks, key=lambda a: a.seat)
        game = service.games["mogul"]
        code = game.action_code(game.ai_action(service.state_of(table), ask.seat, rng_for("clicks", ply)))
        before = len(await service.store.actions(table_id))
        out = await service.act(PEOPLE[ask.user_id], code, table_id=table_id, decision=ask.decision)
        made = (await service.store.actions(table_id))[before:]
        if any(e.how == "order" and e.seat == holder_seat for e in made):
            order_moves += 1
            # No DM for an order-made move; only when the turn comes back to the holder in the same
            # step, one private notice says what the order played while they were away.
            to_holder = [p for p in out.private if p.user_id == holder.id]
            pinged = out.ping is not None and holder.id in out.ping.users
            assert not to_holder or (pinged and len(to_holder) == 1), "no DM for an order-made move"
        ai_moves += sum(1 for e in made if e.how == "ai")
        assert not any(e.startswith("🤖") for e in out.events), out.events
    assert order_moves and ai_moves, (order_moves, ai_moves)


async def test_the_heads_up_reaches_only_those_who_asked_for_it(service: TableService) -> None:
    """When the turn passes to a player, the one who plays after them gets one private notice,
    with the button to plan their turn, if they turned the heads-up on (off by default)."""
    await service.heads_up(BEN, True)
    assert await service.store.heads_up_for([ANA.id, BEN.id]) == {BEN.id}
    table_id = await started(service, "racebow", ANA, BEN, CY)
    rules = service.games["racebow"]
    notices = {p.id: 0 for p in (ANA, BEN, CY)}
    for ply in range(40):
        table = await service.table(table_id=table_id)
        asks = await service.asks(table_id=table_id)
        ask = min(asks, key=lambda a: a.seat)
        state = service.state_of(table)
        action = rules.ai_action(state, ask.seat, rng_for("clicks", ply))
        out = await service.act(
            PEOPLE[ask.user_id], rules.action_code(action), table_id=table_id, decision=ask.decision
        )
        for private in out.private:
            if "⏳" in private.text:
                notices[private.user_id] += 1
                assert "a commencé son tour" in private.text, "in the reader's language"
                assert (
                    private.order is not None and private.order.can_set and private.order.label == "Préparer mon tour"
                )
                after = await service.table(table_id=table_id)
                assert rules.up_next(service.state_of(after)) == seat_of(after, BEN)
    assert notices[BEN.id] >= 2 and notices[ANA.id] == notices[CY.id] == 0, notices
    await service.heads_up(BEN, False)
    assert await service.store.heads_up_for([BEN.id]) == set()


async def test_nobody_is_pinged_for_the_order_they_just_saved(service: TableService) -> None:
    """Saving an order on one's own turn plays it at once, as a click would; when the turn comes
    back to the holder in that same write (the others' orders dropped out), the holder is the one
    acting: the board does not ping them."""
    table_id = await started(service, "mogul", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    (ask,) = await service.asks(table_id=table_id)
    holder = PEOPLE[ask.user_id]
    for other in (p for p in (ANA, BEN, CY) if p != holder):
        await service.set_orders(HERE, other, await whole(service, table_id, other, pot="0", scope="auction"))
    out = await service.set_orders(HERE, holder, await whole(service, table_id, holder, pays="1", scope="auction"))
    after = await service.table(table_id=table_id)
    assert out.moved and after.decision_of(seat_of(table, holder)) is not None, "the holder won and is asked"
    assert out.ping is None or holder.id not in out.ping.users


async def test_mg_ord_2_the_private_view_says_why_a_held_order_leaves_the_turn_to_its_holder(
    service: TableService,
) -> None:
    table_id = await started(service, "mogul", ANA, BEN, CY)
    (ask,) = await service.asks(table_id=table_id)
    holder = PEOPLE[ask.user_id]
    table = await service.table(table_id=table_id)
    chips = service.state_of(table).chips[seat_of(table, holder)]
    # A reserve of all one's chips: the order never pays, and says so when the holder is asked.
    await service.set_orders(HERE, holder, await whole(service, table_id, holder, keep=str(chips), pot="9"))
    hand = await service.hand(HERE, holder)
    assert "reserve" in hand.reply.split("Your standing order")[-1], hand.reply


async def test_mg_ord_6_the_offline_command_takes_the_whole_order_on_one_line() -> None:
    """``orders`` shows the form pre-filled as one line to type; ``orders field=value …`` refuses an
    unknown key and a missing value with the form's own words, and saves a whole order; the
    heads-up is a command too."""
    out = io.StringIO()
    lines = [
        "ana orders",
        "ana orders pays=3 pot=4",
        "ana orders pays=3 pot=4 keep=off scope=always after=ask bid=2",
        "ana orders pays=3 pot=4 keep=off scope=always after=ask",
        "ana orders pays=3 pot=4 keep=off scope=always after=ask",
        "ana headsup on",
        "ana orders off",
    ]
    code = await play(parse_args(["mogul", "--players", "ana,ben,cy", "--ai", "ben,cy", "--seed", "4"]), lines, out)
    text = out.getvalue()
    assert code == 0, text[-2000:]
    assert re.search(r"ana orders scope=\S+ pays=\S+ pot=\S+ keep=\S+ after=\S+", text), "the whole form, one line"
    assert "⛔ How long the order lasts: this field needs a value." in text
    assert "⛔ This order has no field “bid”. Its fields: scope, pays, pot, keep, after." in text
    assert text.count("drop out as soon as the pot holds 4 chips") >= 2
    assert "Heads-up on" in text and "You have no standing order at this table." in text


async def test_rb_pre_1_only_the_next_player_may_plan_and_is_told_why(service: TableService) -> None:
    table_id = await started(service, "racebow", ANA, BEN, CY)
    table = await service.table(table_id=table_id)
    up_next = service.games["racebow"].up_next
    assert up_next is not None
    nxt = up_next(service.state_of(table))
    others = [p for p in (ANA, CY) if seat_of(table, p) != nxt]
    with pytest.raises(BadOption) as refused:
        await service.set_orders(HERE, others[0], {"m1": "A1"})
    assert refused.value.text("en") == "You can plan your turn only while the player before you is playing."
    with pytest.raises(TableError) as nothing:
        await service.order_form(HERE, others[0])
    assert nothing.value.key == "orders.nothing_now"
    assert (await service.table(table_id=table_id)).revision == table.revision


def test_a_held_limit_the_menu_no_longer_offers_shows_the_nearest_below_never_no_limit() -> None:
    """MG-ORD-6: saving a form unchanged keeps the order held; a held "pay up to 5" shown on a
    menu that offers 0 and 1 (the player has 1 chip left) reads "up to 1", not the field's
    default, which would lift the limit."""
    pays = FieldSpec(name="pays", choices=("off", "0", "1"), default="off")
    assert offered_instead(pays, "5") == "1"
    assert offered_instead(pays, "always") == "off"
    assert offered_instead(FieldSpec(name="pays", choices=("off", "3"), default="off"), "2") == "off"
