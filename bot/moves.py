"""Moves: a player's action checked against the decision they saw and written in one guarded
transaction, AI seats played after it, and the decision ids that make stale buttons harmless."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from bot.core import Step, iso
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
from db.store import Decision, Move, MoveWrite, StaleMove, TableNotFound, TableRecord
from rules.engine import Event, Game, IllegalAction, MalformedAction, ai_player, playout, rng_for

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

        def decide(rec: TableRecord) -> Move[Step]:
            step = self._decide(rec, player, code, decision, now)
            return Move(step.write, step)

        try:
            step, table = await self.store.commit_move(table_id, decide)
        except TableError:
            raise
        except TableNotFound as exc:
            raise NoTable() from exc
        except StaleMove as exc:
            raise Stale() from exc
        except Exception as exc:
            # An engine or AI fault: the move was not written; the player gets an apology, and the
            # traceback goes to the log (never "no table here").
            log.exception("table %s: move %r by %s failed", table_id, code, player.id)
            raise InternalError() from exc
        self._states.put(table.id, (table.ply, step.state))
        seat_rec = table.seat_of(player.id)
        actor = seat_rec.seat if seat_rec else None
        return self._move_outbox(table, step, actor=actor, reply_to=player)

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
        step = self._advance(rules, rec, new_state, rec.ply, first, seat, now, [(seat, e) for e in events])
        step.played = rules.presentation.action_label(state, seat, action)
        return step

    def _advance(
        self,
        rules: Game[Any, Any, Any],
        rec: TableRecord,
        state: Any,
        ply: int,
        actions: Iterable[tuple[int, str]],
        actor: int | None,
        now: datetime,
        events: list[tuple[int | None, Event]],
    ) -> Step:
        """After a move, let AI seats play until a human must decide, and track open decisions."""
        done = list(actions)
        since = iso(now)
        decisions = {d.seat: d for d in rec.decisions}
        opened: set[int] = set()

        def refresh(current_state: Any, prev_to_act: frozenset[int], mover: int | None, at_ply: int) -> None:
            # A seat keeps its decision id while it stays asked and someone else moved (a
            # simultaneous decision such as secret bets); any other asked seat gets a new one.
            current = rules.to_act(current_state)
            for seat in list(decisions):
                if seat not in current:
                    del decisions[seat]
            for seat in current:
                if seat in prev_to_act and seat != mover and seat in decisions:
                    continue
                decisions[seat] = Decision(seat, at_ply, since)
                opened.add(seat)

        if done:
            refresh(state, frozenset(decisions), actor, ply + len(done))
        else:
            refresh(state, frozenset(), None, ply)
        ai_seats = frozenset(s.seat for s in rec.seats if s.is_ai and s.seat is not None)
        at = ply + len(done)
        ai = ai_player(rules, rec.seed, ai_seats)
        for step in playout(rules, state, rec.seed, ai, ply=at, max_plies=at + MAX_AI_PLIES):
            state = step.after
            done.append((step.seat, rules.action_code(step.action)))
            events.extend((step.seat, e) for e in step.events)
            refresh(state, rules.to_act(step.before), step.seat, step.number)
        over = rules.outcome(state) is not None
        write = MoveWrite(
            actions=done,
            state=state.model_dump_json(),
            decisions=tuple(sorted(decisions.values(), key=lambda d: d.seat)),
            state_version=rules.state_version,
            status="over" if over else "active",
        )
        return Step(write, state, events, frozenset(opened & set(decisions)))


def _named(error: TableError, rec: TableRecord) -> TableError:
    """A refusal whose message may name seats: give it the table's player names."""
    error.names = [s.name for s in rec.seats]
    return error
