"""Scripted Takenoko players a reasonable person might be, to measure the AI against (strength.py).

Each one has a favourite kind of objective and a plain plan for it, decided from its own seat's
view only: the garden, the boards, the reserves, its own hand and the plots it has just drawn,
never another hand nor a deck's order (``strength.blind`` checks it).

- ``panda_rush``: draws panda cards and feeds the panda the colours they ask for, growing those
  colours with the gardener when nothing is ready to eat;
- ``gardener``: draws gardener cards and grows their bamboo to the height they ask, laying the
  plots and improvements they need and keeping the panda off them;
- ``plot_builder``: draws plot cards and lays and irrigates their shapes, plot by plot.

All three do what a player learns in a first game: validate a card as soon as it holds (the best
first), keep a few cards in hand, care for the cards of the other kinds they hold too (less than
for their favourite), lay a stored canal toward a plot they care about, and take the weather that
suits their plan. None looks further than the move at hand.

``blunders`` counts the habits a player would call blunders.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.engine import SeededOnFirstUse
from rules.takenoko.actions import ACT, CATEGORY, COLOUR, END, NO_CHIP, SKIP, VALIDATE, TakenokoAction
from rules.takenoko.cards import PLACEMENTS
from rules.takenoko.data import ACTIONS, CARDS, CHIP_INDEX, COLOUR_INDEX, MAX_HEIGHT, PLOTS, Card
from rules.takenoko.facts import edge_info
from rules.takenoko.figures import destinations
from rules.takenoko.garden import canal_spots, chip_targets, spots
from rules.takenoko.hexes import DIRS, POND, Edge, Hex, edge_hexes, edge_key, neighbours
from rules.takenoko.objectives import best_first
from rules.takenoko.rules import apply, legal_actions
from rules.takenoko.state import Plot, TakenokoState
from rules.takenoko.turn import action_kinds, candidates
from rules.takenoko.work import TakenokoWork
from tests.support.strength import Match, Strategy

GAMES = {"easy": 8, "normal": 8, "strong": 3}
"""Games per bench cell and level, so that the whole bench stays near ten minutes (a strong game
costs a few CPU seconds): a quick look with wide intervals; a claim needs a cell measured alone
with ``--games``."""

INFEASIBLE = 99.0
"""The cost of a plot-card placement that can never be completed."""


# -- what every scripted player reads -----------------------------------------------------------------------
class Seen:
    """One decision's view for one seat: the garden by hex, its own board and hand, and what the
    plans compute more than once."""

    def __init__(self, state: TakenokoState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.at: dict[Hex, Plot] = {(p.q, p.r): p for p in state.garden}
        self.board = state.boards[seat]
        self.hand = [CARDS[c] for c in state.hands[seat]]
        self.work = TakenokoWork(state)
        self._costs: list[tuple[Card, float]] | None = None
        self.wet: dict[Hex, float] = {}
        """What irrigating each dry plot is worth to the player (Scripted.wet, remembered)."""

    def cards(self, category: str) -> list[Card]:
        """The hand's cards of a category."""
        return [c for c in self.hand if c.category == category]

    def tiles(self, figure: str) -> list[Hex]:
        """The destinations of a figure (TK-GARD-02)."""
        return [h for _, h in destinations(self.work, figure)]

    def grown(self, dest: Hex) -> list[tuple[Plot, int]]:
        """The plots a gardener on ``dest`` grows and by how much (TK-GARD-03, TK-IMP-05)."""
        plot = self.at.get(dest)
        if plot is None:
            return []
        found = []
        for p in (plot, *(self.at[n] for n in neighbours(dest) if n in self.at)):
            if p.colour == plot.colour and p.irrigated and p.height < MAX_HEIGHT:
                found.append((p, min(MAX_HEIGHT - p.height, 2 if p.improvement == "f" else 1)))
        return found

    def costs(self) -> list[tuple[Card, float]]:
        """Each plot card in hand with the cost of its cheapest placement now."""
        if self._costs is None:
            cells = self.cells()
            anchors = set(cells) | {n for h in cells for n in neighbours(h)} | set(neighbours(POND))
            self._costs = [
                (card, min(_cost(cells, card, a, shape) for a in anchors for shape in PLACEMENTS[card.shape]))
                for card in self.cards("PL")
            ]
        return self._costs

    def cells(self) -> dict[Hex, tuple[str, bool]]:
        """Each plot's colour and whether it is irrigated."""
        return {h: (p.colour, p.irrigated) for h, p in self.at.items()}


def edible(plot: Plot | None) -> bool:
    """Whether the panda eats there (TK-PANDA-02, TK-IMP-04)."""
    return plot is not None and plot.height >= 1 and plot.improvement != "e"


def wet_at_once(h: Hex, improvement: str) -> bool:
    """Whether a plot laid on ``h`` is irrigated at once (TK-PLOT-03)."""
    return POND in neighbours(h) or improvement == "w"


def reach(state: TakenokoState, seat: int, target: TakenokoAction) -> TakenokoAction:
    """``target`` if it is a choice now, else the board row or direction that leads to it (a long
    list is asked in two steps, §4.3)."""
    legal = legal_actions(state, seat)
    if target in legal:
        return target
    for group in legal:
        if group.kind in ("row", "dir"):
            after, _ = apply(state, seat, group, SeededOnFirstUse(0))
            if target in legal_actions(after, seat):
                return group
    return legal[0]


def best(items: Sequence[TakenokoAction], score: Callable[[TakenokoAction], float]) -> tuple[TakenokoAction, float]:
    """The item with the highest score (the first on a tie) and its score."""
    top, value = items[0], score(items[0])
    for item in items[1:]:
        found = score(item)
        if found > value:
            top, value = item, found
    return top, value


class Scripted:
    """A scripted player: what its cards make it value, and the plan each kind of player follows."""

    favourite = "PA"
    """The deck it draws from, and the kind of card it cares for most."""
    care = 0.5
    """How much it cares for its cards of the other kinds (its favourite counts 1)."""
    hand_low = 3
    """It draws a card while its hand holds fewer."""

    def weight(self, category: str) -> float:
        """How much this player cares for a card of ``category`` in its hand."""
        return 1.0 if category == self.favourite else self.care

    def __call__(self, state: TakenokoState, seat: int, rng: random.Random) -> TakenokoAction:
        legal = list(legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        seen = Seen(state, seat)
        step = state.step
        if ACT["validate"] in legal:
            return ACT["validate"]
        if step == "validate":
            return VALIDATE[best_first([a.name for a in legal])]
        if step == "category":
            order = (self.favourite, *(c for c in ("PA", "GA", "PL") if c != self.favourite))
            return next(CATEGORY[c] for c in order if CATEGORY[c] in legal)
        if step in ("gardener", "panda", "rain_tile", "storm_tile", "plot_spot", "canal", "chip_plot"):
            target, _ = best(candidates(seen.work), lambda a: self.target(seen, a))
            return reach(state, seat, target)
        if step == "plot_pick":
            where = spots(seen.work)
            return best(legal, lambda a: max(self.spot(seen, a.name, h) for h in where))[0]
        if step == "plot_chip":
            return self.chip_with_plot(seen, legal)
        if step == "chip_type":
            return best(legal, lambda a: self.chip_place(seen, a.name))[0]
        if step == "action":
            if ACT["place_canal"] in legal and max(self.canal_value(seen, e) for e in canal_spots(seen.work)) > 0.2:
                return ACT["place_canal"]
            if ACT["place_chip"] in legal and max(self.chip_place(seen, c) for c in "wef") > 0.2:
                return ACT["place_chip"]
            for name in self.plan(seen):
                if ACT[name] in legal:
                    return ACT[name]
            return END if END in legal else legal[0]
        if step == "face":
            face = self.weather(seen)
            return next((a for a in legal if a.name == face), legal[0])
        return self.effect(seen, legal)

    # -- values ------------------------------------------------------------------------------------------
    def hunger(self, seen: Seen) -> tuple[float, float, float]:
        """Per colour, the sections its panda cards still miss (a little for every colour: a section
        eaten now may serve a card drawn later)."""
        missing = [0.3, 0.3, 0.3]
        for card in seen.cards("PA"):
            for i in range(3):
                missing[i] += max(0, card.need[i] - seen.board.eaten[i])
        weight = self.weight("PA")
        return (weight * missing[0], weight * missing[1], weight * missing[2])

    def grow_plot(self, seen: Seen, plot: Plot, amount: int) -> float:
        """What ``amount`` more sections on ``plot`` are worth: progress toward its gardener cards,
        less for a multi-bamboo card pushed past 3 (TK-OBJ-05), and food for the panda."""
        value = 0.1 * amount * self.hunger(seen)[COLOUR_INDEX[plot.colour]]
        weight = self.weight("GA")
        for card in seen.cards("GA"):
            if card.colours != plot.colour:
                continue
            if card.count == 1:
                wanted = "" if card.improvement == "0" else card.improvement
                if plot.improvement == wanted:
                    value += weight * min(amount, MAX_HEIGHT - plot.height) * (1 + plot.height) / 2
            elif plot.height < card.height:
                over = plot.height + amount > card.height
                value += weight * (min(amount, card.height - plot.height) - (1.5 if over else 0.0))
            elif plot.height == card.height:
                value -= weight * 1.5
        return value

    def eat(self, seen: Seen, plot: Plot | None) -> float:
        """What the panda eating on ``plot`` is worth: food for its panda cards, less the bamboo its
        gardener cards grow."""
        if plot is None or not edible(plot):
            return 0.0
        loss = max(0.0, self.grow_plot(seen, plot.model_copy(update={"height": plot.height - 1}), 1))
        return 0.2 + 3.0 * self.hunger(seen)[COLOUR_INDEX[plot.colour]] - loss

    def plots_value(self, seen: Seen, h: Hex, cell: tuple[str, bool]) -> float:
        """How much closer its plot cards get with ``cell`` (colour, irrigated) on ``h``."""
        costs = seen.costs()
        if not costs:
            return 0.0
        cells = seen.cells()
        cells[h] = cell
        gained = 0.0
        for card, cost in costs:
            after = cost
            for shape in PLACEMENTS[card.shape]:
                for dq, dr in shape:
                    after = min(after, _cost(cells, card, (h[0] - dq, h[1] - dr), shape))
            if after < cost:
                gained += card.points * (1 / (1 + after) - 1 / (1 + cost))
        return self.weight("PL") * 3.0 * gained

    def spot(self, seen: Seen, plot_id: str, h: Hex) -> float:
        """What laying ``plot_id`` on ``h`` is worth: its plot cards, a plot its gardener cards can
        grow on, and irrigation at once."""
        colour, printed = plot_id[0], PLOTS[plot_id]
        wet = wet_at_once(h, printed)
        value = (0.6 if wet else 0.0) + self.plots_value(seen, h, (colour, wet))
        for card in seen.cards("GA"):
            wanted = "" if card.improvement == "0" else card.improvement
            if card.colours == colour and (card.count > 1 or printed == wanted or not printed):
                value += self.weight("GA") * (1.0 if printed == wanted or card.count > 1 else 0.4)
        same = sum(1 for n in neighbours(h) if n in seen.at and seen.at[n].colour == colour)
        return value + 0.1 * same

    def wet(self, seen: Seen, plot: Plot) -> float:
        """What irrigating a dry plot is worth (its sprout, its plot cards, its gardener cards)."""
        h = (plot.q, plot.r)
        found = seen.wet.get(h)
        if found is None:
            grow = max(0.0, self.grow_plot(seen, plot, 2 if plot.improvement == "f" else 1))
            found = seen.wet[h] = 0.2 + grow + self.plots_value(seen, h, (plot.colour, True))
        return found

    def canal_value(self, seen: Seen, edge: Edge) -> float:
        """What a canal on ``edge`` is worth: the dry plots it irrigates, and a step toward the dry
        plots worth irrigating (the fewer canals away, the more)."""
        value = sum(self.wet(seen, seen.at[h]) for h in edge_hexes(edge) if h in seen.at and not seen.at[h].irrigated)
        return value + 0.5 * _toward(seen, edge, self)

    def chip_value(self, seen: Seen, chip: str, plot: Plot) -> float:
        """What an improvement on a bare plot is worth: a gardener card that asks for it on that
        colour, a watershed that irrigates, fertilizer on a colour it grows."""
        value = 0.0
        for card in seen.cards("GA"):
            if card.count == 1 and card.improvement == chip and card.colours == plot.colour:
                value = max(value, self.weight("GA") * (2.0 + (0.5 if plot.irrigated else 0.0)))
        if chip == "w" and not plot.irrigated:
            value += self.wet(seen, plot) - 0.2
        if chip == "f" and plot.irrigated:
            value += 0.5 * max(0.0, self.grow_plot(seen, plot, 1))
        return value

    def chip_place(self, seen: Seen, chip: str) -> float:
        """The value of the best plot for a stored chip (nothing if the board has none)."""
        if not seen.board.chips[CHIP_INDEX[chip]]:
            return 0.0
        return max((self.chip_value(seen, chip, seen.at[h]) for h in chip_targets(seen.work)), default=0.0)

    def chip_with_plot(self, seen: Seen, legal: list[TakenokoAction]) -> TakenokoAction:
        """PLOT's optional chip (TK-PLOT-02): the one worth most on the new plot, or none."""
        spot = seen.state.spot
        assert spot is not None
        plot_id = seen.state.placing
        wet = wet_at_once(spot, "")
        new = Plot(
            id=plot_id, q=spot[0], r=spot[1], colour=plot_id[0], improvement="", chip=False, height=0, irrigated=wet
        )
        chosen, value = best(legal[1:], lambda a: self.chip_value(seen, a.name, new))
        return chosen if value > 0.3 else NO_CHIP

    def target(self, seen: Seen, action: TakenokoAction) -> float:
        """The value of a spot, tile or canal of the open step."""
        h: Hex = (action.q, action.r)
        step = seen.state.step
        if step == "gardener":
            return sum(self.grow_plot(seen, p, n) for p, n in seen.grown(h))
        if step in ("panda", "storm_tile"):
            return self.eat(seen, seen.at.get(h))
        if step == "rain_tile":
            plot = seen.at[h]
            return self.grow_plot(seen, plot, 2 if plot.improvement == "f" else 1)
        if step == "plot_spot":
            return self.spot(seen, seen.state.placing, h)
        if step == "canal":
            return self.canal_value(seen, (action.q, action.r, action.d))
        return self.chip_value(seen, seen.state.pick, seen.at[h])

    def effect(self, seen: Seen, legal: list[TakenokoAction]) -> TakenokoAction:
        """A weather effect (W2): the colour or chip worth most, or SKIP."""
        step = seen.state.step
        if step == "clouds":
            chips = [a for a in legal if a.kind == "chip"]
            return best(chips, lambda a: self.chip_wanted(seen, a.name))[0] if chips else SKIP
        found: tuple[TakenokoAction, float] = (SKIP, 0.0)
        for p in seen.state.garden:
            if COLOUR[p.colour] not in legal:
                continue
            if step == "rain":
                value = self.grow_plot(seen, p, 1) if p.irrigated and p.height < MAX_HEIGHT else 0.0
            else:
                value = self.eat(seen, p) if (p.q, p.r) != seen.state.panda else 0.0
            if value > found[1]:
                found = (COLOUR[p.colour], value)
        return found[0]

    def chip_wanted(self, seen: Seen, chip: str) -> float:
        """How much a chip taken on CLOUDS is worth: its best use on a plot now, or later."""
        best_now = max((self.chip_value(seen, chip, p) for p in seen.state.garden if not p.improvement), default=0.0)
        return best_now + {"w": 0.3, "f": 0.2, "e": 0.1}[chip]

    # -- each plan ------------------------------------------------------------------------------------
    def best_move(self, seen: Seen, figure: str) -> float:
        """The value of the best move of a figure now."""
        if figure == "panda":
            return max((self.eat(seen, seen.at.get(h)) for h in seen.tiles("panda")), default=0.0)
        return max(
            (sum(self.grow_plot(seen, p, n) for p, n in seen.grown(h)) for h in seen.tiles("gardener")), default=0.0
        )

    def plan(self, seen: Seen) -> list[str]:
        """The actions in the order this player wants them now."""
        raise NotImplementedError

    def weather(self, seen: Seen) -> str:
        """The condition this player takes when the die gives the choice."""
        return "SUN"


class PandaRush(Scripted):
    """Panda cards first, a turn at a time: the panda eats the colours its cards lack, the
    gardener grows them where the panda can reach them in the same turn, a plot of a colour it
    lacks goes by the pond in the panda's line (it sprouts at once, TK-IRR-05); STORM when a
    section it lacks stands anywhere, else SUN for a third action (TK-WEATHER)."""

    favourite = "PA"
    hand_low = 4

    def lacks(self, seen: Seen) -> tuple[int, int, int]:
        """Per colour, the sections its panda cards still miss beyond its board."""
        need = [0, 0, 0]
        for card in seen.cards("PA"):
            for i in range(3):
                need[i] += card.need[i]
        have = seen.board.eaten
        return (max(0, need[0] - have[0]), max(0, need[1] - have[1]), max(0, need[2] - have[2]))

    def after_growth(self, seen: Seen, dest: Hex) -> float:
        """The best meal the panda can reach once the gardener has stood on ``dest``: the eat
        value of each plot in its lines, with the sections the gardener adds."""
        grown = {(p.q, p.r): n for p, n in seen.grown(dest)}
        found = 0.0
        for h in seen.tiles("panda"):
            plot = seen.at.get(h)
            if plot is None:
                continue
            if h in grown:
                plot = plot.model_copy(update={"height": plot.height + grown[h]})
            found = max(found, self.eat(seen, plot))
        return found

    def actions_left(self, seen: Seen) -> int:
        """Actions still to take this turn (TK-ACT-01, TK-WEATHER-02)."""
        return (3 if seen.state.condition == "SUN" else 2) - len(seen.state.used)

    def plan(self, seen: Seen) -> list[str]:
        lacks = self.lacks(seen)
        order = ["objective"] if not seen.hand or (not any(lacks) and len(seen.hand) < 5) else []
        if self.best_move(seen, "panda") >= 3:
            order.append("panda")
        if self.actions_left(seen) >= 2 and "panda" not in seen.state.used:
            combo = max((self.after_growth(seen, h) for h in seen.tiles("gardener")), default=0.0)
            if combo >= 3:
                order.append("gardener")
            elif seen.state.plots and any(lacks):
                order.append("plot")
        if len(seen.hand) < self.hand_low:
            order.append("objective")
        if self.best_move(seen, "gardener") >= 0.1:
            order.append("gardener")
        return [*order, "panda", "gardener", "objective", "plot", "irrigation"]

    def target(self, seen: Seen, action: TakenokoAction) -> float:
        h: Hex = (action.q, action.r)
        step = seen.state.step
        if step == "gardener":
            grown = sum(self.grow_plot(seen, p, n) for p, n in seen.grown(h))
            return grown + (self.after_growth(seen, h) if "panda" not in seen.state.used else 0.0)
        if step == "plot_spot":
            return self.spot(seen, seen.state.placing, h)
        return super().target(seen, action)

    def spot(self, seen: Seen, plot_id: str, h: Hex) -> float:
        """A plot of a colour its cards lack, watered at once, where the panda can reach it."""
        colour = plot_id[0]
        wet = wet_at_once(h, PLOTS[plot_id])
        hunger = self.hunger(seen)[COLOUR_INDEX[colour]]
        value = super().spot(seen, plot_id, h) + (hunger if wet else 0.2 * hunger)
        if wet and _in_line(seen, seen.state.panda, h):
            value += hunger
        return value

    def weather(self, seen: Seen) -> str:
        panda = seen.state.panda
        if any(self.eat(seen, p) >= 3 for p in seen.state.garden if (p.q, p.r) != panda):
            return "STORM"
        return "SUN"


def _in_line(seen: Seen, start: Hex, h: Hex) -> bool:
    """Whether a figure on ``start`` reaches ``h`` in a straight line over placed hexes, once a plot
    lies on ``h`` (TK-GARD-02)."""
    for dq, dr in DIRS:
        step = (start[0] + dq, start[1] + dr)
        while step in seen.at or step == POND:
            step = (step[0] + dq, step[1] + dr)
        if step == h:
            return True
    return False


class FirstPandaRush(Scripted):
    """The panda rush as first written: eats what its cards need when a section is ready, grows
    it when nothing is, takes RAIN or STORM; one action at a time, no look at what the next does."""

    favourite = "PA"
    hand_low = 4

    def plan(self, seen: Seen) -> list[str]:
        order = ["objective"] if not seen.hand else []
        if self.best_move(seen, "panda") >= 3:
            order.append("panda")
        if self.best_move(seen, "gardener") >= 1:
            order.append("gardener")
        if len(seen.hand) < self.hand_low:
            order.append("objective")
        return [*order, "panda", "gardener", "plot", "irrigation", "objective"]

    def weather(self, seen: Seen) -> str:
        ready = any(self.eat(seen, p) >= 3 for p in seen.state.garden if (p.q, p.r) != seen.state.panda)
        return "STORM" if ready else "RAIN"


class Gardener(Scripted):
    """Gardener cards first: grow their bamboo to height, lay the plots and improvements they ask."""

    favourite = "GA"
    hand_low = 4

    def missing_plot(self, seen: Seen) -> bool:
        """Whether a card in hand lacks a plot to grow on (colour and improvement, or enough plots)."""
        for card in seen.cards("GA"):
            wanted = "" if card.improvement == "0" else card.improvement
            fits = [p for p in seen.state.garden if p.colour == card.colours and p.irrigated]
            if card.count == 1 and not any(p.improvement == wanted for p in fits):
                return True
            if card.count > 1 and len(fits) < card.count:
                return True
        return False

    def plan(self, seen: Seen) -> list[str]:
        order = ["objective"] if not seen.hand else []
        if self.best_move(seen, "gardener") >= 1:
            order.append("gardener")
        if self.missing_plot(seen):
            order += ["plot", "irrigation"] if not seen.board.canals else ["plot"]
        if len(seen.hand) < self.hand_low:
            order.append("objective")
        if self.best_move(seen, "panda") >= 1:
            order.append("panda")
        return [*order, "gardener", "plot", "objective", "irrigation", "panda"]

    def weather(self, seen: Seen) -> str:
        garden = seen.state.garden
        rain = max((self.grow_plot(seen, p, 1) for p in garden if p.irrigated and p.height < MAX_HEIGHT), default=0.0)
        return "RAIN" if rain >= 1 else "SUN"


class PlotBuilder(Scripted):
    """Plot cards first: lay and irrigate their shapes."""

    favourite = "PL"
    hand_low = 4

    def plan(self, seen: Seen) -> list[str]:
        order = ["objective"] if not seen.hand else []
        order.append("plot")
        if seen.board.canals < 2 and any(not p.irrigated for p in seen.state.garden):
            order.append("irrigation")
        if len(seen.hand) < self.hand_low:
            order.append("objective")
        return [*order, "gardener", "panda", "irrigation", "objective"]

    def weather(self, seen: Seen) -> str:
        return "SUN"


def _cost(cells: dict[Hex, tuple[str, bool]], card: Card, anchor: Hex, shape: tuple[Hex, ...]) -> float:
    """Plots still to lay (1.5 each, 1 next to the pond) or irrigate (1 each) for the card's shape
    laid from ``anchor`` (TK-OBJ-03); INFEASIBLE over the pond or a plot of another colour."""
    colours = card.colours
    cost = 0.0
    found: list[str | None] = []
    for dq, dr in shape:
        h = (anchor[0] + dq, anchor[1] + dr)
        if h == POND:
            return INFEASIBLE
        cell = cells.get(h)
        if cell is None:
            cost += 1.0 if POND in neighbours(h) else 1.5
            found.append(None)
        elif cell[0] not in colours:
            return INFEASIBLE
        else:
            cost += 0.0 if cell[1] else 1.0
            found.append(cell[0])
    if len(colours) == 2:
        middle_a, middle_b, tip_a, tip_b = found
        if (middle_a is not None and middle_a == middle_b) or (tip_a is not None and tip_a == tip_b):
            return INFEASIBLE
        if found.count(colours[0]) > 2 or found.count(colours[1]) > 2:
            return INFEASIBLE
    return cost


def _toward(seen: Seen, edge: Edge, player: Scripted) -> float:
    """How much a canal on ``edge`` brings the network closer to the dry plots worth irrigating:
    each such plot's worth, halved for every further canal its nearest edge lies away (through
    edges between placed plots, never the pond's)."""
    placed = set(seen.at)
    canals = set(seen.state.canals)
    value = 0.0
    for h, plot in seen.at.items():
        if plot.irrigated or h in edge_hexes(edge):
            continue
        worth = player.wet(seen, plot)
        if worth < 0.5:
            continue
        goals = {edge_key(h, d) for d in range(6)}
        frontier, seen_edges, dist = [edge], {edge}, 0
        while frontier and dist < 4:
            if goals & set(frontier):
                value = max(value, worth * 0.5**dist)
                break
            dist += 1
            nxt = []
            for e in frontier:
                for f in edge_info(e)[2]:
                    a, b, _ = edge_info(f)
                    if f not in seen_edges and f not in canals and a in placed and b in placed:
                        seen_edges.add(f)
                        nxt.append(f)
            frontier = nxt
    return value


STRATEGIES: dict[str, Strategy] = {
    "panda_rush": PandaRush(),
    "gardener": Gardener(),
    "plot_builder": PlotBuilder(),
}
"""The scripted players, by name."""

EARLIER: dict[str, Strategy] = {"panda_rush": FirstPandaRush()}
"""Strategies as they were before they were made stronger, by name."""


CHANCES = {
    "unlaid_canal": "games",
    "unplaced_chip": "games",
    "round_limit": "games",
    "sun_two_actions": "sun_turns",
    "panda_ate_nothing": "panda_moves",
}
"""What each blunder count is out of (bench/ai_strength.py prints the rates)."""


_ACTIONS = frozenset(ACT[name] for name in ACTIONS)
"""The five actions of A1 (TK-ACT-01), not the free ones."""


def blunders(match: Match, seat: int) -> dict[str, int]:
    """The habits a player would call blunders, for ``seat`` in a finished match, with the chances
    each had (a match played with ``keep_log``; without it, only the end state's counts):

    - ``unlaid_canal`` / ``unplaced_chip``: the game ended with a canal never laid, an improvement
      never placed (TK-IRR-02, TK-IMP-02);
    - ``round_limit``: the game ran to the round-100 limit (TK-END-06);
    - ``sun_two_actions`` of ``sun_turns``: a SUN turn ended after two actions while a third was
      still open (TK-WEATHER-02);
    - ``panda_ate_nothing`` of ``panda_moves``: a PANDA action that ate nothing (TK-PANDA-02).
    """
    state: TakenokoState = match.state
    board = state.boards[seat]
    counts = {
        "unlaid_canal": int(board.canals > 0),
        "unplaced_chip": int(any(board.chips)),
        "round_limit": int(state.emperor < 0),
    }
    if not match.log:
        return counts
    counts.update(sun_turns=0, sun_two_actions=0, panda_moves=0, panda_ate_nothing=0)
    moving: int | None = None
    for before, who, action in match.steps():
        if moving is not None and before.step != "panda":
            counts["panda_ate_nothing"] += sum(before.boards[seat].eaten) == moving
            moving = None
        if who != seat or before.step != "action":
            continue
        if action == ACT["panda"]:
            counts["panda_moves"] += 1
            moving = sum(before.boards[seat].eaten)
        if before.condition != "SUN":
            continue
        if not before.used and action in _ACTIONS:
            counts["sun_turns"] += 1
        if action == END and len(before.used) == 2 and action_kinds(TakenokoWork(before)):
            counts["sun_two_actions"] += 1
    if moving is not None:
        counts["panda_ate_nothing"] += sum(state.boards[seat].eaten) == moving
    return counts
