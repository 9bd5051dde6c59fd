"""AI levels at a table (/game addbot [level]) and the private hint (/game hint): a hint is only
given where the table allows it, only to the asking player, and a game with a hint counts for
nobody's rating (the results say so)."""

from __future__ import annotations

import pytest

from bot.errors import BadOption, NotSeated, TableError
from bot.outbox import Place
from bot.service import TableService
from db.records import TableSettings
from rules.engine import AI_LEVELS
from tests.conftest import ANA, BEN, CY, HERE


async def test_an_ai_seat_plays_at_the_level_its_host_chose(service: TableService) -> None:
    await service.create(HERE, "mogul", ANA)
    for level in AI_LEVELS:
        out = await service.add_ai(HERE, ANA, level)
        assert out.events[-1].startswith("Bot")
    with pytest.raises(BadOption):
        await service.add_ai(HERE, ANA, "godlike")
    table = await service.table(HERE)
    assert [s.user_id for s in table.seats if s.is_ai] == ["ai:1:easy", "ai:2", "ai:3:strong"]
    assert "🤖 Bot 3 (strong)" in (await service.board(HERE)).board
    out = await service.start(HERE, ANA)  # the three AI seats play their moves at once
    assert out.table.status == "active"


async def test_a_hint_is_private_and_marks_the_game(service: TableService) -> None:
    place = Place(1, 300)
    await service.create(place, "guess", ANA, settings=TableSettings(hints=False))
    await service.join(place, BEN)
    await service.start(place, ANA)
    table = await service.table(place)
    asked = next(p for p in (ANA, BEN) if p.id == table.seats[table.decisions[0].seat].user_id)
    with pytest.raises(TableError) as off:
        await service.hint(place, asked)
    assert off.value.key == "hint.off"
    await service.configure(place, ANA, hints=True)
    waiting = next(p for p in (ANA, BEN) if p != asked)
    with pytest.raises(TableError) as nothing:
        await service.hint(place, waiting)
    assert nothing.value.key == "hint.nothing"
    with pytest.raises(NotSeated):
        await service.hint(place, CY)
    before = await service.table(place)
    out = await service.hint(place, asked)
    assert "The AI would play" in out.reply or "L’IA jouerait" in out.reply
    assert (out.board, out.events, out.ping, out.private) == ("", [], None, [])  # nothing public
    after = await service.table(place)
    assert after.ply == before.ply and after.clocks.seats[table.decisions[0].seat].hints == 1
    while (table := await service.table(table_id=before.id)).status == "active":
        for ask in await service.asks(table_id=table.id):
            who = ANA if ask.user_id == ANA.id else BEN
            done = await service.act(who, ask.choices[0].code, table_id=table.id, decision=ask.decision)
    assert "Hints were asked in this game" in done.results
    assert table.results is not None and table.results.hints == (asked.name,)
    ranking = await service.leaderboard(place)
    assert ranking.ranks == () and ranking.unranked == 0
