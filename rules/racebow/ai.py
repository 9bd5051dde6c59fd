"""Racebow AI: it plans its whole turn (step, stack action, turbo, second step) and scores where
each plan leaves it.

The score rewards colours collected and a stack that few stack actions will put in the target
order, keeps some propellers, oxygen and turbos, and looks ahead along the visible tiles for the
pawns and action cells that would help next, the nearer the better. So the AI steers toward the
colour its target order wants next, walks onto the TOP, BOT or SWP cell that repairs its stack,
and skips an action that would spoil it. A colour out of order is still taken when the right one
is out of reach: the tuning showed that a colour in hand plus one repair beats a colour still to
find (action cells are common: 30 of the 60 tiles carry one).

How many stack actions a stack still needs is exact for a full stack (a breadth-first search
over the 120 orders, with TOP, BOT and SWP as moves) and, for a partial stack, the best over the
orders in which the missing colours could still arrive.

The easy level (``easy``) is the same search with a newcomer's weights (``EASY``): it takes the
colours only in its board's order, looks no further than the tile it steps on, and thinks of
its turbo only once its first step is played.
"""

from __future__ import annotations

import itertools
import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from rules.engine import Seat

from .actions import END, MOVES, TURBO, RacebowAction
from .data import (
    ACTION_SYMBOLS,
    AIR,
    CELLS,
    CELLS_PER_LEVEL,
    COLOURS,
    EARTH,
    EMPTY,
    OXYGEN,
    PROPELLER,
    TARGETS,
    TRACK_MAX,
    WATER,
)
from .movement import legal_cells
from .stack import SYMBOL_KIND, operate, stack_choices
from .state import RacebowState
from .track import BONUS_INDEX, COLOUR_INDEX


@dataclass(frozen=True)
class Weights:
    """What the AI's score values. Tuned on 4-player games, one variant against three copies of
    the current weights, seats rotated: these weights win 38% of such games against the first
    guess (colour 10, turbo 3, spare 2), which wins 17% against them."""

    # One tuned number a line (the shape of any constants' list, e.g. rules/mogul/data.py's).
    colour: float = 14.0
    """Each colour in the stack."""
    repair: float = 9.0
    """Each stack action the stack still needs (subtracted)."""
    turbo: float = 1.0
    """Each turbo kept."""
    spare: float = 1.0
    """Each of the first two propellers or oxygens kept (they open Air and Water)."""
    extra: float = 0.4
    """Each propeller or oxygen beyond two."""
    ahead: float = 0.8
    """The weight of what lies ahead on the visible tiles."""
    fade: float = 0.6
    """How much a pawn one step further ahead is worth, relative to one step nearer."""
    plans_turbo: bool = True
    """Whether a first step is chosen with the turbo step it opens in view (RB-MOVE-07)."""


DEFAULT = Weights()
EASY = Weights(repair=100.0, ahead=0.0, plans_turbo=False)
"""A newcomer's weights (the easy level). A colour out of order costs far more than it brings, so
it waits for the colour its board wants next, where the tuning found that a colour in hand plus
one repair does better (the module's doc); it sees nothing beyond the next tile (no ``ahead``),
so it does not steer toward a pawn further on; and it picks its first step without the turbo
step that step would open."""
WIN = 1_000.0
NUDGE = 1e-6
"""The most a random nudge adds to a choice's score: it breaks exact ties without favouring the
first listed choice."""


def _distances(goal: str) -> dict[str, int]:
    """How many stack actions put each order of the five colours into ``goal`` (BFS backwards)."""
    orders = ["".join(p) for p in itertools.permutations(goal)]
    comes_from: dict[str, set[str]] = {order: set() for order in orders}
    for order in orders:
        for symbol in SYMBOL_KIND:
            for action in stack_choices(order, symbol)[:-1]:  # the last choice is SKIP
                comes_from[operate(order, action)].add(order)
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        order = queue.popleft()
        for before in comes_from[order]:
            if before not in dist:
                dist[before] = dist[order] + 1
                queue.append(before)
    return dist


def _repairs(goal: str) -> dict[str, int]:
    """For every stack (any length), the fewest stack actions it will need, over the orders in
    which its missing colours could still arrive."""
    dist = _distances(goal)
    found: dict[str, int] = {}
    for size in range(len(goal) + 1):
        for stack in itertools.permutations(goal, size):
            rest = [c for c in goal if c not in stack]
            found["".join(stack)] = min(dist["".join(stack) + "".join(more)] for more in itertools.permutations(rest))
    return found


REPAIRS: tuple[dict[str, int], ...] = tuple(_repairs(goal) for goal in TARGETS)
"""``REPAIRS[seat][stack]``: stack actions still needed by that board."""


@lru_cache(maxsize=4096)
def best_repair(seat: Seat, stack: str, symbol: str) -> int:
    """The fewest repairs left after using an action cell ``symbol`` at best (or skipping it)."""
    table = REPAIRS[seat]
    return min(table[operate(stack, action)] for action in stack_choices(stack, symbol))


def resources(weights: Weights, track: tuple[int, int, int]) -> float:
    """What the bonus tracks are worth: turbos, and the first two propellers and oxygens most."""
    turbo, propeller, oxygen = track
    spare = min(propeller, 2) + min(oxygen, 2)
    return weights.turbo * turbo + weights.spare * spare + weights.extra * (propeller + oxygen - spare)


@lru_cache(maxsize=4096)
def stack_outlook(weights: Weights, seat: Seat, stack: str) -> tuple[float, dict[str, float]]:
    """What ``stack`` is worth (its colours, less the repairs it still needs), and what each cell
    character ahead would add to it: a colour it lacks, an action cell that would repair it. Only
    positive gains are listed. Cached: the score asks for every end of turn a plan reaches, and a
    seat's stack takes few values."""
    table = REPAIRS[seat]
    repairs = table[stack]
    gains: dict[str, float] = {}
    for colour in COLOURS:
        if colour not in stack:
            gain = weights.colour - weights.repair * (table[stack + colour] - repairs)
            if gain > 0:
                gains[colour] = gain
    if len(stack) >= 2:  # a stack action changes nothing on fewer pawns (RB-STACK-06)
        for symbol in ACTION_SYMBOLS:
            gain = weights.repair * (repairs - best_repair(seat, stack, symbol))
            if gain > 0:
                gains[symbol] = gain
    return weights.colour * len(stack) - weights.repair * repairs, gains


@lru_cache(maxsize=1024)
def track_outlook(weights: Weights, track: tuple[int, int, int]) -> tuple[float, dict[str, float]]:
    """What the bonus tracks are worth, and what each bonus pawn ahead would add (none for a track
    at its maximum, which may not take one: RB-MOVE-04)."""
    value = resources(weights, track)
    gains: dict[str, float] = {}
    for symbol, bonus in BONUS_INDEX.items():
        if track[bonus] < TRACK_MAX[bonus]:
            more = list(track)
            more[bonus] += 1
            gain = resources(weights, (more[0], more[1], more[2])) - value
            if gain > 0:
                gains[symbol] = gain
    return value, gains


FAR = 3
"""From this many tiles ahead, every cell is within reach (levels are at most 2 apart, cells 3)."""


def _cone(at: int, distance: int) -> int:
    """The cells of the tile ``distance`` tiles ahead that steps of one level and one cell could
    reach from cell ``at`` (ignoring costs), as a mask."""
    level, cell = divmod(at, CELLS_PER_LEVEL)
    mask = 0
    for index in range(CELLS):
        to_level, to_cell = divmod(index, CELLS_PER_LEVEL)
        if abs(to_level - level) <= distance and abs(to_cell - cell) <= distance:
            mask |= 1 << index
    return mask


CONES: tuple[tuple[int, ...], ...] = tuple(tuple(_cone(at, d) for d in range(FAR + 1)) for at in range(CELLS))
"""``CONES[at][min(distance, FAR)]``: the look-ahead's reachable cells, as a mask."""


def _levels(*levels: int) -> int:
    """The cells of some levels, as a mask."""
    return sum(((1 << CELLS_PER_LEVEL) - 1) << level * CELLS_PER_LEVEL for level in levels)


OPEN_LEVELS: tuple[tuple[int, int], tuple[int, int]] = (
    (_levels(EARTH), _levels(EARTH, WATER)),
    (_levels(AIR, EARTH), _levels(AIR, EARTH, WATER)),
)
"""``OPEN_LEVELS[has a propeller][has an oxygen]``: the cells of the levels a player can enter
(Earth always; Air with a propeller, Water with an oxygen: RB-MOVE-03), as a mask."""


@lru_cache(maxsize=4096)
def contents(row: str) -> tuple[tuple[int, str], ...]:
    """The cells of a row that hold something, with what they hold (most of a row is empty, and
    the score reads every row ahead for every end of turn a plan reaches)."""
    return tuple((cell, char) for cell, char in enumerate(row) if char != EMPTY)


class Me(NamedTuple):
    """The planning seat's own situation at some point of its turn."""

    tile: int
    at: int
    stack: str
    track: tuple[int, int, int]


class _Planner:
    """One decision's search: the rows of the tiles in play, and the score of a turn's end."""

    def __init__(self, state: RacebowState, seat: Seat, weights: Weights) -> None:
        self.seat = seat
        self.w = weights
        self.first = state.first
        self.rows = list(state.cells)
        self.goal = TARGETS[seat]
        self.outlooks: dict[tuple[str, tuple[int, int, int]], tuple[float, dict[str, float]]] = {}

    # -- scoring ---------------------------------------------------------------------------------
    def outlook(self, stack: str, track: tuple[int, int, int]) -> tuple[float, dict[str, float]]:
        """What a stack and tracks are worth, and the gain of each cell character ahead."""
        found = self.outlooks.get((stack, track))
        if found is None:
            stack_value, stack_gains = stack_outlook(self.w, self.seat, stack)
            track_value, track_gains = track_outlook(self.w, track)
            found = self.outlooks[stack, track] = (stack_value + track_value, stack_gains | track_gains)
        return found

    def score(self, me: Me, rows: Sequence[str]) -> float:
        """How good the end of a turn is: progress, resources, and what lies reachable ahead."""
        w = self.w
        value, gain_of = self.outlook(me.stack, me.track)
        levels = OPEN_LEVELS[me.track[PROPELLER] > 0][me.track[OXYGEN] > 0]
        cones = CONES[me.at]
        gains: list[float] = []
        weight = 1.0
        distance = 1
        for k in range(me.tile + 1 - self.first, len(rows)):
            reach = cones[min(distance, FAR)] & levels
            for cell, char in contents(rows[k]):
                if reach >> cell & 1:
                    gain = gain_of.get(char)
                    if gain is not None:
                        gains.append(gain * weight)
            weight *= w.fade
            distance += 1
        # The three best gains count, the best most; their order of discovery does not matter.
        gains.sort(reverse=True)
        return value + w.ahead * sum([g / rank for g, rank in zip(gains, (1, 2, 3), strict=False)])

    # -- the turn's tree -------------------------------------------------------------------------
    def step(self, step: int, me: Me, cell: int, rows: list[str]) -> float:
        """The best score after stepping onto ``cell`` of the next tile (in RB-MOVE-08's order)."""
        turbo, propeller, oxygen = me.track
        stack = me.stack
        level = cell // CELLS_PER_LEVEL
        if level == AIR:
            propeller -= 1
        elif level == WATER:
            oxygen -= 1
        tile = me.tile + 1
        k = tile - self.first
        char = rows[k][cell]
        if char in COLOUR_INDEX or char in BONUS_INDEX:
            rows = list(rows)
            rows[k] = rows[k][:cell] + EMPTY + rows[k][cell + 1 :]
            if char in COLOUR_INDEX:
                stack += char
                if stack == self.goal:
                    return WIN
            else:
                values = [turbo, propeller, oxygen]
                values[BONUS_INDEX[char]] += 1
                turbo, propeller, oxygen = values
        after = Me(tile, cell, stack, (turbo, propeller, oxygen))
        if char in SYMBOL_KIND and len(stack) >= 2:
            return max(self.after_stack(step, after, action, rows) for action in stack_choices(stack, char))
        return self.end_step(step, after, rows)

    def after_stack(self, step: int, me: Me, action: RacebowAction, rows: list[str]) -> float:
        """The best score after answering decision S with ``action``."""
        stack = operate(me.stack, action)
        if stack == self.goal:
            return WIN
        return self.end_step(step, me._replace(stack=stack), rows)

    def end_step(self, step: int, me: Me, rows: list[str]) -> float:
        """The better of ending the turn and, after step 1, a turbo step (RB-MOVE-07)."""
        best = self.score(me, rows)
        if step == 1 and self.w.plans_turbo and me.track[0] > 0 and me.tile + 1 - self.first < len(rows):
            best = max(best, self.turbo(me, rows))
        return best

    def turbo(self, me: Me, rows: list[str]) -> float:
        """The best score of a turbo step (the turbo spent); -inf if no cell is open."""
        spent = me._replace(track=(me.track[0] - 1, me.track[1], me.track[2]))
        cells = legal_cells(rows[me.tile + 1 - self.first], me.at, me.stack, spent.track)
        return max((self.step(2, spent, cell, rows) for cell in cells), default=float("-inf"))


def choose(state: RacebowState, seat: Seat, rng: random.Random, weights: Weights = DEFAULT) -> RacebowAction:
    """The AI's action for ``seat`` at the open decision: the one whose best plan scores highest."""
    plan = _Planner(state, seat, weights)
    tile, at = state.where[seat]
    me = Me(tile, at, state.stacks[seat], state.tracks[seat])
    rows = plan.rows
    scored: list[tuple[float, RacebowAction]] = []
    if state.ask == "move":
        cells = legal_cells(rows[tile + 1 - state.first], at, me.stack, me.track)
        scored = [(plan.step(state.step, me, cell, rows), MOVES[cell]) for cell in cells]
    elif state.ask == "turbo":
        scored = [(plan.score(me, rows), END), (plan.turbo(me, rows), TURBO)]
    elif state.ask == "stack":
        symbol = state.cells[tile - state.first][at]
        scored = [
            (plan.after_stack(state.step, me, action, rows), action) for action in stack_choices(me.stack, symbol)
        ]
    if not scored:
        raise ValueError(f"seat {seat} has no decision to take")
    best = max(score for score, _ in scored)
    leaders = [action for score, action in scored if score > best - 2 * NUDGE]
    if len(leaders) == 1:
        # No nudge can overtake a lead of more than NUDGE, so this is the choice below, made
        # without seeding the random source (which costs about as much as the search itself).
        return leaders[0]
    return max(scored, key=lambda item: item[0] + rng.random() * NUDGE)[1]


def ai_action(state: RacebowState, seat: Seat, rng: random.Random) -> RacebowAction:
    """The bundle's AI: ``choose`` with the default weights."""
    return choose(state, seat, rng)


def easy(state: RacebowState, seat: Seat, rng: random.Random) -> RacebowAction:
    """The easy level: ``choose`` with a newcomer's weights (``EASY``)."""
    return choose(state, seat, rng, EASY)
