"""Standing orders for tests: a few values made the whole order a form would save."""

from __future__ import annotations

from typing import Any

from bot.outbox import Player
from bot.service import TableService
from rules.engine import form_fields


def seat_of(table: Any, player: Player) -> int:
    """The player's seat number at ``table``."""
    seat = table.seat_of(player.id)
    assert seat is not None and seat.seat is not None
    return int(seat.seat)


async def whole(service: TableService, table_id: int, player: Player, **values: str) -> dict[str, str]:
    """``values`` made a whole order: every other field its form offers now, at its "not set"
    value (an order is set as a whole: MG-ORD-6, TR-ORD-6)."""
    table = await service.table(table_id=table_id)
    orders = service.games[table.game].orders
    assert orders is not None
    state, seat = service.state_of(table), seat_of(table, player)
    first = {spec.name: spec.default for spec in orders.fields(state, seat)}
    return {spec.name: spec.default for spec in form_fields(orders, state, seat, {**first, **values})} | values
