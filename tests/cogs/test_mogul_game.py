"""Three users play a whole Mogul game through slash commands and buttons (simcord)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.cogs.support import board_of, custom_ids, hub, open_mogul, pick, play_one, table_in

CHIP_MARKERS = ("🪙", "Your chips now")  # mogul.private.chips / mogul.event.your_chips
MAX_MOVES = 400


def public_texts(channel: Any) -> list[str]:
    """Every non-ephemeral channel message, as the channel shows it now."""
    return [m.content for m in channel.history() if not m.flags.ephemeral]


def assert_secret_free(texts: list[str], seed: str) -> None:
    for text in texts:
        assert seed not in text
        for marker in CHIP_MARKERS:
            assert marker not in text, text


async def test_three_players_play_mogul_to_the_end(simcord_env: Any) -> None:
    _, channel, actors = await open_mogul(simcord_env, loan_cost="2")
    table = await table_in(simcord_env, channel)
    assert table.status == "active" and table.options["loan_cost"] == "2"
    seed = table.seed
    every_board: list[str] = []

    # First move by /game move, chosen through autocomplete.
    asks = await hub(simcord_env).service.asks(table_id=table.id)
    first = actors[asks[0].user_id]
    offered = await first.autocomplete(channel, "game move", "choice", "")
    assert offered and all(len(c["name"]) <= 100 for c in offered)
    code = pick(asks[0])
    assert code in [c["value"] for c in offered]
    labels = {c.code: c.label for c in asks[0].choices}
    typed = labels[code][:3]
    assert code in [c["value"] for c in await first.autocomplete(channel, "game move", "choice", typed)]
    res = await first.slash(channel, "game move", choice=code)
    # The turn passes on: the command's own response is the board that moves down, pinging the
    # next player (issue 27: no request against the global limit for it).
    assert not res.ephemeral and res.response.id == (await board_of(simcord_env, channel)).id
    every_board.append((await board_of(simcord_env, channel)).content)

    calls: list[int] = []
    moves = 1
    while (await table_in(simcord_env, channel)).status == "active":
        assert moves < MAX_MOVES, "the game did not end"
        before = len(simcord_env.http_requests)
        board = await board_of(simcord_env, channel)
        result = await play_one(simcord_env, channel, actors)
        assert result.acknowledged
        if result.response is not None and result.response.id == board.id:
            calls.append(len(simcord_env.http_requests) - before)
        moves += 1
        board = await board_of(simcord_env, channel)
        if (await table_in(simcord_env, channel)).status == "active":
            every_board.append(board.content)

    final = await table_in(simcord_env, channel)
    assert final.status == "over"
    end_board = await board_of(simcord_env, channel)
    assert not custom_ids(end_board), "the final board keeps no buttons"
    assert end_board.content != every_board[-1]

    # Nothing public showed a chip count or the seed before the end; the seed never.
    assert_secret_free(every_board, seed)
    # The board that moves to the bottom at each hand-off pings the player asked, naming the game.
    pings = [t for t in every_board if t.startswith("<@")]
    assert pings and all("your move in **Mogul**" in p for p in pings)
    assert_secret_free([t for t in public_texts(channel) if t != end_board.content], seed)
    assert seed not in end_board.content

    # Private texts did tell each player their chips (DMs, with a link to the board).
    for actor in actors.values():
        dms = [m.content for m in actor.user.dm_channel.history()]
        assert dms and any("🪙" in d for d in dms)
        assert all("Mogul" in d and "https://discord.com/channels/" in d for d in dms)
    # The results offer the whole game as an animated picture (a button), and /game replay too.
    results = next(m for m in channel.history() if m.content.startswith("🏁"))
    ana, ben = list(actors.values())[:2]
    shown = await ana.click(results, custom_id=f"ghr:{final.id}")
    posted = shown.followups[0] if shown.followups else shown.response
    assert posted is not None and [a.filename for a in posted.attachments] == ["replay.gif"]
    again = await ana.slash(channel, "game replay")
    assert again.response is not None and "the whole game" in again.response.content
    assert [a.filename for a in again.response.attachments] == ["replay.gif"]
    # Each player sees their own ephemeral replies, never another's.
    ana_private = {m.id for m in channel.history(viewer=ana) if m.flags.ephemeral}
    ben_private = {m.id for m in channel.history(viewer=ben) if m.flags.ephemeral}
    assert ana_private and ben_private and not ana_private & ben_private

    counts = Counter(calls)
    print(f"\nMogul: {moves} moves; API calls per board click: {sorted(counts.items())}")
    assert calls and max(calls) <= 6


async def test_api_calls_per_ordinary_move(simcord_env: Any) -> None:
    """An ordinary move is one interaction response editing the board, plus one ping when the turn
    passes and the retiring of the previous ping's buttons; a private followup and DMs come on
    top only when there is something private to say."""
    _, channel, actors = await open_mogul(simcord_env)
    report: Counter[str] = Counter()
    counts: list[int] = []
    for _ in range(60):  # moves chosen by the Mogul AI, as real players would play them
        if (await table_in(simcord_env, channel)).status != "active":
            break
        before = len(simcord_env.http_requests)
        await play_one(simcord_env, channel, actors, ai=True)
        made = simcord_env.http_requests[before:]
        kinds = Counter(_kind(e.method, e.path, channel.id) for e in made)
        report[f"{len(made)} calls: {dict(sorted(kinds.items()))}"] += 1
        counts.append(len(made))
        assert kinds["interaction response"] == 1
        assert kinds["channel message"] <= 1  # at most the ping
        assert len(made) <= 6
    print(f"\nMogul, API calls per move over {len(counts)} AI moves (mean {sum(counts) / len(counts):.2f}):")
    for line, times in report.most_common():
        print(f"  {times}x {line}")
    assert sum(counts) / len(counts) <= 3.5


def _kind(method: str, path: str, channel_id: int) -> str:
    if path.startswith("/interactions/"):
        return "interaction response"
    if path.startswith("/webhooks/"):
        return "followup"
    if path == "/users/@me/channels":
        return "open DM"
    if method == "POST" and path == f"/channels/{channel_id}/messages":
        return "channel message"
    if method == "POST" and path.endswith("/messages"):
        return "DM"
    if method == "PATCH" and path.startswith(f"/channels/{channel_id}/messages/"):
        return "old ping retired"
    return f"{method} {path}"
