"""Takenoko figures, printed as one JSON object (tests never assert timings).

    python bench/takenoko_bench.py            # the full run (the AI's 2 × 200 games take minutes)
    python bench/takenoko_bench.py --quick    # a smaller version

Figures:
- playouts: whole games of uniformly random legal choices per second, by player count (the
  contract, property tests and random seats depend on it), with plies per game and µs per ply;
  ``per_s`` and ``us_per_ply`` are wall-clock time, ``cpu_per_s`` and ``cpu_us_per_ply`` this
  process's CPU time (steadier on a shared machine);
- goal: the playout goal (GOAL games per second, 4 players) in µs per ply at today's game
  length, how much of it is reached (CPU time), and ``floor_us_per_ply``: the engine's own cost
  per ply in the same run, on a game with next to no rules (bench/floor.py);
- ai_ms_per_decision: the AI's thinking time per decision in CPU time (mean, 95th and 99th
  percentiles, max) in all-AI games of 2, 3 and 4 players;
- ai_vs_random: the AI against a random player in seeded 2-player games, seats alternating:
  wins, shared wins, losses and the win rate;
- ai_vs_ai: all-AI games (normal level) of 2, 3 and 4 players in turn: how many ran to the
  round-100 limit (TK-END-06; the goal is none in 200 seeds), the mean and longest game in rounds;
- picture_ms / board_ms: drawing the PNG of a full 27-plot garden, and its text board.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from floor import floor_us_per_ply  # bench/ is the script's folder

from bot.i18n import Text
from rules.engine import ai_against_random, ai_player, play_random, playout, rng_for
from rules.takenoko import GAME
from rules.takenoko.picture import render_picture
from rules.takenoko.state import TakenokoState

GOAL = 100
"""The random-playout goal, in 4-player games per second."""


def playouts(players: int, games: int) -> dict[str, float]:
    """Random playouts per second for one player count."""
    plies = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        _, played = play_random(GAME, players, {}, seed)
        plies += len(played)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "per_s": round(games / elapsed, 1),
        "cpu_per_s": round(games / cpu, 1),
        "plies_per_game": round(plies / games, 1),
        "us_per_ply": round(1e6 * elapsed / plies, 1),
        "cpu_us_per_ply": round(1e6 * cpu / plies, 1),
    }


def ai_timing(games: int) -> dict[str, float]:
    """The AI's CPU time per decision over all-AI games of 2, 3 and 4 players."""
    times: list[float] = []
    for n in range(games):
        players = 2 + n % 3
        state = GAME.start(players, {"pros_variant": "on" if n % 2 else "off"}, 700 + n)
        ply = 0
        while GAME.to_act(state):
            ply += 1
            seat = state.turn
            start = time.process_time()
            action = GAME.ai_action(state, seat, rng_for(f"{700 + n}:ai", ply))
            times.append(1000 * (time.process_time() - start))
            state, _ = GAME.apply(state, seat, action, rng_for(700 + n, ply))
    times.sort()
    return {
        "mean": round(statistics.fmean(times), 2),
        "p95": round(times[int(0.95 * (len(times) - 1))], 2),
        "p99": round(times[int(0.99 * (len(times) - 1))], 2),
        "max": round(times[-1], 2),
        "decisions": len(times),
    }


def ai_vs_random(games: int) -> dict[str, float]:
    """The AI against a uniformly random player, 2 players, seats alternating."""
    wins = shared = 0
    for n in range(games):
        seed, ai_seat = 10_000 + n, n % 2
        state = GAME.start(2, {}, seed)
        for ply in playout(GAME, state, seed, ai_against_random(GAME, seed, frozenset({ai_seat}))):
            state = ply.after
        result = GAME.outcome(state)
        assert result is not None
        winners = result.winners()
        wins += winners == frozenset({ai_seat})
        shared += ai_seat in winners and len(winners) > 1
    return {
        "games": games,
        "wins": wins,
        "shared": shared,
        "losses": games - wins - shared,
        "win_rate": round(wins / games, 3),
    }


def ai_vs_ai(games: int) -> dict[str, float]:
    """All-AI games, 2, 3 and 4 players in turn: the round limit reached, game lengths."""
    rounds: list[int] = []
    limit = 0
    for n in range(games):
        seed, players = 20_000 + n, 2 + n % 3
        state = GAME.start(players, {"pros_variant": "on" if n % 2 else "off"}, seed)
        for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
            state = ply.after
        rounds.append(state.round)
        limit += state.emperor < 0
    return {
        "games": games,
        "round_limit": limit,
        "mean_rounds": round(statistics.fmean(rounds), 1),
        "max_rounds": max(rounds),
    }


def full_garden() -> TakenokoState:
    """The end of a random 4-player game: all 27 plots placed."""
    state, _ = play_random(GAME, 4, {}, 11)
    assert len(state.garden) == 27
    return state


def drawing(repeats: int) -> dict[str, float]:
    """Milliseconds to draw a full garden's picture and its text board."""
    state = full_garden()
    view = GAME.view(state, None)
    tr = Text("en", ["Ann", "Ben", "Cyd", "Dee"])
    start = time.perf_counter()
    for _ in range(repeats):
        picture = render_picture(view, tr)
    picture_ms = 1000 * (time.perf_counter() - start) / repeats
    start = time.perf_counter()
    for _ in range(repeats):
        GAME.presentation.render_board(view, tr)
    board_ms = 1000 * (time.perf_counter() - start) / repeats
    return {"picture_ms": round(picture_ms, 2), "picture_bytes": len(picture), "board_ms": round(board_ms, 2)}


def main(quick: bool) -> dict[str, object]:
    """Every figure."""
    games = 10 if quick else 40
    started = time.perf_counter()
    runs = {str(players): playouts(players, games) for players in (2, 3, 4)}
    figures: dict[str, object] = {
        "playouts": runs,
        "goal": {
            "games_per_s": GOAL,
            "needs_us_per_ply": round(1e6 / (GOAL * runs["4"]["plies_per_game"]), 2),
            "reached": round(runs["4"]["cpu_per_s"] / GOAL, 3),
            "floor_us_per_ply": floor_us_per_ply(1.0 if quick else 3.0),
        },
        "ai_ms_per_decision": ai_timing(3 if quick else 9),
        "ai_vs_random": ai_vs_random(20 if quick else 200),
        "ai_vs_ai": ai_vs_ai(15 if quick else 200),
        **drawing(10 if quick else 50),
    }
    figures["seconds"] = round(time.perf_counter() - started, 1)
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a smaller, faster run")
    args = parser.parse_args()
    print(json.dumps(main(args.quick), indent=2))
