"""The Mogul AI at its three levels, and its plan as a standing order (MG-ORD).

It decides from its seat's view alone (the public board and its own chips, read by ``Outlook``),
so it cannot peek. ``normal`` (``Game.ai``, which also plays for absent players) values shares,
sales and chips in points, weighs what a choice hands its rivals, and bids by playing the rest of
the auction out in its head (``bidding``); ``strong`` does the same with more scenarios of its
rivals' bids; ``easy`` makes a newcomer's mistakes. bench/ai_strength.py measures them against
the scripted players of tests/support/strategies/mogul.py and the AI they replaced.
"""

from __future__ import annotations

import random

from rules.engine import Order, Seat

from . import orders
from .actions import DROP, LOAN, PAY, SELLS, TAKE, MogulAction
from .bidding import Bidding
from .data import CARDS, COLOUR_INDEX
from .outlook import NORMAL, Outlook, Weights
from .rules import legal_actions
from .state import MogulState
from .view import MogulSeatView, build_view

STRONG = Weights(factors=(0.6, 0.8, 1.0, 1.25, 1.6), chip_end=0.3)
"""The strong AI's judgement: five scenarios of its rivals' bids instead of three, and chips kept
worth a little more to the end. Either alone measured no better than normal head to head (one
strong seat against normal ones); the two together win more than their share at every count."""


def _outlook(state: MogulState, seat: Seat, weights: Weights = NORMAL) -> Outlook:
    view = build_view(state, seat)
    assert isinstance(view, MogulSeatView)
    return Outlook(view, weights)


def choose(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """The normal AI's choice among the seat's legal actions, from the seat's view only."""
    return decide(state, seat, NORMAL)


def strong(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """The strong AI: the normal one, weighing more scenarios of its rivals' bids (``STRONG``)."""
    return decide(state, seat, STRONG)


def decide(state: MogulState, seat: Seat, weights: Weights) -> MogulAction:
    """The choice of the normal and strong AIs, which differ in their ``weights``."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    look = _outlook(state, seat, weights)
    phase = state.phase
    if phase == "pick":
        return max(legal, key=lambda a: look.hold(COLOUR_INDEX[CARDS[a.card].centre], extra=1))
    if phase == "runner_take":
        return TAKE  # MG-ACT-5: a share is never worth less than nothing
    if phase == "runner_sell":
        return SELLS[look.sellable(seat)] if look.sale(seat) > 0 else SELLS[0]
    if phase == "winner":
        choice, _, _ = look.winner_choice(seat, state.last_drop)
        if choice == "take":
            return TAKE
        return SELLS[look.sellable(seat)] if choice == "sell" else SELLS[0]
    drop_at, borrow = Bidding(look).best()
    if drop_at is not None and drop_at <= state.pot:
        return DROP
    if PAY in legal:
        return PAY
    return LOAN if borrow and LOAN in legal else DROP


# -- the plan: the AI as a standing order ---------------------------------------------------------
STANDING_BASE = 1.0
"""The chips a standing order's pot limit starts from (``standing_pot``)."""
STANDING_WORTH = 0.5
"""The share of what winning is worth to the player (on average over the shares to come) that
the pot limit adds, a point a chip."""
STANDING_CHIPS = 0.25
"""The share of the chips the player holds that the pot limit adds."""


def standing_pot(look: Outlook) -> int:
    """The pot at which a standing order drops out of every auction (MG-ORD-1's P), for a player
    who cannot know the next share when they set it: a point, plus half of what winning is worth
    to them on average over the shares to come (the winner also pays its way in), plus a quarter
    of their chips (the more they hold, the longer they can stay in).

    Measured, not guessed: among the forms tried (a fixed P for every auction, P from the worth
    alone, with and without a reserve of chips C), none played better against the scripted
    players (within the measure's spread), and this one has its player asked least: short of
    chips, it drops out sooner, so it seldom runs out (bench/tempo.py, and ``Planned`` in
    tests/support/strategies/mogul.py)."""
    worth = look.prize_to_come()
    pot = STANDING_BASE + STANDING_WORTH * worth + STANDING_CHIPS * look.view.chips
    return max(1, min(orders.MAX_POT, round(pot)))


def plan(state: MogulState, seat: Seat, rng: random.Random) -> Order | None:
    """The order a person following the normal AI sets each time they look at the table, to be
    asked as seldom as possible (MG-ORD): one order for every auction (scope "always"), since
    they look when asked (mostly as winner or runner-up) and the next share is unknown then.

    It drops out once the pot reaches ``standing_pot`` and pays otherwise, down to the last chip;
    with no chip left the player is asked and plays the AI's move (borrow or drop out). An order
    never borrows, so in an auction where the AI borrows the player follows it move by move: the
    order pays nothing while they borrow (N = 0: they decide again at once, with the two chips),
    then plays the AI's move, raising P to pay or keeping the borrowed chips (C) to let it drop out,
    and never pays the last chip (C = 1): that would only see them forced out at their next turn
    (MG-AUC-3). None once the game is over or for someone not seated.

    It plays much weaker than the AI move by move (it cannot tell one share from another), about
    as well as the value bidder of tests/support/strategies/mogul.py; bench/tempo.py measures how
    many looks it saves. It reads the seat's view only."""
    if state.phase == "over" or not 0 <= seat < state.players:
        return None
    look = _outlook(state, seat)
    view = look.view
    pot_limit = standing_pot(look)
    values = {
        orders.POT: str(pot_limit),
        orders.SCOPE: orders.EVERY_AUCTION,
        orders.AFTER: after_answers(state, seat, look),
    }
    if view.phase == "auction" and view.turn == seat and (view.chips == 0 or view.table[seat].loaned_now):
        # The order must let the AI's move be played now (an order never borrows, MG-ORD-2).
        move = decide(state, seat, NORMAL)
        if move == LOAN:
            # It pays nothing, so the player decides again at once, with the two chips.
            values[orders.POT] = str(min(max(pot_limit, view.pot + 1), orders.MAX_POT))
            values[orders.PAYS] = "0"
        elif move == PAY:
            values[orders.POT] = str(min(max(pot_limit, view.pot + 1), orders.MAX_POT))
            values[orders.KEEP] = "1"
        elif view.chips >= 1:
            values[orders.KEEP] = str(min(view.chips, orders.MAX_LIMIT))  # keeps what it borrowed
    return orders.whole(state, seat, values)


def suggest(state: MogulState, seat: Seat) -> Order:
    """The form's pre-filled order (MG-ORD-6): the plan of a person following the normal AI, from
    the seat's own view (``plan``); ``{}`` once the game is over."""
    return plan(state, seat, random.Random(0)) or {}


def _at_least(score: float, thresholds: tuple[int, ...]) -> int:
    """The first threshold at or above ``score`` (the last one if none is)."""
    return next((t for t in thresholds if t >= score), thresholds[-1])


def _at_most(score: float, thresholds: tuple[int, ...]) -> int:
    """The last threshold at or below ``score`` (the first one if none is)."""
    return max((t for t in thresholds if t <= score), default=thresholds[0])


def after_answers(state: MogulState, seat: Seat, look: Outlook) -> str:
    """The normal AI's take-or-sell judgement as MG-ORD-5's answers: with the round's share on the
    board, the AI's own choice for it (sell all at its score or take; as runner-up, sell all when
    selling gains more than keeping); before it, a sale must score what taking a share is worth on
    average. After the winner sold, the runner-up takes the share (MG-ACT-5: never worth less)."""
    view = look.view
    if view.revealed is not None and view.revealed in CARDS and view.taker is None:
        runner = state.last_drop if state.phase == "winner" else None
        choice, _, _ = look.winner_choice(seat, runner)
        score = look.sellable(seat) * view.sale_value
        win = f"win:sell:{_at_most(score, orders.WIN_SELL_AT)}" if choice == "sell" else "win:take"
        if look.sale(seat) > 0:
            taken = _at_most(score, orders.TAKEN_SELL_AT)
        else:
            taken = _at_least(score + 1, orders.TAKEN_SELL_AT)
        return f"{win},taken:sell:{taken},sold:take"
    unseen = look.unseen
    worth = sum(look.hold(COLOUR_INDEX[card.centre], extra=1) for card in unseen) / len(unseen) if unseen else 1.0
    return f"win:sell:{_at_least(worth, orders.WIN_SELL_AT)},taken:sell:1,sold:take"


# -- easy: a newcomer's mistakes ----------------------------------------------------------------
EAGER = 1.5
"""How many times a share's worth (its dividends to come, plus a point) the easy AI lets the pot
reach before it drops out: it overpays."""
EASY_LOANS = 3
"""The easy AI borrows to stay in, until it has taken this many loans; then debt scares it."""
BIG_SALE = 6
"""The easy AI sells only at this much a share or more (it holds on to its shares too long)."""


def easy(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """The easy AI: plays like a newcomer who likes shares too much. It stays in an auction until
    the pot is half as much again as the share's dividends to come (plus a point), borrows to stay
    in (three times a game at most, and it keeps its last borrowed chip), sells only at 6 or more a
    share (else takes), and never thinks about what its choice hands the runner-up, nor about what
    its shares could fetch later."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    look = _outlook(state, seat)
    view = look.view
    phase = view.phase
    if phase == "pick":
        return max(legal, key=lambda a: look.dividends_left(COLOUR_INDEX[CARDS[a.card].centre]))
    if phase == "runner_take":
        return TAKE
    if phase in ("winner", "runner_sell"):
        if view.sale_value >= BIG_SALE and look.sellable(seat) > 0:
            return SELLS[look.sellable(seat)]
        return TAKE if phase == "winner" else SELLS[0]
    me = view.table[seat]
    if view.pot >= EAGER * (look.dividends_left(look.centre()) + 1):
        return DROP
    if me.loaned_now and view.chips == 1:
        return DROP  # it keeps its last borrowed chip rather than be forced out (a wasted loan)
    if PAY in legal:
        return PAY
    return LOAN if LOAN in legal and me.loans < EASY_LOANS else DROP
