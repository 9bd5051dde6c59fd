"""Discord requests and service calls per move, counted over simcord flows.

    python bench/discord_calls.py                 # a whole game of each, by clicks and by slash commands
    python bench/discord_calls.py --clicks 60     # the first 60 moves of each, a quicker look
    python bench/discord_calls.py --mode slash    # only the games played by /game move

Each game is played through Discord as players do, with simcord standing in for Discord; the moves
are the game's own AI's. In ``clicks`` mode every human decision is a click on the board, or on
"Choose (secret)" and then the reply's button; in ``slash`` mode it is ``/game move`` with the
move's code (as autocomplete fills it in). For every move it counts:

- the requests that count against Discord's global limit of 50 a second per bot token, by route
  (interaction responses and webhook-token followups are exempt, and counted apart);
- the calls the hub made to the service (one call in, one Outbox out).

Prints one JSON object per mode and game (means per move, the channel messages the game posted,
and the routes), then the overall means of each mode.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from simcord.env import Env

from bot.client import build_bot
from tests.cogs.test_leaks import ai_choice, play_one, seat_everyone

GAMES = {"mogul": 4, "toprace": 4, "takenoko": 3, "racebow": 4}
MODES = ("clicks", "slash")


async def play_one_slash(env: Any, channel: Any, actors: dict[str, Any], rng: random.Random) -> bool:
    """One decision, chosen by the game's AI, played with ``/game move`` by the player asked."""
    found = await ai_choice(env, channel, rng)
    if found is None:
        return False
    _, ask, _, code = found
    result = await actors[ask.user_id].slash(channel, "game move", choice=code)
    assert result.acknowledged
    return True


class Counting:
    """The service, counting the calls the Discord layer (cogs/) makes to it (the bench's own
    reads, to choose a move, are not counted)."""

    def __init__(self, service: Any) -> None:
        self._service = service
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._service, name)
        if callable(value) and not name.startswith("_"):

            def counted(*args: Any, **kwargs: Any) -> Any:
                if sys._getframe(1).f_globals.get("__name__", "").startswith("cogs"):
                    self.calls[name] += 1
                return value(*args, **kwargs)

            return counted
        return value


def route(method: str, path: str, channel_id: int) -> str:
    """A request's kind: exempt from the global limit, or which limited route."""
    if path.startswith("/interactions/") or path.startswith("/webhooks/"):
        return "exempt"
    if path == "/users/@me/channels":
        return "open DM"
    parts = path.split("/")
    here = path.startswith(f"/channels/{channel_id}/")
    if method == "POST" and path.endswith("/messages"):
        return "channel message" if here else "DM"
    if method == "PATCH" and len(parts) >= 5 and parts[3] == "messages":
        return "edit message" if here else "edit DM"
    if method == "DELETE":
        return "delete message"
    return f"{method} {'/'.join(parts[:3])}"


def pictures_in(payload: Any) -> int:
    """The files a request uploads (a new attachment has a small index for its id; one the
    message keeps has its snowflake); an interaction's response holds its message in ``data``."""
    if not isinstance(payload, dict):
        return 0
    message = payload.get("data") if isinstance(payload.get("data"), dict) else payload
    attachments = message.get("attachments") or []
    return sum(1 for a in attachments if isinstance(a.get("id"), int) and a["id"] < 10)


async def measure(game: str, players: int, clicks: int, folder: Path, mode: str = "clicks") -> dict[str, Any]:
    """Play ``clicks`` moves of ``game`` (by clicks or by slash commands) and count what each cost."""
    bot = build_bot(folder / f"{game}-{mode}.sqlite3", scheduler_period=1800)
    play = play_one if mode == "clicks" else play_one_slash
    env = Env(bot)
    await env.start()
    try:
        with env.time_context():
            hub: Any = env.bot.hub  # type: ignore[attr-defined]
            hub.service.new_seed = lambda: f"calls-{game}"  # the same game in both modes, run after run
            _, channel, actors, _ = await seat_everyone(env, game, players)
            counting = Counting(hub.service)
            hub.service = counting
            rng = random.Random(11)
            routes: Counter[str] = Counter()
            names: Counter[str] = Counter()
            made = uploads = 0
            for _ in range(clicks):
                before = len(env.http_requests)
                counting.calls.clear()
                if not await play(env, channel, actors, rng):
                    break
                made += 1
                for request in env.http_requests[before:]:
                    routes[route(request.method, request.path, channel.id)] += 1
                    uploads += pictures_in(request.json)
                routes["service calls"] += sum(counting.calls.values())
                names.update(counting.calls)
            await _close(bot)
    finally:
        await env.shutdown()
    limited = sum(n for kind, n in routes.items() if kind not in ("exempt", "service calls"))
    return {
        "clicks": made,
        "finished": made < clicks,
        "channel_messages": routes["channel message"],
        "limited_per_click": round(limited / made, 2) if made else 0,
        "exempt_per_click": round(routes["exempt"] / made, 2) if made else 0,
        "service_calls_per_click": round(routes["service calls"] / made, 2) if made else 0,
        "picture_uploads": uploads,
        "routes": {k: v for k, v in sorted(routes.items()) if k not in ("exempt", "service calls")},
        "service_calls": dict(sorted(names.items())),
    }


async def _close(bot: Any) -> None:
    store = getattr(bot, "store", None)
    if store is not None:
        await store.close()


async def main() -> None:
    """Measure every game and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=1000, help="at most this many moves per game")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--mode", action="append", choices=MODES, help="clicks, slash (default: both)")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode in args.mode or MODES:
            games: dict[str, Any] = {}
            for game in args.game or list(GAMES):
                games[game] = await measure(game, GAMES[game], args.clicks, Path(tmp), mode)
            moves = sum(f["clicks"] for f in games.values())
            games["all"] = {
                "clicks": moves,
                "limited_per_click": round(
                    sum(f["limited_per_click"] * f["clicks"] for f in games.values()) / moves, 2
                ),
                "service_calls_per_click": round(
                    sum(f["service_calls_per_click"] * f["clicks"] for f in games.values()) / moves, 2
                ),
            }
            found[mode] = games
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
