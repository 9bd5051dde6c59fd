"""Building Outboxes: boards, private views, the choices of open decisions, the pings, the final
standings, in each reader's language, drawn from the games' views (never from their states)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.clocks import deadline, pause_left
from bot.history import History
from bot.i18n import Text, catalogue, duration, t
from bot.outbox import Ask, Choice, Clock, OrderPanel, Outbox, Ping, Player, Private
from bot.step import Step
from bot.tables import Tables, board_names, name_of, names, table_of
from db.records import TableRecord
from rules.drawing import animate, frames
from rules.engine import Event, Game, Msg, Outcome

RECAP_AFTER_HOURS = 12
"""A ping starts with a recap for a player whose last own decision is at least this old."""


class Outboxes:
    """Text and choices for the front ends, drawn from the games' views."""

    def __init__(self, tables: Tables, history: History) -> None:
        self.tables = tables
        self.history = history

    # -- what everyone sees ---------------------------------------------------------------------
    def board(self, table: TableRecord, state: Any, out: Outbox, *, closing: bool = False) -> None:
        """Put the public board (text, and picture where the game draws one) into ``out``."""
        rules = self.tables.rules(table.game)
        view = rules.view(state, None)
        shown = board_names(table)
        tr = Text(table.locale, shown)
        out.board = rules.presentation.render_board(view, tr)
        if closing:
            out.board += "\n" + t("table.board_cancelled", table.locale)
        draw = rules.presentation.render_picture
        if draw is not None:
            out.picture = _drawing(draw, view, tr)
            # The picture is drawn from the public view alone, in this language, with these names:
            # the same inputs, the same picture, whatever the ply (a move that changes nothing
            # public, a prompt or a clock that changed, keeps the picture the board has).
            inputs = "\x00".join([view.model_dump_json(), table.locale, *shown]).encode()
            out.picture_key = f"{table.id}:{hashlib.blake2b(inputs, digest_size=12).hexdigest()}"

    def private_text(self, table: TableRecord, state: Any, seat: int, locale: str | None, *, ask: bool) -> str:
        """One seat's private view (and, with ``ask``, the choices of its open decision)."""
        rules = self.tables.rules(table.game)
        tr = Text(locale, names(table))
        header = t("table.private_header", locale, game=t(f"{table.game}.name", locale), table=table.id)
        parts = [header, rules.presentation.render_private(rules.view(state, seat), tr)]
        if ask and seat in rules.to_act(state):
            label = rules.presentation.action_label
            labels = [tr.msg(label(state, seat, a)) for a in rules.legal_actions(state, seat)]
            parts.append(t("table.your_choices", locale, choices=" · ".join(labels)))
        parts.append(self.order_line(table, seat, locale, state=state))
        return "\n".join(p for p in parts if p)

    def order_line(
        self, table: TableRecord, seat: int, locale: str | None, *, state: Any = None, empty: bool = False
    ) -> str:
        """The seat's standing order (or pre-move) in words, for its holder alone, and why it
        leaves their open decision to them now if it does (MG-ORD-2, RB-PRE-2); "" (or, with
        ``empty``, the line saying they hold none) without one."""
        orders = self.tables.rules(table.game).orders
        held = table.orders.get(seat)
        if orders is None or not held:
            return t("orders.none_set", locale) if empty and orders is not None else ""
        tr = Text(locale, names(table))
        lines = [t("orders.yours", locale, order=tr.msg(orders.describe(dict(held))))]
        current = self.tables.state(table) if state is None else state
        if table.status == "active" and table.decision_of(seat) is not None and orders.why_stopped is not None:
            action, _ = orders.decide(current, seat, dict(held))
            why = None if action is not None else orders.why_stopped(current, seat, dict(held))
            if why is not None:
                lines.append(tr.msg(why))
        return "\n".join(lines)

    def order_panel(self, table: TableRecord, seat: int, locale: str | None) -> OrderPanel | None:
        """The seat's order as its holder's buttons show it: held or not, and whether one can be
        set now (None where the game has no orders)."""
        orders = self.tables.rules(table.game).orders
        if orders is None:
            return None
        can = table.status == "active" and bool(orders.fields(self.tables.state(table), seat))
        return OrderPanel(table.id, seat in table.orders, can, order_button(table.game, locale))

    def ask(self, table: TableRecord, seat: int, locale: str | None) -> Ask:
        """``seat``'s open decision: its private choices and what a public message may offer."""
        rules = self.tables.rules(table.game)
        state = self.tables.state(table)
        tr = Text(locale, names(table))
        label = rules.presentation.action_label
        labels: dict[str, str] = {}  # code -> label, each drawn once for both lists

        def choices(actions: Any) -> tuple[Choice, ...]:
            found = []
            for action in actions:
                code = rules.action_code(action)
                if code not in labels:
                    labels[code] = tr.msg(label(state, seat, action))
                found.append(Choice(code, labels[code]))
            return tuple(found)

        offered = rules.public_choices(state, seat)
        decision = table.decision_of(seat)
        return Ask(
            table.id,
            seat,
            table.seats[seat].user_id,
            decision.ply if decision else table.ply,
            tr.msg(rules.presentation.prompt(state, seat)),
            choices(rules.legal_actions(state, seat)),
            None if offered is None else choices(offered),
        )

    def human_asks(self, table: TableRecord) -> list[Ask]:
        """Every open decision of a human seat, labelled in the table's language (board buttons)."""
        if table.status != "active":
            return []
        return [self.ask(table, d.seat, table.locale) for d in table.decisions if not table.seats[d.seat].is_ai]

    def own_ask(self, table: TableRecord, user_id: str, locale: str | None) -> Ask | None:
        """``user_id``'s open decision if the board cannot show it (a secret one, or one of several
        taken at once): then the player gets its buttons privately."""
        seat = table.seat_of(user_id)
        if table.status != "active" or seat is None or seat.seat is None or seat.is_ai:
            return None
        if table.decision_of(seat.seat) is None:
            return None
        if (
            len(table.decisions) < 2
            and self.tables.rules(table.game).public_choices(self.tables.state(table), seat.seat) is not None
        ):
            return None  # the board offers its choices: no need to label them here
        ask = self.ask(table, seat.seat, locale)
        if not ask.choices or (not ask.secret and len(table.decisions) < 2):
            return None
        return ask

    # -- Outboxes -------------------------------------------------------------------------------
    def lobby(self, table: TableRecord) -> Outbox:
        """A lobby's board: the game, who has joined, the options and the host."""
        rules = self.tables.rules(table.game)
        loc = table.locale
        out = Outbox(table_of(table), moved=True)
        options = " · ".join(option_text(table.game, k, v, loc) for k, v in table.options.items()) or "-"
        out.board = t(
            "lobby.board",
            loc,
            game=t(f"{table.game}.name", loc),
            table=table.id,
            players="\n".join(
                "• " + (t("lobby.ai_seat", loc, player=s.name) if s.is_ai else s.name) for s in table.seats
            ),
            count=len(table.seats),
            min=rules.min_players,
            max=rules.max_players,
            host=name_of(table, table.host_id),
            options=options,
        )
        return out

    def plain(self, table: TableRecord, reply: str = "") -> Outbox:
        """An Outbox that only answers its caller."""
        return Outbox(table_of(table), reply=reply)

    def move(
        self,
        table: TableRecord,
        step: Step,
        *,
        actor: int | None,
        reply_to: Player | None = None,
        everyone_private: bool = False,
    ) -> Outbox:
        """What a write of the table produced: the board, the events, the ping, private texts."""
        rules = self.tables.rules(table.game)
        public = Text(table.locale, names(table))
        out = Outbox(table_of(table, board=step.board), over=step.write.status == "over", moved=True)
        self.board(table, step.state, out)
        out.asks = self.human_asks(table)
        secret = {ask.seat for ask in out.asks if ask.secret}
        # Every public event reads the same whoever decided the move: the seat's player, their
        # order or pre-move (MG-ORD-3, TR-ORD-3, RB-PRE-3) or the AI standing in for them (their
        # absence is told once when it starts and once when it ends, by the table's own notes).
        out.events = [public.msg(happened) for _, happened, _ in step.events if happened.to is None]
        if out.over:
            out.results = "\n".join(self.results(table, rules, step.state, table.locale))
        out.clocks, out.paused_until = self.clock_lines(table)
        # Whoever is newly asked is pinged, except the player who is acting right now (the
        # write moved the board for them: Step.written_on).
        asked = step.newly_asked(table, actor)
        if asked:
            out.ping = Ping(
                asked,
                tuple(a for a in out.asks if a.user_id in asked),
                clocks=tuple(c for c in out.clocks if c.user_id in asked),
            )
        for rec in table.seats:
            if rec.is_ai or rec.seat is None or rec.seat == actor:
                continue
            if table.clocks.seats[rec.seat].away and not everyone_private:
                continue  # the AI plays for them: they catch up with the recap when they are back
            # What the seat's own standing order did is told once, when the turn comes back to
            # them (``orders_notice``), not in a DM per move.
            mine = [
                e
                for by, e, how in step.events
                if e.to is not None and rec.seat in e.to and not (by == rec.seat and how == "order")
            ]
            stopped = step.stopped.get(rec.seat)
            # A secret decision (a hand to play from, a bet) that opens is sent privately.
            newly_secret = rec.seat in step.opened and rec.seat in secret
            if everyone_private:
                text = self.private_text(table, step.state, rec.seat, rec.locale, ask=True)  # the whole hand, once
            elif mine or newly_secret or stopped is not None:
                text = self.news(table, step.state, rec.seat, rec.locale, mine, asked=newly_secret, stopped=stopped)
            else:
                continue
            out.private.append(
                Private(rec.user_id, rec.name, rec.locale, text, self.own_ask(table, rec.user_id, rec.locale))
            )
        out.heads_up = self.heads_up(table, step, out, actor)
        if reply_to is not None and actor is not None:
            tr = Text(reply_to.locale, names(table))
            own = [e for _, e, _ in step.events if e.to is not None and actor in e.to]
            lines = [t("table.you_played", reply_to.locale, action=tr.msg(step.played))] if step.played else []
            lines.extend(collapsed([tr.msg(e) for e in own], own))
            if actor in step.stopped:
                lines.append(tr.msg(step.stopped[actor]))
            if actor in rules.to_act(step.state):
                lines.append(tr.msg(rules.presentation.prompt(step.state, actor)))
            out.reply = "\n".join(lines)
            out.own = self.own_ask(table, reply_to.id, reply_to.locale)
            if out.own is not None and all(p.user_id != reply_to.id for p in out.private):
                # The acting player still has a decision the board cannot show: its DM too.
                text = self.news(table, step.state, actor, reply_to.locale, [], asked=True)
                out.private.append(Private(reply_to.id, reply_to.name, reply_to.locale, text, out.own))
        return out

    def news(
        self,
        table: TableRecord,
        state: Any,
        seat: int,
        locale: str | None,
        events: list[Event],
        *,
        asked: bool,
        stopped: Msg | None = None,
    ) -> str:
        """A private message that says what changed for ``seat`` (each kind of news once, the
        latest: "your chips now: 7", not a line per payment), why their order or pre-move
        stopped if it did, and, when a decision the board cannot show opens, what it is; the
        whole hand is a button away."""
        rules = self.tables.rules(table.game)
        tr = Text(locale, names(table))
        header = t("table.private_header", locale, game=t(f"{table.game}.name", locale), table=table.id)
        lines = [header, *collapsed([tr.msg(e) for e in events], events)]
        if stopped is not None:
            lines.append(tr.msg(stopped))
        if asked and seat in rules.to_act(state):
            lines.append(tr.msg(rules.presentation.prompt(state, seat)))
        lines.append(t("table.private_news", locale))
        return "\n".join(lines)

    async def finish(self, table: TableRecord, out: Outbox) -> Outbox:
        """Complete a move's Outbox with what needs the store: the recap of a player pinged after a
        long while, and who cannot receive DMs (they read them with /game hand)."""
        if out.ping is not None and len(out.ping.users) == 1:
            user = out.ping.users[0]
            recap = await self.history.recap(table, user, table.locale, after_hours=RECAP_AFTER_HOURS, public=True)
            if recap:
                out.ping = Ping(out.ping.users, out.ping.asks, recap, out.ping.clocks)
        if out.ping is not None and not out.over:
            await self.orders_notice(table, out)
        if out.over and out.results:
            out.animation = await self.animation(table)
        for notice in out.heads_up:
            out.private = [*(p for p in out.private if p.user_id != notice.user_id), _merged(out, notice)]
        out.heads_up = []
        if out.private:
            closed = await self.tables.store.closed_dms([p.user_id for p in out.private])
            if closed:
                out.private = [replace(p, dm_closed=p.user_id in closed) for p in out.private]
        return out

    async def orders_notice(self, table: TableRecord, out: Outbox) -> None:
        """Tell each pinged player, privately and once, what their standing order played while
        they were away (with the news they get anyway, if any)."""
        assert out.ping is not None
        for user in out.ping.users:
            seat = table.seat_of(user)
            if seat is None or seat.seat is None:
                continue
            notice = await self.history.orders_done(table, seat.seat, seat.locale)
            if not notice:
                continue
            found = next((i for i, p in enumerate(out.private) if p.user_id == user), None)
            if found is None:
                text = self.news(table, self.tables.state(table), seat.seat, seat.locale, [], asked=False)
                out.private.append(Private(user, seat.name, seat.locale, text, self.own_ask(table, user, seat.locale)))
                found = len(out.private) - 1
            head, _, rest = out.private[found].text.partition("\n")  # the notice comes under the header
            out.private[found] = replace(out.private[found], text="\n".join([head, notice, rest]))

    async def animation(self, table: TableRecord) -> Callable[[], bytes] | None:
        """The whole game as an animated picture, drawn when called (None for a game that draws
        no picture): replayed from the log, each frame from the public view."""
        rules = self.tables.rules(table.game)
        if rules.presentation.render_picture is None or table.initial_state is None:
            return None
        log = [(e.ply, e.seat, e.code) for e in await self.tables.store.actions(table.id)]
        initial = self.tables.initial(table)
        tr = Text(table.locale, names(table))
        return lambda: animate(frames(rules, initial, table.seed, log, tr))

    def heads_up(self, table: TableRecord, step: Step, out: Outbox, actor: int | None) -> list[Private]:
        """The notice for the player who plays next (``Game.up_next``) when the turn passes to the
        one before them, if they asked for it (their seat's record carries it), with the button
        that sets their order or plans their turn (``finish`` sends it)."""
        rules = self.tables.rules(table.game)
        if rules.up_next is None or out.ping is None or len(out.ping.users) != 1 or out.over:
            return []
        after = rules.up_next(step.state)
        if after is None or after == actor or after in rules.to_act(step.state):
            return []
        rec = table.seats[after]
        if rec.is_ai or not rec.heads_up or table.clocks.seats[after].away:
            return []
        before = table.seat_of(out.ping.users[0])
        tr = Text(rec.locale, names(table))
        text = t(
            "orders.heads_up",
            rec.locale,
            player=tr.name(before.seat) if before is not None and before.seat is not None else "?",
            game=t(f"{table.game}.name", rec.locale),
            table=table.id,
        )
        panel = None
        if rules.orders is not None:
            can = bool(rules.orders.fields(step.state, after))
            panel = OrderPanel(table.id, after in table.orders, can, order_button(table.game, rec.locale))
        return [Private(rec.user_id, rec.name, rec.locale, text, order=panel)]

    # -- the end and the clocks -----------------------------------------------------------------
    def results(self, table: TableRecord, rules: Game[Any, Any, Any], state: Any, locale: str | None) -> list[str]:
        """The final standings, how a tie on the score was broken, and which seats the AI played."""
        outcome = rules.outcome(state)
        if outcome is None:
            return []
        lines = standings_text(table, outcome, locale)
        own = rules.presentation.render_results
        if own is not None:
            lines.append(own(rules.view(state, None), Text(locale, names(table))))
        if table.results is not None:
            if table.results.hints:
                lines.append(t("table.hints_used", locale, players=", ".join(table.results.hints)))
            for row in table.results.standings:
                if row.ai or not (row.ai_seconds > 0 or row.ai_decisions > 0):
                    continue
                key = "table.ai_played" if row.counts else "table.ai_played_unrated"
                lines.append(
                    t(
                        key,
                        locale,
                        player=row.name,
                        ai=row.ai_decisions,
                        total=row.decisions,
                        # Under a minute is the AI finishing the game at once: the count says it.
                        time=t("table.ai_time", locale, time=duration(row.ai_seconds, locale))
                        if row.ai_seconds >= 60
                        else "",
                    )
                )
        return lines

    def clock_lines(self, table: TableRecord) -> tuple[list[Clock], datetime | None]:
        """Whose clocks run now (present humans with a decision open), or until when it is paused."""
        if table.status != "active":
            return [], None
        clocks = table.clocks
        now = self.tables.clock()
        if clocks.paused:
            return [], now + pause_left(clocks, now)
        if not table.settings.timed:
            return [], None
        running = [
            Clock(table.seats[d.seat].user_id, table.seats[d.seat].name, deadline(d.since, clocks.seats[d.seat]))
            for d in table.decisions
            if not table.seats[d.seat].is_ai and not clocks.seats[d.seat].away
        ]
        return running, None


def order_button(game: str, locale: str | None) -> str:
    """The button that opens a game's order form ("Set my order"; Racebow: "Plan my turn")."""
    own = f"orders.button.{game}"
    return t(own if own in catalogue("en") else "orders.button", locale)


def _merged(out: Outbox, notice: Private) -> Private:
    """A heads-up folded into the private text its reader already gets from this write (one DM)."""
    for private in out.private:
        if private.user_id == notice.user_id:
            return replace(private, text=private.text + "\n" + notice.text, order=notice.order)
    return notice


def collapsed(lines: list[str], events: list[Event]) -> list[str]:
    """Private lines where a count told again in the same write is told once, the latest (several
    payments in one go say "your chips now" once, with the count that holds now). Only news made
    of numbers collapses: a card drawn, a bet made, is each told."""
    last = {e.key: i for i, e in enumerate(events) if _count_only(e)}
    return [line for i, (line, e) in enumerate(zip(lines, events, strict=True)) if last.get(e.key, i) == i]


def _count_only(event: Event) -> bool:
    """True for news that only says how many of something a seat holds now."""
    return not event.terms and not event.seats and all(isinstance(v, int) for v in event.params.values())


def _drawing(draw: Callable[[Any, Text], bytes], view: Any, tr: Text) -> Callable[[], bytes]:
    """The picture of ``view``, drawn when called (a front end calls it off its event loop)."""
    return lambda: draw(view, tr)


def option_text(game: str, name: str, value: str, locale: str) -> str:
    """An option as players read it: its label and its value's, in their language."""
    entries = catalogue(locale)
    label = entries.get(f"cmd.{game}.new.{name}.label", name)
    return t("lobby.option", locale, name=label, value=entries.get(f"cmd.{game}.new.{name}.{value}", value))


def game_key(game: str, name: str) -> str:
    """The game's own text ``<game>.<name>`` where it has one, else the shared ``table.<name>``."""
    own = f"{game}.{name}"
    return own if own in catalogue("en") else f"table.{name}"


def score_text(game: str, score: int, locale: str | None) -> str:
    """A final score in the game's unit (``<game>.score``: money, points...), or the bare number."""
    return t(game_key(game, "score"), locale, score=score)


def standings_text(table: TableRecord, outcome: Outcome, locale: str | None) -> list[str]:
    """The standings as lines: rank, player, score; then how a tie on the score was decided.

    A game whose score is only its ranking (Racebow's places) gives its own line,
    ``<game>.standing``, which leaves the number out."""
    seat_names = names(table)
    lines = [t("table.standings_header", locale)]
    line = game_key(table.game, "standing")
    for standing in outcome.standings:
        lines.append(
            t(
                line,
                locale,
                rank=standing.rank,
                player=seat_names[standing.seat],
                score=score_text(table.game, standing.score, locale),
            )
        )
    first = outcome.standings[0]
    tied = [s for s in outcome.standings if s.score == first.score]
    if len(tied) < 2:
        return lines
    if len(outcome.winners()) > 1:
        lines.append(t("table.tie_shared", locale, players=", ".join(seat_names[s.seat] for s in tied)))
        return lines
    # The winner tied on the score: say which tie-break settled it, and by how much.
    contenders = tied[1:]
    for index, key in enumerate(outcome.tiebreaks):
        equal = [s for s in contenders if s.keys[index] == first.keys[index]]
        if not equal:
            runner = max(s.keys[index] for s in contenders)
            lines.append(
                t(
                    "table.tiebreak",
                    locale,
                    player=seat_names[first.seat],
                    tiebreak=t(key, locale),
                    best=first.keys[index],
                    other=runner,
                )
            )
            break
        contenders = equal
    return lines
