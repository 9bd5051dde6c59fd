"""Turns: a player's move checked against the decision they saw, and the one play loop that every
write of a table goes through — the move, then whatever answers without a person: AI seats,
standing orders, the AI standing in for an absent player — in one guarded transaction.

A decision is made in one of four ways, all through ``advance``: a player's click or command, their
standing order (``Game.orders``), the AI (for an AI seat, or for a player who is away), or the clock
(a timeout, queued by bot/timekeeper.py). The log records which (``Played.how``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.clocks import after_move, ai_seconds, come_back, counted, iso, next_due
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
from bot.outboxes import Outboxes
from bot.step import Step
from bot.tables import Tables
from db.records import (
    Clocks,
    Decision,
    Move,
    MoveWrite,
    OrderBook,
    Played,
    ResultRow,
    Results,
    TableRecord,
    TableSettings,
)
from db.store import StaleMove, TableNotFound, fits_id
from rules.engine import Event, Game, IllegalAction, MalformedAction, Msg, Outcome, playout, rng_for

log = logging.getLogger("gamehost.service")
MAX_AI_PLIES = 100_000  # a safety net: every game ends long before this (docs/design.md, "Every game ends")
AI_PREFIX = "ai:"


def ai_level(user_id: str) -> str:
    """The level of an AI seat from its id (``ai:2`` plays at "normal", ``ai:2:strong`` strong)."""
    _, _, rest = user_id.partition(AI_PREFIX)
    _, _, level = rest.partition(":")
    return level or "normal"


@dataclass(frozen=True)
class Queued:
    """A move already chosen before the loop runs: a player's own, or one a timeout forces."""

    seat: int
    action: Any
    how: str = ""


class Turns:
    """Playing moves: the guarded write, the play loop, and the player's own move."""

    def __init__(self, tables: Tables, outboxes: Outboxes) -> None:
        self.tables = tables
        self.outboxes = outboxes

    # -- a player's move ------------------------------------------------------------------------
    # TableService.act forwards here with the same signature: the facade is the front ends' one
    # entry point (docs/design.md), so the repeated parameter list is its interface, not a copy.
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
            table_id = (await self.tables.live(place)).id
        now = self.tables.clock()
        step, table = await self.commit(
            table_id,
            lambda rec: self._decide(rec, player, code, decision, now),
            f"move {code!r} by {player.id}",
            actor=player.id,
        )
        seat_rec = table.seat_of(player.id)
        actor = seat_rec.seat if seat_rec else None
        out = self.outboxes.move(table, step, actor=actor, reply_to=player)
        out.secret = step.secret
        return await self.outboxes.finish(table, out)

    def _decide(self, rec: TableRecord, player: Player, code: str, decision: int | None, now: datetime) -> Step:
        """Check the move against the table as it stands, then play it and what answers it."""
        rules = self.tables.rules(rec.game)
        if rec.status in ("over", "cancelled"):
            raise Stale() if decision is not None else GameOver()
        if rec.status != "active":
            raise NotInLobby("error.not_started")
        seat_rec = rec.seat_of(player.id)
        if seat_rec is None or seat_rec.seat is None:
            raise NotSeated()
        seat = seat_rec.seat
        state = self.tables.state(rec)
        opened = rec.decision_of(seat)
        if decision is not None and (opened is None or opened.ply != decision):
            if opened is None and decision in {d.ply for d in rec.decisions}:
                # A seated player clicking someone else's current button.
                raise NotYourTurn(players=", ".join(rec.seats[d.seat].name for d in rec.decisions))
            raise Stale()
        if opened is None:
            raise NotYourTurn(players=", ".join(rec.seats[d.seat].name for d in rec.decisions))
        try:
            action = rules.parse_action(code)
        except MalformedAction as exc:
            raise named(BadCode(msg=exc.msg), rec) from exc
        # The mover's own move: time used comes off their bank, the bonus goes on (and a player
        # the AI was standing in for is back).
        clocks = rec.clocks
        mine = after_move(
            come_back(clocks.seats[seat], now), opened.since, now, rec.settings, paused_at=clocks.paused_at
        )
        clocks = clocks.with_seat(seat, mine)
        try:
            step = self.advance(rec, state, now, queued=[Queued(seat, action)], clocks=clocks)
        except IllegalAction as exc:
            raise named(IllegalMove(msg=exc.msg), rec) from exc
        step.played = rules.presentation.action_label(state, seat, action)
        step.secret = rules.public_choices(state, seat) is None
        return step

    # -- the guarded write ----------------------------------------------------------------------
    async def commit(
        self,
        table_id: int,
        decide: Callable[[TableRecord], Step],
        what: str,
        *,
        actor: str | None = None,
        think: bool = False,
    ) -> tuple[Step, TableRecord]:
        """One guarded write of a table, decided by ``decide`` on the row it writes; ``actor`` is
        the user whose own move it is (someone else newly asked moves the board below).

        Where AI seats may play after the move (or, with ``think``, where the AI plays the move
        itself: a timeout), the decision is first worked out in a worker thread on the table as
        this process last saw it, so AI thinking holds up neither the event loop (every other
        table) nor the write lock; inside the write it is used as it is if the table has not moved
        since, else decided again there.
        """
        early: tuple[int, Step] | None = None
        seen = self.tables.store.cached_table(table_id) if fits_id(table_id) else None
        if seen is not None and seen.status == "active" and (think or plays_ai(seen)):
            try:
                early = (seen.revision, await asyncio.to_thread(decide, seen))
            except Exception:
                early = None  # refusals and faults are decided, and reported, inside the write

        def in_write(rec: TableRecord) -> Move[Step]:
            step = early[1] if early is not None and early[0] == rec.revision else decide(rec)
            seat = rec.seat_of(actor) if actor is not None else None
            return Move(step.written_on(rec, seat.seat if seat is not None else None), step)

        try:
            step, table = await self.tables.store.commit_move(table_id, in_write)
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
        self.tables.remember(table, step.state)
        return step, table

    async def rewrite(
        self, table_id: int, decide: Callable[[TableRecord, datetime], Step], *, reply: str = "", think: bool = False
    ) -> tuple[Step, TableRecord, Outbox]:
        """One guarded write of the table that is no player's move (a pause, a timeout, a seat
        handed to the AI...), decided on the row it writes; its Outbox, with ``reply``. With
        ``think``, the decision is worked out off the event loop first (``commit``)."""
        now = self.tables.clock()
        step, table = await self.commit(table_id, lambda rec: decide(rec, now), "a table update", think=think)
        out = self.outboxes.move(table, step, actor=None)
        out.reminders = list(step.reminders)
        out.reply = reply
        return step, table, await self.outboxes.finish(table, out)

    # -- the one play loop ----------------------------------------------------------------------
    def advance(
        self,
        rec: TableRecord,
        state: Any,
        now: datetime,
        *,
        notes: Sequence[Event] = (),
        told: Sequence[Event] = (),
        queued: Iterable[Queued] = (),
        clocks: Clocks | None = None,
        settings: TableSettings | None = None,
        orders: OrderBook | None = None,
        ply: int | None = None,
        logged: Iterable[Played] = (),
    ) -> Step:
        """Play the ``queued`` moves, then every decision that needs no person (AI seats, standing
        orders, the AI for absent players) until a present human must decide or the game ends;
        track the open decisions, the clocks and the orders, and say what to write.

        ``notes`` are the table's own events (a timeout, a pause...), told first and kept in its
        log; ``told`` are told first without being logged (the setup's, an undo's: a replay of
        the log tells them again); ``ply`` is the state's (the row's by default: the start writes
        the first moves on ply 0); ``logged`` are log entries that come first without being
        played (an undo), each taking its ply."""
        rules = self.tables.rules(rec.game)
        events: list[tuple[int | None, Event, str]] = [(None, e, "") for e in (*told, *notes)]
        done: list[Played] = list(logged)
        at = (rec.ply if ply is None else ply) + len(done)
        since = iso(now)
        table_settings = settings or rec.settings
        clocks = clocks or rec.clocks
        standing: dict[int, dict[str, str]] = {
            s: dict(o) for s, o in (rec.orders if orders is None else orders).items()
        }
        decisions = {d.seat: d for d in rec.decisions}
        opened: set[int] = set()
        queue = list(queued)
        robots = {s.seat: ai_level(s.user_id) for s in rec.seats if s.is_ai and s.seat is not None}
        away = {seat for seat, clock in enumerate(clocks.seats) if clock.away}

        def refresh(current: Any, prev_to_act: frozenset[int], movers: set[int], at_ply: int) -> None:
            # A seat keeps its decision id while it stays asked and only others moved (a
            # simultaneous decision such as secret bets); any other asked seat gets a new one.
            now_asked = rules.to_act(current)
            for seat in list(decisions):
                if seat not in now_asked:
                    del decisions[seat]
            for seat in now_asked:
                if seat in prev_to_act and seat not in movers and seat in decisions:
                    continue
                decisions[seat] = Decision(seat, at_ply, since)
                opened.add(seat)

        hows: list[str] = []
        stopped: dict[int, Msg] = {}  # orders dropped without deciding, and why (for their holders)
        queued_now = [False]  # whether the move being applied was queued (a refusal is then the player's)

        def choose(current: Any, to_act: frozenset[int], number: int) -> tuple[int, Any] | None:
            queued_now[0] = bool(queue)
            if queue:
                move = queue.pop(0)
                hows.append(move.how)
                return move.seat, move.action
            for seat in sorted(to_act):
                chosen = self._automatic(rules, rec, current, seat, number, robots, away, standing, stopped)
                if chosen is not None:
                    hows.append(chosen[1])
                    return seat, chosen[0]
            return None

        refresh(state, frozenset(decisions), {entry.seat for entry in done}, at)
        moved: dict[int, list[str]] = {}
        plies = playout(rules, state, rec.seed, choose, ply=at, max_plies=at + MAX_AI_PLIES)
        while True:
            try:
                played = next(plies)
            except StopIteration:
                break
            except IllegalAction as refused:
                if queued_now[0]:
                    raise  # the player's own move (or a timeout's): refused with the rules' reason
                raise RuntimeError(f"table {rec.id}: an automatic move was refused: {refused}") from refused
            state = played.after
            how = hows[-1]
            done.append(Played(played.seat, rules.action_code(played.action), how))
            moved.setdefault(played.seat, []).append(how)
            events.extend((played.seat, e, how) for e in played.events)
            refresh(state, rules.to_act(played.before), {played.seat}, played.number)
            lapsed = [s for s, order in standing.items() if rules.orders and not rules.orders.keep(state, s, order)]
            for seat in lapsed:
                why = rules.orders.why_stopped if rules.orders is not None else None
                reason = why(state, seat, standing.pop(seat)) if why is not None else None
                if reason is not None:
                    stopped[seat] = reason
        clocks = self._clocks_after(rec, clocks, moved, decisions, now)
        for seat in opened & set(decisions):
            if clocks.seats[seat].reminded:
                clocks = clocks.with_seat(seat, replace(clocks.seats[seat], reminded=0))
        outcome = rules.outcome(state)
        ordered = tuple(sorted(decisions.values(), key=lambda d: d.seat))
        humans = {s.seat for s in rec.seats if not s.is_ai and s.seat is not None}
        due = None if outcome else next_due([(d.seat, d.since) for d in ordered], clocks, table_settings, humans, now)
        kept: OrderBook = {s: o for s, o in standing.items() if not outcome}
        write = MoveWrite(
            actions=done,
            state=state.model_dump_json(),
            decisions=ordered,
            state_version=rules.state_version,
            status="over" if outcome else "active",
            clocks=clocks,
            settings=settings,
            due_at=None if due is None else iso(due),
            results=None if outcome is None else results_of(rec, outcome, clocks, now),
            orders=None if kept == rec.orders else kept,
            notes=[note.model_dump_json() for note in notes],
        )
        return Step(write, state, events, frozenset(opened & set(decisions)), stopped=stopped)

    def _automatic(
        self,
        rules: Game[Any, Any, Any],
        rec: TableRecord,
        state: Any,
        seat: int,
        ply: int,
        robots: Mapping[int, str],
        away: set[int],
        standing: dict[int, dict[str, str]],
        stopped: dict[int, Msg],
    ) -> tuple[Any, str] | None:
        """The move made for ``seat`` without asking anyone, and who made it; None: ask the player.

        A standing order answers first (also for an absent player: MG-ORD-4, TR-ORD-4); then the
        AI, for an AI seat or for an absent player. (An AI seat decides each move itself: its
        plan as an order is what a person following it would set, for bench/tempo.py; the AI
        itself plays better move by move, and has no one to save a look.)"""
        orders = rules.orders
        if orders is not None:
            order = standing.get(seat)
            if order is not None:
                action, left = orders.decide(state, seat, order)
                if left is None:
                    standing.pop(seat, None)
                    if action is None and orders.why_stopped is not None and seat not in robots:
                        # Dropped on the holder's own decision: they are asked, and told why.
                        reason = orders.why_stopped(state, seat, order)
                        if reason is not None:
                            stopped[seat] = reason
                else:
                    standing[seat] = dict(left)
                if action is not None:
                    return action, "" if seat in robots else "order"
        if seat in robots:
            return rules.ai_action(state, seat, rng_for(f"{rec.seed}:ai", ply), robots[seat]), ""
        if seat in away:
            return rules.ai_action(state, seat, rng_for(f"{rec.seed}:ai", ply)), "ai"
        return None

    @staticmethod
    def _clocks_after(
        rec: TableRecord, clocks: Clocks, moved: dict[int, list[str]], decisions: dict[int, Decision], now: datetime
    ) -> Clocks:
        """The clocks once the loop's moves are made: a present player whose standing order moved
        for them has used no time (the order answered at once) and gets the bonus, as for a move of
        their own; every human seat counts its decisions and those the AI made for it."""
        for seat, hows in moved.items():
            if rec.seats[seat].is_ai:
                continue
            clock = counted(clocks.seats[seat], len(hows), sum(1 for how in hows if how in ("ai", "timeout")))
            if "order" in hows and not clock.away:
                opened = rec.decision_of(seat)
                clock = after_move(clock, opened.since if opened else iso(now), now, rec.settings, own=False)
            clocks = clocks.with_seat(seat, clock)
        return clocks


def plays_ai(table: TableRecord) -> bool:
    """True if the AI plays a seat of this table (a robot, or someone away)."""
    return any(s.is_ai for s in table.seats) or any(clock.away for clock in table.clocks.seats)


def results_of(rec: TableRecord, outcome: Outcome, clocks: Clocks, now: datetime) -> Results:
    """The final standings as stored: who (user ids and names), rank, score, and how much the AI
    played each seat (time, and decisions)."""
    rows = []
    for s in outcome.standings:
        seat = rec.seats[s.seat]
        clock = clocks.seats[s.seat] if s.seat < len(clocks.seats) else None
        rows.append(
            ResultRow(
                user=seat.user_id,
                name=seat.name,
                ai=seat.is_ai,
                rank=s.rank,
                score=s.score,
                keys=tuple(s.keys),
                ai_seconds=round(ai_seconds(clock, now)) if clock else 0,
                decisions=clock.decisions if clock else 0,
                ai_decisions=clock.ai_decisions if clock else 0,
            )
        )
    hinted = tuple(rec.seats[s].name for s, clock in enumerate(clocks.seats) if clock.hints and s < len(rec.seats))
    return Results(tuple(rows), tuple(outcome.tiebreaks), iso(now), hinted)


def named(error: TableError, rec: TableRecord) -> TableError:
    """A refusal whose message may name seats: give it the table's player names."""
    error.names = [s.name for s in rec.seats]
    return error
