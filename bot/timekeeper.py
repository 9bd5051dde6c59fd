"""The table's clock as the service keeps it: the host's settings and pause, and what falls due
(reminders, timeouts, the end of a pause), each decided inside the table's guarded write.

A timeout that races a player's own move, or two bot processes running the same timeout, can only
ever land once: both are writes of the same row, guarded by what they saw (bot/turns.py).
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.clocks import (
    BANK_CHOICES,
    BONUS_CHOICES,
    POLICIES,
    after_timeout,
    deadline,
    iso,
    parse_time,
    pause_end,
    pause_left,
    pending,
    resumed,
    settings_problem,
)
from bot.errors import BadOption, NoTable, NotHost, Stale, TableError
from bot.i18n import Text, t
from bot.outbox import Outbox, Place, Player, Reminder, plain_name
from bot.outboxes import Outboxes
from bot.step import Step
from bot.tables import Tables
from bot.turns import Queued, Turns
from db.records import HOUR, LobbyChange, TableRecord, TableSettings
from rules.engine import Event, Game, event, msg, rng_for

TURN_MOST = 100
"""A safety net: no game asks one seat more decisions in a row than this in one turn."""


class Timekeeper:
    """Clock settings, the host's pause, and what falls due."""

    def __init__(self, tables: Tables, turns: Turns, outboxes: Outboxes) -> None:
        self.tables = tables
        self.turns = turns
        self.outboxes = outboxes
        self._shuffle = random.Random().shuffle  # this process's own order among due tables

    # -- the host's settings --------------------------------------------------------------------
    # TableService.configure forwards here with the same signature: the facade is the front ends' one
    # entry point (docs/design.md), so the repeated parameter list is its interface, not a copy.
    async def configure(
        self,
        place: Place,
        player: Player,
        *,
        bank_hours: int | None = None,
        bonus_hours: int | None = None,
        policy: str | None = None,
        hints: bool | None = None,
        can_manage: bool = False,
    ) -> Outbox:
        """Change the table's clock, or whether hints are allowed (host only, in the lobby or
        during the game)."""
        table = await self.tables.live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        before = table.settings
        chosen = replace(
            before,
            bank_hours=before.bank_hours if bank_hours is None else bank_hours,
            bonus_hours=before.bonus_hours if bonus_hours is None else bonus_hours,
            policy=before.policy if policy is None else policy,
            hints=before.hints if hints is None else hints,
        )
        check_settings(chosen)
        if table.status == "lobby":
            _, table = await self.tables.lobby_write(table.id, lambda rec: LobbyChange(None, settings=chosen))
            out = self.outboxes.lobby(table)
        else:

            def decide(rec: TableRecord, now: datetime) -> Step:
                was_timed = rec.settings.timed
                cap = chosen.bank_hours * HOUR
                # A clock turned on starts now, full; a smaller bank caps what each player has left.
                seats = tuple(replace(c, bank=cap if not was_timed else min(c.bank, cap)) for c in rec.clocks.seats)
                clocks = replace(rec.clocks, seats=seats)
                if not was_timed:
                    rec = replace(rec, decisions=tuple(replace(d, since=iso(now)) for d in rec.decisions))
                notes = settings_notes(rec.settings, chosen, name_by(rec, player.id, player.name))
                return self.turns.advance(rec, self.tables.state(rec), now, notes=notes, clocks=clocks, settings=chosen)

            _, table, out = await self.turns.rewrite(table.id, decide)
        if table.status == "lobby":
            said = settings_notes(before, chosen, name_by(table, player.id, player.name))
            out.events.extend(Text(table.locale, []).msg(note) for note in said)
        out.reply = t("table.settings_now", player.locale, settings=settings_text(chosen, player.locale))
        return out

    async def pause(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Hold every clock (host only); at most seven days in all per game."""
        table = await self.active_for_host(place, player, can_manage)

        def decide(rec: TableRecord, now: datetime) -> Step:
            clocks = rec.clocks
            if clocks.paused:
                raise TableError("error.already_paused")
            if pause_left(clocks, now).total_seconds() <= 0:
                raise TableError("error.no_pause_left")
            clocks = replace(clocks, paused_at=iso(now))
            note = event("table.event.paused", params={"player": name_by(rec, player.id, player.name)})
            return self.turns.advance(rec, self.tables.state(rec), now, notes=[note], clocks=clocks)

        _, _, out = await self.turns.rewrite(table.id, decide, reply=t("table.you_paused", player.locale))
        return out

    async def resume(self, place: Place, player: Player, *, can_manage: bool = False) -> Outbox:
        """Start the clocks again (host only; the pause also ends by itself after seven days)."""
        table = await self.active_for_host(place, player, can_manage)
        _, _, out = await self.turns.rewrite(
            table.id, lambda rec, now: self._resume(rec, now, by=player), reply=t("table.you_resumed", player.locale)
        )
        return out

    def _resume(self, rec: TableRecord, now: datetime, *, by: Player | None) -> Step:
        clocks = rec.clocks
        if clocks.paused_at is None:
            raise TableError("error.not_paused")
        # A pause ends at its seven-day limit even if the bot was down then: the time after it
        # counts on every open decision's clock.
        end = pause_end(clocks, now)
        held = end - parse_time(clocks.paused_at)
        # The pause takes no one's time and gives none: each open decision counts on from where
        # its clock stood when the pause began, or when it opened during the pause.
        decisions = tuple(replace(d, since=resumed(d.since, clocks.paused_at, end)) for d in rec.decisions)
        clocks = replace(clocks, paused_at=None, pause_used=clocks.pause_used + held.total_seconds())
        if by is None:
            note = event("table.event.pause_over")
        else:
            note = event("table.event.resumed", params={"player": name_by(rec, by.id, by.name)})
        rec = replace(rec, decisions=decisions)
        return self.turns.advance(rec, self.tables.state(rec), now, notes=[note], clocks=clocks)

    # -- what falls due ---------------------------------------------------------------------------
    async def run_due(
        self, limit: int = 100, budget: float | None = None, seen: set[int] | None = None
    ) -> list[Outbox]:
        """Play every timeout and send every reminder that has fallen due (also those that fell due
        while the bot was down), at up to ``limit`` tables; with a ``budget``, at as many as that
        many seconds of work allow (the scheduler publishes them and comes back for more, so a
        long catch-up goes in batches with clicks answered in between). Tables in ``seen`` are
        left alone, and those looked at are added to it (a catch-up looks at each table once).
        Safe to run from several processes at once: each item is decided inside the table's
        guarded write, so it happens once."""
        started = time.monotonic()
        now = self.tables.clock()
        seen = set() if seen is None else seen
        outboxes: list[Outbox] = []
        while True:
            due = await self._unseen_due(iso(now), limit, seen)
            for table_id in due:
                seen.add(table_id)
                out = await self._run_one(table_id)
                if out is not None:
                    outboxes.append(out)
                if budget is not None and time.monotonic() - started >= budget:
                    return outboxes
                await asyncio.sleep(0)  # a click waits for one table's work at most
            if budget is None or not due:
                return outboxes

    async def _unseen_due(self, now: str, limit: int, seen: set[int]) -> list[int]:
        """The (up to) ``limit`` longest due tables not in ``seen``, in a random order: processes
        catching up together then mostly take different tables, and one finds the tables another
        did no longer due. (Those looked at are normally due no more, but one where nothing could be
        done still is: look further.)"""
        wanted = limit
        while True:
            due = await self.tables.store.due_tables(now, wanted)
            unseen = [t for t in due if t not in seen]
            if unseen or len(due) < wanted:
                unseen = unseen[:limit]
                self._shuffle(unseen)
                return unseen
            wanted *= 2

    async def _run_one(self, table_id: int) -> Outbox | None:
        """What is due at one table, done; None if nothing was due there after all."""
        try:
            # Read first, so that the AI playing for a timed-out seat thinks off the event loop.
            await self.tables.get(table_id)
            _, _, out = await self.turns.rewrite(table_id, self._due, think=True)
        except (Stale, NoTable, TableError):
            return None  # another process (or a move) got there first: nothing is due any more
        out.reminders = [r for r in out.reminders if await self.tables.store.reminders_on(r.user_id)]
        return out

    def _due(self, rec: TableRecord, now: datetime) -> Step:
        """Decide, on the row as it stands, what is due at ``now`` and do it."""
        if rec.status != "active":
            raise NoTable()
        rules, state = self.tables.rules(rec.game), self.tables.state(rec)
        settings, clocks = rec.settings, rec.clocks
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
                        deadline(decision.since, clocks.seats[item.seat]),
                        last=item.stage == 2,
                    )
                )
        queued: list[Queued] = []
        notes: list[Event] = []
        for item in items:
            if item.kind != "timeout":
                continue
            seat = item.seat
            turn = self._timeout_turn(rec, rules, state, seat, settings, rec.ply + len(queued))
            queued.extend(Queued(seat, action, "timeout") for action, _ in turn)
            skipped = turn[0][1]
            key = "table.event.timeout_skip" if skipped else "table.event.timeout_ai"
            notes.append(event(key, seats={"player": seat}))
            clocks = clocks.with_seat(seat, after_timeout(clocks.seats[seat], now, settings))
            if clocks.seats[seat].away:
                notes.append(event("table.event.away", seats={"player": seat}))
        step = self.turns.advance(rec, state, now, notes=notes, queued=queued, clocks=clocks)
        step.reminders = reminders
        return step

    def _timeout_turn(
        self, rec: TableRecord, rules: Game[Any, Any, Any], state: Any, seat: int, settings: TableSettings, ply: int
    ) -> list[tuple[Any, bool]]:
        """The moves played for a seat whose time ran out: its whole turn, every decision it is
        asked alone until the turn passes (a Takenoko turn is several), so a timeout never opens a
        fresh clock on the same turn. Each says whether it was a pass of the "skip" policy."""
        moves: list[tuple[Any, bool]] = []
        order = dict(rec.orders.get(seat, {}))
        while True:
            action, skipped, order = self._timeout_action(rec, rules, state, seat, settings, ply, order)
            moves.append((action, skipped))
            ply += 1
            state, _ = rules.apply(state, seat, action, rng_for(rec.seed, ply))
            if rules.outcome(state) is not None or rules.to_act(state) != frozenset({seat}) or len(moves) >= TURN_MOST:
                return moves

    @staticmethod
    def _timeout_action(
        rec: TableRecord,
        rules: Game[Any, Any, Any],
        state: Any,
        seat: int,
        settings: TableSettings,
        ply: int,
        order: dict[str, str],
    ) -> tuple[Any, bool, dict[str, str]]:
        """One move played for a seat whose time ran out: its standing order where it has one that
        decides (MG-ORD-4, TR-ORD-4), else a pass under the "skip" policy where the rules allow
        one, else the AI's choice; and what is left of the order."""
        if rules.orders is not None and order:
            action, left = rules.orders.decide(state, seat, order)
            order = dict(left or {})
            if action is not None:
                return action, False, order
        if settings.policy == "skip" and rules.skip is not None:
            passed = rules.skip(state, seat)
            if passed is not None:
                return passed, True, order
        return rules.ai_action(state, seat, rng_for(f"{rec.seed}:ai", ply + 1)), False, order

    # -- internals --------------------------------------------------------------------------------
    async def active_for_host(self, place: Place, player: Player, can_manage: bool) -> TableRecord:
        """The channel's active table, if ``player`` hosts it (or may manage the channel)."""
        table = await self.tables.live(place)
        if table.host_id != player.id and not can_manage:
            raise NotHost()
        if table.status != "active":
            raise TableError("error.not_started")
        return table


def name_by(rec: TableRecord, user_id: str, name: str = "") -> str:
    """The name of whoever acted, as inert text: their seat's name, or (a channel manager acting as
    host without a seat) the name they go by."""
    seat = rec.seat_of(user_id)
    return seat.name if seat is not None else plain_name(name or user_id)


def settings_notes(before: TableSettings, after: TableSettings, by: str) -> list[Event]:
    """The table's events for a change of its settings (its log keeps them, in every language)."""
    notes = []
    clock = (after.bank_hours, after.bonus_hours, after.policy)
    if clock != (before.bank_hours, before.bonus_hours, before.policy) or before.hints == after.hints:
        if not after.timed:
            notes.append(event("table.event.untimed", params={"player": by}))
        else:
            notes.append(
                event(
                    "table.event.clock",
                    params={"player": by, "bank": after.bank_hours, "bonus": after.bonus_hours},
                    terms={"policy": f"table.policy.{after.policy}"},
                )
            )
    if after.hints != before.hints:
        notes.append(event("table.event.hints_on" if after.hints else "table.event.hints_off", params={"player": by}))
    return notes


def settings_text(settings: TableSettings, locale: str | None) -> str:
    """The clock settings as players read them."""
    clock = (
        t("table.settings_untimed", locale)
        if not settings.timed
        else t(
            "table.settings_timed",
            locale,
            bank=settings.bank_hours,
            bonus=settings.bonus_hours,
            policy=t(f"table.policy.{settings.policy}", locale),
        )
    )
    hints = t("table.settings_hints", locale, state=t(f"table.hints.{'on' if settings.hints else 'off'}", locale))
    return f"{clock} · {hints}"


def check_settings(settings: TableSettings) -> None:
    """Refuse clock settings outside the offered choices, naming the field."""
    field = settings_problem(settings)
    if field is not None:
        values = {"banks": ", ".join(map(str, BANK_CHOICES)), "bonuses": ", ".join(map(str, BONUS_CHOICES))}
        raise BadOption(
            msg=msg(
                "error.settings_value",
                params={**values, "policies": " / ".join(POLICIES)},
                terms={"field": f"cmd.game.settings.{field}.name"},
            )
        )
