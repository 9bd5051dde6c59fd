"""Standing orders: a player's private instructions that answer their own decisions as if they
had clicked at that moment (Mogul's MG-ORD, Top Race's TR-ORD, Takenoko's end-of-turn preference).

An order is stored beside the state, written in the table's guarded write, and applied by the one
play loop (bot/turns.py), so it acts once however many bot processes share the table. Nothing
public says that a player has one: setting, changing or cancelling an order answers its holder
alone, and the board moves only if the order plays at once, exactly as a click would.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.errors import BadOption, NotInLobby, NotSeated, TableError
from bot.i18n import Text, t
from bot.outbox import Choice, OrderField, OrderPanel, Outbox, Place, Player
from bot.outboxes import Outboxes
from bot.step import Step
from bot.tables import Tables, names
from bot.turns import Turns
from db.records import OrderBook, TableRecord
from rules.engine import Game, IllegalAction, Order


class StandingOrders:
    """Showing, setting and cancelling a player's standing order."""

    def __init__(self, tables: Tables, turns: Turns, outboxes: Outboxes) -> None:
        self.tables = tables
        self.turns = turns
        self.outboxes = outboxes

    async def show(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """The player's order and what they may set now (answered to them alone)."""
        table, seat, orders = await self._seat(place, player, table_id)
        out = self.outboxes.plain(table, self._describe(table, orders, seat, player))
        out.order = self._panel(table, orders, seat, player)
        return out

    async def set(
        self, place: Place | None, player: Player, values: Mapping[str, str], *, table_id: int | None = None
    ) -> Outbox:
        """Change some fields of the player's order (a field set to its first value is cleared); if
        it is their turn and the order decides, it plays at once."""
        table, seat, _ = await self._seat(place, player, table_id)
        current = dict(table.orders.get(seat, {}))
        merged = {**current, **{k: str(v) for k, v in values.items()}}
        order = self._check(table, self.tables.state(table), seat, merged) if merged else {}
        return await self._write(table, seat, player, order)

    def _check(self, table: TableRecord, state: Any, seat: int, order: Order) -> Order:
        """The order as the game keeps it, or a refusal with the game's reason."""
        orders = self.tables.rules(table.game).orders
        assert orders is not None
        try:
            return orders.check(state, seat, order)
        except IllegalAction as exc:
            error = BadOption(msg=exc.msg)
            error.names = names(table)
            raise error from exc

    async def cancel(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """Drop the player's order."""
        table, seat, _ = await self._seat(place, player, table_id)
        return await self._write(table, seat, player, {})

    async def _write(self, table: TableRecord, seat: int, player: Player, order: Order) -> Outbox:
        expected = table.ply

        def decide(rec: TableRecord, now: datetime) -> Step:
            if rec.status != "active":
                raise NotInLobby("error.not_started")
            state = self.tables.state(rec)
            mine = order
            if mine and rec.ply != expected:
                mine = self._check(rec, state, seat, mine)  # the table moved since: check again
            kept: OrderBook = {s: o for s, o in rec.orders.items() if s != seat}
            if mine:
                kept = {**kept, seat: mine}
            return self.turns.advance(rec, state, now, orders=kept)

        step, table, out = await self.turns.rewrite(table.id, decide)
        rules = self.tables.rules(table.game)
        assert rules.orders is not None
        reply = self._describe(table, rules.orders, seat, player)
        if any(p.seat == seat and p.how == "order" for p in step.write.actions):
            # The holder is here, reading this reply: no "while you were away" for what it did now.
            told = await self.outboxes.history.orders_done(table, seat, player.locale)
            out.private = [
                replace(p, text="\n".join(line for line in p.text.split("\n") if line != told))
                for p in out.private
                if p.user_id != player.id or p.ask is not None or told not in p.text or p.text.count("\n") > 2
            ]
            # It played at once: say what it did, then the order as it stands (or that its work
            # is done), not only "you have no standing order".
            played = await self.outboxes.history.orders_done(table, seat, player.locale, away=False)
            reply = "\n".join([played, reply if seat in table.orders else t("orders.ended", player.locale)])
        if not step.write.actions:
            # Nothing public happened: the table must not show that anything was written.
            out = self.outboxes.plain(table, reply)
        else:
            out.reply = reply + ("\n" + out.reply if out.reply else "")
        out.order = self._panel(table, rules.orders, seat, player)
        return out

    async def _seat(self, place: Place | None, player: Player, table_id: int | None) -> tuple[TableRecord, int, Any]:
        table = await self.tables.find(place, table_id)
        rules: Game[Any, Any, Any] = self.tables.rules(table.game)
        if rules.orders is None:
            raise TableError("orders.none", game=t(f"{table.game}.name", player.locale))
        seat = table.seat_of(player.id)
        if seat is None or seat.seat is None or seat.is_ai:
            raise NotSeated()
        if table.status != "active":
            raise NotInLobby("error.not_started")
        return table, seat.seat, rules.orders

    def _describe(self, table: TableRecord, orders: Any, seat: int, player: Player) -> str:
        tr = Text(player.locale, names(table))
        held = table.orders.get(seat)
        if not held:
            return t("orders.none_set", player.locale)
        return t("orders.yours", player.locale, order=tr.msg(orders.describe(dict(held))))

    def _panel(self, table: TableRecord, orders: Any, seat: int, player: Player) -> OrderPanel:
        tr = Text(player.locale, names(table))
        held = table.orders.get(seat, {})
        found = []
        specs = orders.fields(self.tables.state(table), seat) if table.status == "active" else ()
        for spec in specs:
            values = tuple(Choice(v, tr.msg(orders.label(spec.name, v))) for v in spec.choices)
            current = held.get(spec.name, spec.default if spec.default in spec.choices else spec.choices[0])
            found.append(OrderField(spec.name, t(f"{table.game}.order.{spec.name}", player.locale), values, current))
        return OrderPanel(table.id, bool(held), tuple(found))
