"""Fit the Top Race AI's race estimate (rules/toprace/estimate.py) on self-play positions.

    PYTHONPATH=. python bench/toprace_fit.py                 # 600 games, about 2 minutes
    PYTHONPATH=. python bench/toprace_fit.py --games 200     # a quick look

The AI plays every seat of seeded games (2 to 6 players in turn); at some of its card plays the
position is kept with the seat that is to play, and, once the race is over, each pair of cars still
racing then with the order they finished in. The estimate says car i ends ahead of car j with
chance 1 / (1 + exp(-(p_i - p_j) / s)), where p is a weighted sum of the car's features
(``estimate.FEATURES``, the row weighing 1) and s = SPREAD + SPREAD_PER_ROOT * sqrt(points left).
For each trial ratio SPREAD_PER_ROOT / SPREAD this is a logistic regression, solved by Newton's
method; the best ratio wins. Prints JSON: the fitted constants and the mean log-likelihood of a
pair, next to the constants in use.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import ai_player, playout
from rules.toprace import GAME, estimate

Pair = tuple[list[float], float, float]
"""One pair of cars at one position: feature differences, points left, 1 if the first ended ahead."""

RATIOS = (0.0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12)
"""Trial values of SPREAD_PER_ROOT / SPREAD."""


def collect(games: int, keep: float) -> list[Pair]:
    """Pairs of racing cars at positions of self-play games, with who ended ahead."""
    pick = random.Random(1)
    pairs: list[Pair] = []
    for game in range(games):
        players = 2 + game % 5
        seed = f"fit{game}"
        state = GAME.start(players, {}, seed)
        kept = []
        for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
            before = ply.before
            if before.phase == "race" and before.ask == "play" and pick.random() < keep:
                kept.append(estimate.car_features(before, before.turn))
            state = ply.after
        places = {car: i for i, car in enumerate(state.results[0].places)}
        for features, rest in kept:
            racing = [car for car in range(len(features)) if features[car] is not None]
            for i in racing:
                for j in racing:
                    if i < j:
                        fi, fj = features[i], features[j]
                        assert fi is not None and fj is not None
                        diff = [a - b for a, b in zip(fi, fj, strict=True)]
                        pairs.append((diff, rest, 1.0 if places[i] < places[j] else 0.0))
    return pairs


def loglik(pairs: list[Pair], weights: list[float], ratio: float) -> float:
    """Mean log-likelihood of the pairs under weights w (already divided by the spread's base)."""
    total = 0.0
    for diff, rest, ahead in pairs:
        z = sum(w * x for w, x in zip(weights, diff, strict=True)) / (1 + ratio * math.sqrt(rest))
        p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
        total += math.log(max(1e-12, p if ahead else 1 - p))
    return total / len(pairs)


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix @ x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[col][col]:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if rows[i][i] else 0.0 for i in range(n)]


def fit(pairs: list[Pair], ratio: float, iterations: int = 12) -> list[float]:
    """Logistic regression without intercept on the scaled differences (Newton's method)."""
    n = len(pairs[0][0])
    weights = [0.1] + [0.0] * (n - 1)
    for _ in range(iterations):
        gradient = [0.0] * n
        hessian = [[1e-6 * (i == j) for j in range(n)] for i in range(n)]
        for diff, rest, ahead in pairs:
            scale = 1 + ratio * math.sqrt(rest)
            g = [x / scale for x in diff]
            z = sum(w * x for w, x in zip(weights, g, strict=True))
            p = 1 / (1 + math.exp(-max(-30.0, min(30.0, z))))
            for i in range(n):
                gradient[i] += (ahead - p) * g[i]
                for j in range(i, n):
                    hessian[i][j] += p * (1 - p) * g[i] * g[j]
        for i in range(n):
            for j in range(i):
                hessian[i][j] = hessian[j][i]
        step = solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
    return weights


def main() -> None:
    """Collect, fit and print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--keep", type=float, default=0.1, help="share of card plays kept as positions")
    args = parser.parse_args()
    pairs = collect(args.games, args.keep)
    current = [w / estimate.SPREAD for w in estimate.WEIGHTS]
    report: dict[str, object] = {
        "games": args.games,
        "pairs": len(pairs),
        "in_use": {
            "loglik": round(loglik(pairs, current, estimate.SPREAD_PER_ROOT / estimate.SPREAD), 5),
            "weights": dict(zip(estimate.FEATURES, estimate.WEIGHTS, strict=True)),
            "spread": estimate.SPREAD,
            "spread_per_root": estimate.SPREAD_PER_ROOT,
        },
    }
    best: tuple[float, float, list[float]] | None = None
    trials = {}
    for ratio in RATIOS:
        weights = fit(pairs, ratio)
        score = loglik(pairs, weights, ratio)
        trials[str(ratio)] = round(score, 5)
        if best is None or score > best[0]:
            best = (score, ratio, weights)
    assert best is not None
    score, ratio, weights = best
    spread = 1 / weights[0]
    report["trials"] = trials
    report["fitted"] = {
        "loglik": round(score, 5),
        "weights": {name: round(w * spread, 3) for name, w in zip(estimate.FEATURES, weights, strict=True)},
        "spread": round(spread, 3),
        "spread_per_root": round(ratio * spread, 4),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
