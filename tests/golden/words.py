"""The words golden: what a player reads in the situations issue 28 listed, in English and French,
produced by the service itself (a seeded table, a clock moved by hand).

    python -m tests.golden.words        # rewrite tests/golden/words/<locale>.txt

Review the diff before committing it: a changed line is a changed text.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.errors import TableError
from bot.outbox import Outbox, Place, Player
from bot.service import TableService
from db.records import TableSettings
from db.sqlite import SqliteStore
from rules.engine import rng_for
from rules.registry import GAMES
from tests.conftest import Clock
from tests.support.orders import whole

HERE = Path(__file__).resolve().parent / "words"
LOCALES = ("en", "fr")


def people(locale: str) -> tuple[Player, Player, Player]:
    """Three players who read ``locale`` (ana's name starts with a vowel: French elides before it)."""
    return (Player("u-ana", "ana", locale), Player("u-ben", "ben", locale), Player("u-cy", "cy", locale))


class Script:
    """A service on a fresh store, a clock moved by hand, and the transcript being written."""

    def __init__(self, service: TableService, clock: Clock, locale: str) -> None:
        self.service = service
        self.clock = clock
        self.locale = locale
        self.lines: list[str] = []
        self.channels = iter(range(100, 10_000))
        self.ana, self.ben, self.cy = people(locale)
        self.by_id = {p.id: p for p in (self.ana, self.ben, self.cy)}

    def say(self, title: str, text: str) -> None:
        self.lines += [f"## {title}", text, ""]

    async def refusal(self, title: str, call: Callable[[], Awaitable[object]]) -> None:
        try:
            await call()
        except TableError as refused:
            self.say(title, "⛔ " + refused.text(self.locale))
        else:
            self.say(title, "(no refusal)")

    async def table(self, game: str, *players: Player, hints: bool = False) -> Place:
        place = Place(1, next(self.channels))
        await self.service.create(place, game, players[0], locale=self.locale, settings=TableSettings(hints=hints))
        for p in players[1:]:
            await self.service.join(place, p)
        await self.service.start(place, players[0])
        return place

    async def click(self, place: Place, ply: int, *, but: Player | None = None) -> Outbox | None:
        """The asked player (not ``but``) plays the AI's move; None if only ``but`` is asked."""
        table = await self.service.store.live_table(place.channel_id)
        if table is None or table.status != "active":
            return None
        asks = [a for a in await self.service.asks(place) if but is None or a.user_id != but.id]
        if not asks:
            return None
        game = self.service.games[table.game]
        action = game.ai_action(self.service.state_of(table), asks[0].seat, rng_for("words", ply))
        return await self.service.act(self.by_id[asks[0].user_id], game.action_code(action), place=place)


async def a_week_away(s: Script) -> None:
    """Mogul: ana plays once, sets a standing order and goes away for a week; ben and cy play a
    move every six hours. What her hand says when she is back, and what the order told her."""
    place = await s.table("mogul", s.ana, s.ben, s.cy)
    for ply in range(40):
        asked = {a.user_id for a in await s.service.asks(place)}
        if s.ana.id in asked:
            break
        await s.click(place, ply)
    table = await s.service.table(place)
    game = s.service.games["mogul"]
    ask = next(a for a in await s.service.asks(place) if a.user_id == s.ana.id)
    action = game.ai_action(s.service.state_of(table), ask.seat, rng_for("ana", 0))
    await s.service.act(s.ana, game.action_code(action), place=place)
    out = await s.service.set_orders(place, s.ana, await whole(s.service, table.id, s.ana, pays="2", scope="always"))
    s.say("ana sets a standing order", out.reply)
    notices: list[str] = []
    for ply in range(28):
        s.clock.advance(hours=6)
        for due in await s.service.run_due():
            notices += [p.text for p in due.private if p.user_id == s.ana.id]
        moved = await s.click(place, 100 + ply, but=s.ana)
        if moved is not None:
            notices += [p.text for p in moved.private if p.user_id == s.ana.id]
    orders = [text for text in notices if "standing order" in text or "ordre permanent" in text]
    s.say("what ana's order told her while she was away", "\n---\n".join(orders) or "(nothing)")
    hand = await s.service.hand(place, s.ana)
    s.say("ana's hand after a week away", hand.reply.split("\n\n", 1)[0])


async def refusals(s: Script) -> None:
    """Wrong or empty answers of issue 28, now the right ones."""
    place = await s.table("mogul", s.ana, s.ben, s.cy)
    table = await s.service.table(place)
    holder = s.by_id[table.seats[table.decisions[0].seat].user_id]
    await s.service.set_orders(place, holder, await whole(s.service, table.id, holder, pays="1"))
    await s.refusal("undo after a standing order played", lambda: s.service.undo(place, holder))

    lobby = Place(1, next(s.channels))
    await s.service.create(lobby, "mogul", s.ana, locale=s.locale)
    await s.service.add_ai(lobby, s.ana)
    removed = await s.service.kick(lobby, s.ana, "bot 1" if s.locale == "en" else "robot 1")
    s.say("the host removes an AI seat from the lobby", "\n".join([removed.reply, *removed.events]))
    await s.refusal("kicking nobody", lambda: s.service.kick(lobby, s.ana, "zed"))

    over = await s.table("racebow", s.ana, s.ben, hints=True)
    for ply in range(2000):
        if await s.click(over, ply) is None:
            break
    await s.refusal("undo after the end", lambda: s.service.undo(over, s.ana))
    await s.refusal("hint after the end", lambda: s.service.hint(over, s.ana))

    garden = await s.table("takenoko", s.ana, s.ben)
    said = False
    for ply in range(60):
        table = await s.service.table(garden)
        seat = table.decisions[0].seat
        player = s.by_id[table.seats[seat].user_id]
        state = s.service.state_of(table)
        if state.step == "action" and state.used:
            await s.refusal(
                f"Takenoko: the action already chosen ({state.used[0]})",
                lambda player=player, again=state.used[0]: s.service.act(player, f"act:{again}", place=garden),
            )
            break
        if state.step not in ("action", "face", "start") and not said:
            said = True
            await s.refusal(
                "Takenoko: an action while a plot waits to be placed",
                lambda player=player: s.service.act(player, "act:panda", place=garden),
            )
        await s.click(garden, 300 + ply)


async def hints_and_hands(s: Script) -> None:
    """A hint that says what the move does; Racebow's hand says whose turn it is; leaving, then
    coming back."""
    place = await s.table("mogul", s.ana, s.ben, s.cy, hints=True)
    table = await s.service.table(place)
    asked = s.by_id[table.seats[table.decisions[0].seat].user_id]
    s.say("a hint in Mogul", (await s.service.hint(place, asked)).reply)
    race = await s.table("racebow", s.ana, s.ben)
    table = await s.service.table(race)
    waiting = next(p for p in (s.ana, s.ben) if p.id != table.seats[table.decisions[0].seat].user_id)
    s.say("Racebow: the hand of the player who waits", (await s.service.hand(race, waiting)).reply.split("\n\n")[-1])
    left = await s.service.leave(place, s.cy)
    s.say("cy leaves the game", "\n".join([left.reply, *left.events]))
    back = await s.service.come_back(place, s.cy)
    s.say("cy comes back", "\n".join([back.reply, *back.events]))


async def transcript(locale: str) -> str:
    """The whole words golden of ``locale``."""
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStore.open(Path(tmp) / "words.sqlite3")
        try:
            clock = Clock()
            seeds = iter(f"words{i}" for i in range(1000))
            service = TableService(store, GAMES, clock=clock, new_seed=lambda: next(seeds))
            script = Script(service, clock, locale)
            for part in (a_week_away, refusals, hints_and_hands):
                await part(script)
        finally:
            await store.close()
    return "\n".join([f"# words ({locale})", "", *script.lines])


def main(argv: list[str]) -> None:
    HERE.mkdir(exist_ok=True)
    for locale in argv or LOCALES:
        (HERE / f"{locale}.txt").write_text(asyncio.run(transcript(locale)), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
