"""Play over days: the clock's settings, the host's pause, seats handed to the AI and taken back,
timeouts and reminders as they fall due, and taking back one's own last move.

Every change here is one guarded write of the table (``commit_move``), decided on the row it
writes, so a timeout racing a player's own move, or two bot processes running the same timeout,
can only ever land once.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.clock import (
    BANK_CHOICES,
    BONUS_CHOICES,
    HOUR,
    POLICIES,
    Clocks,
    TableSettings,
    after_timeout,
    come_back,
    deadline,
    iso,
    leave,
    parse_time,
    pending,
)
from bot.core import Step
from bot.errors import (
    BadOption,
    NoTable,
    NotHost,
    NotSeated,
    Stale,
    TableError,
    UndoRefused,
)
from bot.i18n import Text, t
from bot.moves import Moves
from bot.outbox import Outbox, Place, Player, Reminder
from bot.undo_log import UNDO, in_effect
from db.store import LobbyChange, TableRecord
from rules.engine import Event, Game, drew_randomly, event, rng_for

log = logging.getLogger("gamehost.service")


class Days(Moves):
    """Clocks, pauses, absent players and undo."""

    # -- the host's settings ----------------------------------------------------------------------
    async def configure(
        self,
        place: Place,
        player: Player,
        *,
        bank_hours: int | None = None,
        bonus_hours: int | None = None,
        policy: str | None = None,
        can_manage: bool = False,
    ) -> Outbox:
        """Change the table's clock (host only, in the lobby or during the game)."""
        table = await self._live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        before = TableSettings.from_json(table.settings)
        chosen = replace(
            before,
            bank_hours=before.bank_hours if bank_hours is None else bank_hours,
            bonus_hours=before.bonus_hours if bonus_hours is None else bonus_hours,
            policy=before.policy if policy is None else policy,
        )
        check_settings(chosen)
        if table.status == "lobby":
            _, table = await self._lobby_write(table.id, lambda rec: LobbyChange(None, settings=chosen.to_json()))
            out = self._lobby_outbox(table)
        else:

            def decide(rec: TableRecord, now: datetime) -> Step:
                rules, state = self._rules(rec.game), self._state(rec)
                clocks = Clocks.from_json(rec.clocks, len(rec.seats), TableSettings.from_json(rec.settings))
                cap = chosen.bank_hours * HOUR
                was_timed = TableSettings.from_json(rec.settings).timed
                # A clock turned on starts now, full; a smaller bank caps what each player has left.
                seats = tuple(replace(c, bank=cap if not was_timed else min(c.bank, cap)) for c in clocks.seats)
                clocks = replace(clocks, seats=seats)
                if not was_timed:
                    rec = replace(rec, decisions=tuple(replace(d, since=iso(now)) for d in rec.decisions))
                return self._advance(rules, rec, state, rec.ply, [], now, [], clocks=clocks, settings=chosen.to_json())

            _, table, out = await self._rewrite(table.id, decide)
        out.events.append(
            t(
                "table.settings_changed",
                table.locale,
                player=player.name,
                settings=self.settings_text(chosen, table.locale),
            )
        )
        out.reply = t("table.settings_now", player.locale, settings=self.settings_text(chosen, player.locale))
        return out

    @staticmethod
    def settings_text(settings: TableSettings, locale: str | None) -> str:
        """The clock settings as players read them."""
        if not settings.timed:
            return t("table.settings_untimed", locale)
        return t(
            "table.settings_timed",
            locale,
            bank=settings.bank_hours,
            bonus=settings.bonus_hours,
            policy=t(f"table.policy.{settings.policy}", locale),
        )

    async def pause(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Hold every clock (host only); at most seven days in all per game."""
        table = await self._active_for_host(place, player, can_manage)

        def decide(rec: TableRecord, now: datetime) -> Step:
            settings = TableSettings.from_json(rec.settings)
            clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
            if clocks.paused:
                raise TableError("error.already_paused")
            if clocks.pause_left(now).total_seconds() <= 0:
                raise TableError("error.no_pause_left")
            clocks = replace(clocks, paused_at=iso(now))
            note = event("table.event.paused", seats={"player": _seat_of(rec, player.id)})
            return self._advance(
                self._rules(rec.game), rec, self._state(rec), rec.ply, [], now, [(None, note)], clocks=clocks
            )

        _, table, out = await self._rewrite(table.id, decide)
        out.reply = t("table.you_paused", player.locale)
        return out

    async def resume(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Start the clocks again (host only; the pause also ends by itself after seven days)."""
        table = await self._active_for_host(place, player, can_manage)
        _, table, out = await self._rewrite(table.id, lambda rec, now: self._resume(rec, now, by=player.id))
        out.reply = t("table.you_resumed", player.locale)
        return out

    def _resume(self, rec: TableRecord, now: datetime, *, by: str | None) -> Step:
        settings = TableSettings.from_json(rec.settings)
        clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
        if clocks.paused_at is None:
            raise TableError("error.not_paused")
        held = now - parse_time(clocks.paused_at)
        # The pause took no one's time: every open decision counts from the same point as before.
        decisions = tuple(replace(d, since=iso(parse_time(d.since) + held)) for d in rec.decisions)
        clocks = replace(clocks, paused_at=None, pause_used=clocks.pause_used + held.total_seconds())
        key = "table.event.resumed" if by is not None else "table.event.pause_over"
        note = event(key, seats={"player": _seat_of(rec, by)} if by is not None else None)
        rec = replace(rec, decisions=decisions)
        return self._advance(
            self._rules(rec.game), rec, self._state(rec), rec.ply, [], now, [(None, note)], clocks=clocks
        )

    # -- absent players -------------------------------------------------------------------------
    async def step_away(self, table: TableRecord, player: Player) -> Outbox:
        """/game leave during a game: the AI takes the seat (the game never ends early)."""
        _, table, out = await self._rewrite(table.id, lambda rec, now: self._hand_to_ai(rec, now, player.id, None))
        out.reply = t("table.you_left_game", player.locale)
        return out

    async def kick(self, place: Place, by: Player, user_id: str, *, can_manage: bool = False) -> Outbox:
        """The host hands an absent player's seat to the AI; the player may /game return."""
        table = await self._active_for_host(place, by, can_manage)
        if user_id == by.id:
            raise TableError("error.kick_self")
        _, table, out = await self._rewrite(table.id, lambda rec, now: self._hand_to_ai(rec, now, user_id, by.id))
        out.reply = t("table.you_kicked", by.locale, player=self._name_of(table, user_id))
        return out

    def _hand_to_ai(self, rec: TableRecord, now: datetime, user_id: str, by: str | None) -> Step:
        if rec.status != "active":
            raise NoTable()
        seat = _human_seat(rec, user_id)
        settings = TableSettings.from_json(rec.settings)
        clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
        if clocks.seats[seat].away:
            raise TableError("error.already_away", player=rec.seats[seat].name)
        clocks = clocks.with_seat(seat, leave(clocks.seats[seat], now))
        if by is None:
            note = event("table.event.left_game", seats={"player": seat})
        else:
            note = event("table.event.kicked", seats={"player": seat, "host": _seat_of(rec, by)})
        return self._advance(
            self._rules(rec.game), rec, self._state(rec), rec.ply, [], now, [(None, note)], clocks=clocks
        )

    async def come_back(self, place: Place, player: Player) -> Outbox:
        """/game return: take one's seat back from the AI."""
        table = await self._live(place)
        if table.seat_of(player.id) is None:
            raise NotSeated()
        _, table, out = await self._rewrite(table.id, lambda rec, now: self._return(rec, now, player.id, strict=True))
        out.reply = t("table.you_returned", player.locale)
        return out

    async def _present(self, table: TableRecord, player: Player) -> tuple[TableRecord, Outbox | None]:
        """Any command of an away player brings them back: the table, and what to show if so."""
        seat = table.seat_of(player.id)
        if table.status != "active" or seat is None or seat.seat is None or seat.is_ai:
            return table, None
        clocks = Clocks.from_json(table.clocks, len(table.seats), TableSettings.from_json(table.settings))
        if not clocks.seats[seat.seat].away:
            return table, None
        _, table, out = await self._rewrite(table.id, lambda rec, now: self._return(rec, now, player.id, strict=False))
        return table, out

    def _return(self, rec: TableRecord, now: datetime, user_id: str, *, strict: bool) -> Step:
        if rec.status != "active":
            raise NoTable()
        seat = _human_seat(rec, user_id)
        settings = TableSettings.from_json(rec.settings)
        clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
        if not clocks.seats[seat].away:
            if strict:
                raise TableError("error.not_away")
            return self._advance(self._rules(rec.game), rec, self._state(rec), rec.ply, [], now, [], clocks=clocks)
        clocks = clocks.with_seat(seat, come_back(clocks.seats[seat], now))
        note = event("table.event.returned", seats={"player": seat})
        return self._advance(
            self._rules(rec.game), rec, self._state(rec), rec.ply, [], now, [(None, note)], clocks=clocks
        )

    # -- what falls due ---------------------------------------------------------------------------
    async def run_due(self, limit: int = 100) -> list[Outbox]:
        """Play every timeout and send every reminder that has fallen due (also those that fell due
        while the bot was down). Safe to run from several processes at once: each item is decided
        inside the table's guarded write, so it happens once."""
        now = self.clock()
        outboxes: list[Outbox] = []
        for table_id in await self.store.due_tables(iso(now), limit):
            try:
                _, _, out = await self._rewrite(table_id, self._due)
            except (Stale, NoTable, TableError):
                continue  # another process (or a move) got there first: nothing is due any more
            out.reminders = [r for r in out.reminders if await self.store.reminders_on(r.user_id)]
            outboxes.append(out)
        return outboxes

    def _due(self, rec: TableRecord, now: datetime) -> Step:
        """Decide, on the row as it stands, what is due at ``now`` and do it."""
        if rec.status != "active":
            raise NoTable()
        rules, state = self._rules(rec.game), self._state(rec)
        settings = TableSettings.from_json(rec.settings)
        clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
        humans = {s.seat for s in rec.seats if not s.is_ai and s.seat is not None}
        items = pending([(d.seat, d.since) for d in rec.decisions], clocks, settings, humans, now)
        if not items:
            raise Stale()  # a move got there first
        if any(item.kind == "resume" for item in items):
            return self._resume(rec, now, by=None)
        reminders: list[Reminder] = []
        for item in items:
            if item.kind == "remind":
                decision = rec.decision_of(item.seat)
                assert decision is not None
                clocks = clocks.with_seat(item.seat, replace(clocks.seats[item.seat], reminded=item.stage))
                reminders.append(
                    Reminder(
                        rec.seats[item.seat].user_id,
                        rec.seats[item.seat].name,
                        iso(deadline(decision.since, clocks.seats[item.seat])),
                        last=item.stage == 2,
                    )
                )
        timeouts = [item.seat for item in items if item.kind == "timeout"]
        done: list[tuple[int, str]] = []
        events: list[tuple[int | None, Event]] = []
        for seat in timeouts:
            action, skipped = self._timeout_action(rules, state, seat, rec.seed, rec.ply + len(done) + 1, settings)
            state, happened = rules.apply(state, seat, action, rng_for(rec.seed, rec.ply + len(done) + 1))
            done.append((seat, rules.action_code(action)))
            key = "table.event.timeout_skip" if skipped else "table.event.timeout_ai"
            events.append((None, event(key, seats={"player": seat})))
            events.extend((seat, e) for e in happened)
            clocks = clocks.with_seat(seat, after_timeout(clocks.seats[seat], now, settings))
            if clocks.seats[seat].away:
                events.append((None, event("table.event.away", seats={"player": seat})))
        step = self._advance(rules, rec, state, rec.ply, done, now, events, clocks=clocks)
        step.reminders = reminders
        return step

    @staticmethod
    def _timeout_action(
        rules: Game[Any, Any, Any], state: Any, seat: int, seed: str, ply: int, settings: TableSettings
    ) -> tuple[Any, bool]:
        """The move played for a seat whose time ran out: a pass under the "skip" policy where the
        rules allow one, else the AI's choice."""
        if settings.policy == "skip" and rules.skip is not None:
            passed = rules.skip(state, seat)
            if passed is not None:
                return passed, True
        return rules.ai_action(state, seat, rng_for(f"{seed}:ai", ply)), False

    # -- undo -----------------------------------------------------------------------------------
    async def undo(self, place: Place, player: Player, *, confirm: int | None = None) -> Outbox:
        """Take back one's own last decision (Board Game Arena's policy): only while nothing hidden
        was revealed, no chance was involved and no one else has acted since. Without ``confirm``,
        say what would be undone and ask to confirm; ``confirm`` is the table's ply the player saw
        then (if the table moved since, nothing is undone)."""
        table = await self._live(place)
        seat_rec = table.seat_of(player.id)
        if seat_rec is None or seat_rec.seat is None:
            raise NotSeated()
        if table.status != "active":
            raise UndoRefused("undo.not_started")
        seat = seat_rec.seat
        rules = self._rules(table.game)
        log_ = await self.store.actions(table.id)
        before, last = self._undoable(table, rules, log_, seat)
        label = rules.presentation.action_label(before, seat, rules.parse_action(last[2]))
        what = Text(player.locale, self._names(table)).msg(label)
        if confirm is None:
            out = Outbox(table.id, table.game)
            out.reply = t("undo.confirm", player.locale, action=what)
            out.confirm = f"undo:{table.ply}"
            return out
        if confirm != table.ply:
            raise Stale()
        expected = table.ply

        def decide(rec: TableRecord, now: datetime) -> Step:
            if rec.ply != expected:
                raise Stale()
            note = event("table.event.undo", seats={"player": seat})
            return self._advance(rules, rec, before, rec.ply, [(seat, UNDO)], now, [(None, note)])

        _, table, out = await self._rewrite(table.id, decide)
        out.reply = t("undo.done", player.locale, action=what)
        return out

    def _undoable(
        self, table: TableRecord, rules: Game[Any, Any, Any], log_: list[tuple[int, int, str]], seat: int
    ) -> tuple[Any, tuple[int, int, str]]:
        """The state before ``seat``'s last move and that move, or UndoRefused saying why not."""
        if log_ and log_[-1][2] == UNDO:
            raise UndoRefused("undo.once")  # a move taken back is not taken back again, nor the one before
        effective = in_effect(log_)
        if not effective or effective[-1][1] != seat:
            raise UndoRefused("undo.not_last")
        last = effective[-1]
        if last[0] != table.ply:
            raise UndoRefused("undo.others_acted")
        clocks = Clocks.from_json(table.clocks, len(table.seats), TableSettings.from_json(table.settings))
        if clocks.seats[seat].timeouts or clocks.seats[seat].away:
            raise UndoRefused("undo.not_yours")  # the AI played that move for them
        players = len(table.seats)
        state, _ = rules.setup(players, rules.check_options(players, table.options), rng_for(table.seed, 0))
        for ply, who, code in effective[:-1]:
            state, _ = rules.apply(state, who, rules.parse_action(code), rng_for(table.seed, ply))
        action = rules.parse_action(last[2])
        if rules.public_choices(state, seat) is None:
            raise UndoRefused("undo.revealed")  # a secret decision: the move disclosed the choice
        rng = rng_for(table.seed, last[0])
        after, events = rules.apply(state, seat, action, rng)
        if drew_randomly(rng):
            raise UndoRefused("undo.chance")
        if any(e.to is not None and e.to != frozenset({seat}) for e in events):
            raise UndoRefused("undo.revealed")
        if rules.hidden is not None and rules.hidden(after) != rules.hidden(state):
            raise UndoRefused("undo.revealed")
        if reveals_own_secret(rules, state, seat, action, last[0], table.seed, players):
            raise UndoRefused("undo.revealed")
        return state, last

    # -- internals ------------------------------------------------------------------------------
    async def _active_for_host(self, place: Place, player: Player, can_manage: bool) -> TableRecord:
        table = await self._live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        if table.status != "active":
            raise TableError("error.not_started")
        return table

    async def _rewrite(
        self, table_id: int, decide: Callable[[TableRecord, datetime], Step]
    ) -> tuple[Step, TableRecord, Outbox]:
        """One guarded write of the table (no player's move): decided on the row it writes."""
        now = self.clock()
        step, table = await self._commit(table_id, lambda rec: decide(rec, now), "a table update")
        out = self._move_outbox(table, step, actor=None)
        out.reminders = list(step.reminders)
        return step, table, out


def _seat_of(rec: TableRecord, user_id: str | None) -> int:
    seat = rec.seat_of(user_id) if user_id is not None else None
    return seat.seat if seat is not None and seat.seat is not None else 0


def _human_seat(rec: TableRecord, user_id: str) -> int:
    seat = rec.seat_of(user_id)
    if seat is None or seat.seat is None or seat.is_ai:
        raise NotSeated()
    return seat.seat


def reveals_own_secret(
    rules: Game[Any, Any, Any], state: Any, seat: int, action: Any, ply: int, seed: str, players: int
) -> bool:
    """True if the move showed others something only ``seat`` knew (a card played from a hand):
    played from states that differ only in the mover's secrets, it leaves some other seat's view
    different."""
    if rules.secrets is None:
        return False
    after, _ = rules.apply(state, seat, action, rng_for(seed, ply))
    for trial in range(4):
        other = (seat + 1 + trial) % players
        if other == seat:
            continue
        swapped = rules.swap_secrets(state, seat, other, random.Random(trial))
        if swapped == state:
            continue
        try:
            changed, _ = rules.apply(swapped, seat, action, rng_for(seed, ply))
        except ValueError:
            return True  # the move depended on the secret itself: it says something
        for reader in [None, *(s for s in range(players) if s not in (seat, other))]:
            if rules.view(changed, reader) != rules.view(after, reader):
                return True
    return False


def check_settings(settings: TableSettings) -> None:
    """Refuse clock settings outside the offered choices."""
    if settings.bank_hours not in BANK_CHOICES or settings.bonus_hours not in BONUS_CHOICES:
        raise BadOption(
            "error.settings_value", banks=", ".join(map(str, BANK_CHOICES)), bonuses=", ".join(map(str, BONUS_CHOICES))
        )
    if settings.policy not in POLICIES:
        raise BadOption(
            "error.settings_value", banks=", ".join(map(str, BANK_CHOICES)), bonuses=", ".join(map(str, BONUS_CHOICES))
        )
