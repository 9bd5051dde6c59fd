"""A table in the terminal: several local players, the same TableService and renderers as Discord.

    python -m bot offline mogul --players ana,ben,cy [--ai ben,cy] [--seed 7]
                                [--option loan_cost=2 ...] [--lang fr] [--lobby]

Lines on standard input are ``<player> <command> [args]`` (commands mirror the slash commands);
the output shows the channel and each player's private messages as they would read them, labelled.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from bot.errors import TableError
from bot.i18n import t
from bot.outbox import Outbox, Place, Player
from bot.service import TableService
from db import open_store
from rules.registry import GAMES

PLACE = Place(guild_id=None, channel_id=1)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line of ``python -m bot offline``."""
    parser = argparse.ArgumentParser(
        prog="python -m bot offline",
        description="Play a table in the terminal, through the same service and boards as on Discord.",
    )
    parser.add_argument("game", choices=sorted(GAMES), help="which game to play")
    parser.add_argument("--players", required=True, help="comma-separated names; the first one hosts")
    parser.add_argument("--ai", default="", help="comma-separated names (from --players) played by the AI")
    parser.add_argument("--seed", default=None, help="the table's secret seed (same seed, same game)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable (e.g. --option loan_cost=2)",
    )
    parser.add_argument("--lang", default="en", choices=("en", "fr"), help="language of every message")
    parser.add_argument("--lobby", action="store_true", help="start in the lobby: players join and start")
    parser.add_argument("--db", default=None, help="SQLite file to keep the table in (default: temporary)")
    return parser.parse_args(argv)


class OfflineTable:
    """Reads player commands, calls the service, prints what each reader would see."""

    def __init__(self, service: TableService, players: dict[str, Player], out: TextIO, lang: str) -> None:
        self.service = service
        self.players = players
        self.out = out
        self.lang = lang

    def say(self, label: str, text: str) -> None:
        """Print one message with its label, indented under it."""
        if not text:
            return
        body = "\n".join("    " + line for line in text.splitlines())
        self.out.write(f"[{label}]\n{body}\n")

    def show(self, box: Outbox, actor: Player | None) -> None:
        """Print an Outbox: the channel first, then DMs, then the acting player's private reply."""
        channel = t("offline.channel", self.lang)
        if box.events:
            self.say(channel, "\n".join(box.events))
        if box.board:
            self.say(channel, box.board)
        if box.mentions:
            names = ", ".join("@" + self._name(user) for user in box.mentions)
            game = t(f"{box.game}.name", self.lang)
            self.say(channel, t("table.your_turn", self.lang, players=names, game=game, table=box.table_id))
        for user, text in box.private.items():
            self.say(t("offline.dm", self.lang, player=self._name(user)), text)
        if actor is not None and box.reply:
            self.say(t("offline.only", self.lang, player=actor.name), box.reply)

    def _name(self, user_id: str) -> str:
        return next((p.name for p in self.players.values() if p.id == user_id), user_id)

    async def command(self, line: str) -> bool:
        """Run one input line; False when the session should end."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        if line in ("quit", "exit"):
            return False
        if line == "help":
            self.say(t("offline.channel", self.lang), t("offline.help", self.lang))
            return True
        name, _, rest = line.partition(" ")
        player = self.players.get(name)
        if player is None:
            self.say("?", t("offline.unknown_player", self.lang, player=name, players=", ".join(self.players)))
            return True
        verb, _, arg = rest.strip().partition(" ")
        try:
            box = await self._run(player, verb, arg.strip())
        except TableError as refused:
            self.say(t("offline.only", self.lang, player=player.name), "⛔ " + refused.text(self.lang))
            return True
        if box is not None:
            self.show(box, player)
        return True

    async def _run(self, player: Player, verb: str, arg: str) -> Outbox | None:
        service = self.service
        simple: dict[str, Callable[[], object]] = {
            "join": lambda: service.join(PLACE, player),
            "leave": lambda: service.leave(PLACE, player),
            "start": lambda: service.start(PLACE, player),
            "cancel": lambda: service.cancel(PLACE, player),
            "hand": lambda: service.hand(PLACE, player),
            "log": lambda: service.log_page(PLACE, player, _page(arg)),
            "status": lambda: service.status(PLACE, player),
            "board": lambda: service.board(PLACE),
        }
        if verb in simple:
            box = await simple[verb]()  # type: ignore[misc]
            assert isinstance(box, Outbox)
            if verb == "board":
                box.mentions = []
            return box
        if verb in ("choices", "move"):
            ask = await service.ask(PLACE, player)
            if verb == "choices" or not arg:
                if ask is None:
                    self.say(
                        t("offline.only", self.lang, player=player.name),
                        t("offline.no_choice", self.lang, player=player.name),
                    )
                else:
                    listing = "\n".join(f"{i}. {c.label}  ({c.code})" for i, c in enumerate(ask.choices, 1))
                    self.say(
                        t("offline.only", self.lang, player=player.name),
                        t("offline.choices", self.lang, prompt=ask.prompt, choices=listing),
                    )
                return None
            code = arg
            if (
                ask is not None
                and arg.isascii()
                and arg.isdigit()
                and len(arg) <= 3
                and 1 <= int(arg) <= len(ask.choices)
            ):
                code = ask.choices[int(arg) - 1].code  # "move 2" = the second listed choice
            return await service.act(player, code, place=PLACE)
        self.say("?", t("offline.unknown_command", self.lang, command=verb or "-"))
        return None


async def play(args: argparse.Namespace, lines: Iterable[str], out: TextIO) -> int:
    """Set up the table from ``args``, then run ``lines`` as player commands."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    ai = {n.strip() for n in args.ai.split(",") if n.strip()}
    unknown_ai = ai - set(names)
    if unknown_ai or not names:
        out.write(f"--ai names must be among --players: {', '.join(sorted(unknown_ai))}\n")
        return 2
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            out.write(f"--option takes NAME=VALUE, not {item!r}\n")
            return 2
        options[key.strip()] = value.strip()
    players = {n: Player(f"local:{n}", n, args.lang) for n in names}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "offline.sqlite3"
        store = await open_store(path)
        try:
            service = TableService(store)
            if args.seed is not None:
                service.new_seed = lambda: str(args.seed)
            table = OfflineTable(service, players, out, args.lang)
            host = players[names[0]]
            try:
                created = await service.create(PLACE, args.game, host, options, locale=args.lang, ai=names[0] in ai)
                table.show(created, host)
                if not args.lobby:
                    for name in names[1:]:
                        box = await service.join(PLACE, players[name], ai=name in ai)
                        table.show(Outbox(box.table_id, box.game, events=box.events), None)
                    table.show(await service.start(PLACE, host), host)
            except TableError as refused:
                table.say(t("offline.only", args.lang, player=host.name), "⛔ " + refused.text(args.lang))
                if not args.lobby:
                    return 1
            for line in lines:
                if not await table.command(line):
                    break
        finally:
            await store.close()
    return 0


def main(argv: list[str]) -> int:
    """Entry point of ``python -m bot offline``."""
    args = parse_args(argv)
    lines = sys.stdin if not sys.stdin.isatty() else _prompted(sys.stdin)
    return asyncio.run(play(args, lines, sys.stdout))


def _page(arg: str) -> int | None:
    """A page number typed after ``log`` (None: the last page)."""
    return int(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 4 else None


def _prompted(stream: TextIO) -> Iterable[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
