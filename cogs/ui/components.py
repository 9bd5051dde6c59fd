"""Persistent components: choice buttons and menus that survive restarts (their custom ids carry
the table and the decision), the "My hand" / "Choose (secret)" buttons, the log's pages, the undo
confirmation, and the buttons of a standing order's form (the order filled in so far rides in
their custom ids)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.outbox import Ask, Choice, Draft
from cogs.ui.context import hub_of

MAX_BUTTON_CHOICES = 19  # 5 rows of 5, minus a row kept for "My hand" and the select fallback
MAX_LABEL = 80


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis if cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"gh:(?P<table>\d{1,19}):(?P<decision>\d{1,19}):(?P<code>.+)",
):
    """One choice; ``gh:<table>:<decision>:<code>`` keeps it valid across restarts."""

    def __init__(self, table_id: int, decision: int, code: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or code, MAX_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"gh:{table_id}:{decision}:{code}"[:100],
            )
        )
        self.table_id = table_id
        self.decision = decision
        self.code = code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", None)
        return cls(int(match["table"]), int(match["decision"]), match["code"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the choice."""
        await hub_of(interaction).play(interaction, self.table_id, self.code, decision=self.decision)


def menu(custom_id: str, choices: Sequence[Choice], placeholder: str) -> discord.ui.Select[Any]:
    """A Discord menu of at most 25 ``choices``; a placeholder entry if none."""
    options = [discord.SelectOption(label=clip(c.label, 100), value=c.code) for c in choices[:25]]
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=clip(placeholder, 150) or None,
        options=options or [discord.SelectOption(label="-", value="-")],
    )


def chosen(interaction: discord.Interaction) -> str:
    """The value picked in a menu ("" if none came with the interaction)."""
    data: Any = interaction.data or {}
    values = data.get("values") or []
    return str(values[0]) if values else ""


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"ghs:(?P<table>\d{1,19}):(?P<decision>\d{1,19}):(?P<part>\d{1,2})",
):
    """A menu of choices, for decisions with more choices than buttons can hold."""

    def __init__(
        self, table_id: int, decision: int, part: int = 0, choices: Sequence[Choice] = (), placeholder: str = ""
    ) -> None:
        super().__init__(menu(f"ghs:{table_id}:{decision}:{part}", choices, placeholder))
        self.table_id = table_id
        self.decision = decision

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceSelect:
        """Rebuild the menu from its custom id (the chosen value comes with the interaction)."""
        return cls(int(match["table"]), int(match["decision"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Play the chosen action."""
        await hub_of(interaction).play(interaction, self.table_id, chosen(interaction), decision=self.decision)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gh:(?P<table>\d{1,19}):(?P<kind>hand|mine)"
):
    """The "My hand" button (and, for a secret decision, "Choose"): the clicking user's private view and choices."""

    def __init__(self, table_id: int, kind: str = "hand", label: str | None = None) -> None:
        style = discord.ButtonStyle.success if kind == "mine" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label or kind, style=style, custom_id=f"gh:{table_id}:{kind}"))
        self.table_id = table_id
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["table"]), match["kind"], getattr(item, "label", None))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Answer ephemerally with the user's hand and their choice buttons."""
        await hub_of(interaction).show_hand(interaction, table_id=self.table_id)


class LogButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ghl:(?P<channel>\d{1,19}):(?P<page>\d{1,5})"
):
    """A page of a table's history ("◀ older", "newer ▶")."""

    def __init__(self, channel_id: int, page: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or str(page), style=discord.ButtonStyle.secondary, custom_id=f"ghl:{channel_id}:{page}"
            )
        )
        self.channel_id = channel_id
        self.page = page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LogButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["channel"]), int(match["page"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Show that page in place."""
        await hub_of(interaction).show_log(interaction, self.page, edit=True)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ghu:(?P<ply>\d{1,9})"):
    """Confirms an undo; it carries the table's ply the player saw, so a table that moved since
    is not undone."""

    def __init__(self, ply: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(label=label or "OK", style=discord.ButtonStyle.danger, custom_id=f"ghu:{ply}")
        )
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["ply"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Take the move back."""
        await hub_of(interaction).confirm_undo(interaction, self.ply)


class OrderButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"gho:(?P<table>\d{1,19}):(?P<kind>form|cancel)"
):
    """The "Set my order" / "Plan my turn" button (opens the order's form) and "Cancel my order"; seen by
    the holder alone (a private view, a DM)."""

    def __init__(self, table_id: int, kind: str = "form", label: str = "") -> None:
        style = discord.ButtonStyle.danger if kind == "cancel" else discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=clip(label or kind, MAX_LABEL), style=style, custom_id=f"gho:{table_id}:{kind}")
        )
        self.table_id = table_id
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OrderButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["table"]), match["kind"], getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the form, or cancel the order."""
        hub = hub_of(interaction)
        if self.kind == "cancel":
            await hub.cancel_order(interaction, self.table_id)
        else:
            await hub.open_form(interaction, self.table_id, Draft())


FORM_KINDS = ("next", "save", "edit", "drop")
"""A form's buttons: the next step, and the read-back's Save, Change and Cancel."""


class FormButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ghf:(?P<table>\d{1,19}):(?P<kind>next|save|edit|drop):(?P<ply>\d{1,12}):(?P<draft>[0-9a-f]{0,6}:.*)",
):
    """A button of an order's form that carries the order filled in so far (its draft, in the
    custom id: it survives a restart and is written nowhere): the next step, Save, Change, Cancel.
    ``ply`` is the table's when the draft was read back (a save after the game moved on says so)."""

    def __init__(self, table_id: int, kind: str, draft: Draft, ply: int = 0, label: str = "") -> None:
        style = {"save": discord.ButtonStyle.success, "drop": discord.ButtonStyle.secondary}.get(
            kind, discord.ButtonStyle.primary
        )
        custom_id = f"ghf:{table_id}:{kind}:{ply}:{draft_id(draft)}"
        if len(custom_id) > MAX_CUSTOM_ID:
            raise ValueError(f"an order's draft does not fit a custom id: {custom_id!r}")
        super().__init__(discord.ui.Button(label=clip(label or kind, MAX_LABEL), style=style, custom_id=custom_id))
        self.table_id = table_id
        self.kind = kind
        self.draft = draft
        self.ply = ply

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormButton:
        """Rebuild the button from its custom id."""
        label = getattr(item, "label", "") or ""
        return cls(int(match["table"]), match["kind"], parse_draft(match["draft"]), int(match["ply"]), label)

    async def callback(self, interaction: discord.Interaction) -> None:
        """Open the next step, save, change or drop the order read back."""
        hub = hub_of(interaction)
        if self.kind == "next":
            await hub.open_form(interaction, self.table_id, self.draft)
        elif self.kind == "edit":
            await hub.open_form(interaction, self.table_id, Draft(), prefill=self.draft)
        elif self.kind == "save":
            await hub.save_order(interaction, self.table_id, self.draft, self.ply)
        else:
            await hub.drop_form(interaction)


MAX_CUSTOM_ID = 100
_COMPACT = re.compile(r"(\d+)e(\d{1,2})")


def _compact(value: str) -> str:
    """A value as a custom id carries it: a round number shortened (60000 is 6e4)."""
    if value.isascii() and value.isdigit() and len(value) > 3:
        stripped = value.rstrip("0")
        zeros = len(value) - len(stripped)
        if zeros >= 3 and stripped:
            return f"{stripped}e{zeros}"
    return value


def _expand(value: str) -> str:
    found = _COMPACT.fullmatch(value)
    return found[1] + "0" * int(found[2]) if found else value


def draft_id(draft: Draft) -> str:
    """A draft as the last part of a custom id: its key, then its values (``;`` between them)."""
    return f"{draft.key}:" + ";".join(_compact(value) for value in draft.values)


def parse_draft(text: str) -> Draft:
    """The draft a custom id carries (``draft_id``'s inverse)."""
    key, _, values = text.partition(":")
    return Draft(tuple(_expand(v) for v in values.split(";")) if values else (), key)


class ReplayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"ghr:(?P<table>\d{1,19})"):
    """The "Replay" button: the finished game as an animated picture, posted for everyone."""

    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Replay", emoji="🎞️", style=discord.ButtonStyle.secondary, custom_id=f"ghr:{table_id}"
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReplayButton:
        """Rebuild the button from its custom id."""
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        """Draw and post the replay."""
        await hub_of(interaction).send_replay(interaction, self.table_id)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    ChoiceButton,
    ChoiceSelect,
    HandButton,
    LogButton,
    UndoButton,
    OrderButton,
    FormButton,
    ReplayButton,
)


def log_view(channel_id: int, page: int, pages: int, locale: str | None) -> discord.ui.View | None:
    """Buttons to page through a history (none when it fits one page)."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    if page > 1:
        view.add_item(LogButton(channel_id, page - 1, t("discord.log.older", locale)))
    if page < pages:
        view.add_item(LogButton(channel_id, page + 1, t("discord.log.newer", locale)))
    return view


def choices_view(
    ask: Ask, choices: Sequence[Choice], locale: str | None, *, with_hand: bool = False
) -> discord.ui.View:
    """Buttons (or menus beyond 19 choices) for one seat's open decision.

    ``choices`` are ``ask.public`` on a public message and ``ask.choices`` on a private one."""
    view = discord.ui.View(timeout=None)
    if len(choices) <= MAX_BUTTON_CHOICES:
        for choice in choices:
            view.add_item(ChoiceButton(ask.table_id, ask.decision, choice.code, choice.label))
    else:
        placeholder = ask.prompt or t("discord.select.placeholder", locale)
        for part in range(0, min(len(choices), 100), 25):
            view.add_item(ChoiceSelect(ask.table_id, ask.decision, part // 25, choices[part : part + 25], placeholder))
    if with_hand:
        view.add_item(HandButton(ask.table_id, "hand", t("discord.button.hand", locale)))
    return view


def public_view(table_id: int, asks: Sequence[Ask], locale: str | None) -> discord.ui.View:
    """The components of a public message (the board): never a secret decision's choices.

    One human asked a public decision: its public choices and "My hand". Otherwise (a secret
    decision, or several people deciding at once): "Choose (secret)", which opens each reader's
    own choices in a reply only they see, and "My hand"."""
    if len(asks) == 1 and asks[0].public is not None:
        return choices_view(asks[0], asks[0].public, locale, with_hand=True)
    view = discord.ui.View(timeout=None)
    if asks:
        view.add_item(HandButton(table_id, "mine", t("discord.button.secret", locale)))
    view.add_item(HandButton(table_id, "hand", t("discord.button.hand", locale)))
    return view
