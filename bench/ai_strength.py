"""How strong each game's AI is, against scripted players a reasonable person might be.

    python bench/ai_strength.py --game mogul       # one game (every game: hours, see below)
    python bench/ai_strength.py --games 40         # fewer games per cell, for a quick look
    python bench/ai_strength.py --game takenoko --level normal --players 2 \
        --strategy panda_rush --first-seed 3000 --games 120   # one cell, on other seeds
    python bench/ai_strength.py --game toprace --level strong --strategy ai:normal   # head to head
    python bench/ai_strength.py --game toprace --strategies   # the strategies themselves

For each game, player count, AI level and strategy of ``tests/support/strategies/<game>.py``: the
AI in one seat (rotating with the seed), the strategy in every other; ``ratio`` = the AI's share
of wins over the fair share (1.0: as good as the strategy), with its 95 % interval. A two-player
cell plays enough games for that interval to be ±0.15 on the ratio (``TWO_PLAYER_GAMES``), the
others the strategy module's ``GAMES``. Also the blunder rates the game's module defines (each
count over its chances), the previous AI against the new one where the module keeps it, and how
long each AI decision takes (median and p99, CPU time of this process). Prints one JSON object;
the goals of the AI issue are checked at the end (``goals``). ``--strategies`` measures each
strategy instead: against players who pick a legal move at random, and against the version of
itself it replaced (the module's ``EARLIER``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import previous

from rules.engine import AI_LEVELS, Game, Seat
from rules.registry import GAMES
from tests.support.strength import Match, Strategy, ai_at, measure, random_strategy

GOALS = {"normal": 1.3, "strong": 1.6}
"""Ratio each level must reach against every strategy, at every player count."""

TWO_PLAYER_GAMES = 171
"""Games a two-player cell plays by default: Wilson's 95 % interval of a win share near one half
is then ±0.075, ±0.15 on the ratio."""


def timed(strategy: Strategy, times: list[float]) -> Strategy:
    """``strategy``, recording how long each decision takes (seconds)."""

    def play(state: Any, seat: Seat, rng: Any) -> Any:
        start = time.perf_counter()
        action = strategy(state, seat, rng)
        times.append(time.perf_counter() - start)
        return action

    return play


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def games_per_cell(module: Any, level: str, players: int) -> int:
    """The games a cell plays by default at ``level``: at two players ``TWO_PLAYER_GAMES``, else
    the strategy module's ``GAMES``, one count for every level or one per level (the slow levels
    play fewer; ``--games`` overrides it)."""
    if players == 2:
        return TWO_PLAYER_GAMES
    counts = getattr(module, "GAMES", 100)
    return int(counts[level]) if isinstance(counts, dict) else int(counts)


def rates(counts: Counter[str], chances: dict[str, str], games: int) -> dict[str, str | int]:
    """Each blunder's count over its chances, as "count/chances = rate" (``chances`` names the
    count each is out of, or "games"); a count that is only some blunder's chances is left out,
    one with no chances named is shown as it is."""
    found: dict[str, str | int] = {}
    for name, count in counts.items():
        base = chances.get(name)
        if base is None:
            if name not in chances.values():
                found[name] = count
            continue
        out_of = games if base == "games" else counts.get(base, 0)
        found[name] = f"{count}/{out_of} = {count / out_of:.3f}" if out_of else f"{count}/0"
    return found


def earlier_ai(name: str, module: Any) -> dict[str, Strategy]:
    """The game's AI before issue 31, by level: loaded from git (bench/previous.py), or the
    strategy module's ``PREVIOUS`` (normal only) where it keeps one."""
    found: dict[str, Strategy] = previous.levels(name)
    if not found and getattr(module, "PREVIOUS", None) is not None:
        found["normal"] = module.PREVIOUS
    return found


def opponents(name: str, game: Game[Any, Any, Any], module: Any, wanted: list[str] | None) -> dict[str, Strategy]:
    """The strategies a cell may face: the module's, ``<name>@earlier`` (a strategy before it was
    made stronger, the module's ``EARLIER``), ``random`` (a legal move at random),
    ``previous_ai`` (the AI before, where the module keeps it) and ``ai:<level>`` (the game's own
    AI); all of the module's by default."""
    found: dict[str, Strategy] = dict(module.STRATEGIES)
    for name, strategy in getattr(module, "EARLIER", {}).items():
        found[f"{name}@earlier"] = strategy
    found["random"] = random_strategy(game)
    before = earlier_ai(name, module)
    if "normal" in before:
        found["previous_ai"] = before["normal"]
    for level in AI_LEVELS:
        found[f"ai:{level}"] = ai_at(game, level)
    if wanted is None:
        return dict(module.STRATEGIES)
    unknown = [name for name in wanted if name not in found]
    if unknown:
        raise SystemExit(f"unknown strategy {', '.join(unknown)}; known: {', '.join(found)}")
    return {name: found[name] for name in wanted}


def bench_game(
    name: str,
    games: int | None,
    levels: tuple[str, ...],
    *,
    players: list[int] | None = None,
    strategies: list[str] | None = None,
    first_seed: int = 0,
) -> dict[str, Any]:
    """Every player count, level and strategy of one game (or those asked for)."""
    game: Game[Any, Any, Any] = GAMES[name]
    module = importlib.import_module(f"tests.support.strategies.{name}")
    found: dict[str, Any] = {"first_seed": first_seed}
    against = opponents(name, game, module, strategies)
    chances = getattr(module, "CHANCES", {})
    counts_of_players = range(game.min_players, game.max_players + 1)
    for count in [n for n in counts_of_players if players is None or n in players]:
        row: dict[str, Any] = {}
        per_cell = {level: games or games_per_cell(module, level, count) for level in levels}
        for level in levels:
            times: list[float] = []
            ai = timed(ai_at(game, level), times)
            cells: dict[str, Any] = {}
            for label, strategy in against.items():
                counts: Counter[str] = Counter()
                blunders = getattr(module, "blunders", None)

                def seen(match: Match, seat: Seat, blunders: Any = blunders, counts: Counter[str] = counts) -> None:
                    if blunders is not None:
                        counts.update(blunders(match, seat))

                result = measure(
                    game,
                    count,
                    ai,
                    strategy,
                    per_cell[level],
                    first_seed=first_seed,
                    on_game=seen if blunders else None,
                )
                shown = {"blunders": rates(counts, chances, result.games)} if counts else {}
                cells[label] = {**result.as_json(), **shown}
            previous = earlier_ai(name, module).get(level)
            if previous is not None and strategies is None:
                before = measure(game, count, ai, previous, per_cell[level], first_seed=first_seed)
                cells["previous_ai"] = before.as_json()
            cells["decision_ms"] = {
                "median": round(1000 * statistics.median(times), 2) if times else 0,
                "p99": round(1000 * percentile(times, 0.99), 2),
            }
            row[level] = cells
        found[str(count)] = row
    return found


def bench_strategies(name: str, games: int | None, players: list[int] | None, first_seed: int) -> dict[str, Any]:
    """Each strategy of a game in one seat against random players, and against the version of
    itself it replaced (``EARLIER``), at every player count asked."""
    game: Game[Any, Any, Any] = GAMES[name]
    module = importlib.import_module(f"tests.support.strategies.{name}")
    earlier = getattr(module, "EARLIER", {})
    counts_of_players = range(game.min_players, game.max_players + 1)
    found: dict[str, Any] = {}
    for count in [n for n in counts_of_players if players is None or n in players]:
        cells: dict[str, Any] = {}
        for label, strategy in module.STRATEGIES.items():
            n = games or games_per_cell(module, "easy", count)
            cell = {"vs_random": measure(game, count, strategy, random_strategy(game), n, first_seed=first_seed)}
            if label in earlier:
                cell["vs_earlier"] = measure(game, count, strategy, earlier[label], n, first_seed=first_seed)
            cells[label] = {key: m.as_json() for key, m in cell.items()}
        found[str(count)] = cells
    return found


def strategy_names(name: str) -> set[str]:
    """The scripted strategies of a game (the cells its goals are judged on)."""
    return set(importlib.import_module(f"tests.support.strategies.{name}").STRATEGIES)


def goals(results: dict[str, Any]) -> dict[str, Any]:
    """Which ratio goals hold (every strategy, every player count): the worst cell, and each cell
    below the goal whose 95 % interval still reaches it (too few games to tell)."""
    report: dict[str, Any] = {}
    for name, by_players in results.items():
        scripted = strategy_names(name)
        for level, goal in GOALS.items():
            cells = []
            for players, row in by_players.items():
                if not players.isdigit() or level not in row:
                    continue
                for label, cell in row[level].items():
                    # Only the scripted strategies count: the AI before and the AI itself are
                    # measured for comparison.
                    if isinstance(cell, dict) and "ratio" in cell and label in scripted:
                        cells.append((cell["ratio"], f"{players} players vs {label}", cell))
            if not cells:
                continue
            worst = min(cells, key=lambda found: found[0])
            below = [(where, cell) for _, where, cell in cells if cell["ratio"] < goal]
            undecided = [where for where, cell in below if cell["high"] >= goal]
            report[f"{name}.{level}"] = {
                "goal": goal,
                "worst": worst[0],
                "where": worst[1],
                "games": worst[2]["games"],
                "met": not below,
                "missed": [where for where, cell in below if cell["high"] < goal],
                "too_few_games_to_tell": undecided,
            }
    return report


def main() -> None:
    """Run the bench and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="a game's key (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=None, help="games per cell (default: each game's own)")
    parser.add_argument("--level", action="append", choices=AI_LEVELS, help="AI level (default: all)")
    parser.add_argument("--players", action="append", type=int, help="a player count (repeatable; default: all)")
    parser.add_argument(
        "--strategy",
        action="append",
        help="an opponent (repeatable): a strategy's name, previous_ai or ai:<level> (default: every strategy)",
    )
    parser.add_argument("--first-seed", type=int, default=0, help="the first game's seed (default: 0)")
    parser.add_argument(
        "--strategies", action="store_true", help="measure the strategies (vs random players, vs their earlier selves)"
    )
    args = parser.parse_args()
    names = args.game or sorted(GAMES)
    levels = tuple(args.level or AI_LEVELS)
    started = time.process_time()
    if args.strategies:
        found = {name: bench_strategies(name, args.games, args.players, args.first_seed) for name in names}
        print(json.dumps({**found, "cpu_seconds": round(time.process_time() - started)}, indent=1))
        return
    results = {
        name: bench_game(
            name, args.games, levels, players=args.players, strategies=args.strategy, first_seed=args.first_seed
        )
        for name in names
    }
    print(
        json.dumps({**results, "goals": goals(results), "cpu_seconds": round(time.process_time() - started)}, indent=1)
    )


if __name__ == "__main__":
    main()
