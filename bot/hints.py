"""Hints for learners: what the AI would play now, and why, shown to the asking player alone —
where the table allows it. A hint is kept (a count per seat, in the table's guarded write), so the
results say a hint was used and the game counts for nobody's rating."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.errors import NotSeated, TableError
from bot.history import changed_for
from bot.i18n import Text, catalogue, t
from bot.outbox import Outbox, Place, Player
from bot.outboxes import Outboxes
from bot.step import Step
from bot.tables import Tables, names
from bot.turns import Turns
from db.records import TableRecord
from rules.engine import Game, drew_randomly, rng_for

HINT_EVENTS = 4
"""The most lines a hint quotes of what the move would do."""
HINT_STEPS = 6
"""The most decisions of the same seat a hint plays on to finish the turn its move opens."""


@dataclass(eq=False)
class Hints:
    """/game hint."""

    # The parts it may call, given when the service builds it (docs/design.md); the other parts
    # list theirs the same way.
    tables: Tables
    turns: Turns
    outboxes: Outboxes

    async def hint(self, place: Place, player: Player) -> Outbox:
        """The AI's move for the player's open decision, at the level that plays for absent
        players ("normal"), with a one-line reason for that kind of move."""
        table, seat = await self.tables.seat_at(place, player, "hint.game_over")
        if table.seats[seat].is_ai:
            raise NotSeated()
        if not table.settings.hints:
            raise TableError("hint.off")
        if table.status != "active" or table.decision_of(seat) is None:
            raise TableError("hint.nothing")
        rules = self.tables.rules(table.game)
        state = self.tables.state(table)
        action = rules.ai_action(state, seat, rng_for(f"{table.seed}:hint", table.ply))
        tr = Text(player.locale, names(table))
        label = tr.msg(rules.presentation.action_label(state, seat, action))
        kind = rules.action_code(action).split(":", 1)[0]
        key = f"{table.game}.hint.{kind}"
        reason = t(key, player.locale) if key in catalogue("en") else t("hint.any", player.locale)

        def count(rec: TableRecord, now: datetime) -> Step:
            clock = rec.clocks.seats[seat]
            clocks = rec.clocks.with_seat(seat, replace(clock, hints=clock.hints + 1))
            return self.turns.advance(rec, self.tables.state(rec), now, clocks=clocks)

        await self.turns.rewrite(table.id, count)  # nothing public: the results will say it
        lines = [t("hint.text", player.locale, action=label, reason=reason)]
        lines += effects(rules, state, seat, action, rng_for(table.seed, table.ply + 1), tr)
        lines.append(t("hint.unrated", player.locale))
        return self.outboxes.plain(table, "\n".join(lines))


def effects(rules: Game[Any, Any, Any], state: Any, seat: int, action: Any, rng: random.Random, tr: Text) -> list[str]:
    """What the move would do, in numbers the player can check: what it tells them (the events
    they would read) and what it changes for them (their tally). Said only of a move that draws
    nothing, by chance or from a hidden pile: what a draw brings is not known before it is made
    (and must not be told)."""
    after, events = rules.apply(state, seat, action, rng)
    # A move that opens another decision of the same seat (a Top Race card, then how its cars
    # move) does little by itself: the turn is finished as the AI would finish it, so that the
    # hint says what the whole turn does.
    for step in range(HINT_STEPS):
        if drew_randomly(rng) or rules.to_act(after) != frozenset({seat}) or rules.outcome(after) is not None:
            break
        follow = rules.ai_action(after, seat, rng_for(f"hint:{seat}", step))
        after, more = rules.apply(after, seat, follow, rng)
        events = [*events, *more]
    if drew_randomly(rng) or (rules.hidden is not None and rules.hidden(after) != rules.hidden(state)):
        return [t("hint.chance", tr.locale)]  # a draw: a hidden card or tile would be told
    seen = [e for e in events if e.to is None or seat in e.to]
    lines = []
    if seen:
        told = [tr.msg(e) for e in seen][:HINT_EVENTS]
        lines.append(t("hint.does", tr.locale, effects=" · ".join(told)))
    lines += changed_for(rules, state, after, seat, tr, public=False)
    return lines
