"""Coming back after a day: the recap starts at the player's own last decision and reads turn by
turn; the log keeps the table's own events; a seat the AI plays is marked, in the status and the
results; the leaderboard counts only seats their players mostly played; a kick holds until
/game return; the clocks are fair across a pause; clock settings are checked at every entry."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.errors import BadOption
from bot.outbox import Place, Player
from bot.service import TableService
from db.records import TableSettings
from db.store import TableStore
from rules.engine import rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.support.guess import GUESS
from tests.support.nim import NIM

HOUR = 3600
PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


@pytest.fixture
def days(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, {**GAMES, "guess": GUESS, "nim": NIM}, clock=clock, new_seed=lambda: next(seeds))


async def started(service: TableService, game: str, *players: Player, place: Place = HERE, **settings: Any) -> int:
    await service.create(place, game, players[0], settings=TableSettings(**settings) if settings else None)
    for p in players[1:]:
        await service.join(place, p)
    return (await service.start(place, players[0])).table_id


async def asked(service: TableService, table_id: int) -> tuple[Player, Any]:
    asks = await service.asks(table_id=table_id)
    ask = min(asks, key=lambda a: a.seat)
    return PEOPLE[ask.user_id], ask


async def click(service: TableService, table_id: int, n: int = 1) -> None:
    """The asked players play the game's AI move, ``n`` times."""
    for ply in range(n):
        table = await service.table(table_id=table_id)
        if table.status != "active":
            return
        who, ask = await asked(service, table_id)
        game = service.games[table.game]
        action = game.ai_action(service.state_of(table), ask.seat, rng_for("click", ply))
        await service.act(who, game.action_code(action), table_id=table_id, decision=ask.decision)


async def test_the_recap_starts_at_ones_own_last_decision_and_reads_turn_by_turn(
    days: TableService, clock: Clock
) -> None:
    """Issue: after a timeout the AI played for ana, and "hand" showed no recap: it started at the
    last move of her seat, the AI's. It starts at her own last decision, and says who did what,
    turn by turn (the AI's moves for her as such)."""
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await click(days, table_id, 3)  # some decisions of their own
    who, _ = await asked(days, table_id)
    clock.advance(hours=73)  # their time runs out: the AI plays for them
    (due,) = await days.run_due()
    assert any("time ran out" in e for e in due.events)
    hand = await days.hand(HERE, who)
    recap = hand.reply.split("\n\n", 1)[0]
    assert recap.startswith("🕰️ Since your last move, 3 days ago:")
    turns = [line for line in recap.splitlines() if line.startswith("• ")]
    assert any(line.startswith(f"• 🤖 for {who.name}:") for line in turns), recap
    assert any(line.startswith("• ⏰") for line in turns), recap  # the timeout, on its own line
    names = {p.name for p in (ANA, BEN, CY)}
    others = [line for line in turns if not line.startswith(("• 🤖", "• ⏰", "• 💤"))]
    assert all(line[2:].split(":")[0] in names for line in others), recap  # every turn says whose


async def test_the_log_keeps_the_tables_own_events_in_both_languages(days: TableService, clock: Clock) -> None:
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.pause(HERE, ANA)
    clock.advance(hours=1)
    await days.resume(HERE, ANA)
    await days.configure(HERE, ANA, bank_hours=48)
    await days.leave(HERE, CY)  # the AI plays cy's seat: its moves say so
    await click(days, table_id, 6)
    await days.come_back(HERE, CY)
    await days.kick(HERE, ANA, BEN.id)
    await days.come_back(HERE, BEN)
    english = "\n".join([(await days.log_page(HERE, ANA, page)).reply for page in range(1, 30)])
    for said in (
        "paused the table",
        "started the clocks again",
        "changed the clock",
        "left the game",
        "is back",
        "handed",
    ):
        assert said in english, said
    assert "🤖 for cy:" in english
    french = (await days.log_page(HERE, BEN)).reply  # ben reads French
    assert "est de retour" in french or "retour" in french


async def test_a_seat_the_ai_plays_is_marked_on_the_board_and_in_the_status(days: TableService) -> None:
    await started(days, "mogul", ANA, BEN, CY)
    out = await days.leave(HERE, CY)
    assert "cy (AI)" in out.board
    status = await days.status(HERE, ANA)
    marked = {s.name: s.ai for s in status.seats}
    assert marked == {"ana": False, "ben": False, "cy": True} or marked["cy"]
    asked_now = [s for s in status.seats if s.asked_since]
    assert asked_now and all(s.deadline for s in asked_now)


async def test_results_say_what_the_ai_played_also_when_it_finished_at_once(days: TableService) -> None:
    """The last human leaves: the AI finishes the game in that very write, and the results still say
    which seat it played, how many of its decisions, and that it does not count for its player."""
    await days.create(HERE, "nim", ANA)
    await days.add_ai(HERE, ANA)
    await days.start(HERE, ANA)
    out = await days.leave(HERE, ANA)
    assert out.over
    assert "The AI played for ana" in out.results and "does not count for their rating" in out.results


async def test_a_seat_the_ai_mostly_played_does_not_count_for_the_leaderboard(days: TableService) -> None:
    for game in range(3):
        place = Place(guild_id=9, channel_id=500 + game)
        table_id = await started(days, "nim", ANA, BEN, place=place)
        if game == 0:
            await days.leave(place, BEN)  # ben's first game: the AI plays all of it
        while (await days.table(table_id=table_id)).status == "active":
            await click(days, table_id)
    ranking = await days.leaderboard(Place(guild_id=9, channel_id=500))
    ranks = {r.name: r.games for r in ranking.ranks}
    # ana: three games, one of which ben's seat did not count for; ben: two, so not ranked yet.
    assert "ben" not in ranks and ranking.unranked >= 1
    past = await days.past_tables(Place(guild_id=9, channel_id=500))
    assert past.tables and past.tables[0].unrated == ("ben",)


async def test_a_kicked_player_comes_back_only_with_return(days: TableService) -> None:
    table_id = await started(days, "mogul", ANA, BEN, CY)
    await days.kick(HERE, ANA, BEN.id)
    seat = (await days.table(table_id=table_id)).seat_of(BEN.id).seat  # type: ignore[union-attr]
    await days.hand(HERE, BEN)  # a stray command does not undo the kick
    assert (await days.table(table_id=table_id)).clocks.seats[seat].away
    await days.come_back(HERE, BEN)
    assert not (await days.table(table_id=table_id)).clocks.seats[seat].away


async def test_a_move_during_a_pause_is_not_charged_for_the_pause(days: TableService, clock: Clock) -> None:
    """Issue (72 h bank, 24 h bonus): a move 30 h into a pause left 28.98 h, charging the pause.
    The clock stopped with the pause: 37 h used before it, so 72 − 37 + 24 = 59 h."""
    table_id = await started(days, "nim", ANA, BEN)
    who, ask = await asked(days, table_id)
    clock.advance(hours=37)
    await days.pause(HERE, ANA)
    clock.advance(hours=30)
    await days.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
    table = await days.table(table_id=table_id)
    assert table.clocks.seats[ask.seat].bank == 59 * HOUR


async def test_a_decision_opened_during_a_pause_gets_no_extra_time(days: TableService, clock: Clock) -> None:
    """Issue: a decision opened 10 h before the resume had 102 h left of a 72 h bank (its start
    pushed 30 h into the future). Its clock starts at the resume, with the bank it had."""
    table_id = await started(days, "nim", ANA, BEN)
    who, ask = await asked(days, table_id)
    await days.pause(HERE, ANA)
    clock.advance(hours=20)
    await days.act(who, ask.choices[0].code, table_id=table_id, decision=ask.decision)
    clock.advance(hours=10)
    await days.resume(HERE, ANA)
    table = await days.table(table_id=table_id)
    (decision,) = table.decisions
    assert decision.since == clock().isoformat(timespec="seconds")
    (running,) = (await days.board(HERE)).clocks
    assert running.deadline == clock.now + timedelta(hours=72)


async def test_clock_settings_are_checked_at_every_entry(days: TableService) -> None:
    """Issue: create() stored a bad clock unchecked, and every start then failed with a TypeError
    that /game settings could not repair. Refused at once, naming the field."""
    with pytest.raises(BadOption) as refused:
        await days.create(HERE, "nim", ANA, settings=TableSettings(bank_hours=5))
    assert "clock" in refused.value.text("en") and "horloge" in refused.value.text("fr")
    with pytest.raises(BadOption) as policy:
        await days.create(HERE, "nim", ANA, clock={"policy": "nap"})
    assert "timeouts" in policy.value.text("en")


async def test_the_clock_change_names_its_author_as_inert_text(days: TableService) -> None:
    loud = Player("u-loud", "@everyone", "en")
    await days.create(HERE, "nim", loud)
    await days.join(HERE, ANA)
    await days.start(HERE, loud)
    out = await days.configure(HERE, loud, bank_hours=24)
    (line,) = [e for e in out.events if "changed the clock" in e]
    assert "@\u200beveryone" in line and "@everyone" not in line
