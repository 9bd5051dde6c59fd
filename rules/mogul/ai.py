"""The Mogul AI at its three levels, and its plans as standing orders (MG-ORD).

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
from .data import CARDS, COLOUR_INDEX, LOAN_CHIPS
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


def plan(state: MogulState, seat: Seat, rng: random.Random) -> Order | None:
    """The normal AI's play of its auction turns as a standing order (MG-ORD), for as many turns
    as the order can say exactly what the AI would do; None off its auction turn or when the AI
    borrows (an order never takes a LOAN).

    The order plays the AI's move now. Beyond it, the AI looks at every way its next turn can come
    (each player still in pays or drops out once). With two players left there is one way, and the
    order covers every turn until the AI would drop out (N payments, then the pot limit P). With
    more, it covers the next turn too: with P if the AI would drop out there had nobody dropped
    out (a drop resets the pot under P, and N then stops the order), or with N = 2 if the AI would
    pay there whoever dropped out."""
    if state.phase != "auction" or state.turn != seat:
        return None
    first = choose(state, seat, rng)
    if first == DROP:
        return orders.check(state, seat, {orders.POT: str(min(state.pot, orders.MAX_POT))})
    if first != PAY:
        return None
    still_in = [other for other in range(state.players) if state.active[other]]
    # A rival's loan changes the bank, which decides whether the AI may borrow: the look ahead
    # holds only while no rival's loan can bring the bank under a loan's 2 chips.
    could_borrow = sum(not state.loaned[other] for other in still_in if other != seat)
    if not (state.loaned[seat] or state.bank - LOAN_CHIPS * could_borrow >= LOAN_CHIPS):
        return orders.check(state, seat, {orders.PAYS: "1"})
    pays = 1
    ahead = state
    while True:
        paths = _next_turns(ahead, seat)
        ahead = paths[0]  # nobody dropped out: the pot grew by a chip per player still in
        if ahead.chips[seat] == 0:
            return orders.check(state, seat, {orders.PAYS: str(pays)})
        then = choose(ahead, seat, rng)
        if len(paths) > 1:
            # With more than two players in, a rival may drop out before the next turn, and a
            # drop resets the pot: a pot limit then tells only the round where nobody dropped,
            # and it would outlive the turn. So either the order drops out next turn if nobody
            # dropped (and stops otherwise), or it pays next turn whatever happened.
            if then == DROP and ahead.pot <= orders.MAX_POT:
                return orders.check(state, seat, {orders.PAYS: "1", orders.POT: str(ahead.pot)})
            if then == PAY and all(choose(other, seat, rng) == PAY for other in paths[1:]):
                return orders.check(state, seat, {orders.PAYS: "2"})
            return orders.check(state, seat, {orders.PAYS: "1"})
        if then == DROP and ahead.pot <= orders.MAX_POT:
            return orders.check(state, seat, {orders.PAYS: str(pays), orders.POT: str(ahead.pot)})
        if then != PAY:
            return orders.check(state, seat, {orders.PAYS: str(pays)})
        pays += 1


def _next_turns(state: MogulState, seat: Seat) -> list[MogulState]:
    """The states in which ``seat``'s next auction turn can come after it pays now: first the one
    where every rival still in pays, then one for each way some of them drop out (in turn order,
    each pays or drops; at least one stays in). Only what ``seat``'s view shows is kept exact:
    the pot, who is still in, who dropped out last, its own chips."""
    chips = list(state.chips)
    chips[seat] -= 1
    rivals = [(seat + step) % state.players for step in range(1, state.players)]
    rivals = [other for other in rivals if state.active[other]]
    found: list[MogulState] = []
    for pattern in range(1 << len(rivals)):
        if pattern == (1 << len(rivals)) - 1:
            continue  # every rival dropped out: the AI has won, nothing to decide
        pot = state.pot + 1
        active = list(state.active)
        last = state.last_drop
        for index, other in enumerate(rivals):
            if pattern >> index & 1:
                pot, active[other], last = 0, False, other
            else:
                pot += 1
        found.append(
            state.model_copy(update={"pot": pot, "active": tuple(active), "last_drop": last, "chips": tuple(chips)})
        )
    return found


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
