"""Racebow figures, printed as one JSON object (tests never assert timings).

    python bench/racebow_bench.py               # playouts/s and AI ms per decision (seconds)
    python bench/racebow_bench.py --rates       # + AI win rates (200 games vs random, seats)
    python bench/racebow_bench.py --rates --stats --games 400

Rates and timings use the process's CPU time (time.process_time), so that other work on a shared
machine does not count against them; on an idle machine they match the wall clock.

Figures:
- random_playouts[n]: whole games of uniformly random legal actions, n players: games and plies
  per second side by side, microseconds per ply, the plies per game and why the games ended.
  Random players rarely sort their stack, so most games run to the round-200 safety end (RB-END-04)
  and a game's length is fixed by the rules, not by the engine: plies/s is the figure that
  measures the engine, games/s follows from it;
- goal: what the playout goal (GOAL games/s with 4 players) asks in plies/s and µs per ply at
  today's game length, beside ``floor_us_per_ply``: the engine's own cost per ply, measured in the
  same run on a game with next to no rules (bench/floor.py). A goal below the floor cannot be met
  by faster rules;
- ai[n]: the AI's own thinking time per decision (apply excluded), median and p99, and whole
  all-AI games per second with their plies per second (AI thinking and rules together);
- ai_vs_random: the AI's win rate over ``--games`` two-player games against a random player,
  seats alternated (--rates);
- seat_wins_rotate_off / seat_wins_rotate_on: each seat's share of wins among 4 AI players
  (--rates);
- stats: per-game figures of all-AI games that bear on the spec's [D] choices (--stats).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from floor import floor_us_per_ply  # bench/ is the script's folder

from rules.engine import Chooser, Seat, ai_against_random, ai_player, play_random, playout, rng_for
from rules.racebow import GAME
from rules.racebow.actions import RacebowAction
from rules.racebow.ai import ai_action
from rules.racebow.state import RacebowState

GOAL = 300
"""The random-playout goal, in 4-player games per second."""


def random_playouts(players: int, seconds: float) -> dict[str, Any]:
    """Random games for about ``seconds``: games and plies per second, plies per game, end reasons."""
    start, games, plies, ends = time.process_time(), 0, 0, Counter[str]()
    while time.process_time() - start < seconds or games < 3:
        state, log = play_random(GAME, players, {}, f"bench-{players}-{games}")
        games += 1
        plies += len(log)
        ends[state.end] += 1
    elapsed = time.process_time() - start
    return {
        "games_per_s": round(games / elapsed, 1),
        "plies_per_s": round(plies / elapsed),
        "us_per_ply": round(1e6 * elapsed / plies, 2),
        "plies_per_game": round(plies / games),
        "ends": dict(ends),
    }


def ai_timing(players: int, games: int) -> dict[str, Any]:
    """All-AI games: the AI's thinking time per decision, and whole games and plies per second."""
    thinking: list[float] = []
    plies = 0
    start = time.process_time()

    def timed(s: RacebowState, to_act: frozenset[Seat], ply: int) -> tuple[Seat, RacebowAction]:
        """The AI's move, its thinking timed."""
        seat = min(to_act)
        t0 = time.process_time()
        action = ai_action(s, seat, rng_for(f"ai:{ply}", ply))
        thinking.append(time.process_time() - t0)
        return seat, action

    for seed in range(games):
        for _ in playout(GAME, GAME.start(players, {}, f"ai-{seed}"), f"ai-{seed}", timed):
            plies += 1
    elapsed = time.process_time() - start
    thinking.sort()
    return {
        "decisions": len(thinking),
        "ms_median": round(1000 * statistics.median(thinking), 3),
        "ms_p99": round(1000 * thinking[int(0.99 * (len(thinking) - 1))], 3),
        "games_per_s": round(games / elapsed, 1),
        "plies_per_s": round(plies / elapsed),
        "plies_per_game": round(plies / games),
    }


def play_to_end(state: RacebowState, seed: str, choose: Chooser[RacebowState, RacebowAction]) -> RacebowState:
    """Play ``state`` to the end with ``choose``."""
    for ply in playout(GAME, state, seed, choose):
        state = ply.after
    return state


def ai_vs_random(games: int) -> dict[str, Any]:
    """Two players, the AI alternately in seat 1 and seat 2."""
    wins = Counter[int]()
    for game in range(games):
        seed, ai_seat = f"vs-{game}", game % 2
        end = play_to_end(GAME.start(2, {}, seed), seed, ai_against_random(GAME, seed, frozenset({ai_seat})))
        outcome = GAME.outcome(end)
        assert outcome is not None
        wins[ai_seat] += ai_seat in outcome.winners()
    return {
        "games": games,
        "ai_win_rate": round((wins[0] + wins[1]) / games, 3),
        "as_seat_1": round(wins[0] / ((games + 1) // 2), 3),
        "as_seat_2": round(wins[1] / (games // 2), 3),
    }


def seat_wins(games: int, rotate: str, players: int = 4) -> dict[str, Any]:
    """Each seat's share of first places among all-AI players."""
    wins = Counter[int]()
    for game in range(games):
        seed = f"seats-{rotate}-{game}"
        end = play_to_end(GAME.start(players, {"rotate_first_player": rotate}, seed), seed, ai_player(GAME, seed))
        outcome = GAME.outcome(end)
        assert outcome is not None
        for seat in outcome.winners():
            wins[seat] += 1
    return {"games": games, "share": [round(wins[s] / games, 3) for s in range(players)]}


def ai_stats(games: int, players: int = 4) -> dict[str, Any]:
    """What all-AI games look like: length, rounds between finishes, how often each rule bites
    (events per game: fallbacks, missing pawns, reshuffles, turbo steps...)."""
    counts, ends = Counter[str](), Counter[str]()
    rounds: list[int] = []
    finish_rounds: list[list[int]] = []
    s_decisions = s_used = 0
    for game in range(games):
        seed = f"stats-{game}"
        state = GAME.start(players, {}, seed)
        finishes: list[int] = []
        for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
            for event in ply.events:
                counts[event.key.removeprefix("racebow.event.")] += 1
                if event.key == "racebow.event.finish":
                    finishes.append(ply.after.round)
            if ply.before.ask == "stack":
                s_decisions += 1
                s_used += ply.action.kind != "skip"
            state = ply.after
        rounds.append(state.round)
        ends[state.end] += 1
        finish_rounds.append(finishes)
    return {
        "games": games,
        "players": players,
        "rounds_mean": round(statistics.mean(rounds), 1),
        "rounds_max": max(rounds),
        "finish_round_mean_by_place": [
            round(statistics.mean(f[i] for f in finish_rounds if len(f) > i), 1) for i in range(players - 1)
        ],
        "ends": dict(ends),
        "events_per_game": {key: round(n / games, 2) for key, n in sorted(counts.items())},
        "stack_decisions_per_game": round(s_decisions / games, 2),
        "stack_actions_used_share": round(s_used / s_decisions, 3) if s_decisions else 0,
    }


def main(argv: list[str]) -> int:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per random-playout figure")
    parser.add_argument("--rates", action="store_true", help="also compute the AI win rates")
    parser.add_argument("--stats", action="store_true", help="also compute all-AI game statistics")
    parser.add_argument("--games", type=int, default=200, help="games per win-rate or stats figure")
    args = parser.parse_args(argv)
    playouts = {n: random_playouts(n, args.seconds) for n in (2, 3, 4)}
    four = playouts[4]
    figures: dict[str, Any] = {
        "random_playouts": playouts,
        "goal": {
            "games_per_s": GOAL,
            "needs_plies_per_s": GOAL * four["plies_per_game"],
            "needs_us_per_ply": round(1e6 / (GOAL * four["plies_per_game"]), 2),
            "reached": round(four["games_per_s"] / GOAL, 3),
            "floor_us_per_ply": floor_us_per_ply(args.seconds),
        },
        "ai": {n: ai_timing(n, 20) for n in (2, 3, 4)},
    }
    if args.rates:
        figures["ai_vs_random"] = ai_vs_random(args.games)
        figures["seat_wins_rotate_off"] = seat_wins(args.games, "off")
        figures["seat_wins_rotate_on"] = seat_wins(args.games, "on")
    if args.stats:
        figures["stats"] = ai_stats(args.games)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
