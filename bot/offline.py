"""A table in the terminal: several local players, the same TableService and renderers as Discord.

    scripts/bot.sh offline mogul --players ana,ben,cy [--ai ben,cy] [--seed 7]
                                 [--option loan_cost=2 ...] [--lang fr] [--lobby] [--db FILE]

Lines on standard input are ``<player> <command> [args]`` (commands mirror the slash commands);
the output shows the channel and each player's private messages as they would read them, labelled.
Time is virtual: ``wait <hours>`` moves the table's clock on, so reminders and timeouts can be
tried without waiting for them.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TextIO

from bot.errors import TableError
from bot.guide import guide
from bot.i18n import duration, moment, offline_commands, t
from bot.outbox import Draft, OrderForm, Outbox, Place, Player, Table, chain
from bot.service import TableService
from db import open_store
from rules.registry import GAMES

PLACE = Place(guild_id=None, channel_id=1)
MAX_WAIT_HOURS = 24 * 30


def options_help() -> str:
    """Every game's options and their values (the default first), for ``--help``."""
    lines = ["game options (--option NAME=VALUE):"]
    for name, game in sorted(GAMES.items()):
        listed = ", ".join(
            f"{o.name}={'|'.join(sorted(o.choices, key=lambda v: v != o.default))}" for o in game.options
        )
        lines.append(f"  {name} ({game.min_players}-{game.max_players} players): {listed or '-'}")
    return "\n".join(lines)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The command line of ``scripts/bot.sh offline``."""
    parser = argparse.ArgumentParser(
        prog="scripts/bot.sh offline",
        description="Play a table in the terminal, through the same service and boards as on Discord.",
        epilog=options_help() + "\n\nThen type lines such as: ana choices | ana move 2 | ana hand | help",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=sorted(GAMES), help="which game to play")
    parser.add_argument("--players", required=True, help="comma-separated names (no spaces); the first one hosts")
    parser.add_argument("--ai", default="", help="comma-separated names (from --players) played by the AI")
    parser.add_argument("--seed", default=None, help="the table's secret seed (same seed, same game)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option, repeatable")
    parser.add_argument("--lang", default="en", choices=("en", "fr"), help="language of every message")
    parser.add_argument("--lobby", action="store_true", help="start in the lobby: players join and start")
    parser.add_argument(
        "--db", default=None, help="SQLite file to keep the table in; an unfinished table there is resumed"
    )
    parser.add_argument("--hints", action="store_true", help="allow 'hint' (the game then counts for no rating)")
    parser.add_argument(
        "--pictures",
        default=None,
        metavar="DIR",
        help="write each picture the table would attach (board-NNN.png) and, at the end, the replay (replay.gif)",
    )
    return parser.parse_args(argv)


class OfflineTable:
    """Reads player commands, calls the service, prints what each reader would see."""

    def __init__(
        self,
        service: TableService,
        players: dict[str, Player],
        out: TextIO,
        lang: str,
        clock: VirtualClock,
        game: str = "",
        pictures: Path | None = None,
    ) -> None:
        self.game = game
        self.pictures = pictures
        self._drawn = ""  # what the last picture written showed
        self._count = last_picture(pictures)  # a resumed table numbers on, never over, its pictures
        self.service = service
        self.players = players
        self.out = out
        self.lang = lang
        self.clock = clock

    def say(self, label: str, text: str) -> None:
        """Print one message with its label, indented under it (commands named as typed here)."""
        if not text:
            return
        text = offline_commands(text, self.lang)
        body = "\n".join("    " + line for line in text.splitlines())
        self.out.write(f"[{label}]\n{body}\n")

    def show(self, box: Outbox, actor: Player | None) -> None:
        """Print an Outbox: the acting player's own reply first, then the channel, then DMs."""
        for earlier in box.before:
            self.show(earlier, None)
        self._write_pictures(box)
        if actor is not None and box.reply:
            self.say(t("offline.only", self.lang, player=actor.name), "\n".join([box.reply, *self._seats(box)]))
        channel = t("offline.channel", self.lang)
        if box.events:
            self.say(channel, "\n".join(box.events))
        if box.board:
            clocks = [
                t(
                    "offline.clock",
                    self.lang,
                    player=c.name,
                    deadline=moment(c.deadline, self.lang),
                )
                for c in box.clocks
            ]
            if box.paused_until:
                clocks.append(t("offline.paused", self.lang, until=moment(box.paused_until, self.lang)))
            self.say(channel, "\n".join([box.board, *clocks]))
        if box.results:
            self.say(channel, box.results)
        if box.ping is not None and not box.over:
            names = ", ".join("@" + self._name(user) for user in box.ping.users)
            game = t(f"{box.game}.name", self.lang)
            ping = t("table.your_turn", self.lang, players=names, game=game, table=box.table_id)
            self.say(channel, "\n\n".join(p for p in (box.ping.recap, ping) if p))
        for reminder in box.reminders:
            key = "offline.reminder_last" if reminder.last else "offline.reminder"
            deadline = moment(reminder.deadline, self.lang)
            self.say(channel, t(key, self.lang, player=reminder.name, deadline=deadline))
        for private in box.private:
            self.say(t("offline.dm", self.lang, player=self._name(private.user_id)), private.text)
        if box.form is not None and actor is not None:
            self.say(t("offline.only", self.lang, player=actor.name), self._form_lines(box.form, actor))

    def _form_lines(self, form: OrderForm, actor: Player) -> str:
        """An order's form as the terminal shows it: each field, its value now and what it takes,
        then the whole order as one line to edit and type."""
        lines = []
        for f in form.fields:
            current = ",".join(next((c.label for c in f.choices if c.code == v), v) for v in f.value.split(","))
            values = f.hint if f.kind == "number" else "|".join(c.code for c in f.choices)
            lines.append(
                t("offline.order_field", self.lang, field=f.name, label=f.label, current=current, values=values)
            )
        line = " ".join(f"{f.name}={f.value}" for f in form.fields)
        lines.append(t("orders.cli_line", self.lang, line=f"{actor.name} orders {line}", player=actor.name))
        return "\n".join(lines)

    def _write_pictures(self, box: Outbox) -> None:
        """With --pictures: the board's picture each time it changes, and the replay at the end."""
        if self.pictures is None:
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        if box.picture is not None and box.picture_key != self._drawn:
            self._drawn = box.picture_key
            self._count += 1
            path = self.pictures / f"board-{self._count:03}.png"
            path.write_bytes(box.picture())
            self.say(t("offline.channel", self.lang), t("offline.picture", self.lang, path=str(path)))
        if box.animation is not None:
            path = self.pictures / "replay.gif"
            path.write_bytes(box.animation())
            self.say(t("offline.channel", self.lang), t("offline.replay", self.lang, path=str(path)))

    def _seats(self, box: Outbox) -> list[str]:
        """/game status's seats, with times in words."""
        lines = []
        for seat in box.seats:
            ai = t("offline.seat_ai", self.lang) if seat.ai else ""
            if seat.asked_since is None:
                lines.append(t("offline.seat_idle", self.lang, player=seat.name, ai=ai, bank=seat.bank_hours))
                continue
            seconds = (self.clock() - seat.asked_since).total_seconds()
            waited = duration(seconds, self.lang) if seconds >= 60 else t("offline.a_moment", self.lang)
            deadline = (
                t("offline.seat_deadline", self.lang, deadline=moment(seat.deadline, self.lang))
                if seat.deadline
                else ""
            )
            lines.append(t("offline.seat_asked", self.lang, player=seat.name, ai=ai, waited=waited, deadline=deadline))
        return lines

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
        if name == "wait":
            await self.wait(rest.strip())
            return True
        player = self.players.get(name.casefold())
        if player is None:
            names = ", ".join(p.name for p in self.players.values())
            self.say("?", t("offline.unknown_player", self.lang, player=name, players=names))
            return True
        verb, _, arg = rest.strip().partition(" ")
        if not verb:
            self.say("?", t("offline.no_command", self.lang, player=player.name))
            return True
        if verb.casefold() in ("log", "undo") and arg.strip() and _page(arg.strip()) is None:
            self.say("?", t("offline.number_usage", self.lang, player=player.name, command=verb.casefold()))
            return True
        try:
            box = await self._run(player, verb.casefold(), arg.strip())
        except TableError as refused:
            self.say(t("offline.only", self.lang, player=player.name), "⛔ " + refused.text(self.lang))
            return True
        if box is not None:
            self.show(box, player)
        return True

    async def wait(self, hours: str) -> None:
        """Move the virtual clock on, then play what fell due (reminders, timeouts)."""
        if not (hours.isascii() and hours.isdigit() and 0 < int(hours) <= MAX_WAIT_HOURS):
            self.say("?", t("offline.wait_usage", self.lang, most=MAX_WAIT_HOURS))
            return
        self.clock.now += timedelta(hours=int(hours))
        self.say(t("offline.channel", self.lang), t("offline.waited", self.lang, hours=int(hours)))
        for box in await self.service.run_due():
            self.show(box, None)

    async def _run(self, player: Player, verb: str, arg: str) -> Outbox | None:
        service = self.service
        calls: dict[str, Callable[[], Awaitable[Outbox]]] = {
            "join": lambda: service.join(PLACE, player),
            "leave": lambda: service.leave(PLACE, player),
            "start": lambda: service.start(PLACE, player),
            "cancel": lambda: service.cancel(PLACE, player),
            "addbot": lambda: service.add_ai(PLACE, player, arg or "normal"),
            "hint": lambda: service.hint(PLACE, player),
            "hand": lambda: service.hand(PLACE, player),
            "log": lambda: service.log_page(PLACE, player, _page(arg)),
            "status": lambda: service.status(PLACE, player),
            "board": lambda: service.board(PLACE),
            "pause": lambda: service.pause(PLACE, player),
            "resume": lambda: service.resume(PLACE, player),
            "return": lambda: service.come_back(PLACE, player),
            "undo": lambda: service.undo(PLACE, player, confirm=_page(arg)),
            "kick": lambda: service.kick(
                PLACE, player, self.players[arg.casefold()].id if arg.casefold() in self.players else arg
            ),
        }
        if verb == "orders":
            return await self._orders(player, arg)
        if verb == "headsup" and arg.casefold() in ("on", "off"):
            self.say(
                t("offline.only", self.lang, player=player.name),
                await service.heads_up(player, arg.casefold() == "on"),
            )
            return None
        if verb == "turns":
            agenda = await service.waiting(player, None)
            self.say(t("offline.only", self.lang, player=player.name), agenda.text(self.lang, TerminalMarks(self.lang)))
            return None
        if verb == "rules":
            self.say(t("offline.only", self.lang, player=player.name), guide(self.game, arg, self.lang))
            return None
        if verb in ("help", "?"):
            self.say(t("offline.only", self.lang, player=player.name), t("offline.help", self.lang))
            return None
        if verb in calls:
            box = await calls[verb]()
            if verb == "undo" and box.confirm is not None:
                box.reply += "\n" + t("offline.undo_confirm", self.lang, player=player.name, ply=box.confirm)
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

    async def _orders(self, player: Player, arg: str) -> Outbox:
        """``orders`` (the order held, and its whole form pre-filled as one line), ``orders off``,
        or ``orders field=value …``: the whole order on one line, refused as the form refuses
        it (a missing or unknown field is named)."""
        service = self.service
        if arg.casefold() in ("off", "cancel"):
            return await service.cancel_orders(PLACE, player)
        if arg:
            values = dict(part.partition("=")[::2] for part in arg.split())
            return await service.set_orders(PLACE, player, values)
        shown = await service.show_orders(PLACE, player)
        if shown.order is not None and shown.order.can_set:
            shown.form = await self._whole_form(player)
        return shown

    async def _whole_form(self, player: Player) -> OrderForm | None:
        """Every step of the player's order form, pre-filled, as one form (the terminal takes the
        whole order on one line)."""
        out = await self.service.order_form(PLACE, player)
        form = out.form
        fields = list(form.fields) if form is not None else []
        while out.form is not None:
            step = out.form
            draft = Draft(
                (*step.draft.values, *(f.value for f in step.fields)),
                chain(step.draft.key, [f.name for f in step.fields]),
            )
            try:
                out = await self.service.order_form(PLACE, player, draft)
            except TableError:
                break
            if out.form is not None:
                fields.extend(out.form.fields)
        return None if form is None else replace(form, fields=tuple(fields))


@dataclass(frozen=True)
class TerminalMarks:
    """Moments and links as the terminal shows them (``bot.outbox.Marks``): the day and time in
    UTC, and no links."""

    lang: str

    def when(self, when: datetime, style: str = "R") -> str:
        """The moment in UTC, as the reader's language writes it."""
        return moment(when, self.lang)

    def link(self, table: Table) -> str:
        """No link: the terminal has one table."""
        return ""


class VirtualClock:
    """The offline table's clock: it starts now and moves only with ``wait``."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        """The offline table's now."""
        return self.now


PICTURE = re.compile(r"board-(\d+)\.png")


def last_picture(folder: Path | None) -> int:
    """The number of the last board picture already in ``folder`` (0 if none)."""
    if folder is None or not folder.is_dir():
        return 0
    found = (PICTURE.fullmatch(path.name) for path in folder.iterdir())
    return max((int(match.group(1)) for match in found if match), default=0)


def readable(text: str) -> str:
    """``text`` as a terminal can print it (bytes that were not UTF-8 shown as escapes)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def read_players(args: argparse.Namespace, out: TextIO) -> tuple[list[str], set[str]] | None:
    """The player names (each one word, distinct ignoring case) and the AI's, or None after
    saying what is wrong."""
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if not names:
        out.write(t("offline.no_players", args.lang) + "\n")
        return None
    unreadable = [readable(n) for n in names if readable(n) != n or "\x00" in n]
    if unreadable:
        out.write(t("offline.name_unreadable", args.lang, names=", ".join(unreadable)) + "\n")
        return None
    spaced = [n for n in names if len(n.split()) > 1]
    if spaced:
        out.write(t("offline.name_spaces", args.lang, names=", ".join(spaced)) + "\n")
        return None
    if len({n.casefold() for n in names}) != len(names):
        out.write(t("offline.name_twice", args.lang) + "\n")
        return None
    ai = {n.strip() for n in args.ai.split(",") if n.strip()}
    unknown = {n for n in ai if n.casefold() not in {m.casefold() for m in names}}
    if unknown:
        out.write(t("offline.ai_unknown", args.lang, names=", ".join(sorted(unknown))) + "\n")
        return None
    return names, {n.casefold() for n in ai}


async def play(args: argparse.Namespace, lines: Iterable[str], out: TextIO) -> int:
    """Set up the table from ``args`` (or resume the one kept in ``--db``), then run ``lines``."""
    read = read_players(args, out)
    if read is None:
        return 2
    names, ai = read
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            out.write(t("offline.option_usage", args.lang, option=item) + "\n")
            return 2
        options[key.strip()] = value.strip()
    players = {n.casefold(): Player(f"local:{n.casefold()}", n, args.lang) for n in names}
    clock = VirtualClock()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "offline.sqlite3"
        problem = db_problem(path)
        if problem is not None:
            out.write(t(problem, args.lang, path=readable(str(path))) + "\n")
            return 2
        try:
            store = await open_store(path)
        except Exception as exc:  # a file the disk or SQLite refuses: say so, not a traceback
            out.write(t("offline.db_unusable", args.lang, path=readable(str(path)), reason=readable(str(exc))) + "\n")
            return 2
        try:
            service = TableService(store, clock=clock)
            if args.seed is not None:
                service.new_seed = lambda: str(args.seed)
            pictures = Path(args.pictures) if args.pictures else None
            table = OfflineTable(service, players, out, args.lang, clock, args.game, pictures)
            host = players[names[0].casefold()]
            resumed = await store.live_table(PLACE.channel_id)
            if resumed is not None:
                seated = sorted(resumed.seats, key=lambda s: s.user_id != resumed.host_id)  # the host first
                other = resume_problem(resumed.game, [(s.user_id, s.name) for s in seated], args, players)
                if other is not None:
                    out.write(other + "\n")
                    return 2
            try:
                if resumed is not None:
                    table.say(t("offline.channel", args.lang), t("offline.resumed", args.lang, table=resumed.id))
                    table.show(await service.board(PLACE), None)
                else:
                    created = await service.create(
                        PLACE,
                        args.game,
                        host,
                        options,
                        locale=args.lang,
                        ai=names[0].casefold() in ai,
                        clock={"hints": True} if args.hints else None,
                    )
                    if not args.lobby:
                        # The table starts at once: no lobby to show, nobody to tell to join or start.
                        created.reply, created.board = "", ""
                    table.show(created, host)
                    # The AI's seats join by themselves; in the lobby, the others type "join".
                    for name in names[1:]:
                        if name.casefold() in ai or not args.lobby:
                            box = await service.join(PLACE, players[name.casefold()], ai=name.casefold() in ai)
                            table.show(Outbox(box.table, events=box.events), None)
                    if not args.lobby:
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


SQLITE_HEADER = b"SQLite format 3\x00"


def db_problem(path: Path) -> str | None:
    """Why ``path`` cannot keep a table (the catalogue key of the reason), or None: a file in a
    folder that does not exist, a folder, or a file that is not an SQLite database."""
    if path.is_dir():
        return "offline.db_folder"
    if not path.parent.is_dir():
        return "offline.db_no_folder"
    if path.is_file() and path.stat().st_size > 0:
        with path.open("rb") as kept:
            if kept.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                return "offline.db_not_sqlite"
    return None


def resume_problem(
    game: str, seated: list[tuple[str, str]], args: argparse.Namespace, players: dict[str, Player]
) -> str | None:
    """Why the unfinished table kept in ``--db`` is not the one asked for (another game, or other
    players: ``seated`` are its seats' ids and names), or None: it is resumed."""
    lang = args.lang
    if game != args.game:
        return t("offline.db_other_game", lang, game=t(f"{game}.name", lang), key=game, path=readable(args.db))
    people = [(user, name) for user, name in seated if user.startswith("local:")]  # not "addbot" seats
    if {user for user, _ in people} - {p.id for p in players.values()}:
        names = ",".join(name for _, name in people)
        return t("offline.db_other_players", lang, players=names, path=readable(args.db))
    return None


def main(argv: list[str]) -> int:
    """Entry point of ``scripts/bot.sh offline``."""
    args = parse_args(argv)
    lines = sys.stdin if not sys.stdin.isatty() else _prompted(sys.stdin)
    return asyncio.run(play(args, lines, sys.stdout))


def _page(arg: str) -> int | None:
    """A number typed after a command (a log page, an undo's confirmation), or None."""
    return int(arg) if arg.isascii() and arg.isdigit() and len(arg) <= 6 else None


def _prompted(stream: TextIO) -> Iterable[str]:
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
