"""Helpers for the simcord tests: set up a Mogul table, find the board, play one move."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.outbox import Ask
from db.records import TableRecord

PREFERRED = ("drop", "take", "decline")  # a policy that keeps auctions (and the game) short


@dataclass
class Seen:
    """Everything public the players could read, gathered as the game goes."""

    public: list[str] = field(default_factory=list)
    private: list[str] = field(default_factory=list)


def hub(env: Any) -> Any:
    """The running bot's table hub."""
    return env.bot.hub


async def table_in(env: Any, channel: Any) -> TableRecord:
    """The latest table of a channel (live or just finished)."""
    store = hub(env).service.store
    live = await store.live_table(channel.id)
    if live is not None:
        return live
    for table_id in range(50, 0, -1):
        table = await store.get_table(table_id)
        if table is not None and table.channel_id == channel.id:
            return table
    raise AssertionError("no table in this channel")


async def board_of(env: Any, channel: Any) -> discord.Message:
    """The table's board message as the channel shows it now."""
    table = await table_in(env, channel)
    found = [m for m in channel.history() if m.id == table.board_message_id]
    assert found, "the board message is missing"
    return found[0]


def custom_ids(message: Any) -> list[str]:
    """Every custom_id on a message's components."""
    rows = message.components
    ids: list[str] = []
    for row in rows:
        row = row if isinstance(row, dict) else row.to_dict()
        for item in row.get("components", []):
            if item.get("custom_id"):
                ids.append(item["custom_id"])
    return ids


def reply_of(result: Any) -> Any:
    """The reply only the clicker sees: the response, or, for a click on the board (acknowledged
    without touching it, so the board can be edited through it), the followup that came after."""
    if result.response is not None and result.response.ephemeral:
        return result.response
    private = [m for m in result.followups if m.ephemeral]
    assert private, result
    return private[-1]


def pick(ask: Ask) -> str:
    """The policy's action code for an open decision."""
    codes = [c.code for c in ask.choices]
    for wanted in PREFERRED:
        if wanted in codes:
            return wanted
    return codes[0]


async def open_mogul(env: Any, names: tuple[str, ...] = ("ana", "ben", "cy"), **options: Any) -> tuple[Any, Any, dict]:
    """A guild, a channel and a started Mogul table; returns (guild, channel, actors by user id)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("tables")
    actors = [guild.add_member(env.create_user(n)) for n in names]
    res = await actors[0].slash(channel, "mogul new", **options)
    assert res.ephemeral, res.response.content
    for actor in actors[1:]:
        res = await actor.slash(channel, "game join")
        assert res.ephemeral
    res = await actors[0].slash(channel, "game start")
    assert res.ephemeral
    return guild, channel, {str(a.id): a for a in actors}


async def play_one(env: Any, channel: Any, actors: dict[str, Any], *, ai: bool = False) -> Any:
    """Play one move by a button click (board or secret ephemeral): the short-game policy, or
    with ``ai`` the game's own AI player (moves as real players would make them)."""
    table = await table_in(env, channel)
    service = hub(env).service
    asks = await service.asks(table_id=table.id)
    assert asks, "nobody to act"
    ask = asks[0]
    actor = actors[ask.user_id]
    code = pick(ask)
    if ai:
        rules = service.games[table.game]
        state = service.state_of(table)
        code = rules.action_code(rules.ai_action(state, ask.seat, random.Random(table.ply)))
    custom_id = f"gh:{table.id}:{ask.decision}:{code}"
    board = await board_of(env, channel)
    if custom_id in custom_ids(board):
        return await actor.click(board, custom_id=custom_id)
    opened = await actor.click(board, custom_id=f"gh:{table.id}:mine")
    return await actor.click(reply_of(opened), custom_id=custom_id)


def form_controls(shown: Any) -> dict[str, dict[str, Any]]:
    """The controls of a modal a click answered with, by custom id (labels unwrapped)."""
    found: dict[str, dict[str, Any]] = {}
    for component in shown.modal["components"]:
        inner = component.get("component") or component
        for control in [inner, *inner.get("components", [])]:
            if control.get("custom_id"):
                found[control["custom_id"]] = control
    return found


def prefilled(shown: Any) -> dict[str, str]:
    """What a modal shows before anyone types: each control's value (menus: their picked
    values joined by ",")."""
    values: dict[str, str] = {}
    for name, control in form_controls(shown).items():
        if control["type"] == 4:  # a text input
            values[name] = str(control.get("value") or "")
        else:
            values[name] = ",".join(o["value"] for o in control.get("options", []) if o.get("default"))
    return values


async def submit_form(actor: Any, shown: Any, values: dict[str, str]) -> Any:
    """Fill a modal as a person does (menus picked, radio buttons chosen, text typed) and send it;
    a menu's several values are given joined by ","."""
    controls = form_controls(shown)
    filled: dict[str, Any] = {}
    for name, value in values.items():
        kind = controls[name]["type"]
        if kind == 3:  # a menu
            filled[name] = [v for v in value.split(",") if v]
        elif value or kind == 4:
            filled[name] = value
    return await actor.submit_modal(shown, filled)


def close_dms(env: Any, member: Any) -> None:
    """Make every DM to ``member`` fail as Discord does for closed DMs (403, code 50007)."""
    env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
