"""Scripted Mogul players a reasonable person might be, to measure the AI against
(``tests/support/strength.py``, ``bench/ai_strength.py``).

Each one decides from its own seat's view alone (the public board and its own chips, as
``build_view(state, seat)`` gives them; ``strength.blind`` checks it), counting cards as a
careful player at the table would: which shares are still unseen, how many reveals the Crash
probably leaves (it lies among the last five cards).

- ``value``: the value bidder. It knows what winning is worth in points (the share's dividends to
  come and a hope of selling it later, or its best sale now) and stays in while that beats the
  chips paid into the pot, a point a chip.
- ``pots``: the pot taker. It drops out as soon as the pot holds a chip per player, to live on
  the pots, and never borrows; it sells whenever a sale pays 4 or more a share, else takes.
- ``collector``: the colour collector. It bids like the value bidder, but half as much again for
  shares of the colour it owns most (bar the brown start shares everyone holds); it never sells
  that colour, and sells the others when they pay 4 or more a share.

``blunders(match, seat)`` counts what a player would call blunders in a finished game, from its
log; ``PREVIOUS`` is the AI as it shipped before its rewrite. ``Planned`` is the person of
bench/tempo.py: one who follows the AI's plan as a standing order and looks only when asked.
Run this module to measure that person next to the normal AI:

    PYTHONPATH=. python -m tests.support.strategies.mogul --games 60
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.engine import Order, Seat
from rules.mogul import GAME
from rules.mogul.actions import DROP, LOAN, PAY, SELLS, TAKE, MogulAction
from rules.mogul.data import CARD_LIST, CARDS, COLOUR_INDEX, COLOURS, CRASH_ZONE
from rules.mogul.rules import legal_actions
from rules.mogul.state import MogulState
from rules.mogul.view import MogulSeatView, build_view
from tests.support.strategies import mogul_previous
from tests.support.strength import Match, Strategy, ai_at, measure, play_match

GAMES = 100
"""Seeded games per bench cell (bench/ai_strength.py): about 70 CPU seconds for the whole game."""


# The scripted players keep their own count (as mogul_previous.py, the frozen old AI, keeps its own):
# a yardstick must not move when the AI's own counting (rules/mogul/outlook.py) changes.
class Count:
    """What a careful player works out from its view: unseen cards and reveals to come."""

    def __init__(self, view: MogulSeatView) -> None:
        self.view = view
        known = {card for player in view.table for card in player.cards}
        known.update(view.discard, view.pick_pile)
        if view.revealed in CARDS:
            known.add(view.revealed)
        self.unseen = [0] * len(COLOURS)
        self.unseen_border = [0] * len(COLOURS)
        for card in CARD_LIST:
            if card.id not in known:
                self.unseen[COLOUR_INDEX[card.centre]] += 1
                self.unseen_border[COLOUR_INDEX[card.border]] += 1
        deck = view.deck_size
        shares_left = max(deck - 1, 0)
        # The Crash is among the last five cards: on average two shares stay under it.
        reveals = max(deck - 1 - (CRASH_ZONE - 1) / 2, 0.0) if deck >= CRASH_ZONE else (deck - 1) / 2
        self.fraction = reveals / shares_left if shares_left else 0.0

    def owned(self, seat: Seat, colour: str) -> int:
        """``seat``'s shares of ``colour`` (centre)."""
        return self.view.table[seat].shares[COLOUR_INDEX[colour]]

    def dividends(self, colour: str) -> float:
        """Points one share of ``colour`` should still earn in dividends."""
        return self.unseen[COLOUR_INDEX[colour]] * self.fraction

    def centre(self) -> str:
        """The revealed card's centre colour."""
        assert self.view.revealed is not None
        return CARDS[self.view.revealed].centre

    def border(self) -> str:
        """The revealed card's border colour (what sells this round)."""
        assert self.view.revealed is not None
        return CARDS[self.view.revealed].border

    def sale(self, seat: Seat) -> int:
        """Points ``seat`` would score selling every share of the border colour now."""
        return self.owned(seat, self.border()) * self.view.sale_value


def _view(state: MogulState, seat: Seat) -> MogulSeatView:
    view = build_view(state, seat)
    assert isinstance(view, MogulSeatView)
    return view


def _pick_most_dividends(count: Count, legal: list[MogulAction]) -> MogulAction:
    """Quick start: the card whose colour has the most dividends to come."""
    return max(legal, key=lambda action: count.dividends(CARDS[action.card].centre))


Decide = Callable[[MogulSeatView, Count, list[MogulAction], Seat], MogulAction]
"""A scripted player's judgement: its view, its count of the cards, the legal moves, its seat."""


def scripted(decide: Decide) -> Strategy:
    """A strategy that plays the only legal move and the quick-start pick itself (every scripted
    player plays them alike) and asks ``decide`` for the rest."""

    @functools.wraps(decide)
    def play(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
        legal = list(legal_actions(state, seat))
        if len(legal) == 1:
            return legal[0]
        view = _view(state, seat)
        count = Count(view)
        if view.phase == "pick":
            return _pick_most_dividends(count, legal)
        return decide(view, count, legal, seat)

    return play


# -- the value bidder -------------------------------------------------------------------------------
SALE_HOPE = 0.5
"""What the value bidder counts, per share of a colour, for the chance to sell it later."""


def worth(count: Count, colour: str, extra: int = 0) -> float:
    """What one more share of ``colour`` is worth to the value bidder, in points: its dividends to
    come, plus half a point per share of that colour on the table for the chance to sell them later
    (while cards that sell it are still unseen), ``extra`` counting shares about to join them."""
    index = COLOUR_INDEX[colour]
    on_table = sum(player.shares[index] for player in count.view.table) + extra
    sale_chance = min(count.unseen_border[index] * count.fraction, 1.0)
    return count.dividends(colour) + SALE_HOPE * sale_chance * on_table


@scripted
def value(view: MogulSeatView, count: Count, legal: list[MogulAction], seat: Seat) -> MogulAction:
    """Stays in while what winning is worth (points) beats the chips paid into the pot (a point a
    chip); sells when the sale pays more a share than keeping it, else takes; borrows for a prize
    worth three points more than the pot."""
    if view.phase == "runner_take":
        return TAKE
    keep_worth = worth(count, count.border()) + 1
    if view.phase == "runner_sell":
        return SELLS[count.owned(seat, count.border())] if view.sale_value > keep_worth else SELLS[0]
    take_worth = worth(count, count.centre(), extra=1)
    if view.phase == "winner":
        if view.sale_value > keep_worth and count.sale(seat) > take_worth:
            return SELLS[count.owned(seat, count.border())]
        return TAKE
    prize = max(take_worth, count.sale(seat))
    if view.pot + 1 > prize:
        return DROP
    if PAY in legal:
        return PAY
    return LOAN if LOAN in legal and prize >= view.pot + 3 else DROP


# -- the pot taker ----------------------------------------------------------------------------------
POT_SALE = 4
"""The pot taker and the collector sell when a sale pays this much a share or more."""


@scripted
def pots(view: MogulSeatView, count: Count, legal: list[MogulAction], seat: Seat) -> MogulAction:
    """Drops out once the pot holds a chip per player, never borrows; sells at 4 or more a share,
    else takes."""
    if view.phase == "auction":
        return DROP if view.pot >= view.players or PAY not in legal else PAY
    if view.phase == "runner_take":
        return TAKE
    selling = count.owned(seat, count.border()) if view.sale_value >= POT_SALE else 0
    if view.phase == "winner" and not selling:
        return TAKE
    return SELLS[selling]


# -- the colour collector ---------------------------------------------------------------------------
FAVOURITE = 1.5
"""How much more the collector thinks a share of its colour is worth than the value bidder does."""


def collecting(view: MogulSeatView, seat: Seat) -> str:
    """The colour a collector gathers: the one it owns most of, brown (everyone's start) last."""
    shares = view.table[seat].shares
    order = [colour for colour in COLOURS if colour != "brown"] + ["brown"]
    return max(order, key=lambda colour: (shares[COLOUR_INDEX[colour]], -order.index(colour)))


@scripted
def collector(view: MogulSeatView, count: Count, legal: list[MogulAction], seat: Seat) -> MogulAction:
    """Bids like the value bidder, half as much again for its colour's shares (and borrows only for
    them); never sells its colour, sells the others at 4 or more a share."""
    mine = collecting(view, seat)
    if view.phase == "auction":
        prize = worth(count, count.centre(), extra=1) * (FAVOURITE if count.centre() == mine else 1.0)
        if count.border() != mine:
            prize = max(prize, count.sale(seat))
        if view.pot + 1 > prize:
            return DROP
        if PAY in legal:
            return PAY
        return LOAN if LOAN in legal and count.centre() == mine and prize >= view.pot + 3 else DROP
    if view.phase == "runner_take":
        return TAKE
    selling = count.owned(seat, count.border()) if count.border() != mine and view.sale_value >= POT_SALE else 0
    if view.phase == "winner" and (not selling or count.centre() == mine):
        return TAKE
    return SELLS[selling]


STRATEGIES: dict[str, Strategy] = {"value": value, "pots": pots, "collector": collector}
"""The scripted players, by name."""

PREVIOUS: Strategy = mogul_previous.choose
"""The AI as it shipped before the standing orders and the levels."""


# -- the AI's plan, followed by a person who looks only when asked ------------------------------------
ORDERS = GAME.orders
assert ORDERS is not None and ORDERS.plan is not None


class Planned:
    """A player who follows the normal AI by standing order, as bench/tempo.py models them: each
    time a decision reaches them (a *look*), they set the AI's plan as their order
    (``GAME.orders.plan``) and play the order's move if it decides, else the AI's; between looks
    their order answers their auction turns (MG-ORD-2) until it no longer decides.

    A strategy with a memory: it keeps each seat's order, and forgets it when a new game starts
    (a round earlier than the seat's last), so one instance serves a whole ``strength.measure``.
    ``looks`` and ``answered`` count the decisions each way."""

    def __init__(self) -> None:
        self.held: dict[Seat, Order] = {}
        self.round: dict[Seat, int] = {}
        self.looks = 0
        self.answered = 0

    def __call__(self, state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
        """The order's move if it decides; else a look: the plan set, its move or the AI's."""
        assert ORDERS is not None and ORDERS.plan is not None
        if state.round < self.round.get(seat, state.round):
            self.held.pop(seat, None)  # a new game
        self.round[seat] = state.round
        held = self.held.pop(seat, None)
        if held is not None and ORDERS.keep(state, seat, held):
            action, left = ORDERS.decide(state, seat, held)
            if left is not None:
                self.held[seat] = left
            if action is not None:
                self.answered += 1
                return action
        self.looks += 1
        order = ORDERS.plan(state, seat, rng)
        if order is not None:
            action, left = ORDERS.decide(state, seat, order)
            if left is None:
                self.held.pop(seat, None)
            else:
                self.held[seat] = left
            if action is not None:
                return action
        return GAME.ai_action(state, seat, rng)


# -- blunders ---------------------------------------------------------------------------------------
AUCTION_MOVES = frozenset({"pay", "drop", "loan"})


CHANCES = {
    "loan_then_forced_out": "loans",
    "loan_then_drop": "loans",
    "loan_chips_gained": "loan_then_drop",
    "forced_out": "games",
    "declined": "games",
}
"""What each blunder count is out of (bench/ai_strength.py prints the rates; the chips a loan
brought are shown per loan followed by a drop out)."""


def blunders(match: Match, seat: Seat) -> dict[str, int]:
    """Habits a player would call blunders, for ``seat`` in a finished game (played with its log):

    - ``loans``: loans taken (the base of the next count);
    - ``loan_then_forced_out``: a loan followed, in the same auction, by being forced out with no
      chip left (it borrowed, paid, then "cannot stay in, so drops out");
    - ``forced_out``: every auction it was forced out of with no chip left, loan or not;
    - ``declined``: a share declined as runner-up (taking it costs nothing);
    - with the states kept, ``loan_then_drop``: a loan, then, in the same auction, dropping out by choice with chips
      still in hand (it borrowed, paid, then left the rest for later); ``loan_chips_gained``: what
      those loans brought in chips, against dropping out instead of borrowing (the pot taken and
      the chips kept, less the pot it would have taken then) — a loan pays for itself when this
      beats what it cost (``loan_cost`` points a loan; a point is 5 chips at the end, MG-END-2).

    An auction is the run of pay/drop/loan moves before the winner's take or sell; a seat that
    played in it, did not drop out itself and did not win was forced out (the turn flow plays a
    lone DROP for the player, so it is not in the log)."""
    found: Counter[str] = Counter(loans=0, loan_then_forced_out=0, forced_out=0, declined=0)
    if match.before:  # what a loan brought needs the chips, which only the states hold
        found.update(loan_then_drop=0, loan_chips_gained=0)
    moves: list[str] = []
    borrowed: int | None = None  # what dropping out instead of the loan would have left it
    for before, (who, action) in zip(match.before or [None] * len(match.log), match.log, strict=True):
        kind = action.kind
        if kind in AUCTION_MOVES:
            if who == seat:
                moves.append(kind)
                if before is not None and kind == "loan":
                    borrowed = before.chips[seat] + before.pot
                if before is not None and kind == "drop" and borrowed is not None and before.chips[seat] > 0:
                    found["loan_then_drop"] += 1
                    found["loan_chips_gained"] += before.chips[seat] + before.pot - borrowed
            continue
        borrowed = None
        if moves:  # the auction just ended: ``who`` won it (its take or sell comes first)
            found["loans"] += moves.count("loan")
            if who != seat and "drop" not in moves:
                found["forced_out"] += 1
                found["loan_then_forced_out"] += "loan" in moves
            moves = []
        if who == seat and kind == "decline":
            found["declined"] += 1
    if moves:
        found["loans"] += moves.count("loan")
    return dict(found)


# -- measuring the planned player -------------------------------------------------------------------
def planned_strength(players: int, games: int) -> dict[str, Any]:
    """``Planned`` in one seat against each scripted player and against the normal AI, with the
    normal AI's own ratios next to it (``strength.measure``), and how often it was asked."""
    planned: dict[str, Any] = {}
    looks = answered = 0
    for label, opponent in {**STRATEGIES, "normal_ai": ai_at(GAME)}.items():
        player = Planned()
        planned[label] = measure(GAME, players, player, opponent, games).as_json()
        looks += player.looks
        answered += player.answered
    planned["asked_share"] = round(looks / (looks + answered), 2)
    normal = {
        label: measure(GAME, players, ai_at(GAME), opponent, games).as_json() for label, opponent in STRATEGIES.items()
    }
    return {"planned": planned, "normal_ai": normal}


def _unanswerable(players: int, seed: int) -> list[Seat]:
    """Who was asked, in order, at the decisions no order answers in one game of ``Planned`` seats
    (MG-ORD covers auction turns only): the take-or-sell steps, and each seat's first auction turn
    (nobody has looked yet)."""
    player = Planned()
    asked: list[Seat] = []
    bid: set[Seat] = set()

    def noted(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
        if state.phase != "auction" or seat not in bid:
            asked.append(seat)
        if state.phase == "auction":
            bid.add(seat)
        return player(state, seat, rng)

    play_match(GAME, players, seed, [noted] * players)
    return asked


def hand_off_floor(players: int, seeds: int) -> float:
    """The fewest hand-offs (bench/tempo.py's count) a game of ``Planned`` seats could have: the
    median over seeded games of the changes of player among the decisions no order answers."""
    found = []
    for seed in range(seeds):
        asked = _unanswerable(players, seed)
        found.append(sum(1 for index, seat in enumerate(asked) if index == 0 or asked[index - 1] != seat))
    return statistics.median(found)


def main() -> None:
    """Print ``planned_strength`` and ``hand_off_floor`` for each player count, as JSON."""
    parser = argparse.ArgumentParser(description="The planned player's strength next to the normal AI's.")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seeds", type=int, default=15, help="games for the hand-off floor (bench/tempo.py's)")
    parser.add_argument("--players", type=int, action="append", choices=range(GAME.min_players, GAME.max_players + 1))
    args = parser.parse_args()
    started = time.process_time()
    found: dict[str, Any] = {
        str(players): {**planned_strength(players, args.games), "hand_off_floor": hand_off_floor(players, args.seeds)}
        for players in args.players or range(GAME.min_players, GAME.max_players + 1)
    }
    found["games_per_cell"] = args.games
    found["cpu_seconds"] = round(time.process_time() - started)
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
