"""Taking back one's own last decision (Board Game Arena's policy): only while nothing hidden was
revealed, no chance was involved and nobody else has moved since. The log stays append-only: the
undo is a log entry (``rules.engine.UNDO``), and a replay reaches the same state."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.clocks import undone
from bot.errors import Stale, UndoRefused
from bot.i18n import Text, t
from bot.outbox import Outbox, Place, Player
from bot.outboxes import Outboxes
from bot.step import Step
from bot.tables import Tables, names
from bot.turns import Turns
from db.records import Logged, Played, TableRecord
from rules.engine import UNDO, Game, drew_randomly, event, in_effect, replay, rng_for


@dataclass(eq=False)
class Undo:
    """Offering, checking and making an undo."""

    # The parts it may call, given when the service builds it (docs/design.md); the other parts
    # list theirs the same way.
    tables: Tables
    turns: Turns
    outboxes: Outboxes

    async def undo(self, place: Place, player: Player, *, confirm: int | None = None) -> Outbox:
        """Without ``confirm``, say what would be undone and ask to confirm (``Outbox.confirm`` is
        the table's ply the player saw); with it, take the move back if the table has not moved."""
        table, seat = await self.tables.seat_at(place, player, "undo.game_over")
        if table.status != "active":
            raise UndoRefused("undo.not_started")
        rules = self.tables.rules(table.game)
        before, last = self._undoable(table, rules, await self.tables.store.actions(table.id), seat)
        label = rules.presentation.action_label(before, seat, rules.parse_action(last.code))
        what = Text(player.locale, names(table)).msg(label)
        if confirm is None:
            out = self.outboxes.plain(table, t("undo.confirm", player.locale, action=what))
            out.confirm = table.ply
            return out
        if confirm != table.ply:
            raise Stale()
        expected = table.ply

        def decide(rec: TableRecord, now: datetime) -> Step:
            if rec.ply != expected:
                raise Stale()
            note = event("table.event.undo", seats={"player": seat})
            # The move goes, and its clock bonus with it.
            clocks = rec.clocks.with_seat(seat, undone(rec.clocks.seats[seat]))
            return self.turns.advance(rec, before, now, told=[note], logged=[Played(seat, UNDO)], clocks=clocks)

        _, _, out = await self.turns.rewrite(table.id, decide, reply=t("undo.done", player.locale, action=what))
        return out

    def _undoable(
        self, table: TableRecord, rules: Game[Any, Any, Any], log: list[Logged], seat: int
    ) -> tuple[Any, Logged]:
        """The state before ``seat``'s last move and that move, or UndoRefused saying why not."""
        if log and log[-1].code == UNDO:
            raise UndoRefused("undo.once")  # a move taken back is not taken back again, nor the one before
        effective = in_effect(log)
        if not effective or effective[-1].seat != seat:
            raise UndoRefused("undo.not_last")
        last = effective[-1]
        if last.ply != table.ply:
            raise UndoRefused("undo.others_acted")
        if last.how == "order":
            raise UndoRefused("undo.by_order")
        if last.how or table.clocks.seats[seat].timeouts or table.clocks.seats[seat].away:
            raise UndoRefused("undo.not_yours")  # the AI or the clock played that move
        state = self.tables.initial(table)
        for entry in replay(rules, state, table.seed, effective[:-1]):
            state = entry.after
        action = rules.parse_action(last.code)
        if rules.public_choices(state, seat) is None:
            raise UndoRefused("undo.revealed")  # a secret decision: the move disclosed the choice
        rng = rng_for(table.seed, last.ply)
        after, events = rules.apply(state, seat, action, rng)
        if drew_randomly(rng):
            raise UndoRefused("undo.chance")
        if any(e.to is not None and e.to != frozenset({seat}) for e in events):
            raise UndoRefused("undo.revealed")
        if rules.hidden is not None and rules.hidden(after) != rules.hidden(state):
            raise UndoRefused("undo.revealed")
        if reveals_own_secret(rules, state, seat, action, last.ply, table.seed, len(table.seats)):
            raise UndoRefused("undo.revealed")
        return state, last


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
