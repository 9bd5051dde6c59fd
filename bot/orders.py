"""Standing orders: a player's private instructions that answer their own decisions as if they
had clicked at that moment (Mogul's MG-ORD, Top Race's TR-ORD, Takenoko's end-of-turn preference,
Racebow's pre-moves RB-PRE).

An order is set, changed or cancelled as a whole (MG-ORD-6, TR-ORD-6): its form (one step, or
several where the game's ``follow_up`` asks for more) is pre-filled from the player's own view,
its values are checked (``validated``: every field given, numbers in range, no unknown key; then
the game's own ``check``), it is read back in words, and only a save writes it. A save that
changes nothing writes nothing.

An order is stored beside the state, written in the table's guarded write, and applied by the one
play loop (bot/turns.py), so it acts once however many bot processes share the table. Nothing
public says that a player has one: setting, changing or cancelling an order answers its holder
alone, and the board moves only if the order plays at once, exactly as a click would.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic_core import PydanticCustomError

from bot.errors import BadOption, GameOver, NotInLobby, NotSeated, Stale, TableError
from bot.i18n import Text, t
from bot.outbox import Choice, Draft, FormField, OrderForm, OrderPanel, Outbox, Place, Player, chain
from bot.outboxes import Outboxes, order_button
from bot.step import Step
from bot.tables import Tables, names
from bot.turns import Turns
from db.records import OrderBook, TableRecord
from rules.engine import FieldSpec, Game, IllegalAction, Msg, Order, Orders, msg

log = logging.getLogger("gamehost.service")
_SEPARATORS = re.compile(r"[\s,_'\u00a0\u202f]")
MAX_DIGITS = 12
"""The longest number a form field reads (longer text is refused before it is parsed)."""


def steps(orders: Orders[Any, Any], state: Any, seat: int, chosen: Mapping[str, str]) -> list[list[FieldSpec]]:
    """The form's steps for the values ``chosen`` so far: the first form, then each follow-up step
    whose earlier fields all have a value (as ``rules.engine.form_fields`` walks them)."""
    found = [list(orders.fields(state, seat))]
    if orders.follow_up is None or not found[0]:
        return found
    so_far: dict[str, str] = {}
    while all(str(chosen.get(spec.name, "")).strip() for spec in found[-1]):
        so_far.update({spec.name: str(chosen[spec.name]) for spec in found[-1]})
        more = [spec for spec in orders.follow_up(state, seat, dict(so_far)) if spec.name not in so_far]
        if not more:
            break
        found.append(more)
    return found


def pack(orders: Orders[Any, Any], state: Any, seat: int, chosen: Mapping[str, str]) -> Draft:
    """The values of every whole step of ``chosen``, in the forms' order, as a draft."""
    values: list[str] = []
    key = ""
    for specs in steps(orders, state, seat, chosen):
        if not specs or not all(str(chosen.get(spec.name, "")).strip() for spec in specs):
            break
        values.extend(str(chosen[spec.name]) for spec in specs)
        key = chain(key, [spec.name for spec in specs])
    return Draft(tuple(values), key)


def unpack(orders: Orders[Any, Any], state: Any, seat: int, draft: Draft) -> dict[str, str]:
    """The named values of a draft, walked step by step on the state as it is now; Stale if the
    fields changed since the draft was filled (the game moved on: the form must be opened again)."""
    chosen: dict[str, str] = {}
    key = ""
    values = list(draft.values)
    while values:
        specs = next((s for s in steps(orders, state, seat, chosen) if s and s[0].name not in chosen), [])
        if not specs or len(specs) > len(values):
            raise Stale("orders.stale_form")
        chosen.update({spec.name: values.pop(0) for spec in specs})
        key = chain(key, [spec.name for spec in specs])
    if key != draft.key:
        raise Stale("orders.stale_form")
    return chosen


def offered_instead(spec: FieldSpec, value: str) -> str:
    """What a menu shows for a held value it no longer offers (pay up to 5, with 1 chip left):
    the largest number it offers below that value, so that saving the form unchanged never
    lifts a limit; the field's default when no number fits."""
    if not value.isdigit():
        return spec.default
    below = [int(c) for c in spec.choices if c.isdigit() and int(c) <= int(value)]
    return str(max(below)) if below else spec.default


def _number(spec: FieldSpec, value: str) -> str:
    """A number field's value as kept: one of its words, or a whole number within its range
    (separators and a trailing "k" for thousands are read, "60,000" and "60k" alike)."""
    words = {choice.lower(): choice for choice in spec.choices}
    if value.lower() in words:
        return words[value.lower()]
    plain = _SEPARATORS.sub("", value).lower()
    thousands = plain.endswith("k")
    digits = plain[:-1] if thousands else plain
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise PydanticCustomError("order_number", "not a number", {"value": value[:20]})
    number = int(digits) * (1000 if thousands else 1)
    if spec.high and not spec.low <= number <= spec.high:
        raise PydanticCustomError("order_number", "out of range", {"value": value[:20]})
    return str(number)


def _choice(spec: FieldSpec, value: str) -> str:
    """A menu field's value as its choices spell it (the game's ``check`` says whether it may be
    set now); a ``multi`` field's entries, each once, joined by ","."""
    spelled = {choice.lower(): choice for choice in spec.choices}
    if spec.kind != "multi":
        return spelled.get(value.lower(), value)
    entries = list(dict.fromkeys(spelled.get(e.strip().lower(), e.strip()) for e in value.split(",") if e.strip()))
    if not entries:
        raise PydanticCustomError("missing", "no value")
    if spec.high and len(entries) > spec.high:
        raise PydanticCustomError("order_many", "too many", {"most": spec.high})
    return ",".join(entries)


def _check_field(spec: FieldSpec) -> AfterValidator:
    def check(value: str) -> str:
        if not value:
            raise PydanticCustomError("missing", "no value")
        return _number(spec, value) if spec.kind == "number" else _choice(spec, value)

    return AfterValidator(check)


def form_model(specs: Sequence[FieldSpec]) -> type[BaseModel]:
    """The pydantic model of a whole order's form: every field required, no other key, a number
    field's value a whole number in its range or one of its words."""
    fields: dict[str, Any] = {
        f"f{i}": (Annotated[str, _check_field(spec)], Field(alias=spec.name)) for i, spec in enumerate(specs)
    }
    config = ConfigDict(extra="forbid", str_strip_whitespace=True, coerce_numbers_to_str=True)
    model: type[BaseModel] = create_model("OrderValues", __config__=config, **fields)
    return model


def validated(game: str, specs: Sequence[FieldSpec], values: Mapping[str, str]) -> dict[str, str]:
    """``values`` as a whole order of the fields ``specs`` (normalised), or BadOption naming the
    first field that is missing, unknown or wrong, in the words a player reads."""
    try:
        parsed = form_model(specs).model_validate(dict(values))
    except ValidationError as invalid:
        raise BadOption(msg=_refusal(game, specs, invalid.errors()[0])) from None
    return {spec.name: str(getattr(parsed, f"f{i}")) for i, spec in enumerate(specs)}


def _refusal(game: str, specs: Sequence[FieldSpec], error: Any) -> Msg:
    """The player's reason for the first thing wrong with a form's values."""
    name = str(error["loc"][0]) if error.get("loc") else ""
    field = {"field": f"{game}.order.{name}"}
    ctx = error.get("ctx") or {}
    kind = error["type"]
    if kind == "extra_forbidden":
        known = ", ".join(spec.name for spec in specs) or "-"
        return msg("orders.form.unknown", params={"name": name[:40], "fields": known})
    if kind == "order_number":
        spec = next(s for s in specs if s.name == name)
        words = " / ".join(spec.choices)
        return msg(
            "orders.form.number",
            params={"value": ctx["value"], "low": spec.low, "high": spec.high, "words": words},
            terms=field,
        )
    if kind == "order_many":
        return msg("orders.form.too_many", params={"most": ctx["most"]}, terms=field)
    return msg("orders.form.missing", terms=field)


class StandingOrders:
    """Showing, filling in, reading back, saving and cancelling a player's standing order."""

    def __init__(self, tables: Tables, turns: Turns, outboxes: Outboxes) -> None:
        self.tables = tables
        self.turns = turns
        self.outboxes = outboxes

    async def show(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """The player's order and whether they may set one now (answered to them alone)."""
        table, seat, _ = await self._seat(place, player, table_id)
        out = self.outboxes.plain(table, self.outboxes.order_line(table, seat, player.locale, empty=True))
        out.order = self.panel(table, seat, player)
        return out

    # TableService.order_form forwards here with the same signature: the facade is the front ends' one
    # entry point (docs/design.md), so the repeated parameter list is its interface, not a copy.
    async def form(
        self,
        place: Place | None,
        player: Player,
        draft: Draft | None = None,
        *,
        table_id: int | None = None,
        prefill: Draft | None = None,
    ) -> Outbox:
        """The next step of the player's order form after ``draft`` (``out.form``), or, once
        every step is filled, the whole order read back (``out.order``, as ``read_back``). A step
        is pre-filled with ``prefill`` (an order read back, to change), else the order they hold,
        else the game's suggestion. The steps filled so far are checked first."""
        table, seat, orders = await self._seat(place, player, table_id)
        state = self.tables.state(table)
        chosen = unpack(orders, state, seat, draft or Draft())
        walked = steps(orders, state, seat, chosen)
        if not walked[0]:
            raise TableError("orders.nothing_now")
        filled = [spec for step in walked for spec in step if spec.name in chosen]
        chosen = validated(table.game, filled, chosen) if filled else {}
        todo = next((step for step in walked if step[0].name not in chosen), [])
        if not todo:
            return self._read_back(table, seat, orders, player, draft or Draft())
        out = self.outboxes.plain(table)
        if todo:
            first = self._prefill(table, orders, state, seat)
            if prefill is not None:
                with contextlib.suppress(Stale):  # an order read back that no longer fits: the one held
                    first.update(unpack(orders, state, seat, prefill))
            tr = Text(player.locale, names(table))
            title = t("orders.form.title", player.locale, label=order_button(table.game, player.locale), table=table.id)
            step = walked.index(todo) + 1
            if step > 1:
                title = t("orders.form.step", player.locale, title=title, step=step)
            out.form = OrderForm(
                table.id,
                title,
                tuple(self._field(table.game, orders, spec, {**first, **chosen}, tr) for spec in todo),
                pack(orders, state, seat, chosen),
                step,
            )
        return out

    async def read_back(
        self, place: Place | None, player: Player, values: Draft | Mapping[str, str], *, table_id: int | None = None
    ) -> Outbox:
        """The whole order in words, before anything acts (MG-ORD-6, TR-ORD-6): refused, naming
        the field, if it is not whole or not right; nothing is written. ``out.order.draft`` is
        what a save takes."""
        table, seat, orders = await self._seat(place, player, table_id)
        return self._read_back(table, seat, orders, player, values)

    def _read_back(
        self, table: TableRecord, seat: int, orders: Orders[Any, Any], player: Player, values: Draft | Mapping[str, str]
    ) -> Outbox:
        """``read_back`` once the table and the seat are found."""
        state = self.tables.state(table)
        chosen, kept = self._whole(table, orders, state, seat, values)
        tr = Text(player.locale, names(table))
        out = self.outboxes.plain(table, t("orders.read_back", player.locale, order=tr.msg(orders.describe(kept))))
        panel = self.panel(table, seat, player)
        out.order = OrderPanel(
            panel.table_id, panel.held, panel.can_set, panel.label, pack(orders, state, seat, chosen), table.ply
        )
        return out

    async def set(
        self,
        place: Place | None,
        player: Player,
        values: Draft | Mapping[str, str],
        *,
        table_id: int | None = None,
        seen: int | None = None,
    ) -> Outbox:
        """Save the player's whole order (``values``, each field named; or a draft read back at
        ply ``seen``); if it is their turn and the order decides, it plays at once. Saving the
        order they already hold writes nothing."""
        table, seat, orders = await self._seat(place, player, table_id)
        state = self.tables.state(table)
        try:
            _, kept = self._whole(table, orders, state, seat, values)
        except TableError as refused:
            if seen is None or seen == table.ply:
                raise
            # The game moved on since the order was read back: say so, with the reason.
            stale = Stale("orders.stale", reason=refused.text(player.locale))
            raise stale from refused
        if dict(table.orders.get(seat, {})) == kept:
            return self._unchanged(table, orders, seat, player)
        return await self._write(table, seat, player, kept)

    async def cancel(self, place: Place | None, player: Player, *, table_id: int | None = None) -> Outbox:
        """Drop the player's order (without one, nothing is written)."""
        table, seat, orders = await self._seat(place, player, table_id)
        if seat not in table.orders:
            return self._unchanged(table, orders, seat, player)
        return await self._write(table, seat, player, {})

    # -- checking -------------------------------------------------------------------------------
    def _whole(
        self, table: TableRecord, orders: Orders[Any, Any], state: Any, seat: int, values: Draft | Mapping[str, str]
    ) -> tuple[dict[str, str], Order]:
        """The form's values and the order as the game keeps it, or a refusal naming what is wrong."""
        given = unpack(orders, state, seat, values) if isinstance(values, Draft) else dict(values)
        specs = [spec for step in steps(orders, state, seat, given) for spec in step]
        if not specs:
            if given:
                self._check(table, orders, state, seat, given)  # the game's own reason (not your turn next...)
            raise TableError("orders.nothing_now")
        chosen = validated(table.game, specs, given)
        return chosen, self._check(table, orders, state, seat, chosen)

    def _check(self, table: TableRecord, orders: Orders[Any, Any], state: Any, seat: int, order: Order) -> Order:
        """The order as the game keeps it, or a refusal with the game's reason."""
        try:
            return orders.check(state, seat, order)
        except IllegalAction as exc:
            error = BadOption(msg=exc.msg)
            error.names = names(table)
            raise error from exc

    # -- writing --------------------------------------------------------------------------------
    def _unchanged(self, table: TableRecord, orders: Orders[Any, Any], seat: int, player: Player) -> Outbox:
        out = self.outboxes.plain(table, self.outboxes.order_line(table, seat, player.locale, empty=True))
        out.order = self.panel(table, seat, player)
        return out

    async def _write(self, table: TableRecord, seat: int, player: Player, order: Order) -> Outbox:
        """One guarded write of the order (the table's state as it stands: it may play at once, as
        the player's click would); the holder is the one acting, so nobody pings them for it."""
        expected = table.ply

        def decide(rec: TableRecord) -> Step:
            if rec.status != "active":
                raise GameOver()  # it ended while the order was being saved
            state = self.tables.state(rec)
            mine = order
            rules = self.tables.rules(rec.game)
            if mine and rec.ply != expected and rules.orders is not None:
                mine = self._check(rec, rules.orders, state, seat, mine)  # the table moved since: check again
            kept: OrderBook = {s: o for s, o in rec.orders.items() if s != seat}
            if mine:
                kept = {**kept, seat: mine}
            return self.turns.advance(rec, state, self.tables.clock(), orders=kept)

        step, table = await self.turns.commit(table.id, decide, f"order by {player.id}", actor=player.id)
        rules = self.tables.rules(table.game)
        assert rules.orders is not None
        reply = self.outboxes.order_line(table, seat, player.locale, empty=True)
        played_now = any(p.seat == seat and p.how == "order" for p in step.write.actions)
        if played_now:
            # It played at once: say what it did, then the order as it stands (or that its work
            # is done), not only "you have no standing order".
            played = await self.outboxes.history.orders_done(table, seat, player.locale, away=False)
            reply = "\n".join([played, reply if seat in table.orders else t("orders.ended", player.locale)])
        if not step.write.actions:
            # Nothing public happened: the table must not show that anything was written.
            out = self.outboxes.plain(table, reply)
        else:
            out = await self.outboxes.finish(table, self.outboxes.move(table, step, actor=seat))
            if played_now:
                # The holder is here, reading this reply: no "while you were away" for what it did now.
                told = await self.outboxes.history.orders_done(table, seat, player.locale)
                out.private = [
                    replace(p, text="\n".join(line for line in p.text.split("\n") if line != told))
                    for p in out.private
                    if p.user_id != player.id or p.ask is not None or told not in p.text or p.text.count("\n") > 2
                ]
            out.reply = reply
            out.own = self.outboxes.own_ask(table, player.id, player.locale)
        out.order = self.panel(table, seat, player)
        return out

    # -- reading --------------------------------------------------------------------------------
    async def _seat(
        self, place: Place | None, player: Player, table_id: int | None
    ) -> tuple[TableRecord, int, Orders[Any, Any]]:
        """The table, the player's seat and the game's orders; a refusal if the player has no seat
        there, the game has no orders or the table is not being played."""
        table = await self.tables.find(place, table_id, ended=True)
        rules: Game[Any, Any, Any] = self.tables.rules(table.game)
        if rules.orders is None:
            raise TableError("orders.none", game=t(f"{table.game}.name", player.locale))
        seat = table.seat_of(player.id)
        if seat is None or seat.seat is None or seat.is_ai:
            raise NotSeated()
        if table.status in ("over", "cancelled"):
            raise GameOver()
        if table.status != "active":
            raise NotInLobby("error.not_started")
        return table, seat.seat, rules.orders

    def panel(self, table: TableRecord, seat: int, player: Player) -> OrderPanel:
        """The player's order as their buttons show it (the game has orders: ``_seat`` checked)."""
        panel = self.outboxes.order_panel(table, seat, player.locale)
        assert panel is not None
        return panel

    def _prefill(self, table: TableRecord, orders: Orders[Any, Any], state: Any, seat: int) -> dict[str, str]:
        """The values a form shows first: the order held, else the game's suggestion."""
        held = dict(table.orders.get(seat, {}))
        suggested: dict[str, str] = {}
        if orders.suggest is not None:
            try:
                suggested = dict(orders.suggest(state, seat))
            except IllegalAction:
                log.warning("table %s: %s's suggestion for seat %s failed", table.id, table.game, seat, exc_info=True)
        return {**suggested, **held}

    @staticmethod
    def _field(game: str, orders: Orders[Any, Any], spec: FieldSpec, prefill: Mapping[str, str], tr: Text) -> FormField:
        """One field of a form, labelled in the reader's language, with its first value."""
        choices = tuple(Choice(v, tr.msg(orders.label(spec.name, v))) for v in spec.choices)
        value = str(prefill.get(spec.name, spec.default))
        if spec.kind != "number" and not all(part in spec.choices for part in value.split(",")):
            value = offered_instead(spec, value)
        hint = ""
        if spec.kind == "number":
            words = " / ".join(c.label for c in choices)
            hint = t("orders.form.number_hint", tr.locale, low=spec.low, high=spec.high, words=words)
        label = t(f"{game}.order.{spec.name}", tr.locale)
        return FormField(spec.name, label, spec.kind, choices, value, spec.low, spec.high, hint)
