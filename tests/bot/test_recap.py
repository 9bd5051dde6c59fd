"""The recap after days away (issue 28) and what standing orders did (issue 27, item 7): it leads
with every decision made for the player (by their order, a timeout or the AI) and what changed for
them, then the turns that changed the standings, then how many more events the log holds; the
public one (on the ping) names no order and no chip; an order tells its holder once per return,
never a DM per move; 🤖 marks the AI's decision, not what the game does after it."""

from __future__ import annotations

import pytest

from bot.history import FOR_YOU
from bot.i18n import Text
from bot.outbox import Outbox, Player
from bot.service import TableService
from db.store import TableStore
from rules.engine import rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.orders import whole

PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


@pytest.fixture
def days(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, GAMES, clock=clock, new_seed=lambda: next(seeds))


async def started(service: TableService, game: str, *players: Player) -> int:
    await service.create(HERE, game, players[0])
    for p in players[1:]:
        await service.join(HERE, p)
    return (await service.start(HERE, players[0])).table_id


async def others_play(service: TableService, table_id: int, clock: Clock, hours: float, away: Player) -> list[Outbox]:
    """For ``hours`` of virtual time, everyone but ``away`` clicks the AI's move as soon as asked
    (a click an hour); the clock runs out for ``away``. Every Outbox the table produced."""
    outs: list[Outbox] = []
    end = clock.now.timestamp() + hours * 3600
    ply = 0
    while clock.now.timestamp() < end:
        table = await service.table(table_id=table_id)
        if table.status != "active":
            break
        asks = [a for a in await service.asks(table_id=table_id) if a.user_id != away.id]
        if not asks:
            clock.advance(hours=1)
            outs += await service.run_due()
            continue
        ask = asks[0]
        game = service.games[table.game]
        action = game.ai_action(service.state_of(table), ask.seat, rng_for("click", ply))
        ply += 1
        outs.append(await service.act(PEOPLE[ask.user_id], game.action_code(action), table_id=table_id))
        clock.advance(minutes=20)
        outs += await service.run_due()
    return outs


async def first_move(service: TableService, table_id: int, player: Player) -> None:
    """Everyone clicks the AI's move until ``player`` has made one of their own."""
    for ply in range(100):
        table = await service.table(table_id=table_id)
        ask = min(await service.asks(table_id=table_id), key=lambda a: a.seat)
        game = service.games[table.game]
        action = game.ai_action(service.state_of(table), ask.seat, rng_for("first", ply))
        who = player if ask.user_id == player.id else PEOPLE[ask.user_id]
        await service.act(who, game.action_code(action), table_id=table_id)
        if who is player:
            return


async def made_for(service: TableService, table_id: int, player: Player, locale: str) -> list[str]:
    """The labels of every move made for ``player`` since their last own move, as they read them."""
    table = await service.table(table_id=table_id)
    story = await service.history.story(table)
    seat = table.seat_of(player.id).seat  # type: ignore[union-attr]
    since = max((e.ply for e in story.moves if e.seat == seat and e.how == ""), default=0)
    tr = Text(locale, [s.name for s in table.seats])
    return [tr.msg(e.label) for e in story.moves if e.ply > since and e.seat == seat and e.how in FOR_YOU if e.label]


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_the_first_five_lines_after_a_week_name_every_decision_made_for_the_player(
    days: TableService, clock: Clock, locale: str
) -> None:
    """Issue 28: after 7 days the Mogul recap buried "took M09", "took a loan" among "108 earlier
    events". Its first five lines now name every decision made for ana (her order's, the timeouts',
    the AI's), and say what changed for her."""
    ana = Player(ANA.id, ANA.name, locale)
    table_id = await started(days, "mogul", ana, BEN, CY)
    await first_move(days, table_id, ana)
    await days.set_orders(HERE, ana, await whole(days, table_id, ana, pays="2", scope="always"))
    await others_play(days, table_id, clock, 7 * 24, away=ana)
    recap = (await days.hand(HERE, ana)).reply.split("\n\n", 1)[0].splitlines()
    head = "\n".join(recap[:5])
    week = (
        "🕰️ Since your last move, 1 week ago:"
        if locale == "en"
        else "🕰️ Depuis votre dernier coup, il y a 1\xa0semaine\xa0:"
    )
    assert recap[0] == week
    labels = await made_for(days, table_id, ana, locale)
    assert len(labels) >= 10 and {"order", "timeout", "ai"} <= {
        e.how for e in (await days.history.story(await days.table(table_id=table_id))).moves if e.seat is not None
    }
    assert all(label.casefold() in head.casefold() for label in labels), (labels, head)
    assert ("📊 For you: score" if locale == "en" else "📊 Pour vous\xa0: score") in head
    assert recap[-1].startswith("… and " if locale == "en" else "… et ")


async def test_the_public_recap_names_no_order_and_no_chip(days: TableService, clock: Clock) -> None:
    """The recap on the board that pings a player back after a while is public: what their order
    played counts as their own move there (MG-ORD-3), and their chips are not said."""
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.set_orders(HERE, ANA, await whole(days, table_id, ANA, pays="2", scope="always"))
    outs = await others_play(days, table_id, clock, 7 * 24, away=ANA)
    recaps = [o.ping.recap for o in outs if o.ping is not None and o.ping.recap and ANA.id in o.ping.users]
    assert recaps, "ana is pinged with a recap after a day away"
    for recap in recaps:
        assert "order" not in recap and "chips 1" not in recap and "chips 2" not in recap, recap


async def test_an_order_tells_its_holder_once_per_return_not_a_dm_per_move(days: TableService, clock: Clock) -> None:
    """Issue 27, item 7: every order-made move sent its holder a DM. What the order played is told
    once, privately, when the turn comes back to them."""
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.set_orders(HERE, ANA, await whole(days, table_id, ANA, pays="3", scope="always"))
    outs: list[Outbox] = []
    for _ in range(40):
        outs += await others_play(days, table_id, clock, 0.5, away=ANA)
        if any(o.ping is not None and ANA.id in o.ping.users for o in outs):
            break
    orders = [e for e in await days.store.actions(table_id) if e.how == "order"]
    assert orders, "ana's order played"
    to_ana = [p.text for o in outs for p in o.private if p.user_id == ANA.id]
    pinged = [o for o in outs if o.ping is not None and ANA.id in o.ping.users]
    assert pinged
    (notice,) = [p.text for p in pinged[0].private if p.user_id == ANA.id]
    assert "While you were away, your standing order played: Stay in (pay 1 chip)" in notice
    assert len(to_ana) <= len(pinged), to_ana  # one private message per return, no more


async def test_the_ai_mark_is_on_its_decision_not_on_what_follows(days: TableService, clock: Clock) -> None:
    """Issue 28: 🤖 marked a card revealed and dividends, as if the AI had decided them. In the log
    only the decision the AI made for an absent player carries it."""
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.leave(HERE, ANA)
    await others_play(days, table_id, clock, 24, away=ANA)
    lines = "\n".join([(await days.log_page(HERE, BEN, page)).reply for page in range(1, 60)])
    marked = [line for line in lines.splitlines() if "🤖" in line]
    assert marked and not [line for line in marked if "revealed" in line or "dividend" in line], marked


async def test_the_board_marks_no_event_with_the_ai(days: TableService, clock: Clock) -> None:
    """Issue 28: on the board's events, 🤖 marked a card revealed and dividends, and said the player
    twice ("🤖 for ana: ana pays 1 chip"). The board's events read the same whoever decided a move
    (an absent player's AI is told once when it starts and once when it ends): no 🤖 at all, while
    the table did play for ana."""
    await started(days, "mogul", ANA, BEN, CY)
    table_id = (await days.table(HERE)).id
    await days.leave(HERE, ANA)
    outs = await others_play(days, table_id, clock, 24, away=ANA)
    assert [e for e in await days.store.actions(table_id) if e.how == "ai"]
    events = [e for o in outs for e in o.events]
    assert events and not [e for e in events if "🤖" in e], events
