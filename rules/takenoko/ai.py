"""Takenoko's AI, at three levels: a search over the rest of its own turn, in worlds its seat
cannot tell from the real one, judged by the points it can expect (appraise.py).

At each real decision the AI deals worlds (guess.py: the other hands, the decks and another
seat's drawn plots dealt again from what it has not seen), plays every choice in each world and
follows its own turn to its end along a narrow beam (the few best continuations by their value),
and keeps the choice whose turns end best on average. Drawing a plot or a card is played in the
world, so its value is what the world's draws give, averaged over the worlds. Searching in
worlds, never in the real state, is what keeps the AI from reading a hidden card; counts (worlds,
beam, positions) bound the search, never the clock.

- ``normal`` (``Game.ai``, and the AI that plays for an absent player): one world, a beam of two
  (``NORMAL``).
- ``strong``: two worlds and a wider beam (``STRONG``); once a seat nears the Emperor, its few best
  plans for the open action, deck or weather are played on to the game's end in more worlds, every
  seat by a quick rule of thumb (rollout.py, ``LOOKAHEAD``), and another plan replaces the best one
  only when its games surely end better.
- ``easy``: a beginner's mistakes, not random ones: it takes one step at a time without looking
  at what its actions do together, keeps no eye on the other players, hoards cards (a fuller
  hand always looks good), draws from a deck on a hunch (one card's worth) and is in no hurry to
  meet them.

Whatever the level, the AI validates a card as soon as one holds, the best first, and ends a turn
with nothing left to do: the end-of-turn preference (orders.py) plays exactly the same.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.engine import Seat, SeededOnFirstUse
from rules.takenoko.actions import ACT, END, TakenokoAction
from rules.takenoko.appraise import WEIGHTS, Weights, appraise, turns_left
from rules.takenoko.data import CATEGORIES
from rules.takenoko.guess import sample_world
from rules.takenoko.rollout import Lookahead, near_the_end, plan_values, surely_better
from rules.takenoko.rollout import forced as _forced
from rules.takenoko.rules import apply, legal_actions, outcome
from rules.takenoko.state import TakenokoState

WIN = 1000.0
"""A won game, against any position's value (a lost one counts as much against)."""


@dataclass(frozen=True)
class Level:
    """What one level looks at: ``worlds`` dealt per decision, the ``beam`` of continuations of its
    turn followed at each depth (the last width repeats; 1 = the best one only), a cap on the
    positions valued per world and the weights of its judgement."""

    worlds: int
    beam: tuple[int, ...]
    positions: int
    weights: Weights = WEIGHTS
    depth: int = 99
    """How many of its own steps it follows before judging (99: to the end of its turn)."""
    draws: int = 3
    """Cards a drawn objective is tried as: the world's top card of the deck and the next ones
    (1: the world's top card only)."""


EASY = Level(
    worlds=1,
    beam=(1,),
    positions=60,
    depth=2,
    draws=1,
    weights=Weights(delay=0.99, opponents=0.0, future=0.3, risk={"PA": 1.0, "GA": 1.0, "PL": 1.0}, hoard=1.0),
)
NORMAL = Level(worlds=1, beam=(2, 1), positions=300)
STRONG = Level(worlds=2, beam=(3, 2, 1), positions=500)
LOOKAHEAD = Lookahead()
"""How far the strong AI plays its best plans on (rollout.py)."""


def choose(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The normal AI's choice for ``seat`` now."""
    return decide(state, seat, rng, NORMAL)


def choose_easy(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The easy AI's choice."""
    return decide(state, seat, rng, EASY)


def choose_strong(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The strong AI's choice: near the game's end, the one-turn search's few best plans for which
    action, deck or weather to take, played on to the end (rollout.py); else the search's choice."""
    legal = list(legal_actions(state, seat))
    if (
        len(legal) == 1
        or state.step not in LOOKAHEAD.steps
        or not near_the_end(state, LOOKAHEAD)
        or _forced(state, legal) is not None
    ):
        return decide(state, seat, rng, STRONG)
    totals = _totals(state, seat, rng, STRONG, legal)
    ranked = sorted(range(len(legal)), key=lambda n: (-totals[n], n))
    plans = [legal[n] for n in ranked[: LOOKAHEAD.plans]]
    choice = plans[surely_better(plan_values(state, seat, plans, rng, LOOKAHEAD), LOOKAHEAD.sure)]
    return _lay_what_is_left(state, seat, legal) if choice == END else choice


def decide(state: TakenokoState, seat: Seat, rng: random.Random, level: Level) -> TakenokoAction:
    """The choice of the AI at ``level`` for ``seat``, whose decision is open."""
    legal = list(legal_actions(state, seat))
    if len(legal) == 1:
        return legal[0]
    forced = _forced(state, legal)
    if forced is not None:
        return forced
    totals = _totals(state, seat, rng, level, legal)
    choice = legal[max(range(len(legal)), key=lambda n: (totals[n], -n))]
    return _lay_what_is_left(state, seat, legal) if choice == END else choice


def _totals(
    state: TakenokoState, seat: Seat, rng: random.Random, level: Level, legal: list[TakenokoAction]
) -> list[float]:
    """Each legal choice's value summed over the worlds ``level`` deals (its turn searched on)."""
    totals = [0.0] * len(legal)
    for _ in range(level.worlds):
        world = sample_world(state, seat, random.Random(rng.random()))
        search = _Search(seat, level, rng.random())
        for n, action in enumerate(legal):
            totals[n] += search.after(world, action, 0)
    return totals


def _lay_what_is_left(state: TakenokoState, seat: Seat, legal: list[TakenokoAction]) -> TakenokoAction:
    """Before ending its last turn (TK-END-02), a seat lays the canals and improvements it still
    holds (laying one is free, TK-IRR-02, TK-IMP-02): nothing is left to keep them for, and a
    player calls ending the game with one a blunder. Where it goes is the search's choice, which
    picks the spot that helps the others least (a canal that sprouts a plot may feed another
    seat's last turn, so the judgement alone may keep it)."""
    if turns_left(state)[seat] > 0.0:
        return END
    board = state.boards[seat]
    if board.canals and ACT["place_canal"] in legal:
        return ACT["place_canal"]
    if any(board.chips) and ACT["place_chip"] in legal:
        return ACT["place_chip"]
    return END


def _judge(state: TakenokoState, seat: Seat, weights: Weights) -> float:
    """A position's value for ``seat``; a finished game is won or lost."""
    if state.step == "over":
        result = outcome(state)
        assert result is not None
        # A canal or an improvement still held when the game ends was wasted: laying it first
        # beats ending the game with it on the board, however the game ends.
        board = state.boards[seat]
        return (WIN if seat in result.winners() else -WIN) - weights.unlaid * (board.canals + sum(board.chips))
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
        if state.step == "category" and self.level.draws > 1:
            return self.drawn(state, action, depth)
        after, _ = apply(state, self.seat, action, SeededOnFirstUse(self.seed))
        return self.value(after, depth + 1)

    def drawn(self, state: TakenokoState, action: TakenokoAction, depth: int) -> float:
        """The mean value of drawing from ``action``'s deck over the first cards of the world's
        deck, each tried on top: one world's top card is a single guess, and the best of three
        single guesses favours the deck whose cards differ most, not the one that pays (at 4
        players the AI drew gardener cards as often as panda cards and met 38 % of them, 89 % of
        the panda cards)."""
        index = CATEGORIES.index(action.name)
        deck = state.decks[index]
        values = []
        for n in range(min(self.level.draws, len(deck))):
            decks = list(state.decks)
            decks[index] = (deck[n], *deck[:n], *deck[n + 1 :])
            tried = state.model_copy(update={"decks": tuple(decks)})
            after, _ = apply(tried, self.seat, action, SeededOnFirstUse(self.seed))
            values.append(self.value(after, depth + 1))
        # A deck is offered only while it holds a card (TK-OBJ-01), so ``values`` is never empty.
        return sum(values) / len(values)

    def value(self, state: TakenokoState, depth: int) -> float:
        """The value of the best end of the turn from ``state``."""
        if state.step == "over" or state.turn != self.seat or self.left <= 0 or depth >= self.level.depth:
            return _judge(state, self.seat, self.level.weights)
        legal = list(legal_actions(state, self.seat))
        forced = _forced(state, legal)
        if forced is not None or len(legal) == 1:
            return self.after(state, forced or legal[0], depth)
        if state.step == "category" and self.level.draws > 1:
            # Every deck is tried (``after`` judges each by several cards), not a beam of them.
            return max(self.after(state, action, depth) for action in legal)
        width = self.level.beam[min(depth, len(self.level.beam) - 1)]
        children: list[tuple[float, int, TakenokoState]] = []
        for action in legal:
            after, _ = apply(state, self.seat, action, SeededOnFirstUse(self.seed))
            self.left -= 1
            children.append((_judge(after, self.seat, self.level.weights), len(children), after))
        # A child where the turn is over is judged as it stands (the search stops there): it is
        # weighed whatever the beam keeps, so ending the turn is never dropped for a free action
        # whose judgement ties with it.
        ended = [value for value, _, after in children if after.turn != self.seat or after.step == "over"]
        going = sorted(
            ((value, n, after) for value, n, after in children if after.turn == self.seat and after.step != "over"),
            key=lambda item: (-item[0], item[1]),
        )
        found = [self.value(after, depth + 1) for _, _, after in going[:width]]
        return max(ended + found)
