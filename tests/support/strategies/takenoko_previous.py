"""Takenoko's AI as it was before the stronger one (rules/takenoko/ai.py at 77e98d1), frozen as a
``Strategy`` (``PREVIOUS`` in takenoko.py) so the bench can put the new AI against it.

Copied as it was, with one change: its plot-card memo is its own (``_MEMO``), not the one the
garden facts keep for the current AI, whose estimates differ.

The original docstring: a Takenoko player that pursues its objectives.

It plays one action at a time: every choice of the open decision is tried on a copy of the state,
following the player's own further steps of the same action (a gardener's destination, a canal's
edge), and the position reached is scored for this player alone. It reads only what the player
may know (the garden, the boards, its own hand and drawn plots): choices that would reveal a
hidden card — drawing plots or objectives — are scored by an estimate instead of being tried.
"""

from __future__ import annotations

import random

from rules.engine import Seat, SeededOnFirstUse
from rules.takenoko.actions import ACT, TakenokoAction
from rules.takenoko.cards import OFFSETS, PLACEMENTS, pack
from rules.takenoko.data import CARDS, CATEGORIES, HAND_LIMIT, MAX_HEIGHT, Card
from rules.takenoko.facts import GardenFacts, garden_facts
from rules.takenoko.hexes import POND
from rules.takenoko.rules import apply, legal_actions, outcome
from rules.takenoko.state import PlayerBoard, Plot, TakenokoState

BANKED = 3.0
"""Weight of a validated point against a point still in hand (a validated card is never lost)."""
ACTION_VALUE = 1.2
"""What an action not yet taken this turn is worth (so the player uses its actions)."""
STORED = 0.5
"""A canal or a chip kept on the board."""
EATEN = 0.15
"""A bamboo section on the board (food for future panda cards)."""
SUB_STEPS = 4
"""How many steps of one action are followed (category, then spot, then chip...)."""


def choose(state: TakenokoState, seat: Seat, rng: random.Random) -> TakenokoAction:
    """The AI's choice for ``seat`` now."""
    legal = list(legal_actions(state, seat))
    if len(legal) == 1:
        return legal[0]
    if ACT["validate"] in legal:
        return ACT["validate"]  # a card that holds is banked at once: it can never be lost
    if state.step == "validate":
        return max(legal, key=lambda a: CARDS[a.name].points)
    if state.step == "category":
        return max(legal, key=lambda a: category_value(state, seat, a.name))
    scored = [(_value(state, seat, action, rng, 0), -n, action) for n, action in enumerate(legal)]
    return max(scored, key=lambda item: (item[0], item[1]))[2]


def _value(state: TakenokoState, seat: Seat, action: TakenokoAction, rng: random.Random, depth: int) -> float:
    """The score of the position after ``action`` and the player's best follow-up steps."""
    if action.kind == "act" and action.name in ("plot", "objective"):
        # Drawing would show the top cards: estimate instead of trying.
        return evaluate(state, seat) - ACTION_VALUE + draw_gain(state, seat, action.name)
    if action.kind == "cat":
        return evaluate(state, seat) + category_value(state, seat, action.name)
    after, _ = apply(state, seat, action, SeededOnFirstUse(rng.random()))
    if after.step == "over":
        return _final(after, seat)
    if after.turn == seat and depth < SUB_STEPS and _follows(after.step, action):
        return max(_value(after, seat, a, rng, depth + 1) for a in legal_actions(after, seat))
    return evaluate(after, seat)


def _follows(step: str, action: TakenokoAction) -> bool:
    """Whether the step reached is still part of the choice just tried: a sub-step of an action, or
    the effect of the weather just chosen (back at A1, or at W2 after a free action, it is not)."""
    if step in ("action", "face"):
        return False
    if step in ("rain", "storm", "clouds"):
        return action.kind == "face"
    return True


def _final(state: TakenokoState, seat: Seat) -> float:
    result = outcome(state)
    assert result is not None
    won = seat in result.winners()
    return 1000.0 if won else -1000.0


def draw_gain(state: TakenokoState, seat: Seat, name: str) -> float:
    """The expected gain of drawing plots (a new plot somewhere useful) or an objective."""
    hand = state.hands[seat]
    if name == "objective":
        best = max(
            (category_value(state, seat, c) for c, deck in zip(CATEGORIES, state.decks, strict=True) if deck),
            default=0.0,
        )
        # An empty hand cannot score: a card is worth more the fewer the player holds.
        return best + max(0, 3 - len(hand)) * 1.0
    plot_cards = sum(1 for c in hand if CARDS[c].category == "PL")
    return 1.0 + 0.6 * plot_cards + (0.5 if len(state.garden) < 6 else 0.0)


def category_value(state: TakenokoState, seat: Seat, category: str) -> float:
    """The mean value of a card of ``category`` the player may still draw (cards it cannot see:
    not in its hand, not validated by anyone)."""
    seen = set(state.hands[seat]).union(*state.done)
    unseen = [card for card in CARDS.values() if card.category == category and card.id not in seen]
    if not unseen:
        return 0.0
    garden = _Garden(state)
    board = state.boards[seat]
    return sum(card.points * progress(card, garden, board) for card in unseen) / len(unseen)


def evaluate(state: TakenokoState, seat: Seat) -> float:
    """How good the position is for ``seat``: banked points, progress of the hand, stored things,
    and the actions it still has this turn."""
    done = state.done[seat]
    banked = sum(CARDS[c].points for c in done) + (2 if state.emperor == seat else 0)
    garden = _Garden(state)
    board = state.boards[seat]
    hand = state.hands[seat]
    value = BANKED * banked
    value += sum(CARDS[c].points * progress(CARDS[c], garden, board) for c in hand)
    value += STORED * (board.canals + sum(board.chips)) + EATEN * sum(board.eaten)
    value += 0.3 * min(len(hand), HAND_LIMIT - 1)
    if state.turn == seat and state.step in ("action", "face", "rain", "storm", "clouds"):
        allowed = 3 if state.condition == "SUN" else 2
        value += ACTION_VALUE * max(0, allowed - len(state.used))
    return value


_POND = pack(POND)

_MEMO: dict[int, tuple[GardenFacts, dict[str, float]]] = {}
"""Plot-card costs per garden facts (by identity, the facts kept alive by the entry)."""


def _memo(facts: GardenFacts) -> dict[str, float]:
    """This AI's own memo for a garden's plot-card costs (kept while the facts' ``shapes`` memo is:
    the same object means the same placement and irrigation)."""
    key = id(facts.shapes)
    found = _MEMO.get(key)
    if found is None or found[0].shapes is not facts.shapes:
        if len(_MEMO) >= 256:
            _MEMO.clear()
        found = _MEMO[key] = (facts, {})
    return found[1]


class _Garden:
    """The garden as the progress estimates read it: its plots (indexed by hex on first use) and
    the memo of plot-card costs kept with the garden's facts (facts.py: they depend only on where
    the plots lie, their colours and which are irrigated, so growth and eating keep them)."""

    __slots__ = ("_cells", "costs", "garden")

    def __init__(self, state: TakenokoState) -> None:
        self.garden = state.garden
        self.costs = _memo(garden_facts(state.garden))
        self._cells: dict[int, tuple[str, float]] | None = None

    def cells(self) -> dict[int, tuple[str, float]]:
        """Each plot by packed hex (objectives.pack): its colour and what irrigating it costs."""
        found = self._cells
        if found is None:
            found = self._cells = {pack((p.q, p.r)): (p.colour, 0.0 if p.irrigated else 1.0) for p in self.garden}
        return found


def progress(card: Card, garden: _Garden, board: PlayerBoard) -> float:
    """How close a card is to holding, from 0 (far) to 1 (holds now)."""
    if card.category == "PA":
        missing = sum(max(0, need - have) for have, need in zip(board.eaten, card.need, strict=True))
        return 1.0 / (1 + missing * missing + missing)
    if card.category == "GA":
        return 1.0 / (1 + _gardener_cost(card, garden, board))
    cost = garden.costs.get(card.type)
    if cost is None:
        cost = garden.costs[card.type] = _plot_cost(card, garden)
    return 1.0 / (1 + cost)


def _growths(plot: Plot, target: int) -> float:
    """Growth steps to bring a plot from its height to ``target`` (eating back down costs too)."""
    if plot.height > target:
        return 1.5 * (plot.height - target)
    steps = target - plot.height
    if plot.improvement == "f":
        steps = (steps + 1) // 2
    return steps + (0 if plot.irrigated else 1.0)


def _gardener_cost(card: Card, garden: _Garden, board: PlayerBoard) -> float:
    colour = card.colours
    plots = [p for p in garden.garden if p.colour == colour]
    if card.count == 1:
        wanted = "" if card.improvement == "0" else card.improvement
        best = 6.0
        for plot in plots:
            if plot.improvement == wanted:
                best = min(best, _growths(plot, MAX_HEIGHT))
            elif wanted and not plot.improvement and plot.height == 0:
                best = min(best, _growths(plot, MAX_HEIGHT) + (0.5 if board.chips["wef".index(wanted)] else 1.5))
        return best
    costs = sorted(_growths(p, 3) for p in plots)[: card.count]
    return sum(costs) * 0.6 + 3.0 * (card.count - len(costs))


def _plot_cost(card: Card, garden: _Garden) -> float:
    """Plots still to place or irrigate for the cheapest placement of the shape: 1.5 per missing
    plot, 1 per dry one; a placement over the pond or a plot of another colour does not count."""
    cells = garden.cells()
    colours = card.colours
    two = len(colours) == 2
    best = 1.5 * len(PLACEMENTS[card.shape][0]) + 0.5
    for key, (colour, dry) in cells.items():
        if colour not in colours:
            continue
        for offsets in OFFSETS[card.shape]:
            cost = dry
            found: list[str | None] = [colour]  # a diamond's colours, middles then tips
            for offset in offsets:
                cell = key + offset
                plot = cells.get(cell)
                if plot is None:
                    if cell == _POND:
                        break
                    cost += 1.5
                    if two:
                        found.append(None)
                elif plot[0] not in colours:
                    break
                else:
                    cost += plot[1]
                    if two:
                        found.append(plot[0])
            else:
                if two and not _diamond_possible(found, colours):
                    continue
                if cost < best:
                    best = cost
    return best


def _diamond_possible(found: list[str | None], colours: str) -> bool:
    """Whether a two-colour diamond (middles, then tips) can still be completed."""
    middle_a, middle_b, tip_a, tip_b = found
    if middle_a is not None and middle_a == middle_b:
        return False
    if tip_a is not None and tip_a == tip_b:
        return False
    return found.count(colours[0]) <= 2 and found.count(colours[1]) <= 2
