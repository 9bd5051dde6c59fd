"""How fast the pictures draw and how big they are; how long a whole game's replay takes and how
big the largest one gets. Prints one JSON object (tests never assert timings).

    python bench/pictures.py            # a few minutes on a quiet machine
    python bench/pictures.py --quick    # one game per configuration, fewer positions
    python bench/pictures.py --world    # players named in six scripts (rules/fonts' whole stack)

Render times are measured on positions along seeded games the AI plays to the end (every game,
several player counts and options), each picture drawn from the public view as the bot draws it,
in English. Replays are made for the longest of those games (most turns) of each game, through
``rules.drawing.frames`` and ``animate`` exactly as a front end would, from the initial state and
the log. Times are wall-clock and, beside them, this process's CPU time: on a machine shared with
other work (its load average is printed too) the wall clock runs that much longer.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.i18n import Text
from rules import drawing
from rules.engine import Game, ai_player, playout
from rules.registry import GAMES

NAMES = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"]
WORLD = ["王小明", "محمد علي", "김민준", "राहुल", "สมชาย", "🔥Ace"]
"""Names in the scripts of the font stack's other fonts, right to left among them."""
CONFIGS: dict[str, list[tuple[int, dict[str, str]]]] = {
    "toprace": [(3, {}), (4, {"races": "3"}), (6, {"races": "3", "edition": "alt"})],
    "takenoko": [(2, {}), (4, {}), (4, {"pros_variant": "on"})],
    "racebow": [(2, {}), (4, {}), (4, {"rotate_first_player": "off"})],
    "mogul": [(3, {}), (6, {}), (5, {"quick_start": "pick"})],
}
GOALS = {"render_median_ms": 50, "replay_s": 5, "replay_mb": 10}


def played(
    game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int
) -> tuple[Any, list[Any], list[tuple[int, int, str]]]:
    """A seeded AI game: its initial state, every state after it, and its log."""
    initial = game.start(players, options, seed)
    states, log = [], []
    for ply in playout(game, initial, seed, ai_player(game, seed)):
        states.append(ply.after)
        log.append((ply.number, ply.seat, game.action_code(ply.action)))
    return initial, states, log


def turns(game: Game[Any, Any, Any], initial: Any, states: list[Any]) -> int:
    """How many pictures a replay of this game shows before any cap (``drawing.frames``'s count)."""
    key = game.presentation.replay_turn or game.to_act
    count, previous, started = 1, key(initial), True
    for state in states:
        current = key(state)
        started = current != previous
        if started:
            count, previous = count + 1, current
    return count + (0 if started else 1)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bench_game(name: str, seeds: int, per_game: int, names: list[str]) -> dict[str, Any]:
    game = GAMES[name]
    draw = game.presentation.render_picture
    assert draw is not None
    times: list[float] = []
    cpu_times: list[float] = []
    sizes: list[int] = []
    longest: tuple[int, Any, list[tuple[int, int, str]], int, int, dict[str, str]] | None = None
    for players, options in CONFIGS[name]:
        tr = Text("en", names[:players])
        for seed in range(1, seeds + 1):
            initial, states, log = played(game, players, options, seed)
            step = max(1, len(states) // per_game)
            for state in [initial, *states[::step], states[-1]]:
                view = game.view(state, None)
                start, cpu = time.perf_counter(), time.process_time()
                data = draw(view, tr)
                times.append((time.perf_counter() - start) * 1000)
                cpu_times.append((time.process_time() - cpu) * 1000)
                sizes.append(len(data))
            count = turns(game, initial, states)
            if longest is None or count > longest[0]:
                longest = (count, initial, log, seed, players, options)
    assert longest is not None
    count, initial, log, seed, players, options = longest
    tr = Text("en", names[:players])
    start, cpu_start = time.perf_counter(), time.process_time()
    frames = drawing.frames(game, initial, seed, log, tr)
    drawn, cpu_drawn = time.perf_counter(), time.process_time()
    gif = drawing.animate(frames)
    done, cpu_done = time.perf_counter(), time.process_time()
    return {
        "pictures": len(times),
        "render_ms": {"median": round(statistics.median(times), 1), "p99": round(percentile(times, 0.99), 1)},
        "render_cpu_ms": {
            "median": round(statistics.median(cpu_times), 1),
            "p99": round(percentile(cpu_times, 0.99), 1),
        },
        "png_bytes": {"median": int(statistics.median(sizes)), "max": max(sizes)},
        "longest_replay": {
            "players": players,
            "options": options,
            "seed": seed,
            "plies": len(log),
            "turns": count,
            "frames": len(frames),
            "frames_s": round(drawn - start, 2),
            "gif_s": round(done - drawn, 2),
            "total_s": round(done - start, 2),
            "total_cpu_s": round(cpu_done - cpu_start, 2),
            "frames_cpu_s": round(cpu_drawn - cpu_start, 2),
            "gif_mb": round(len(gif) / 1e6, 2),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one game per configuration, fewer positions")
    parser.add_argument("--games", default=",".join(CONFIGS), help="comma-separated games")
    parser.add_argument("--world", action="store_true", help="players named in six scripts")
    args = parser.parse_args()
    seeds, per_game = (1, 15) if args.quick else (3, 30)
    load_before = os.getloadavg()[0]
    started = time.perf_counter()
    names = WORLD if args.world else NAMES
    results = {name: bench_game(name, seeds, per_game, names) for name in args.games.split(",")}
    largest = max(results.values(), key=lambda r: r["longest_replay"]["gif_mb"])["longest_replay"]
    slowest = max(r["longest_replay"]["total_s"] for r in results.values())
    slowest_cpu = max(r["longest_replay"]["total_cpu_s"] for r in results.values())
    worst_cpu = max(r["render_cpu_ms"]["median"] for r in results.values())
    worst_median = max(r["render_ms"]["median"] for r in results.values())
    print(
        json.dumps(
            {
                "names": names,
                "games": results,
                "summary": {
                    "worst_render_median_ms": worst_median,
                    "worst_render_median_cpu_ms": worst_cpu,
                    "slowest_replay_s": slowest,
                    "slowest_replay_cpu_s": slowest_cpu,
                    "largest_replay_mb": largest["gif_mb"],
                    "max_frames": drawing.MAX_FRAMES,
                    "frame_ms": drawing.FRAME_MS,
                    "goals": GOALS,
                    "met": {
                        "render": worst_median < GOALS["render_median_ms"],
                        "render_cpu": worst_cpu < GOALS["render_median_ms"],
                        "replay_time": slowest < GOALS["replay_s"],
                        "replay_time_cpu": slowest_cpu < GOALS["replay_s"],
                        "replay_size": largest["gif_mb"] < GOALS["replay_mb"],
                    },
                },
                "machine": {
                    "cpus": os.cpu_count(),
                    "load_average_before": round(load_before, 2),
                    "load_average_after": round(os.getloadavg()[0], 2),
                    "seconds": round(time.perf_counter() - started, 1),
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
