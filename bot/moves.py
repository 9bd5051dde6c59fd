"""Moves: a player's action checked against the decision they saw and written in one guarded
transaction, AI seats played after it, and the decision ids that make stale buttons harmless."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.clock import Clocks, TableSettings, after_move, come_back, iso, next_due
from bot.clock import ai_seconds as ai_time
from bot.core import Step
from bot.errors import (
    BadCode,
    GameOver,
    IllegalMove,
    InternalError,
    NoTable,
    NotInLobby,
    NotSeated,
    NotYourTurn,
    Stale,
    TableError,
)
from bot.outbox import Outbox, Place, Player
from bot.texts import Texts
from db.store import Decision, Move, MoveWrite, StaleMove, TableNotFound, TableRecord, fits_id
from rules.engine import Event, Game, IllegalAction, MalformedAction, Outcome, ai_player, playout, rng_for

log = logging.getLogger("gamehost.service")
MAX_AI_PLIES = 100_000  # a safety net: every game ends long before this (DESIGN.md, "Every game ends")


class Moves(Texts):
    """Playing moves."""

    async def act(
        self,
        player: Player,
        code: str,
        *,
        place: Place | None = None,
        table_id: int | None = None,
        decision: int | None = None,
    ) -> Outbox:
        """Play ``code`` for ``player``; ``decision`` (from a button) must still be open."""
        if table_id is None:
            if place is None:
                raise NoTable()
            table_id = (await self._live_or_over(place, player.locale)).id
        now = self.clock()
        step, table = await self._commit(
            table_id, lambda rec: self._decide(rec, player, code, decision, now), f"move {code!r} by {player.id}"
        )
        seat_rec = table.seat_of(player.id)
        actor = seat_rec.seat if seat_rec else None
        return self._move_outbox(table, step, actor=actor, reply_to=player)

    async def _commit(
        self, table_id: int, decide: Callable[[TableRecord], Step], what: str
    ) -> tuple[Step, TableRecord]:
        """One guarded write of a table, decided by ``decide`` on the row it writes.

        Where AI seats may play after the move, the decision is first worked out in a worker
        thread on the table as this process last saw it, so AI thinking holds up neither the
        event loop (every other table) nor the write lock; inside the write it is used as it is if
        the table has not moved since, else decided again there.
        """
        early: tuple[int, Step] | None = None
        seen = self.store.cached_table(table_id) if fits_id(table_id) else None
        if seen is not None and seen.status == "active" and self._plays_ai(seen):
            try:
                early = (seen.revision, await asyncio.to_thread(decide, seen))
            except Exception:
                early = None  # refusals and faults are decided, and reported, inside the write

        def in_write(rec: TableRecord) -> Move[Step]:
            step = early[1] if early is not None and early[0] == rec.revision else decide(rec)
            return Move(step.write, step)

        try:
            step, table = await self.store.commit_move(table_id, in_write)
        except TableError:
            raise
        except TableNotFound as exc:
            raise NoTable() from exc
        except StaleMove as exc:
            raise Stale() from exc
        except Exception as exc:
            # An engine or AI fault: nothing was written; the player gets an apology, and the
            # traceback goes to the log (never "no table here").
            log.exception("table %s: %s failed", table_id, what)
            raise InternalError() from exc
        self._states.put(table.id, (table.ply, step.state))
        return step, table

    @staticmethod
    def _plays_ai(table: TableRecord) -> bool:
        """True if the AI plays a seat of this table (a robot, or someone away)."""
        if any(s.is_ai for s in table.seats):
            return True
        clocks = Clocks.from_json(table.clocks, len(table.seats), TableSettings.from_json(table.settings))
        return any(clock.away for clock in clocks.seats)

    def _decide(self, rec: TableRecord, player: Player, code: str, decision: int | None, now: datetime) -> Step:
        """Check the move against the table as it stands, apply it and let AI seats answer."""
        rules = self._rules(rec.game)
        if rec.status in ("over", "cancelled"):
            raise Stale() if decision is not None else GameOver()
        if rec.status != "active":
            raise NotInLobby("error.not_started")
        seat_rec = rec.seat_of(player.id)
        if seat_rec is None or seat_rec.seat is None:
            raise NotSeated()
        seat = seat_rec.seat
        state = self._state(rec)
        opened = rec.decision_of(seat)
        if decision is not None and (opened is None or opened.ply != decision):
            raise Stale()
        if opened is None:
            raise NotYourTurn(players=", ".join(rec.seats[d.seat].name for d in rec.decisions))
        try:
            action = rules.parse_action(code)
        except MalformedAction as exc:
            raise _named(BadCode(msg=exc.msg), rec) from exc
        try:
            new_state, events = rules.apply(state, seat, action, rng_for(rec.seed, rec.ply + 1))
        except IllegalAction as exc:
            raise _named(IllegalMove(msg=exc.msg), rec) from exc
        first = [(seat, rules.action_code(action))]
        settings = TableSettings.from_json(rec.settings)
        clocks = Clocks.from_json(rec.clocks, len(rec.seats), settings)
        # The mover's own move: time used comes off their bank, the bonus goes on (and a player
        # the AI was standing in for is back).
        mine = after_move(come_back(clocks.seats[seat], now), opened.since, now, settings)
        clocks = clocks.with_seat(seat, mine)
        events_so_far: list[tuple[int | None, Event]] = [(seat, e) for e in events]
        step = self._advance(rules, rec, new_state, rec.ply, first, now, events_so_far, clocks=clocks)
        step.played = rules.presentation.action_label(state, seat, action)
        return step

    def _advance(
        self,
        rules: Game[Any, Any, Any],
        rec: TableRecord,
        state: Any,
        ply: int,
        actions: Iterable[tuple[int, str]],
        now: datetime,
        events: list[tuple[int | None, Event]],
        *,
        clocks: Clocks | None = None,
        settings: str | None = None,
    ) -> Step:
        """After a move (or a change of seats), let AI seats — and seats the AI plays for someone
        away — play until a present human must decide; track open decisions and the clocks."""
        done = list(actions)
        since = iso(now)
        decisions = {d.seat: d for d in rec.decisions}
        opened: set[int] = set()
        table_settings = TableSettings.from_json(settings or rec.settings)
        if clocks is None:
            clocks = Clocks.from_json(rec.clocks, len(rec.seats), table_settings)

        def refresh(current_state: Any, prev_to_act: frozenset[int], movers: set[int], at_ply: int) -> None:
            # A seat keeps its decision id while it stays asked and only others moved (a
            # simultaneous decision such as secret bets); any other asked seat gets a new one.
            current = rules.to_act(current_state)
            for seat in list(decisions):
                if seat not in current:
                    del decisions[seat]
            for seat in current:
                if seat in prev_to_act and seat not in movers and seat in decisions:
                    continue
                decisions[seat] = Decision(seat, at_ply, since)
                opened.add(seat)

        # Every seat that moved in ``done`` (the player; or each seat whose time ran out) is asked
        # anew if it is asked again, even when several moved before this refresh.
        refresh(state, frozenset(decisions), {seat for seat, _ in done}, ply + len(done))
        robots = {s.seat for s in rec.seats if s.is_ai and s.seat is not None}
        ai_seats = frozenset(robots | {seat for seat, clock in enumerate(clocks.seats) if clock.away})
        at = ply + len(done)
        ai = ai_player(rules, rec.seed, ai_seats)
        for step in playout(rules, state, rec.seed, ai, ply=at, max_plies=at + MAX_AI_PLIES):
            state = step.after
            done.append((step.seat, rules.action_code(step.action)))
            events.extend((step.seat, e) for e in step.events)
            refresh(state, rules.to_act(step.before), {step.seat}, step.number)
        for seat in opened & set(decisions):
            if clocks.seats[seat].reminded:
                clocks = clocks.with_seat(seat, replace(clocks.seats[seat], reminded=0))
        outcome = rules.outcome(state)
        ordered = tuple(sorted(decisions.values(), key=lambda d: d.seat))
        humans = {s.seat for s in rec.seats if not s.is_ai and s.seat is not None}
        due = None if outcome else next_due([(d.seat, d.since) for d in ordered], clocks, table_settings, humans, now)
        write = MoveWrite(
            actions=done,
            state=state.model_dump_json(),
            decisions=ordered,
            state_version=rules.state_version,
            status="over" if outcome else "active",
            clocks=clocks.to_json(),
            settings=settings,
            due_at=None if due is None else iso(due),
            results=None if outcome is None else results_json(rec, outcome, clocks, now),
        )
        return Step(write, state, events, frozenset(opened & set(decisions)))


def results_json(rec: TableRecord, outcome: Outcome, clocks: Clocks, now: datetime) -> str:
    """The final standings as stored: who (user ids and names), rank, score, and how long the AI
    played each seat."""
    rows = [
        {
            "user": rec.seats[s.seat].user_id,
            "name": rec.seats[s.seat].name,
            "ai": rec.seats[s.seat].is_ai,
            "rank": s.rank,
            "score": s.score,
            "keys": list(s.keys),
            "ai_seconds": round(ai_time(clocks.seats[s.seat], now)) if s.seat < len(clocks.seats) else 0,
        }
        for s in outcome.standings
    ]
    return json.dumps({"standings": rows, "tiebreaks": list(outcome.tiebreaks), "ended": iso(now)})


def _named(error: TableError, rec: TableRecord) -> TableError:
    """A refusal whose message may name seats: give it the table's player names."""
    error.names = [s.name for s in rec.seats]
    return error
