"""Nothing leaked: for every game the bot hosts, a spectator reads every public message — its text
and every component (labels, values, custom ids, placeholders) — after every move of a game played
through Discord, and finds no secret; and a player's chosen name never pings anyone."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rules.engine import Game, playout, random_player
from tests.cogs.conftest import TEST_GAMES
from tests.cogs.support import board_of, custom_ids, hub, reply_of, table_in

MOVES = 150


def asks_secretly(game: Game[Any, Any, Any], players: int) -> bool:
    """True if the game asks secret decisions (a hand to play from, a bet) early in a game: the
    leak test must then meet some, or it checked nothing."""
    state = game.start(players, {}, 3)
    for ply in playout(game, state, 3, random_player(game, 3)):
        if ply.number > MOVES // 2:
            break
        if any(game.public_choices(ply.after, seat) is None for seat in game.to_act(ply.after)):
            return True
    return False


def components(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, rows flattened, as dicts."""
    found: list[dict[str, Any]] = []
    for row in message.components:
        row = row if isinstance(row, dict) else row.to_dict()
        found.extend(row.get("components", []))
    return found


def component_texts(message: Any) -> list[str]:
    """Everything a reader (or a client) can get from a message's components."""
    texts: list[str] = []
    for item in components(message):
        for key in ("label", "custom_id", "placeholder"):
            if item.get(key):
                texts.append(str(item[key]))
        for option in item.get("options", []):
            texts.extend(str(option.get(key, "")) for key in ("label", "value", "description"))
    return texts


async def seat_everyone(env: Any, game: str, players: int) -> tuple[Any, Any, dict[str, Any], Any]:
    """A channel with a started table of ``players`` humans, and a spectator."""
    guild = env.create_guild()
    channel = guild.create_text_channel(f"{game}-table")
    actors = [guild.add_member(env.create_user(f"p{i}")) for i in range(players)]
    spectator = guild.add_member(env.create_user("spectator"))
    assert (await actors[0].slash(channel, f"{game} new")).ephemeral
    for actor in actors[1:]:
        assert (await actor.slash(channel, "game join")).ephemeral
    assert (await actors[0].slash(channel, "game start")).ephemeral
    return guild, channel, {str(a.id): a for a in actors}, spectator


async def check_public(env: Any, channel: Any, spectator: Any) -> None:
    """Every choice component on a public message belongs to an open public decision and offers
    only its public choices; no secret decision's choice shows in any public component. (The text
    is drawn from the public view only, which the contract test checks against swapped secrets.)"""
    service = hub(env).service
    table = await table_in(env, channel)
    asks = await service.asks(table_id=table.id) if table.status == "active" else []
    public_codes = {a.decision: {c.code for c in a.public} for a in asks if a.public is not None}
    secret_codes = {c.code for a in asks if a.secret for c in a.choices}
    secret_labels = {c.label for a in asks if a.secret for c in a.choices}
    for message in channel.history(viewer=spectator):
        for item in components(message):
            custom_id = str(item.get("custom_id", ""))
            parts = custom_id.split(":", 3)
            if custom_id.startswith("gh:") and len(parts) == 4:
                decision, code = int(parts[2]), parts[3]
                assert code in public_codes.get(decision, set()), (custom_id, message.content)
            if custom_id.startswith("ghs:"):
                offered = {o["value"] for o in item.get("options", [])}
                assert offered <= public_codes.get(int(parts[2]), set()), custom_id
        texts = component_texts(message)
        for code in secret_codes:
            assert not any(text == code or text.endswith(f":{code}") for text in texts), code
        for label in secret_labels:
            assert label not in texts, label


async def ai_choice(
    env: Any, channel: Any, rng: random.Random | Callable[[Any], random.Random]
) -> tuple[Any, Any, list[Any], str] | None:
    """The table, the decision to make next (the lowest seat asked), every open decision, and
    what the game's AI plays there (drawing from ``rng``, or from the source ``rng(table)``
    gives); None once the game is over."""
    service = hub(env).service
    table = await table_in(env, channel)
    if table.status != "active":
        return None
    asks = await service.asks(table_id=table.id)
    ask = min(asks, key=lambda a: a.seat)
    game = service.games[table.game]
    source = rng if isinstance(rng, random.Random) else rng(table)
    return table, ask, asks, game.action_code(game.ai_action(service.state_of(table), ask.seat, source))


async def play_one(env: Any, channel: Any, actors: dict[str, Any], rng: random.Random) -> bool:
    """One decision, chosen by the game's AI, through the components a player would use."""
    found = await ai_choice(env, channel, rng)
    if found is None:
        return False
    await click_choice(env, channel, actors, found)
    return True


async def click_choice(env: Any, channel: Any, actors: dict[str, Any], found: tuple[Any, Any, list[Any], str]) -> None:
    """Play ``found`` (``ai_choice``'s table, decision, open decisions and action code) through the
    components a player would use: the board's button or menu, else the private reply's."""
    table, ask, asks, code = found
    actor = actors[ask.user_id]
    board = await board_of(env, channel)
    button = f"gh:{table.id}:{ask.decision}:{code}"
    if button in custom_ids(board):
        result = await actor.click(board, custom_id=button)
    elif ask.public is not None and len(asks) == 1 and len(ask.public) > 19:
        part = [c.code for c in ask.public].index(code) // 25
        result = await actor.select(board, [code], custom_id=f"ghs:{table.id}:{ask.decision}:{part}")
    else:
        opened = await actor.click(board, custom_id=f"gh:{table.id}:mine")
        private = reply_of(opened)
        if button in custom_ids(private):
            result = await actor.click(private, custom_id=button)
        else:
            part = [c.code for c in ask.choices].index(code) // 25
            result = await actor.select(private, [code], custom_id=f"ghs:{table.id}:{ask.decision}:{part}")
    assert result.acknowledged


@pytest.mark.parametrize("game", sorted(TEST_GAMES))
async def test_public_messages_never_show_a_secret(simcord_env: Any, game: str) -> None:
    """Issue: a Top Race hand was readable as the board's buttons. Now, after every move, every
    public message's text and components are checked against the open secret decisions."""
    rules = hub(simcord_env).service.games[game]
    players = min(max(3, rules.min_players), rules.max_players)
    _, channel, actors, spectator = await seat_everyone(simcord_env, game, players)
    rng = random.Random(7)
    secret_decisions = 0
    for _ in range(MOVES):
        await check_public(simcord_env, channel, spectator)
        table = await table_in(simcord_env, channel)
        if table.status == "active":
            asks = await hub(simcord_env).service.asks(table_id=table.id)
            secret_decisions += sum(1 for a in asks if a.secret)
        if not await play_one(simcord_env, channel, actors, rng):
            break
    await check_public(simcord_env, channel, spectator)
    if asks_secretly(rules, players):
        assert secret_decisions, "the game never asked a secret decision: the check was empty"


async def test_names_never_ping_anyone(simcord_env: Any) -> None:
    """Issue: a player named "<@victim>" or "@everyone" made the lobby board ping. Only the turn
    ping pings, and only the players it names."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lobby")
    victim = guild.add_member(simcord_env.create_user("victim"))
    host = guild.add_member(simcord_env.create_user("host"))
    sly = guild.add_member(simcord_env.create_user(f"<@{victim.id}>"))
    loud = guild.add_member(simcord_env.create_user("@everyone"))
    assert (await host.slash(channel, "mogul new")).ephemeral
    for member in (sly, loud):
        assert (await member.slash(channel, "game join")).ephemeral
    assert (await host.slash(channel, "game start")).ephemeral
    stored = simcord_env.backend.messages[channel.id]
    for message in channel.history():
        raw = stored[message.id]
        assert not raw.mention_everyone, message.content
        assert f"<@{victim.id}>" not in message.content
        pinged = set(raw.ping_user_ids)
        if pinged:  # the turn ping: exactly the players asked to act, never the victim
            table = await table_in(simcord_env, channel)
            asked = {int(table.seats[d.seat].user_id) for d in table.decisions}
            assert pinged <= asked and victim.id not in pinged, (message.content, pinged)
    assert any(stored[m.id].ping_user_ids for m in channel.history()), "the turn ping still pings"
