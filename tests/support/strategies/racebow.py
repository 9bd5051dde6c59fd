"""Scripted Racebow players a casual person might be, to measure the AI against
(``tests/support/strength.py``, ``bench/ai_strength.py``).

Racebow hides nothing but the draw pile's order, so every player sees the whole board; these
players still decide only from their seat's view (``view(state, seat)``: the cells within reach
with what they cost and hold, the stack choices on an action cell), as a person reads the board.
Each looks one step ahead, no further:

- ``greedy``: takes the colour it most needs, the next one of its target order first, then the
  others it lacks in that order; failing a colour, an action cell that puts more of its stack in
  place. It spends a turbo when the extra step reaches a colour it lacks.
- ``grabber``: grabs any pawn in reach, a colour before a bonus, whichever colour it is; failing
  a pawn, an action cell that helps. It spends a turbo whenever the extra step reaches a pawn.
- ``sorter``: puts its stack in order first: it walks onto an action cell that would put more of
  its stack in place before anything else, then takes the colour it most needs (as ``greedy``).
  It spends a turbo for a helpful action cell or the next colour of its target.

On an action cell each takes the choice that leaves the most slots holding their target colour
(TOP, BOT or SWP, RB-STACK-03..05), and skips when none puts more in place. Between cells worth
the same it keeps its propellers and oxygen (Earth is free, RB-MOVE-03), then picks at random.

``blunders(match, seat)`` counts the games that did not end in a finish (the round-200 safety
end, RB-END-04, or no tile left, RB-TILE-03).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.engine import Seat
from rules.racebow.actions import END, MOVES, TURBO, RacebowAction
from rules.racebow.data import ACTION_SYMBOLS, BONUS_SYMBOLS, COLOURS
from rules.racebow.scoring import matching, target
from rules.racebow.stack import SYMBOL_KIND, operate, stack_choices
from rules.racebow.state import RacebowState
from rules.racebow.view import RacebowView, Reach, view
from tests.support.strength import Match, Strategy

GAMES = 300
"""Seeded games per bench cell (bench/ai_strength.py): about 90 CPU seconds for the whole game
(27 cells: 3 player counts, 3 levels, 3 strategies)."""


def _view(state: RacebowState, seat: Seat) -> RacebowView:
    """What ``seat`` sees: the public board, with the cells it may reach or its stack choices."""
    seen = view(state, seat)
    assert seen.turn == seat, "a strategy is only asked on its own turn"
    return seen


# -- what a casual player reads on the board -------------------------------------------------------
COLOUR_PAWNS = frozenset(COLOURS)
BONUS_PAWNS = frozenset(BONUS_SYMBOLS)
ACTION_CELLS = frozenset(ACTION_SYMBOLS)
"""What a cell in reach may hold (``Reach.pickup``; "" is an empty cell)."""


def need(stack: str, goal: str, colour: str) -> int:
    """How much ``colour`` is wanted: 5 for the next colour of the target order, one less for each
    slot further up, 0 for a colour already in the stack (it cannot be entered anyway)."""
    if colour in stack:
        return 0
    missing = [c for c in goal if c not in stack]
    return len(COLOURS) - missing.index(colour)


def best_sort(stack: str, goal: str, symbol: str) -> tuple[int, RacebowAction]:
    """The stack choice on an action cell ``symbol`` leaving the most slots in place, and how many
    more it puts in place than now (0: skip, nothing helps)."""
    now = matching(stack, goal)
    best = max(stack_choices(stack, symbol)[:-1], key=lambda a: matching(operate(stack, a), goal), default=None)
    if best is None or matching(operate(stack, best), goal) <= now:
        return 0, stack_choices(stack, symbol)[-1]
    return matching(operate(stack, best), goal) - now, best


def sort_gain(stack: str, goal: str, pickup: str) -> int:
    """How many more slots an action cell holding ``pickup`` would put in place (0 otherwise; an
    action changes nothing on fewer than two pawns, RB-STACK-06)."""
    if pickup not in ACTION_CELLS or len(stack) < 2:
        return 0
    return best_sort(stack, goal, pickup)[0]


Rank = Callable[[str, str, Reach], float]
"""A player's liking for a cell in reach: (its stack, its target, the cell) -> higher is better."""


def _move(seen: RacebowView, seat: Seat, rng: random.Random, rank: Rank) -> RacebowAction:
    """The cell in reach ``rank`` likes best; between equals, a free (Earth) cell, then any."""
    stack, goal = seen.stacks[seat], target(seat)
    scored = [(rank(stack, goal, reach), reach.cost == "", rng.random(), reach.cell) for reach in seen.reach]
    return MOVES[max(scored)[3]]


def _decide(state: RacebowState, seat: Seat, rng: random.Random, rank: Rank, turbo_for: Rank) -> RacebowAction:
    """A whole decision: a move by ``rank``; a turbo step if ``turbo_for`` likes a cell it reaches
    (``view.reach`` lists the turbo step's cells at decision T); the best sort on an action cell."""
    seen = _view(state, seat)
    stack, goal = seen.stacks[seat], target(seat)
    if seen.ask == "move":
        return _move(seen, seat, rng, rank)
    if seen.ask == "turbo":
        wanted = any(turbo_for(stack, goal, reach) > 0 for reach in seen.reach)
        return TURBO if wanted else END
    tile, cell = seen.where[seat]
    symbol = seen.cells[tile - seen.first][cell]
    assert symbol in SYMBOL_KIND and seen.ask == "stack"
    return best_sort(stack, goal, symbol)[1]


# -- the greedy collector --------------------------------------------------------------------------
def greedy_rank(stack: str, goal: str, reach: Reach) -> float:
    """A colour by how much it is needed; failing one, an action cell that helps."""
    if reach.pickup in COLOUR_PAWNS:
        return 10 + need(stack, goal, reach.pickup)
    return sort_gain(stack, goal, reach.pickup)


def greedy_turbo(stack: str, goal: str, reach: Reach) -> float:
    """The extra step is worth a turbo when it reaches a colour."""
    return float(reach.pickup in COLOUR_PAWNS)


def greedy(state: RacebowState, seat: Seat, rng: random.Random) -> RacebowAction:
    """Takes the colour it most needs; sorts its stack only on the way."""
    return _decide(state, seat, rng, greedy_rank, greedy_turbo)


# -- the grabber -----------------------------------------------------------------------------------
def grabber_rank(stack: str, goal: str, reach: Reach) -> float:
    """Any colour, then any bonus; failing a pawn, an action cell that helps."""
    if reach.pickup in COLOUR_PAWNS:
        return 20
    if reach.pickup in BONUS_PAWNS:
        return 10
    return sort_gain(stack, goal, reach.pickup)


def grabber_turbo(stack: str, goal: str, reach: Reach) -> float:
    """The extra step is worth a turbo when it reaches any pawn."""
    return float(reach.pickup in COLOUR_PAWNS or reach.pickup in BONUS_PAWNS)


def grabber(state: RacebowState, seat: Seat, rng: random.Random) -> RacebowAction:
    """Grabs whatever pawn is in reach, a colour first."""
    return _decide(state, seat, rng, grabber_rank, grabber_turbo)


# -- the sorter ------------------------------------------------------------------------------------
def sorter_rank(stack: str, goal: str, reach: Reach) -> float:
    """An action cell that helps first (the more it helps, the better); then colours by need."""
    gain = sort_gain(stack, goal, reach.pickup)
    if gain:
        return 20 + gain
    if reach.pickup in COLOUR_PAWNS:
        return 10 + need(stack, goal, reach.pickup)
    return 0


def sorter_turbo(stack: str, goal: str, reach: Reach) -> float:
    """The extra step is worth a turbo for an action cell that helps or the next target colour."""
    next_colour = reach.pickup in COLOUR_PAWNS and need(stack, goal, reach.pickup) == len(COLOURS)
    return float(next_colour or sort_gain(stack, goal, reach.pickup) > 0)


def sorter(state: RacebowState, seat: Seat, rng: random.Random) -> RacebowAction:
    """Keeps its stack in order first, then collects."""
    return _decide(state, seat, rng, sorter_rank, sorter_turbo)


STRATEGIES: dict[str, Strategy] = {"greedy": greedy, "grabber": grabber, "sorter": sorter}
"""The scripted players, by name."""


CHANCES = {"round_limit": "games", "no_tiles": "games", "unplaced": "games"}
"""What each blunder count is out of (bench/ai_strength.py prints the rates)."""


def blunders(match: Match, seat: Seat) -> dict[str, int]:
    """Games a player would call botched, for ``seat``: the race hit the round-200 safety end
    (RB-END-04) or ran out of tiles (RB-TILE-03), and whether ``seat`` was still unplaced then."""
    end = match.state.end
    return {
        "round_limit": int(end == "limit"),
        "no_tiles": int(end == "tiles"),
        "unplaced": int(match.state.places[seat] == 0),
    }
