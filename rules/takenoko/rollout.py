"""The strong AI's look ahead: once a seat nears the Emperor, its turn's few best plans, each played
on in worlds its seat cannot tell from the real one to the end of the game (or a horizon of
rounds), every seat then played by a quick rule of thumb; the search's best plan is kept unless
another one's games surely end better.

The one-turn search (ai.py) judges a position by the points each seat can expect at the pace it has
kept so far (appraise.py), and a rival that speeds up (a panda rush holding four panda cards) ends
the game sooner than that pace says. Playing the game on shows it: the rival's cards are met, the
Emperor taken, and a plan that pays after the game has ended scores nothing. Earlier in the game
the games played on are long, their results too noisy to beat the search's judgement, and they
weigh the rule of thumb's play more than the plan (it meets few plot and gardener cards).

A plan is a choice of the open decision followed by the rest of the turn, each step the one the
AI's judgement prefers (appraise.py). The game then goes on with ``Player`` for every seat, on a
working copy that records no events (``_Quiet``). Every world is dealt by guess.py from what the
seat sees, so nothing here reads a hidden card of the real state; counts (worlds, plans, rounds)
bound the work, never the clock.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from rules.engine import Seat, SeededOnFirstUse
from rules.takenoko import turn as turn_flow
from rules.takenoko.actions import (
    ACT,
    CATEGORY,
    END,
    FACE,
    NO_CHIP,
    PLOT,
    SKIP,
    VALIDATE,
    TakenokoAction,
    canal,
    spot,
    tile,
)
from rules.takenoko.appraise import WEIGHTS, Weights, appraise
from rules.takenoko.data import CARDS, CATEGORIES, COLOUR_INDEX, MAX_HEIGHT, PLOTS, Card, objectives_needed
from rules.takenoko.garden import canal_spots, spots
from rules.takenoko.guess import sample_world
from rules.takenoko.hexes import DIRS, POND, edge_hexes, neighbours
from rules.takenoko.objectives import best_first, met
from rules.takenoko.rules import apply, legal_actions
from rules.takenoko.scoring import outcome_of, score
from rules.takenoko.state import Plot, TakenokoState
from rules.takenoko.weather import effect_choices, face_choices, tile_choices
from rules.takenoko.work import TakenokoWork

WON = 10.0
"""What winning a game played on is worth, in points of margin."""


@dataclass(frozen=True)
class Lookahead:
    """How far the strong AI looks: ``plans`` of the open decision (the one-turn search's best),
    each played on in ``worlds`` worlds for up to ``rounds`` rounds, then judged (appraise.py) if
    the game goes on."""

    steps: tuple[str, ...] = ("action", "category", "face")
    """The decisions it weighs (which action, which deck, which weather); the others (where a
    figure goes, which plot, which spot) are the one-turn search's."""
    cards_left: int = 2
    """It looks ahead once a seat is this many validated cards from the Emperor (TK-END-01), or the
    Emperor is taken: then the games played on are short and tell how the race ends, which the
    pace so far (appraise.turns_left) judges worst."""
    worlds: int = 16
    """Worlds at a two-player table (``worlds_at``: fewer at a bigger one)."""
    plans: int = 3
    rounds: int = 40
    sure: float = 1.0
    """How many standard errors a plan must gain to replace the search's best (``surely_better``)."""
    weights: Weights = WEIGHTS

    def worlds_at(self, players: int) -> int:
        """Worlds dealt at a table of ``players``: every seat plays its turns in a game played on,
        so a bigger table's games cost more each; fewer of them keep a decision's work near a
        two-player one's (the strong AI's budget, 2 s a decision), at least two so that
        ``surely_better`` has a spread to judge."""
        return max(2, self.worlds * 2 // players)


def near_the_end(state: TakenokoState, look: Lookahead) -> bool:
    """Whether a seat is within ``look.cards_left`` validated cards of the Emperor, or has it."""
    needed = objectives_needed(state.players)
    return state.emperor >= 0 or max(len(done) for done in state.done) >= needed - look.cards_left


def plan_values(
    state: TakenokoState,
    seat: Seat,
    plans: list[TakenokoAction],
    rng: random.Random,
    look: Lookahead,
) -> list[list[float]]:
    """Each plan's results, one per world (``look.worlds_at`` the table's size), of its game played on
    (``played``): every plan meets the same worlds and the same dice, so in one world they differ
    by the plan alone."""
    found: list[list[float]] = [[] for _ in plans]
    for _ in range(look.worlds_at(state.players)):
        world = sample_world(state, seat, random.Random(rng.random()))
        dice = rng.random()
        for n, action in enumerate(plans):
            end_of_turn = finish_turn(world, seat, action, dice, look.weights)
            found[n].append(played(end_of_turn, seat, random.Random(dice), look))
    return found


def surely_better(values: list[list[float]], sure: float) -> int:
    """The plan to play: the first (the one-turn search's best) unless another one's games end
    better in the same worlds by more than ``sure`` standard errors of the difference (the games
    played on are noisy: a plan is not given up for a lucky draw), the one that beats it most."""
    chosen, best_gain = 0, 0.0
    worlds = len(values[0])
    for n in range(1, len(values)):
        gains = [a - b for a, b in zip(values[n], values[0], strict=True)]
        mean = sum(gains) / worlds
        spread = (sum((g - mean) ** 2 for g in gains) / max(1, worlds - 1)) ** 0.5
        if mean > best_gain and mean > sure * spread / worlds**0.5:
            chosen, best_gain = n, mean
    return chosen


def finish_turn(
    state: TakenokoState, seat: Seat, action: TakenokoAction, seed: float, weights: Weights
) -> TakenokoState:
    """The state once ``action`` is played and ``seat``'s turn goes on, one step at a time, with the
    choice its judgement (appraise.py) prefers, to the turn's end."""
    state, _ = apply(state, seat, action, SeededOnFirstUse(seed))
    while state.step != "over" and state.turn == seat:
        legal = list(legal_actions(state, seat))
        alike = forced(state, legal)
        if alike is not None or len(legal) == 1:
            state, _ = apply(state, seat, alike or legal[0], SeededOnFirstUse(seed))
            continue
        best: tuple[float, TakenokoState] | None = None
        for choice in legal:
            after, _ = apply(state, seat, choice, SeededOnFirstUse(seed))
            value = _judge(after, seat, weights)
            if best is None or value > best[0]:
                best = (value, after)
        assert best is not None
        state = best[1]
    return state


def forced(state: TakenokoState, legal: list[TakenokoAction]) -> TakenokoAction | None:
    """The choices every level of the AI makes alike: validate at once (a validated card is never
    lost), the best card first."""
    if ACT["validate"] in legal:
        return ACT["validate"]
    if state.step == "validate":
        return VALIDATE[best_first([a.name for a in legal])]
    return None


def _judge(state: TakenokoState, seat: Seat, weights: Weights) -> float:
    """A position's value for ``seat``: a finished game's margin, else the expected one."""
    if state.step == "over":
        return margin(state.done, state.emperor, seat)
    return appraise(state, seat, weights)


def margin(done: tuple[tuple[str, ...], ...], emperor: int, seat: Seat) -> float:
    """A finished game for ``seat``: its points less the best other seat's, and ``WON`` more if it
    wins (a shared win counts its share)."""
    points = [score(cards, s == emperor) for s, cards in enumerate(done)]
    best_other = max(p for s, p in enumerate(points) if s != seat)
    winners = outcome_of(done, emperor).winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    return points[seat] - best_other + WON * share


def played(state: TakenokoState, seat: Seat, rng: random.Random, look: Lookahead) -> float:
    """The result for ``seat`` of the game played on from ``state`` by ``Player`` in every seat:
    its margin once over, else its judgement after ``look.rounds`` rounds."""
    if state.step == "over":
        return margin(state.done, state.emperor, seat)
    w = _Quiet(state, rng)
    last = state.round + look.rounds
    player = Player()
    while w.step != "over" and w.round < last:
        if w.step == "start":
            w.forget()
            w.advance()
            continue
        w.play(w.turn, player.choose(w))
    if w.step == "over":
        return margin(w.done, w.emperor, seat)
    w.forget()
    return appraise(w.freeze(), seat, look.weights)


class _Quiet(TakenokoWork):
    """A working copy a whole game is played on, recording no events (nobody reads them)."""

    def event(self, key: str, **parts: object) -> None:
        """No event is kept."""

    def forget(self) -> None:
        """Drop what the turns changed (the boards' marks: nobody reads them here)."""
        self._touched.clear()


# -- the quick rule of thumb every seat plays by in a game played on -------------------------------------
class _Hand:
    """What a seat's hand asks of the garden: per colour, the sections its panda cards still lack,
    its gardener cards, its plot cards' colours."""

    __slots__ = ("cards", "gardener", "lack", "plots", "spare")

    def __init__(self, w: TakenokoWork, seat: Seat) -> None:
        self.cards = [CARDS[c] for c in w.hands[seat]]
        need = [0, 0, 0]
        for card in self.cards:
            if card.category == "PA":
                for i in range(3):
                    need[i] += card.need[i]
        eaten = w.boards[seat].eaten
        self.lack = [max(0, need[i] - eaten[i]) for i in range(3)]
        self.spare = [max(0, eaten[i] - need[i]) for i in range(3)]
        """Sections on the board no panda card in hand asks for, per colour."""
        self.gardener = [c for c in self.cards if c.category == "GA"]
        self.plots = {colour for c in self.cards if c.category == "PL" for colour in c.colours}


class Player:
    """A quick rule of thumb for any seat: validate at once; the panda eats what its panda cards
    lack, the gardener grows what its gardener cards or its panda need; draw a card while the hand
    is short, from the deck of the kind the seat has met most (its validated cards are public);
    lay plots of the colours it needs by the pond."""

    def choose(self, w: TakenokoWork) -> TakenokoAction:
        """The choice of the open decision for the seat playing."""
        step = w.step
        seat = w.turn
        if step == "validate":
            return VALIDATE[best_first(met(w, seat))]
        hand = _Hand(w, seat)
        if step == "action":
            return self.action(w, seat, hand)
        if step == "panda":
            return tile(max(_figure_moves(w, w.panda), key=lambda h: _eat(w, h, hand)))
        if step == "gardener":
            return tile(max(_figure_moves(w, w.gardener), key=lambda h: _growth(w, h, hand)))
        if step == "category":
            return CATEGORY[self.deck(w, seat)]
        if step == "plot_pick":
            return PLOT[max(w.drawn, key=lambda p: _plot_worth(p, hand))]
        if step == "plot_spot":
            colour = w.placing[0]
            lacking = hand.lack[COLOUR_INDEX[colour]] > 0
            return spot(max(spots(w), key=lambda h: _spot_worth(w, h, colour, lacking)))
        if step == "plot_chip":
            return NO_CHIP
        if step == "canal":
            return canal(max(canal_spots(w), key=lambda e: _canal_worth(w, e, hand)))
        if step == "face":
            return self.face(w, hand)
        if step in ("rain", "storm", "clouds"):
            return self.effect(w, hand)
        if step in ("rain_tile", "storm_tile"):
            rain = step == "rain_tile"
            return max(
                tile_choices(w),
                key=lambda a: _plot_growth(w.plot_at((a.q, a.r)), hand) if rain else _eat(w, (a.q, a.r), hand),
            )
        # A chip to lay (chip_type, chip_plot) is never taken up by this player; nothing else is asked.
        return turn_flow.choices(w)[0]

    def action(self, w: TakenokoWork, seat: Seat, hand: _Hand) -> TakenokoAction:
        """A1: validate, lay a stored canal that waters a plot it needs, then the first useful
        action of its plan, else end the turn."""
        if met(w, seat):
            return ACT["validate"]
        kinds = {a.name for a in turn_flow.action_kinds(w)}
        if w.boards[seat].canals and any(_canal_worth(w, e, hand) >= 1.0 for e in canal_spots(w)):
            return ACT["place_canal"]
        held = len(hand.cards)
        meal = max((_eat(w, h, hand) for h in _figure_moves(w, w.panda)), default=0.0) if "panda" in kinds else 0.0
        grown = (
            max((_growth(w, h, hand) for h in _figure_moves(w, w.gardener)), default=0.0)
            if "gardener" in kinds
            else 0.0
        )
        for name, wanted in (
            ("objective", held == 0),
            ("panda", meal >= 2.0),
            ("gardener", grown >= 1.0),
            ("objective", held < 4),
            ("plot", _plot_wanted(w, hand)),
            ("irrigation", not w.boards[seat].canals and _dry_wanted(w, hand)),
            ("objective", True),
            ("panda", meal > 0.0),
            ("gardener", True),
        ):
            if wanted and name in kinds:
                return ACT[name]
        if len(w.used) >= 2 or not kinds:
            return END
        return ACT[sorted(kinds)[0]]

    def deck(self, w: TakenokoWork, seat: Seat) -> str:
        """The deck it draws from: the kind it has validated most, panda cards first on a tie."""
        met_kinds = Counter(c[:2] for c in w.done[seat])
        order = sorted(("PA", "GA", "PL"), key=lambda c: -met_kinds[c])
        return next(c for c in order if w.decks[CATEGORIES.index(c)])

    def face(self, w: TakenokoWork, hand: _Hand) -> TakenokoAction:
        """CHOICE (TK-WEATHER-07): STORM when a section it lacks stands away from the panda, else SUN."""
        offered = face_choices(w)
        if any(_eat(w, (p.q, p.r), hand) >= 2.0 for p in w.garden if (p.q, p.r) != w.panda):
            return FACE["STORM"]
        return FACE["SUN"] if FACE["SUN"] in offered else offered[0]

    def effect(self, w: TakenokoWork, hand: _Hand) -> TakenokoAction:
        """RAIN or STORM: the colour with the best plot for it; CLOUDS: a chip; else nothing."""
        offered = effect_choices(w)
        if w.step == "clouds":
            return offered[0]
        colours = [a for a in offered if a.kind == "col"]
        if not colours:
            return SKIP
        if w.step == "rain":

            def worth(c: str) -> float:
                return max((_plot_growth(p, hand) for p in w.garden if p.colour == c and p.irrigated), default=0.0)
        else:

            def worth(c: str) -> float:
                return max((_eat(w, (p.q, p.r), hand) for p in w.garden if p.colour == c), default=0.0)

        found = max(colours, key=lambda a: worth(a.name))
        return found if worth(found.name) > 0.0 else SKIP


def _figure_moves(w: TakenokoWork, start: tuple[int, int]) -> list[tuple[int, int]]:
    """Where a figure on ``start`` may go (TK-GARD-02)."""
    return [h for _, h in w.facts().placement.moves(start, False)]


def _eat(w: TakenokoWork, h: tuple[int, int], hand: _Hand) -> float:
    """What the panda eating on ``h`` is worth: much for a colour its cards lack, a little for a
    spare section while the board holds fewer than two of that colour (more starve the reserve)."""
    plot = w.plot_at(h)
    if plot is None or plot.height == 0 or plot.improvement == "e":
        return 0.0
    i = COLOUR_INDEX[plot.colour]
    if hand.lack[i]:
        return 2.0 + hand.lack[i]
    return 0.3 if hand.spare[i] < 2 else 0.0


def _growth(w: TakenokoWork, h: tuple[int, int], hand: _Hand) -> float:
    """What the gardener on ``h`` grows that the seat wants (TK-GARD-03/05), more for a section its
    panda cards lack that the panda can eat later in the turn."""
    plot = w.plot_at(h)
    if plot is None:
        return 0.0
    grown = [plot, *(o for o in map(w.plot_at, neighbours(h)) if o is not None and o.colour == plot.colour)]
    value = sum(_plot_growth(p, hand) for p in grown)
    if hand.lack[COLOUR_INDEX[plot.colour]] and "panda" not in w.used and _actions_left(w) >= 2:
        reach = set(_figure_moves(w, w.panda))
        if any((p.q, p.r) in reach and _plot_growth(p, hand) > 0.0 and p.improvement != "e" for p in grown):
            value += 2.0
    return value


def _actions_left(w: TakenokoWork) -> int:
    """Actions the seat playing may still take this turn (TK-ACT-01, TK-WEATHER-02)."""
    return (3 if w.condition == "SUN" else 2) - len(w.used)


def _plot_growth(plot: Plot | None, hand: _Hand) -> float:
    """What one growth of ``plot`` is worth to the seat: toward its gardener cards (a bamboo of 3
    pushed to 4 spoils a card that asks for 3), food for its panda cards."""
    if plot is None or not plot.irrigated or plot.height >= MAX_HEIGHT:
        return 0.0
    value = 0.5 if hand.lack[COLOUR_INDEX[plot.colour]] else 0.0
    for card in hand.gardener:
        if card.colours != plot.colour:
            continue
        if card.count == 1:
            if _fits(card, plot):
                value += 1.0 + 0.5 * plot.height
        elif plot.height < card.height:
            value += 1.0
        elif plot.height == card.height:
            value -= 2.0
    return value


def _fits(card: Card, plot: Plot) -> bool:
    """Whether a one-bamboo gardener card may be met on ``plot`` (its improvement, TK-OBJ-04)."""
    return plot.improvement == ("" if card.improvement == "0" else card.improvement)


def _plot_worth(plot_id: str, hand: _Hand) -> float:
    """What a drawn plot is worth to the seat: a colour its panda, gardener or plot cards ask for."""
    colour = plot_id[0]
    value = float(hand.lack[COLOUR_INDEX[colour]])
    for card in hand.gardener:
        if card.colours == colour:
            value += 1.0 + (1.0 if card.count == 1 and PLOTS[plot_id] == card.improvement else 0.0)
    return value + (1.5 if colour in hand.plots else 0.0)


def _spot_worth(w: TakenokoWork, h: tuple[int, int], colour: str, lacking: bool) -> float:
    """What laying a plot of ``colour`` on ``h`` is worth: watered at once by the pond (TK-IRR-03),
    in the panda's line when its panda cards lack the colour (it sprouts, the panda eats it),
    beside plots of its colour."""
    around = neighbours(h)
    value = 1.0 if POND in around else 0.0
    if lacking and value and _in_line(w.panda, h, w.facts().placement.placed):
        value += 1.0
    for n in around:
        plot = w.plot_at(n)
        if plot is not None and plot.colour == colour:
            value += 0.4
    return value


def _in_line(start: tuple[int, int], h: tuple[int, int], placed: frozenset[tuple[int, int]]) -> bool:
    """Whether a figure on ``start`` would reach ``h`` in a straight line once a plot lies there
    (TK-GARD-02: over placed hexes only)."""
    for dq, dr in DIRS:
        at = (start[0] + dq, start[1] + dr)
        while at in placed:
            at = (at[0] + dq, at[1] + dr)
        if at == h:
            return True
    return False


def _plot_wanted(w: TakenokoWork, hand: _Hand) -> bool:
    """Whether laying a plot helps: its plot cards, a gardener card with no plot of its colour, a
    colour its panda cards lack that the garden lacks too."""
    if hand.plots:
        return True
    colours = {p.colour for p in w.garden if p.irrigated}
    if any(card.colours not in colours for card in hand.gardener):
        return True
    return any(hand.lack[i] and c not in colours for c, i in COLOUR_INDEX.items())


def _dry_wanted(w: TakenokoWork, hand: _Hand) -> bool:
    """Whether a dry plot of a colour the seat needs lies in the garden (a canal would water it)."""
    wanted = hand.plots | {c.colours for c in hand.gardener}
    return any(not p.irrigated and p.colour in wanted for p in w.garden)


def _canal_worth(w: TakenokoWork, edge: tuple[int, int, int], hand: _Hand) -> float:
    """What a canal on ``edge`` waters: each dry plot beside it, more for a colour the seat needs."""
    value = 0.0
    wanted = hand.plots | {c.colours for c in hand.gardener}
    for h in edge_hexes(edge):
        plot = w.plot_at(h) if h != POND else None
        if plot is not None and not plot.irrigated:
            value += 1.0 + (1.0 if plot.colour in wanted or hand.lack[COLOUR_INDEX[plot.colour]] else 0.0)
    return value
