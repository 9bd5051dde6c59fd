"""Standing orders on Discord, set as a whole in a form (MG-ORD-6, TR-ORD-6, RB-PRE-1).

A form step is a modal built from the game's fields (``bot.outbox.OrderForm``), each field a
control for its kind: a short text input for a number, a menu where several may be picked for
``multi``, radio buttons for a handful of choices, a menu for more. A submitted step either opens
the next (a modal cannot answer a modal: a "Continue" button does) or reads the whole order back
in words, with Save · Change · Cancel; nothing acts before Save.

The order filled in so far travels in the custom ids of the modal and of the buttons (a draft:
its values and a digest of the fields' names, ``components.draft_id``), so a form survives a
restart and nothing is written before Save. Modals are answered here from the raw submission
(``submitted``), not by discord.py's modal store, for the same reason: a modal shown before a
restart is still answered after it.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.outbox import Draft, FormField, OrderForm, OrderPanel, chain
from cogs.ui.components import MAX_CUSTOM_ID, FormButton, OrderButton, clip, draft_id, parse_draft

MODAL = re.compile(r"ghm:(?P<table>\d{1,19}):(?P<draft>[0-9a-f]{0,6}:.*)")
"""A form step's modal: the table, and the draft of the steps before it."""
MAX_TITLE = 45
MAX_LABEL = 45
MAX_DESCRIPTION = 100
MAX_PLACEHOLDER = 100
MAX_TYPED = 20
"""Longest value a number field takes (a number or one of its words)."""
MAX_RADIOS = 10
"""Most choices shown as radio buttons (Discord's limit); more go in a menu."""


def order_modal(form: OrderForm) -> discord.ui.Modal:
    """The modal of one form step, pre-filled; no control is required, so a field left empty
    reaches the bot, which names it."""
    custom_id = f"ghm:{form.table_id}:{draft_id(form.draft)}"
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"an order's draft does not fit a modal's custom id: {custom_id!r}")
    modal = discord.ui.Modal(title=clip(form.title, MAX_TITLE), custom_id=custom_id)
    for field in form.fields:
        description = clip(field.hint, MAX_DESCRIPTION) if field.hint else None
        modal.add_item(
            discord.ui.Label(text=clip(field.label, MAX_LABEL), description=description, component=control(field))
        )
    modal.stop()  # answered from the raw submission (``submitted``), never from discord.py's store
    return modal


def control(field: FormField) -> discord.ui.Item[Any]:
    """The control for one field, by its kind."""
    if field.kind == "number":
        return discord.ui.TextInput(
            custom_id=field.name,
            default=clip(field.value, MAX_TYPED),
            required=False,
            max_length=MAX_TYPED,
            placeholder=clip(field.hint, MAX_PLACEHOLDER) or None,
        )
    picked = set(field.value.split(",")) if field.kind == "multi" else {field.value}
    if field.kind != "multi" and 2 <= len(field.choices) <= MAX_RADIOS:
        return discord.ui.RadioGroup(
            custom_id=field.name,
            required=False,
            options=[
                discord.RadioGroupOption(label=clip(c.label, 100), value=c.code, default=c.code in picked)
                for c in field.choices
            ],
        )
    most = len(field.choices) if field.kind == "multi" else 1
    if field.kind == "multi" and field.high:
        most = min(most, field.high)
    return discord.ui.Select(
        custom_id=field.name,
        required=False,
        min_values=0,
        max_values=max(1, min(most, 25)),
        options=[
            discord.SelectOption(label=clip(c.label, 100), value=c.code, default=c.code in picked)
            for c in field.choices[:25]
        ],
    )


def submitted(interaction: discord.Interaction) -> tuple[int, Draft] | None:
    """A submitted form step: its table and the draft with this step's values added (in the
    order of its fields; a multi-pick menu's values joined by ","); None if it is not one."""
    data: Any = interaction.data or {}
    found = MODAL.fullmatch(str(data.get("custom_id", "")))
    if found is None:
        return None
    earlier = parse_draft(found["draft"])
    names: list[str] = []
    values: list[str] = []
    for name, value in _controls(data.get("components") or []):
        names.append(name)
        values.append(value)
    return int(found["table"]), Draft((*earlier.values, *values), chain(earlier.key, names))


def _controls(components: list[Any]) -> list[tuple[str, str]]:
    """Every control of a modal submission (labels and rows unwrapped), as (custom id, value)."""
    found: list[tuple[str, str]] = []
    for component in components:
        if component.get("component") is not None:  # a label
            found.extend(_controls([component["component"]]))
        elif component.get("components") is not None:  # an action row
            found.extend(_controls(component["components"]))
        elif component.get("custom_id"):
            if "values" in component:
                value = ",".join(str(v) for v in component.get("values") or [])
            else:
                value = str(component.get("value") or "")
            found.append((str(component["custom_id"]), value.strip()))
    return found


def panel_view(panel: OrderPanel, locale: str | None) -> discord.ui.View | None:
    """The holder's buttons under their order: open the form (when an order can be set now) and
    cancel the order (when one is held)."""
    if not panel.can_set and not panel.held:
        return None
    view = discord.ui.View(timeout=None)
    if panel.can_set:
        view.add_item(OrderButton(panel.table_id, "form", panel.label))
    if panel.held:
        view.add_item(OrderButton(panel.table_id, "cancel", t("discord.button.cancel_order", locale)))
    return view


def read_back_view(panel: OrderPanel, locale: str | None) -> discord.ui.View:
    """Save · Change · Cancel under an order read back (the draft rides in their custom ids)."""
    draft = panel.draft or Draft()
    view = discord.ui.View(timeout=None)
    view.add_item(FormButton(panel.table_id, "save", draft, panel.ply, t("discord.button.save", locale)))
    view.add_item(FormButton(panel.table_id, "edit", draft, panel.ply, t("discord.button.change", locale)))
    view.add_item(FormButton(panel.table_id, "drop", Draft(), 0, t("discord.button.discard", locale)))
    return view


def next_view(form: OrderForm, locale: str | None) -> discord.ui.View:
    """The button that opens the next step of a form (a modal cannot open a modal)."""
    view = discord.ui.View(timeout=None)
    view.add_item(FormButton(form.table_id, "next", form.draft, 0, t("discord.button.continue", locale)))
    view.add_item(FormButton(form.table_id, "drop", Draft(), 0, t("discord.button.discard", locale)))
    return view
