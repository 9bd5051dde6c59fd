"""How good a Takenoko position is for one seat: the points it can expect by the end of the game,
less what its best opponent can expect. What the AI's search compares (ai.py).

The model, in actions (a turn gives two):

- every card in hand costs the actions still needed to meet it: panda sections still to eat
  (TK-OBJ-06), growth, irrigation and an improvement for a gardener card (TK-OBJ-04/05), plots
  to lay and irrigate for a plot card's cheapest placement (TK-OBJ-03); the hand is costed
  together (a section or a bamboo serves one card), and bamboo grown where the other seats'
  pandas are hungry for its colour costs more growth;
- the game lasts until the first player reaches the Emperor's count (TK-END-01), each at the pace
  it has kept so far: that gives the actions the seat has left;
- the seat spends them on its cards, the most points per action first; what is left draws and
  meets new cards at a modest rate. Points already validated are sure.

Only what the seat sees is read: the garden, the boards, the reserves, its own hand; an
opponent is judged by its validated points and the size of its hand. The search calls it on
worlds (guess.py), never on the hidden things of the real state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

from rules.engine import Seat
from rules.takenoko.cards import PLACEMENTS
from rules.takenoko.data import (
    CARDS,
    CATEGORIES,
    COLOUR_INDEX,
    COLOURS,
    EMPEROR_POINTS,
    HAND_LIMIT,
    MAX_HEIGHT,
    Card,
    Triple,
    objectives_needed,
)
from rules.takenoko.facts import Placement, canal_facts, edge_info, garden_facts
from rules.takenoko.hexes import POND, Hex, edge_key, neighbours
from rules.takenoko.state import Plot, TakenokoState
from rules.takenoko.turn import action_kinds
from rules.takenoko.work import TakenokoWork

STALL = 30
STALL_FADE = 10
"""From round STALL, the weight of the others' points fades over STALL_FADE rounds (appraise)."""

SPARE_KEPT = 2
"""Spare sections of one colour worth keeping (a panda card asks for 2 of a colour at most)."""

FAR = 30.0
"""The cost of a card that can no longer be met (its bamboo is gone, its shape cannot fit)."""


@dataclass(frozen=True)
class Weights:
    """The model's constants (the levels share them; easy changes a few, see ai.py)."""

    delay: float = 0.9
    """What a point is worth one action later (the others may end the game or spoil the plan): a
    panda rush meets a card every four or five actions, and a plan that pays later loses the
    race to the Emperor."""
    future: float = 1.0
    """Points an action is worth once the hand is spent (drawing and meeting new cards)."""
    risk: dict[str, float] = field(default_factory=lambda: {"PA": 0.95, "GA": 0.7, "PL": 0.6})
    """Share of a card's points kept for what the other players may spoil (eating my bamboo)."""
    spare_section: float = 0.15
    """A bamboo section on the board that no card in hand needs (food for cards to come), up to
    ``SPARE_KEPT`` of a colour."""
    canal: float = 0.25
    """A canal kept on the board that no card in hand needs, while the game has turns left (the
    cards that need one count it as the IRRIGATION action it saves, less ``placing``)."""
    placing: float = 0.1
    """What placing a canal held on the board costs, in actions (it must reach the network)."""
    chip: float = 0.3
    """An improvement kept on the board, while the game has turns left."""
    chip_turns: float = 4.0
    """The seat's turns left from which an improvement still held costs ``unlaid`` (it is better
    laid now: near the end a garden often holds no bare plot to take it, TK-IMP-02; the turns left
    are judged by the pace so far, which a panda rush beats near the end)."""
    opponents: float = 1.0
    """Weight of the best opponent's expected points."""
    unseen: tuple[float, float] = (4.3, 3.0)
    """An unseen card in another seat's hand: its mean points, and the actions it still needs."""
    hoarded: float = 0.2
    """What a section eaten beyond any use costs (it starves the reserve)."""
    hoard: float = 0.0
    """Points a card in hand is worth for being held (a beginner's bias: the easy level's)."""
    unlaid: float = 0.05
    """What a canal or an improvement still held in the seat's last turn costs: nothing is left to
    keep it for, and a player would call ending the game with one a blunder."""


WEIGHTS = Weights()


def appraise(state: TakenokoState, seat: Seat, weights: Weights = WEIGHTS) -> float:
    """The seat's expected final points less its best opponent's (see the module's docstring)."""
    if state.step == "over":
        return 0.0
    left = turns_left(state)
    view = view_of(state)
    unseen = _unseen_panda(state, seat)
    mine = expected(state, seat, left, weights, view, _hunger(state, seat, unseen))
    # A game that drags on (every bamboo eaten and hoarded, hands that cannot be met) is not won by
    # denying the others: past STALL rounds the seat weighs only its own points, so two AIs never
    # starve each other to the round limit (TK-END-06).
    stall = min(1.0, max(0.0, (state.round - STALL) / STALL_FADE))
    if stall >= 1.0:
        return mine
    others = [
        expected_other(state, o, left, weights, view, unseen, _turn_before(state, o, seat))
        for o in range(state.players)
        if o != seat
    ]
    return mine - (1.0 - stall) * weights.opponents * max(others)


# -- the game's length -------------------------------------------------------------------------------
def turns_left(state: TakenokoState) -> list[float]:
    """Each seat's turns still to come (the one being played counts from the next), until the
    first player reaches the Emperor's count, each at its own pace so far (TK-END-01/02)."""
    players = state.players
    if state.emperor >= 0:
        # TK-END-02: every seat but the Emperor's has one last turn, unless it has had it already.
        return [0.0 if _played_last(state, s) else 1.0 for s in range(players)]
    needed = objectives_needed(players)
    done = [len(d) for d in state.done]
    # Each seat's pace so far, from a prior of 0.55 card a round over six rounds: the game ends
    # when the first seat gets there, and a fast rival (a panda rush) ends it sooner than the
    # table's mean pace says.
    rounds = state.round - 1 + 6
    return [min((needed - d) * rounds / (d + 0.55 * 6) for d in done)] * players


def _played_last(state: TakenokoState, seat: Seat) -> bool:
    """After the Emperor: whether ``seat`` has no turn left to start (the Emperor's seat, a seat
    that has had its last turn, the seat playing it now)."""
    # Last turns run clockwise from the seat after the Emperor's (TK-END-02).
    order = [(state.emperor + k) % state.players for k in range(1, state.players)]
    if seat == state.emperor:
        return True
    return state.turn != state.emperor and order.index(seat) <= order.index(state.turn)


# -- one seat's expectations -------------------------------------------------------------------------
def expected(
    state: TakenokoState,
    seat: Seat,
    left: list[float],
    weights: Weights,
    view: _View,
    hunger: Hunger = (0.0, 0.0, 0.0),
) -> float:
    """The points ``seat`` can expect by the end: validated ones, its hand's, later draws'."""
    board = state.boards[seat]
    last = left[seat] == 0.0
    actions = 2.0 * left[seat] + _actions_now(state, seat)
    costs = card_costs(view, state, seat, hunger)
    # A canal with no edge to go on serves nothing: counting it had the AI take IRRIGATION again
    # and again late in the game and end it holding up to 7 canals (TK-IRR-02).
    usable = min(board.canals, view.canal_spots)
    value = banked(state, seat) + spend(
        [(points * weights.risk[category], cost) for points, cost, category in costs],
        actions,
        weights,
        usable,
        last=last,
    )
    used = _needed_sections(state, seat)
    # A panda card asks for 2 sections of a colour at most: more spare ones feed nothing, and every
    # one eaten is a section the reserve lacks to grow bamboo (a garden can starve to a stall).
    spare = [max(0, have - need) for have, need in zip(board.eaten, used, strict=True)]
    spare_sections = sum(min(SPARE_KEPT, n) for n in spare)
    value -= weights.hoarded * sum(max(0, n - SPARE_KEPT) for n in spare)
    lasting = min(1.0, actions / 6.0)
    value += weights.hoard * len(state.hands[seat])
    # An improvement is laid only on a bare plot (TK-IMP-02), and late in a game the bamboo has
    # grown on every plot: one kept for the last turn was often kept for good.
    ending = left[seat] <= weights.chip_turns
    chips = -weights.unlaid * sum(board.chips) if ending else lasting * weights.chip * sum(board.chips)
    return value + lasting * weights.spare_section * spare_sections + chips


def expected_other(
    state: TakenokoState,
    seat: Seat,
    left: list[float],
    weights: Weights,
    view: _View,
    unseen: dict[Need, int],
    before: float = 0.0,
) -> float:
    """What another ``seat`` can expect, as the judging seat sees it: validated points, then its
    unseen hand (card backs tell each card's category): a panda card is the mean of the panda
    cards the judge has not seen, with the sections on that seat's board and the bamboo in the
    garden (so the judge sees what growing or eating bamboo does for it); other cards are mean
    cards. Then the rest of its turns."""
    actions = 2.0 * left[seat] + _actions_now(state, seat) + before
    points, cost = weights.unseen
    hand = state.hands[seat]
    pandas = sum(1 for c in hand if c[:2] == "PA")
    cards: list[tuple[float, Cost]] = [(points, (cost, 0))] * (len(hand) - pandas)
    if pandas and unseen:
        eaten = state.boards[seat].eaten
        likely = _likely(unseen, eaten)
        count = sum(likely.values())
        mean_points = sum(PANDA_POINTS[need] * n for need, n in likely.items()) / count
        mean_cost = sum(_panda_cost(view, need, eaten) * n for need, n in likely.items()) / count
        cards += [(mean_points, (mean_cost, 0))] * pandas
    return banked(state, seat) + spend(cards, actions, weights, future=_future_rate(state, seat, weights))


SCARCE = 1.0
"""Share of its later points a seat that meets panda cards loses, in proportion to the cards it
must still draw that the panda deck can no longer give (it draws from the other decks, whose cards
cost it more)."""


def _future_rate(state: TakenokoState, seat: Seat, weights: Weights) -> float:
    """Points an action is worth to another ``seat`` once its hand is spent: less when it meets
    panda cards (its validated cards say so, they are public) and the panda deck (its size is
    public) holds fewer cards than it still has to draw. The panda deck is contested: the AI's
    draws from it are cards a panda rush cannot have."""
    if not SCARCE:
        return weights.future
    done = state.done[seat]
    if not done:
        return weights.future
    share = sum(1 for c in done if c[:2] == "PA") / len(done)
    # The cards it holds that it is likely to meet: its panda cards, and the others as often as
    # it has met cards of other kinds.
    hand = state.hands[seat]
    pandas = sum(1 for c in hand if c[:2] == "PA")
    draws = objectives_needed(state.players) - len(done) - pandas - (1.0 - share) * (len(hand) - pandas)
    if draws <= 0:
        return weights.future
    short = max(0, draws - len(state.decks[CATEGORIES.index("PA")])) / draws
    return weights.future * (1.0 - SCARCE * share * short)


INFER = 1.0
"""How much likelier a kind of panda card is in another seat's hand for each section on its board
that the card would use."""

Need = tuple[int, int, int]
PANDA_POINTS: dict[Need, int] = {card.need: card.points for card in CARDS.values() if card.category == "PA"}
"""The points of each kind of panda card, by the sections it needs."""


def _likely(unseen: dict[Need, int], eaten: Triple) -> dict[Need, float]:
    """How likely each kind of unseen panda card is in the hand of a seat with ``eaten`` on its
    board: what it has eaten and not yet spent says which cards it holds (a seat eats what its
    cards lack), so a kind is likelier the more of those sections it would use."""
    return {need: n * (1.0 + INFER * sum(map(min, need, eaten))) for need, n in unseen.items()}


def _hunger(state: TakenokoState, seat: Seat, unseen: dict[Need, int]) -> Hunger:
    """The sections of each colour the other seats' panda cards still lack, as ``seat`` judges
    them (their card backs and boards are public, TK-OBJ-06): what their pandas will eat."""
    if not unseen:
        return (0.0, 0.0, 0.0)
    found = [0.0, 0.0, 0.0]
    for other in range(state.players):
        if other == seat:
            continue
        pandas = sum(1 for c in state.hands[other] if c[:2] == "PA")
        if not pandas:
            continue
        eaten = state.boards[other].eaten
        likely = _likely(unseen, eaten)
        count = sum(likely.values())
        for i in range(3):
            mean = sum(need[i] * n for need, n in likely.items()) / count
            found[i] += max(0.0, pandas * mean - eaten[i])
    return (found[0], found[1], found[2])


def _unseen_panda(state: TakenokoState, seat: Seat) -> dict[Need, int]:
    """The panda cards ``seat`` has not seen (not in its hand, not validated by anyone), counted by
    the sections they need."""
    seen = set(state.hands[seat]).union(*state.done)
    found: dict[Need, int] = {}
    for card_id in _PANDA_IDS:
        if card_id not in seen:
            need = CARDS[card_id].need
            found[need] = found.get(need, 0) + 1
    return found


_PANDA_IDS = tuple(card_id for card_id, card in CARDS.items() if card.category == "PA")


def _panda_cost(view: _View, need: Need, eaten: Need) -> float:
    """Panda moves to meet a card that needs ``need`` with ``eaten`` on the board (TK-OBJ-06)."""
    cost = 0.0
    for i in range(3):
        missing = need[i] - eaten[i]
        if missing > 0:
            cost += sum(view.eat[i][:missing])
    return cost


def banked(state: TakenokoState, seat: Seat) -> int:
    """Validated points, and the Emperor's (TK-END-04)."""
    return sum(CARDS[c].points for c in state.done[seat]) + (EMPEROR_POINTS if state.emperor == seat else 0)


def spend(
    cards: list[tuple[float, Cost]],
    actions: float,
    weights: Weights,
    canals: int = 0,
    *,
    last: bool = False,
    future: float | None = None,
) -> float:
    """The points of ``cards`` (points, cost) met one after the other, the most points per action
    first, within ``actions``, each worth less the later it comes (``delay`` per action); the
    ``canals`` on the board serve the first cards that need one. Then the actions left draw and
    meet new cards (a full hand waits for its first card). In the seat's ``last`` turn, a canal
    left over costs ``unlaid``."""
    value = 0.0
    spent = 0.0
    for points, (steps, needed) in sorted(cards, key=lambda card: -card[0] / (sum(card[1]) + 0.5)):
        held = min(canals, needed)
        cost = steps + needed - held * (1 - weights.placing)
        if spent + cost > actions:
            continue
        canals -= held
        spent += cost
        value += points * weights.delay**spent
    if last:
        # TK-END-02: no turn comes after this one, so a canal kept is a canal wasted.
        value -= weights.unlaid * canals
    if len(cards) >= HAND_LIMIT and spent == 0.0:
        return value
    rest = actions - spent
    if rest > 0:
        # The sum of ``future`` over the actions left, each delayed.
        delay = weights.delay
        rate = weights.future if future is None else future
        value += rate * delay**spent * (1 - delay**rest) / (1 - delay)
    return value + (0.0 if last else weights.canal * min(1.0, rest / 6.0) * min(canals, 2))


def _turn_before(state: TakenokoState, seat: Seat, judge: Seat) -> float:
    """The actions of ``seat``'s turn still to come before ``judge`` plays again (TK-ACT-01), when
    ``seat`` is not playing one now: while the judge plays, every other seat has one; once it has
    ended, those between the seat playing and the judge. So a position is judged alike before
    and after the judge ends its turn: ending it gives the others nothing they did not have."""
    if state.emperor >= 0 or state.turn == seat or state.step == "over":
        return 0.0
    players = state.players
    if state.turn == judge:
        return 2.0
    return 2.0 if (seat - state.turn) % players < (judge - state.turn) % players else 0.0


def _actions_now(state: TakenokoState, seat: Seat) -> float:
    """Actions ``seat`` still has in the turn being played (none once it is over)."""
    if state.turn != seat or state.step in ("start", "over") or not action_kinds(TakenokoWork(state)):
        return 0.0
    return float((3 if state.condition == "SUN" else 2) - len(state.used))


def _needed_sections(state: TakenokoState, seat: Seat) -> tuple[int, int, int]:
    """Sections the panda cards in hand ask for, per colour."""
    need = [0, 0, 0]
    for c in state.hands[seat]:
        card = CARDS[c]
        if card.category == "PA":
            for i in range(3):
                need[i] += card.need[i]
    return (need[0], need[1], need[2])


# -- what each card still costs ----------------------------------------------------------------------
class _View:
    """The garden as the costs read it: plots by hex and colour, edible bamboo and whether the
    panda reaches it, the reserve, the plot spots, what drawing a plot of each colour costs, and
    the plot cards' costs found so far (the view is kept for the garden it describes)."""

    __slots__ = (
        "at",
        "by_colour",
        "canal_need",
        "canal_spots",
        "draw_cost",
        "eat",
        "garden",
        "key",
        "plot_costs",
        "reserve",
        "spots",
    )

    def __init__(self, state: TakenokoState, key: tuple[object, ...]) -> None:
        self.garden = state.garden
        self.key = key
        self.reserve = state.bamboo
        self.at: dict[tuple[int, int], Plot] = {(p.q, p.r): p for p in state.garden}
        self.by_colour: dict[str, list[Plot]] = {c: [] for c in COLOURS}
        for p in state.garden:
            self.by_colour[p.colour].append(p)
        placement = garden_facts(state.garden).placement
        near = {h for _, h in placement.moves(state.panda, False)}
        self.eat = tuple(self._eat_costs(c, near, state.bamboo[i]) for i, c in enumerate(COLOURS))
        """Per colour, the actions to eat its first, second... section (``_eat_cost``)."""
        self.spots = set(placement.spot_set())
        # Expected PLOT actions to get a plot of a colour: 3 drawn, one kept (TK-PLOT-01).
        left: dict[str, int] = {c: 0 for c in COLOURS}
        for plot_id in state.plots:
            left[plot_id[0]] += 1
        n = len(state.plots)
        self.draw_cost: dict[str, float] = {}
        for c in COLOURS:
            k = left[c]
            if not k:
                self.draw_cost[c] = FAR
            else:
                drawn = min(3, n)
                chance = 1.0 - comb(n - k, drawn) / comb(n, drawn)
                self.draw_cost[c] = 1.0 / chance
        self.plot_costs: dict[str, Cost] = {}
        self.canal_need = self._canal_need(state, placement)
        """For each dry plot, the canals that reach it from the network (§3 canal legality)."""
        self.canal_spots = len(canal_facts(state.canals).legal(placement))
        """The edges a canal may be laid on now (TK-IRR-02)."""

    def canals_to(self, plot: Plot) -> int:
        """The canals a plot still needs to be irrigated (none once it is)."""
        return 0 if plot.irrigated else self.canal_need.get((plot.q, plot.r), UNREACHED)

    def _canal_need(self, state: TakenokoState, placement: Placement) -> dict[tuple[int, int], int]:
        """Canals from the network to each dry plot: 1 if a legal edge touches it now, one more for
        each edge further (through edges between placed plots that touch at a corner)."""
        dry = [p for p in state.garden if not p.irrigated]
        if not dry:
            return {}
        facts = canal_facts(state.canals)
        placed = placement.placed
        distance = dict.fromkeys(facts.legal(placement), 1)
        frontier = list(distance)
        for d in range(2, UNREACHED):
            reached = []
            for edge in frontier:
                for other in edge_info(edge)[2]:
                    a, b, _ = edge_info(other)
                    if other in distance or other in facts.edges or a not in placed or b not in placed:
                        continue
                    if POND in (a, b):
                        continue
                    distance[other] = d
                    reached.append(other)
            frontier = reached
        need = {}
        for p in dry:
            h = (p.q, p.r)
            found = [distance[e] for e in (edge_key(h, d) for d in range(6)) if e in distance]
            need[h] = min(found) if found else UNREACHED
        return need

    def _eat_costs(self, colour: str, near: set[tuple[int, int]], reserve: int) -> tuple[float, ...]:
        """Actions to eat each of the next sections of ``colour`` (TK-PANDA-01/02, TK-IMP-04): a
        panda move while the garden holds some (a move more if the panda reaches none at once),
        a growth first once they are gone, or while only dry or bare plots of the colour lie there."""
        plots = self.by_colour[colour]
        edible = [p for p in plots if p.improvement != "e" and p.height]
        reach = any((p.q, p.r) in near for p in edible)
        sections = sum(p.height for p in edible)
        if not reserve:
            later = FAR
        elif any(p.irrigated for p in plots):
            later = 2.0
        else:
            later = 3.0 if plots else 4.0
        return (*([1.0 if reach else 1.4] * min(sections, MOST_NEEDED)), *([later] * MOST_NEEDED))


UNREACHED = 4
"""Canals counted for a dry plot the network does not reach within three."""

MOST_NEEDED = 10
"""More sections of one colour than a hand's panda cards can ask for (5 cards × 2)."""

_VIEWS: dict[int, _View] = {}
"""Views by garden tuple (the view holds it, so no other tuple takes its id while it lives)."""


def view_of(state: TakenokoState) -> _View:
    """The view of this state's garden (kept while the garden, the panda, the reserve, the plot
    deck's colours and the canals stay the same: a search tries many choices on one garden)."""
    left = [0, 0, 0]
    for plot_id in state.plots:
        left[COLOUR_INDEX[plot_id[0]]] += 1
    key = (state.panda, state.bamboo, left[0], left[1], left[2], state.canals)
    found = _VIEWS.get(id(state.garden))
    if found is None or found.garden is not state.garden or found.key != key:
        if len(_VIEWS) >= 512:
            _VIEWS.clear()
        found = _VIEWS[id(state.garden)] = _View(state, key)
    return found


Cost = tuple[float, int]
"""Actions a card still needs besides canals, and the canals it needs (each an IRRIGATION action
unless the board holds one)."""


def card_costs(
    view: _View, state: TakenokoState, seat: Seat, hunger: Hunger = (0.0, 0.0, 0.0)
) -> list[tuple[float, Cost, str]]:
    """(points, cost, category) for each card in ``seat``'s hand, the hand costed together: the
    sections on the board serve the panda cards worth most first, and a plot grown for one
    gardener card serves no other card that asks another height or improvement of it (the most
    points first); ``hunger`` is what the other seats' pandas are likely to eat of each colour."""
    board = state.boards[seat]
    eaten = list(board.eaten)
    claimed = [0, 0, 0]
    grown: dict[Hex, Target] = {}
    found = []
    for card in sorted((CARDS[c] for c in state.hands[seat]), key=lambda c: -c.points):
        cost: Cost
        if card.category == "PA":
            actions = 0.0
            for i in range(3):
                use = min(eaten[i], card.need[i])
                eaten[i] -= use
                missing = card.need[i] - use
                for _ in range(missing):
                    actions += _eat_cost(view, COLOURS[i], claimed[i])
                    claimed[i] += 1
            cost = (actions, 0)
        elif card.category == "GA":
            cost = _gardener_cost(view, card, board.chips, grown, hunger)
        else:
            plot_cost = view.plot_costs.get(card.type)
            if plot_cost is None:
                plot_cost = view.plot_costs[card.type] = _plot_cost(view, card)
            cost = plot_cost
        found.append((float(card.points), cost, card.category))
    return found


def _eat_cost(view: _View, colour: str, claimed: int = 0) -> float:
    """Actions to eat one more section of ``colour`` once ``claimed`` are spoken for."""
    costs = view.eat[COLOUR_INDEX[colour]]
    return costs[min(claimed, len(costs) - 1)]


def _growth(view: _View, plot: Plot, target: int, improvement: str | None = None) -> Cost:
    """Gardener moves (and the canals that reach a dry plot) to bring ``plot`` to ``target``
    sections (TK-GARD-01, TK-IMP-05, TK-IRR-05), with ``improvement`` laid first if given; eating
    it back down costs panda moves."""
    if plot.height > target:
        return (1.0 * (plot.height - target), 0)
    steps = target - plot.height
    if not plot.irrigated:
        steps -= 1  # its first irrigation sprouts it (TK-IRR-05)
    if (plot.improvement if improvement is None else improvement) == "f":
        steps = (steps + 1) // 2
    return (float(max(0, steps)), view.canals_to(plot))


Hunger = tuple[float, float, float]
"""Sections of each colour (G, Y, P) the other seats' pandas are likely to eat."""

Target = tuple[int, str]
"""A plot's height and improvement, as a gardener card asks them."""

EXPOSED = 0.5
"""Extra gardener moves per move, for bamboo grown where a hungry panda may eat it, at full
hunger (two sections of the colour or more wanted by the other seats)."""


def _gardener_cost(
    view: _View,
    card: Card,
    chips: tuple[int, int, int],
    grown: dict[Hex, Target],
    hunger: Hunger,
) -> Cost:
    """TK-OBJ-04: the cheapest plot of the colour to grow to 4 with the improvement (a chip laid on
    a bare plot if needed); TK-OBJ-05: the cheapest ``count`` plots to grow to exactly 3. A plot
    in ``grown`` is kept for the target it holds (another card of the hand grows it); growing
    bamboo the other seats' pandas want (``hunger``, TK-PANDA-02) costs more unless an enclosure
    guards it (TK-IMP-04)."""
    colour = card.colours
    index = COLOUR_INDEX[colour]
    plots = view.by_colour[colour]
    if not view.reserve[index]:
        return (FAR, 0)
    exposed = EXPOSED * min(1.0, hunger[index] / 2.0)
    new_plot = view.draw_cost[colour]

    def free(p: Plot, target: Target) -> bool:
        kept = grown.get((p.q, p.r))
        return kept is None or kept == target

    if card.count == 1:
        wanted = "" if card.improvement == "0" else card.improvement
        target: Target = (MAX_HEIGHT, wanted)
        chip = (0.3 if chips["wef".index(wanted)] else 2.5) if wanted else 0.0
        guarded = 0.0 if wanted == "e" else exposed
        best: Cost = (new_plot + 3.0 * (1.0 + guarded) + chip, 1)
        where: Hex | None = None
        for p in plots:
            if not free(p, target):
                continue
            if p.improvement == wanted:
                steps, canals = _growth(view, p, MAX_HEIGHT)
                steps *= 1.0 + guarded
            elif wanted and not p.improvement and p.height == 0:
                steps, canals = _growth(view, p, MAX_HEIGHT, wanted)
                steps = steps * (1.0 + guarded) + chip
            else:
                continue
            if steps + canals < best[0] + best[1]:
                best = (steps, canals)
                where = (p.q, p.r)
        if where is not None:
            grown[where] = target
        return best
    target = (card.height, "")
    ranked = sorted(
        ((_growth(view, p, card.height), p) for p in plots if free(p, target)),
        key=lambda item: sum(item[0]),
    )[: card.count]
    for _, p in ranked:
        grown[(p.q, p.r)] = target
    costs = [(c[0] * (1.0 + (0.0 if p.improvement == "e" else exposed)), c[1]) for c, p in ranked]
    missing = card.count - len(costs)
    return (
        0.7 * sum(c[0] for c in costs) + missing * (new_plot + 2.0 * (1.0 + exposed)),
        sum(c[1] for c in costs) + missing,
    )


def _plot_cost(view: _View, card: Card) -> Cost:
    """TK-OBJ-03: the cheapest placement of the card's shape: a plot to lay costs the PLOT
    actions that draw its colour (and a canal unless it lies by the pond), a dry plot a canal;
    over the pond or a plot of another colour it cannot go."""
    colours = card.colours
    two = len(colours) == 2
    draw = min(view.draw_cost[c] for c in colours)
    at = view.at
    best: Cost = (FAR, 0)
    for p in (p for c in colours for p in view.by_colour[c]):
        for cells in PLACEMENTS[card.shape]:
            steps, canals = 0.0, view.canals_to(p)
            found: list[str | None] = [p.colour]
            for dq, dr in cells[1:]:
                h = (p.q + dq, p.r + dr)
                plot = at.get(h)
                if plot is None:
                    if h == POND:
                        break
                    # A cell that is no plot spot yet waits for another plot first (§3).
                    steps += draw if h in view.spots else draw + 1.0
                    canals += 0 if POND in neighbours(h) else 1
                    if two:
                        found.append(None)
                elif plot.colour not in colours:
                    break
                else:
                    canals += view.canals_to(plot)
                    if two:
                        found.append(plot.colour)
                if steps + canals >= best[0] + best[1]:
                    break
            else:
                if two and not _diamond_possible(found, colours):
                    continue
                best = (steps, canals)
    if best[0] >= FAR:
        # Nothing of the colour yet: a whole new shape.
        size = 4 if card.shape == "DIA" else 3
        best = (size * draw, size // 2)
    return best


def _diamond_possible(found: list[str | None], colours: str) -> bool:
    """Whether a two-colour diamond (middles, then tips) can still be completed."""
    middle_a, middle_b, tip_a, tip_b = found
    if middle_a is not None and middle_a == middle_b:
        return False
    if tip_a is not None and tip_a == tip_b:
        return False
    return found.count(colours[0]) <= 2 and found.count(colours[1]) <= 2
