"""The Mogul AI as it shipped before the standing orders and the levels (rules/mogul/ai.py at
commit 77e98d1), frozen as a strategy so that bench/ai_strength.py can put the new AI against it.

Copied as it was, only its imports made absolute; do not improve it: it is the yardstick. (Its
comments cite bench/mogul_ai.py, the comparison it was tuned with, since replaced by
bench/ai_strength.py and this library.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

# Frozen: its lines repeat rules/mogul/outlook.py's and the scripted players' counting on purpose
# (the module's docstring says why).
from rules.engine import Seat
from rules.mogul.actions import DROP, LOAN, PAY, SELLS, TAKE, MogulAction
from rules.mogul.data import CARD_LIST, CARDS, CHIPS_PER_POINT, COLOUR_INDEX, COLOURS, CRASH_ZONE
from rules.mogul.rules import legal_actions
from rules.mogul.state import MogulState
from rules.mogul.view import MogulSeatView, build_view

POT_WEIGHT = 0.7 / 3
"""What dropping out is worth, per chip of the pot and per player at the table (0.7 a chip at a
table of three): with more players the pot grows faster, so each chip of it was cheaper."""
RIVAL_WEIGHT = 0.5
"""How much a rival's gain counts against ours (one rival among several)."""
SELL_OPTION = 0.7
"""Weight of the chance to sell a held share later, at a value that grows with its colour. Selling
at n = 4 in mid-game loses on average to keeping the share (bench/mogul_ai.py's rollouts); late
in the game this term fades and the AI sells."""
LOAN_MARGIN = 3.0
"""How much more than a loan's cost (in points) a prize must beat the pot by before the AI
borrows: two chips are worth less than the point a loan costs (MG-LOAN-1)."""
END_BONUS = 1.0
"""Near the end, a pot that lifts the chips to the next multiple of five is worth a point more."""


class Outlook:
    """What the seat can work out from its view: colour counts, unseen cards, reveals left."""

    def __init__(self, view: MogulSeatView) -> None:
        self.view = view
        self.owned = [list(player.shares) for player in view.table]
        known = {card for player in view.table for card in player.cards}
        known.update(view.discard, view.pick_pile)
        if view.revealed in CARDS:
            known.add(view.revealed)
        self.unseen_centre = [0] * len(COLOURS)
        self.unseen_border = [0] * len(COLOURS)
        for card in CARD_LIST:
            if card.id not in known:
                self.unseen_centre[COLOUR_INDEX[card.centre]] += 1
                self.unseen_border[COLOUR_INDEX[card.border]] += 1
        deck = view.deck_size
        if view.phase == "pick":  # the unpicked cards and Crash are still to join the deck
            deck += len(view.pick_pile) - len(view.pick_order) + 1
        shares_left = max(deck - 1, 0)
        # Crash lies uniformly among the last five cards (MG-SETUP-5): about two of them go unseen.
        self.reveals = max(deck - 1 - (CRASH_ZONE - 1) / 2, 0.0) if deck >= CRASH_ZONE else (deck - 1) / 2
        self.fraction = self.reveals / shares_left if shares_left else 0.0
        self.total = [sum(row[c] for row in self.owned) for c in range(len(COLOURS))]

    def dividends_left(self, colour: int) -> float:
        """Expected future dividends of one share of ``colour`` (MG-DIV-1)."""
        return self.unseen_centre[colour] * self.fraction

    def hold_value(self, colour: int, extra: int = 0) -> float:
        """Keeping one share of ``colour``: its dividends, plus a small chance to sell it later
        (at a value that grows with the ``extra`` shares about to join the colour)."""
        later_sales = min(self.unseen_border[colour] * self.fraction, 2.0)
        return self.dividends_left(colour) + SELL_OPTION * later_sales * (self.total[colour] + extra) / 3

    def take_value(self) -> float:
        """What taking the revealed share is worth to its taker (MG-ACT-3)."""
        return self.hold_value(self.centre(), extra=1)

    def centre(self) -> int:
        """The revealed card's centre colour."""
        assert self.view.revealed is not None
        return COLOUR_INDEX[CARDS[self.view.revealed].centre]

    def border(self) -> int:
        """X, the revealed card's border colour: what may be sold this round (MG-ACT-1)."""
        assert self.view.revealed is not None
        return COLOUR_INDEX[CARDS[self.view.revealed].border]

    def best_sale(self, seat: Seat) -> tuple[int, float]:
        """The best k for ``seat`` and its gain: a sale is linear, so all of its X shares or none."""
        colour = self.border()
        m = self.owned[seat][colour]
        gain = m * (self.view.sale_value - self.hold_value(colour))
        return (m, gain) if m and gain > 0 else (0, 0.0)

    def winner_choice(self, seat: Seat, runner: Seat | None) -> tuple[MogulAction, float]:
        """The winner's best action and its value, net of what it hands the runner-up (MG-ACT-4/5)."""
        take = self.take_value()
        rival_sale = self.best_sale(runner)[1] if runner is not None else 0.0
        k, gain = self.best_sale(seat)
        take_option = (take - RIVAL_WEIGHT * rival_sale, TAKE)
        sell_option = (gain - RIVAL_WEIGHT * take, SELLS[k])
        value, action = max(take_option, sell_option, key=lambda option: option[0])
        return action, value


def choose(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """The AI's choice among the seat's legal actions, from the seat's view only."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = build_view(state, seat)
    assert isinstance(view, MogulSeatView)
    look = Outlook(view)
    if view.phase == "pick":
        return max(legal, key=lambda a: look.hold_value(COLOUR_INDEX[CARDS[a.card].centre], extra=1))
    if view.phase == "runner_take":
        return TAKE  # MG-ACT-5: a share is never worth less than nothing
    if view.phase == "runner_sell":
        return SELLS[look.best_sale(seat)[0]]
    if view.phase == "winner":
        return look.winner_choice(seat, view.last_drop)[0]
    return _auction(view, seat, legal, look)


def _auction(view: MogulSeatView, seat: Seat, legal: Sequence[MogulAction], look: Outlook) -> MogulAction:
    """Stay in while the pot is worth less than winning; borrow only for a prize well above the loan."""
    _, prize = look.winner_choice(seat, None)
    chips = view.chips
    pot_value = view.pot * POT_WEIGHT * view.players
    # Near the end, chips only count as floor(chips / 5) (MG-END-2): value the next multiple of five.
    if view.deck_size <= CRASH_ZONE + 1 and (chips + view.pot) // CHIPS_PER_POINT > chips // CHIPS_PER_POINT:
        pot_value += END_BONUS
    if pot_value >= prize:
        return DROP
    if PAY in legal:
        return PAY
    if LOAN in legal and prize - pot_value > view.loan_cost + LOAN_MARGIN:
        return LOAN
    return DROP
