"""Measuring an AI against scripted players a reasonable person might be (tests and bench/).

A *strategy* decides like a player at the table: from the state, its own seat and a random source,
it returns a legal action, and it may read only what its seat's view shows (``blind`` checks it by
swapping every other seat's secrets). A *match* puts the AI at one level in one seat and a strategy
in the others; the tested seat rotates with the seed, so no seat's advantage flatters anyone.

    ratio = the AI seat's share of wins / (1 / players)

1.0 means as good as the strategy; a shared first place counts 1/k to each of the k winners.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.engine import Game, Seat, ai_player, playout, random_player, rng_for

Strategy = Callable[[Any, Seat, random.Random], Any]
"""A scripted player: (state, its own seat, rng) -> a legal action, reading only its own view."""


def ai_at(game: Game[Any, Any, Any], level: str = "normal") -> Strategy:
    """The game's AI at ``level``, as a strategy."""
    return lambda state, seat, rng: game.ai_action(state, seat, rng, level)


def random_strategy(game: Game[Any, Any, Any]) -> Strategy:
    """A player who picks one of its legal actions at random (the floor a strategy must beat)."""

    def play(state: Any, seat: Seat, rng: random.Random) -> Any:
        legal = game.legal_actions(state, seat)
        return rng.choice(legal if isinstance(legal, list | tuple) else list(legal))

    return play


@dataclass
class Match:
    """One finished match: the end state, each seat's share of the win, and the log: who played
    what, and the state each action was played in (``before[i]`` for ``log[i]``)."""

    state: Any
    wins: tuple[float, ...]
    log: list[tuple[Seat, Any]] = field(default_factory=list)
    before: list[Any] = field(default_factory=list)

    def steps(self) -> list[tuple[Any, Seat, Any]]:
        """Every (state before, seat, action) of a match played with ``keep_log``."""
        return [(state, seat, action) for state, (seat, action) in zip(self.before, self.log, strict=True)]


def play_match(
    game: Game[Any, Any, Any],
    players: int,
    seed: int | str,
    seats: Sequence[Strategy],
    options: Mapping[str, str] | None = None,
    *,
    keep_log: bool = False,
) -> Match:
    """A whole game, seat i played by ``seats[i]`` (each with its own random stream)."""
    state = game.start(players, dict(options or {}), seed)

    def choose(current: Any, to_act: frozenset[Seat], ply: int) -> tuple[Seat, Any]:
        seat = min(to_act)
        return seat, seats[seat](current, seat, rng_for(f"{seed}:player{seat}", ply))

    log: list[tuple[Seat, Any]] = []
    before: list[Any] = []
    for ply in playout(game, state, seed, choose):
        if keep_log:
            log.append((ply.seat, ply.action))
            before.append(ply.before)
        state = ply.after
    outcome = game.outcome(state)
    assert outcome is not None, "a playout ended before the game did"
    winners = outcome.winners()
    wins = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(players))
    return Match(state, wins, log, before)


@dataclass(frozen=True)
class Measure:
    """The tested player's win share against ``opponent`` over ``games`` games, as a ratio to the
    fair share, with its 95 % interval (Wilson's, which stays honest for a few games all won or
    all lost)."""

    games: int
    players: int
    wins: float
    low: float
    high: float

    @property
    def ratio(self) -> float:
        """Win share / fair share (1.0: as good as the opponent)."""
        return self.wins * self.players

    def as_json(self) -> dict[str, float | int]:
        """Rounded figures for a bench's JSON."""
        return {
            "games": self.games,
            "ratio": round(self.ratio, 2),
            "low": round(self.low * self.players, 2),
            "high": round(self.high * self.players, 2),
        }


def measure(
    game: Game[Any, Any, Any],
    players: int,
    tested: Strategy,
    opponent: Strategy,
    games: int,
    options: Mapping[str, str] | None = None,
    *,
    first_seed: int = 0,
    on_game: Callable[[Match, Seat], None] | None = None,
) -> Measure:
    """``tested`` in one seat (seat = seed mod players) and ``opponent`` in every other, over
    ``games`` seeded games; ``on_game`` sees each finished game and the tested seat (for blunder
    counts)."""
    shares: list[float] = []
    for n in range(games):
        seed = first_seed + n
        seat = seed % players
        seats = [tested if s == seat else opponent for s in range(players)]
        played = play_match(game, players, seed, seats, options, keep_log=on_game is not None)
        shares.append(played.wins[seat])
        if on_game is not None:
            on_game(played, seat)
    mean = sum(shares) / len(shares)
    low, high = wilson(mean, len(shares))
    return Measure(len(shares), players, mean, low, high)


def wilson(share: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % interval for a win share over ``games`` games (a shared first place counts a
    fraction: its variance is below the binomial one, so the interval errs wide)."""
    if games == 0:
        return 0.0, 1.0
    factor = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / factor
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / factor
    return max(0.0, centre - half), min(1.0, centre + half)


def blind(game: Game[Any, Any, Any], strategy: Strategy, state: Any, seat: Seat, players: int, trials: int = 4) -> bool:
    """True if ``strategy`` plays the same at ``seat`` whatever the other seats privately hold
    (their secrets swapped among themselves, as the secrecy tests do): it reads only its own view.
    With fewer than two other seats there is nothing to swap, and it is True."""
    others = [s for s in range(players) if s != seat]
    if len(others) < 2:
        return True
    expected = game.action_code(strategy(state, seat, random.Random(7)))
    for trial in range(trials):
        a, b = random.Random(trial).sample(others, 2)
        swapped = game.swap_secrets(state, a, b, random.Random(trial))
        if game.action_code(strategy(swapped, seat, random.Random(7))) != expected:
            return False
    return True


def against_random(game: Game[Any, Any, Any], strategy: Strategy, players: int, seed: int) -> tuple[Seat, list[Seat]]:
    """One seeded game of ``strategy`` at seat ``seed % players``, every other seat a random
    player: that seat and the game's winners."""
    tested = seed % players
    randomly = random_player(game, seed)

    def choose(s: Any, to_act: frozenset[Seat], ply: int) -> Any:
        if tested in to_act:
            return tested, strategy(s, tested, rng_for(seed, -ply))
        return randomly(s, to_act, ply)

    state = game.start(players, {}, seed)
    for step in playout(game, state, seed, choose):
        state = step.after
    outcome = game.outcome(state)
    assert outcome is not None
    return tested, list(outcome.winners())


def play_levels(
    game: Game[Any, Any, Any], state: Any, seed: str | int, levels: Mapping[Seat, str] | None = None, ply: int = 0
) -> tuple[Any, Counter[Seat]]:
    """``state`` (after ``ply`` moves) played to the end by the AI at ``levels`` (seat → level;
    all normal by default), every move checked legal: the last state and each seat's moves."""
    moves: Counter[Seat] = Counter()
    for step in playout(game, state, seed, ai_player(game, seed, levels=levels), ply=ply):
        assert step.action in game.legal_actions(step.before, step.seat)
        moves[step.seat] += 1
        state = step.after
    return state, moves
