"""What a player reads (issue 28): wrong or empty answers replaced by the right one, refusals that
say why, hints that say what the move does in numbers the player can check, in both languages."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from bot.errors import GameOver, UndoRefused
from bot.hints import effects
from bot.i18n import Text
from bot.outbox import Player
from bot.service import TableService
from db.records import TableSettings
from db.store import TableStore
from rules.engine import ai_player, playout, rng_for
from rules.registry import GAMES
from tests.conftest import ANA, BEN, CY, HERE, Clock
from tests.golden.words import HERE as GOLDEN
from tests.golden.words import transcript
from tests.support.nim import NIM
from tests.support.orders import whole

PEOPLE = {p.id: p for p in (ANA, BEN, CY)}


@pytest.fixture
def words(store: TableStore, clock: Clock) -> TableService:
    seeds = iter(f"seed{i}" for i in range(1000))
    return TableService(store, {**GAMES, "nim": NIM}, clock=clock, new_seed=lambda: next(seeds))


async def started(service: TableService, game: str, *players: Player, hints: bool = False) -> int:
    await service.create(HERE, game, players[0], settings=TableSettings(hints=hints))
    for p in players[1:]:
        await service.join(HERE, p)
    return (await service.start(HERE, players[0])).table_id


async def finish(service: TableService, table_id: int) -> None:
    for ply in range(10_000):
        table = await service.table(table_id=table_id)
        if table.status != "active":
            return
        ask = min(await service.asks(table_id=table_id), key=lambda a: a.seat)
        game = service.games[table.game]
        action = game.ai_action(service.state_of(table), ask.seat, rng_for("end", ply))
        await service.act(PEOPLE[ask.user_id], game.action_code(action), table_id=table_id)


async def test_undo_after_an_order_played_says_the_order_did(words: TableService) -> None:
    """Issue 28: undo after a standing order acted said "the AI played that move"."""
    table_id = await started(words, "mogul", ANA, BEN, CY)
    table = await words.table(table_id=table_id)
    asked = table.seats[table.decisions[0].seat].user_id
    holder = PEOPLE[asked]
    out = await words.set_orders(
        HERE, holder, await whole(words, table_id, holder, pays="1")
    )  # it pays at once, as a click would
    assert out.moved
    with pytest.raises(UndoRefused) as refused:
        await words.undo(HERE, holder)
    assert refused.value.text("en").startswith("That move was played by your standing order")
    assert refused.value.text("fr").startswith("Ce coup a été joué par votre ordre permanent")


@pytest.mark.parametrize("command", ["undo", "hint"])
async def test_undo_and_hint_after_the_end_say_the_game_is_over(words: TableService, command: str) -> None:
    """Issue 28: undo or hint on a finished game answered "There is no table in this channel"."""
    table_id = await started(words, "nim", ANA, BEN, hints=True)
    await finish(words, table_id)
    with pytest.raises(GameOver) as over:
        await getattr(words, command)(HERE, ANA)
    assert over.value.text("en").startswith("This game is over")
    assert over.value.text("fr").startswith("Cette partie est terminée")


async def test_a_hint_says_what_the_move_does_in_numbers(words: TableService) -> None:
    """Issue 28: hints said "It helps you most". A hint now quotes what the move would do and what
    it changes for the player, numbers they can check on their own view."""
    table_id = await started(words, "mogul", ANA, BEN, CY, hints=True)
    table = await words.table(table_id=table_id)
    asked = PEOPLE[table.seats[table.decisions[0].seat].user_id]
    reply = (await words.hint(HERE, asked)).reply
    assert "What it does:" in reply or "Ce que cela fait" in reply, reply
    assert ("📊 For you: chips 6 → 5" in reply) or ("📊 Pour vous\xa0: jetons 6 → 5" in reply), reply


def test_a_top_race_card_hint_says_where_the_cars_end() -> None:
    """Issue 28: a Top Race card hint said only "ana plays card #39". A card opens its cars' moves
    as further decisions of the same player, so the hint finishes the turn as the AI would and
    says where each car ends (rows and lanes the player can check on the board)."""
    game = GAMES["toprace"]
    state = game.start(3, {}, 5)
    for n, ply in enumerate(playout(game, state, 5, ai_player(game, 5))):
        state = ply.after
        seat = min(game.to_act(state))
        played = game.legal_actions(state, seat)
        if game.action_code(played[0]).startswith("play:"):
            said = effects(game, state, seat, played[0], rng_for(5, n + 2), Text("en", ["ana", "ben", "cy"]))
            assert re.search(r"moves to row \d+, lane \d+", said[0]), said
            return
    raise AssertionError("no card was played")


async def test_a_hint_never_tells_what_a_draw_would_bring(words: TableService) -> None:
    """A hint that would draw (a Takenoko plot or objective) says the outcome depends on the draw,
    and names no card: the deck is hidden."""
    table_id = await started(words, "takenoko", ANA, BEN, hints=True)
    seen = 0
    for ply in range(60):
        table = await words.table(table_id=table_id)
        ask = min(await words.asks(table_id=table_id), key=lambda a: a.seat)
        player = PEOPLE[ask.user_id]
        reply = (await words.hint(HERE, player)).reply
        assert "You draw" not in reply and "Back under the deck" not in reply, reply
        seen += "depends on a draw" in reply
        game = words.games[table.game]
        action = game.ai_action(words.state_of(table), ask.seat, rng_for("h", ply))
        await words.act(player, game.action_code(action), table_id=table_id)
    assert seen


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_the_words_golden(locale: str) -> None:
    """The words of issue 28 in both languages, as the code writes them (tests/golden/words.py;
    rewrite with ``python -m tests.golden.words`` when a text changes on purpose)."""
    kept = (GOLDEN / f"{locale}.txt").read_text(encoding="utf-8")
    now = await transcript(locale)
    assert now == kept, "\n".join(difflib.unified_diff(kept.splitlines(), now.splitlines(), lineterm=""))


def test_the_readme_shows_the_recap_after_a_week_away() -> None:
    """The README's example is the code's own recap (the words golden's), not a mock-up."""
    golden = (GOLDEN / "en.txt").read_text(encoding="utf-8")
    recap = golden.split("## ana's hand after a week away\n", 1)[1].split("\n\n", 1)[0]
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "\n".join("  " + line for line in recap.splitlines()) in readme


def test_a_turn_line_says_its_players_name_once() -> None:
    """Issue 28: "ben: ✅ ben validates" said the name twice."""
    from bot.history import strip_name

    assert strip_name("✅ ben validates “PA-GG” (+3)", "ben") == "✅ validates “PA-GG” (+3)"
    assert strip_name("ben plays 🟨F", "ben") == "plays 🟨F"
    assert strip_name("Round 2: ben plays", "ben") == "Round 2: ben plays"


async def test_an_order_that_played_at_once_says_what_it_did(words: TableService) -> None:
    """Issue 28: an order that played at once and lapsed answered "You have no standing order",
    with no summary. The reply says what it played, then the order as it stands, or that it
    ended."""
    table_id = await started(words, "mogul", ANA, BEN, CY)
    table = await words.table(table_id=table_id)
    holder = PEOPLE[table.seats[table.decisions[0].seat].user_id]
    out = await words.set_orders(HERE, holder, await whole(words, table_id, holder, pays="1", scope="auction"))
    held = (await words.table(table_id=table_id)).orders.get(table.seat_of(holder.id).seat)  # type: ignore[union-attr]
    played, then = out.reply.splitlines()
    assert played == "Your standing order played: Stay in (pay 1 chip)"
    assert then.startswith("🔒 Your order for one auction") if held else then.startswith("Its work is done")
