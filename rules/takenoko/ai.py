"""Takenoko's AI, at three levels: a search over the rest of its own turn, in worlds its seat
cannot tell from the real one, judged by the points it can expect (appraise.py).

At each real decision the AI deals worlds (guess.py: the other hands, the decks and another
seat's drawn plots dealt again from what it has not seen), plays every choice in each world and
follows its own turn to its end along a narrow beam (the few best continuations by their value),
and keeps the choice whose turns end best on average. Drawing a plot or a card is played in the
world, so its value is what the world's draws give, averaged over the worlds. Searching in
worlds, never in the real state, is what keeps the AI from reading a hidden card; counts (worlds,
beam, positions, replies) bound the search, never the clock.

- ``normal`` (``Game.ai``, and the AI that plays for an absent player): one world, a beam of two.
- ``strong``: two worlds and a wider beam, then, for its best three choices of an action, a
  weather or a figure's move, it looks one round further: in three more worlds, every other
  seat answers with its own best turn (one greedy step at a time), and the position is judged
  when the AI's next turn comes. It sees what the others can take from it (a bamboo the panda
  can reach) before it grows it for them.
- ``easy``: a beginner's mistakes, not random ones: it takes one step at a time without looking
  at what its actions do together, keeps no eye on the other players, hoards cards (a fuller
  hand always looks good) and is in no hurry to meet them.

Whatever the level, the AI validates a card as soon as one holds, the best first, and ends a turn
with nothing left to do: the end-of-turn preference (orders.py) plays exactly the same.

Measured (bench/ai_strength.py, seeds from 0; ratio = win share over the fair share): normal
against panda rush / gardener / plot builder 1.39 (56 games) / 1.75 / 1.88 at 2 players, 1.05
(40 games) / 2.44 / 2.81 at 3, 1.25 / 2.0 / 3.5 at 4 (16 games where not said), the AI before
it 0.86 / 1.20 / 1.58 at 2 and 0.64 / 1.00 / 1.80 at 4; against that AI itself 1.07 (56 games),
1.13 (80) and 1.6 (40) at 2, 3 and 4 players; decision p99 75-128 ms. Judging the game's length
by the fastest seat's pace (appraise.turns_left), not the table's mean, took it against panda
rush from 1.25 to 1.38 at 3 players and from 1.23 to 1.43 at 4 (120 games each, seeds 1000-1119;
gardener and plot builder at 3 players unchanged within noise). Easy loses to every
strategy at 2 players (0.12 / 0.5 / 0.75, 16 games). Strong: p99 0.8-1.3 s; too slow to measure
its strength in the time the bench had (2 games a cell).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.engine import Seat, SeededOnFirstUse
from rules.takenoko.actions import ACT, VALIDATE, TakenokoAction
from rules.takenoko.appraise import WEIGHTS, Weights, appraise
from rules.takenoko.guess import sample_world
from rules.takenoko.objectives import best_first
from rules.takenoko.rules import apply, legal_actions, outcome
from rules.takenoko.state import TakenokoState

ANSWERED = frozenset(("face", "rain", "storm", "clouds", "action", "gardener", "panda", "storm_tile"))
"""Decisions whose effect on the others' next turns the strong level checks: the weather, the
action, where a figure goes (the others move it on from there)."""

WIN = 1000.0
"""A won game, against any position's value (a lost one counts as much against)."""


@dataclass(frozen=True)
class Level:
    """What one level looks at: ``worlds`` dealt per decision, the ``beam`` of continuations of its
    turn followed at each depth (the last width repeats; 1 = the best one only), a cap on the
    positions valued per world, the weights of its judgement, and for its ``finalists`` best
    choices, ``replies`` worlds where every other seat answers before the position is judged."""

    worlds: int
    beam: tuple[int, ...]
    positions: int
    weights: Weights = WEIGHTS
    finalists: int = 0
    replies: int = 0
    depth: int = 99
    """How many of its own steps it follows before judging (99: to the end of its turn)."""


EASY = Level(
    worlds=1,
    beam=(1,),
    positions=60,
    depth=2,
    weights=Weights(delay=0.96, opponents=0.0, future=0.3, risk={"PA": 1.0, "GA": 1.0, "PL": 1.0}, hoard=1.0),
)
NORMAL = Level(worlds=1, beam=(2, 1), positions=300)
STRONG = Level(worlds=2, beam=(3, 2, 1), positions=500, finalists=3, replies=3)


def choose(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The normal AI's choice for ``seat`` now."""
    return decide(state, seat, rng, NORMAL)


def choose_easy(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The easy AI's choice."""
    return decide(state, seat, rng, EASY)


def choose_strong(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The strong AI's choice."""
    return decide(state, seat, rng, STRONG)


def decide(state: TakenokoState, seat: Seat, rng: random.Random, level: Level) -> TakenokoAction:
    """The choice of the AI at ``level`` for ``seat``, whose decision is open."""
    legal = list(legal_actions(state, seat))
    if len(legal) == 1:
        return legal[0]
    forced = _forced(state, legal)
    if forced is not None:
        return forced
    totals = [0.0] * len(legal)
    for _ in range(level.worlds):
        world = sample_world(state, seat, random.Random(rng.random()))
        search = _Search(seat, level, rng.random())
        for n, action in enumerate(legal):
            totals[n] += search.after(world, action, 0)
    ranked = sorted(range(len(legal)), key=lambda n: (-totals[n], n))
    if level.finalists > 1 and level.replies and state.step in ANSWERED:
        finalists = ranked[: level.finalists]
        replies = {n: 0.0 for n in finalists}
        for _ in range(level.replies):
            world = sample_world(state, seat, random.Random(rng.random()))
            seed = rng.random()
            for n in finalists:
                replies[n] += _round_ahead(world, seat, legal[n], seed, level.weights)
        return legal[max(finalists, key=lambda n: (replies[n], -finalists.index(n)))]
    return legal[ranked[0]]


def _forced(state: TakenokoState, legal: list[TakenokoAction]) -> TakenokoAction | None:
    """The choices every level makes alike: validate at once (a validated card is never lost), the
    best card first."""
    if ACT["validate"] in legal:
        return ACT["validate"]
    if state.step == "validate":
        return VALIDATE[best_first([a.name for a in legal])]
    return None


def _judge(state: TakenokoState, seat: Seat, weights: Weights) -> float:
    """A position's value for ``seat``; a finished game is won or lost."""
    if state.step == "over":
        result = outcome(state)
        assert result is not None
        return WIN if seat in result.winners() else -WIN
    return appraise(state, seat, weights)


class _Search:
    """The rest of one turn in one world, for one seat."""

    def __init__(self, seat: Seat, level: Level, seed: float) -> None:
        self.seat = seat
        self.level = level
        self.seed = seed
        self.left = level.positions

    def after(self, state: TakenokoState, action: TakenokoAction, depth: int) -> float:
        """The value of the turn's best end once ``action`` is played."""
        after, _ = apply(state, self.seat, action, SeededOnFirstUse(self.seed))
        return self.value(after, depth + 1)

    def value(self, state: TakenokoState, depth: int) -> float:
        """The value of the best end of the turn from ``state``."""
        if state.step == "over" or state.turn != self.seat or self.left <= 0 or depth >= self.level.depth:
            return _judge(state, self.seat, self.level.weights)
        legal = list(legal_actions(state, self.seat))
        forced = _forced(state, legal)
        if forced is not None or len(legal) == 1:
            return self.after(state, forced or legal[0], depth)
        width = self.level.beam[min(depth, len(self.level.beam) - 1)]
        children: list[tuple[float, int, TakenokoState]] = []
        for action in legal:
            after, _ = apply(state, self.seat, action, SeededOnFirstUse(self.seed))
            self.left -= 1
            children.append((_judge(after, self.seat, self.level.weights), len(children), after))
        children.sort(key=lambda item: (-item[0], item[1]))
        if width == 1:
            return children[0][0] if children[0][2].turn != self.seat else self.value(children[0][2], depth + 1)
        return max(self.value(after, depth + 1) for _, _, after in children[:width])


def greedy(state: TakenokoState, seat: Seat, seed: float, weights: Weights) -> TakenokoAction:
    """One step of a player that takes the choice whose position is worth most to it right away
    (the replies the strong level imagines, in a world)."""
    legal = list(legal_actions(state, seat))
    forced = _forced(state, legal)
    if forced is not None or len(legal) == 1:
        return forced or legal[0]
    best, value = legal[0], -2 * WIN
    for action in legal:
        after, _ = apply(state, seat, action, SeededOnFirstUse(seed))
        found = _judge(after, seat, weights)
        if found > value:
            best, value = action, found
    return best


def _round_ahead(world: TakenokoState, seat: Seat, action: TakenokoAction, seed: float, weights: Weights) -> float:
    """In one world: play ``action``, the rest of the seat's turn and every other seat's next turn
    greedily, and judge the position when the seat's next turn comes (or the game ends)."""
    state, _ = apply(world, seat, action, SeededOnFirstUse(seed))
    left_turn = False
    for step in range(400):
        if state.step == "over":
            break
        if state.turn != seat:
            left_turn = True
        elif left_turn:
            break
        mover = state.turn
        choice = greedy(state, mover, seed + step, weights)
        state, _ = apply(state, mover, choice, SeededOnFirstUse(seed + step))
    return _judge(state, seat, weights)
