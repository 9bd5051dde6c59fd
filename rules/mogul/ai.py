"""A heuristic Mogul player (bench/mogul_ai.py measures it).

The AI uses only what its seat may know: the public board and its own chips. It values a share
by the dividends it should still pay (its centre colour among the unseen cards, times the share of
the deck expected before Crash) plus a small option value for selling it later; it values a chip
at a fraction of a point. It stays in an auction while the pot is worth less than winning, sells
when n beats what the shares would still earn, and borrows only when the prize is worth the loan.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat

from .actions import DECLINE, DROP, LOAN, PAY, SELLS, TAKE, MogulAction
from .data import CARD_LIST, CARDS, CHIPS_PER_POINT, COLOUR_INDEX, COLOURS, CRASH, CRASH_ZONE
from .rules import legal_actions
from .state import MogulState

CHIP_VALUE = 0.3
"""What a chip is worth in points while the game goes on (1/5 at the end, plus bidding power)."""
RIVAL_WEIGHT = 0.5
"""How much a rival's gain counts against ours when choosing between TAKE and SELL."""
SELL_OPTION = 0.35
"""Weight of the chance to sell a held share later (per expected future border card)."""


class _Outlook:
    """Public facts the heuristics need: colour counts, unseen cards, expected reveals left."""

    def __init__(self, state: MogulState) -> None:
        self.state = state
        self.owned = [[0] * len(COLOURS) for _ in range(state.players)]
        known: set[str] = set(state.discard) | set(state.pick_pile)
        for seat, cards in enumerate(state.shares):
            known.update(cards)
            for card_id in cards:
                self.owned[seat][COLOUR_INDEX[CARDS[card_id].centre]] += 1
        if state.revealed and state.revealed != CRASH:
            known.add(state.revealed)
        self.unseen_centre = [0] * len(COLOURS)
        self.unseen_border = [0] * len(COLOURS)
        for card in CARD_LIST:
            if card.id not in known:
                self.unseen_centre[COLOUR_INDEX[card.centre]] += 1
                self.unseen_border[COLOUR_INDEX[card.border]] += 1
        deck = len(state.deck)
        shares_left = max(deck - 1, 0)
        # Crash lies uniformly among the last five cards (MG-SETUP-5).
        reveals = deck - 1 - (CRASH_ZONE - 1) / 2 if deck >= CRASH_ZONE else (deck - 1) / 2
        self.fraction = reveals / shares_left if shares_left else 0.0
        self.total = [sum(row[c] for row in self.owned) for c in range(len(COLOURS))]

    def dividends_left(self, colour: int) -> float:
        """Expected future dividends of one share of ``colour``."""
        return self.unseen_centre[colour] * self.fraction

    def hold_value(self, colour: int) -> float:
        """What keeping one share of ``colour`` is worth: dividends plus a chance to sell it."""
        future_sales = self.unseen_border[colour] * self.fraction
        return self.dividends_left(colour) + SELL_OPTION * min(future_sales, 2.0) * self.total[colour] / 3

    def take_value(self) -> float:
        """What taking the revealed share is worth to its taker."""
        assert self.state.revealed is not None
        colour = COLOUR_INDEX[CARDS[self.state.revealed].centre]
        return (
            self.dividends_left(colour)
            + SELL_OPTION * min(self.unseen_border[colour] * self.fraction, 2.0) * (self.total[colour] + 1) / 3
        )

    def sell_gain(self, seat: Seat, count: int) -> float:
        """Net gain of selling ``count`` shares of the border colour at the fixed n."""
        assert self.state.revealed is not None
        colour = COLOUR_INDEX[CARDS[self.state.revealed].border]
        return count * (self.state.sale_value - self.hold_value(colour))

    def best_sale(self, seat: Seat) -> tuple[int, float]:
        """The best k for ``seat`` and its gain (selling is linear, so all or nothing)."""
        assert self.state.revealed is not None
        colour = COLOUR_INDEX[CARDS[self.state.revealed].border]
        m = self.owned[seat][colour]
        gain = self.sell_gain(seat, m)
        return (m, gain) if gain > 0 else (0, 0.0)

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
    """The AI's choice among the seat's legal actions now."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    look = _Outlook(state)
    if state.phase == "pick":
        return max(legal, key=lambda a: look.hold_value(COLOUR_INDEX[CARDS[a.card].centre]))
    if state.phase == "runner_take":
        return TAKE if look.take_value() >= 0 else DECLINE
    if state.phase == "runner_sell":
        return SELLS[look.best_sale(seat)[0]]
    if state.phase == "winner":
        return look.winner_choice(seat, state.last_drop)[0]
    return _auction(state, seat, legal, look)


def _auction(state: MogulState, seat: Seat, legal: Sequence[MogulAction], look: _Outlook) -> MogulAction:
    """Stay in while the pot is worth less than winning; borrow only for a prize worth it."""
    _, prize = look.winner_choice(seat, None)
    pot_value = state.pot * CHIP_VALUE
    chips = state.chips[seat]
    # Near the end, chips only count as floor(chips / 5): value the next multiple of five.
    if len(state.deck) <= CRASH_ZONE + 1 and (chips + state.pot) // CHIPS_PER_POINT > chips // CHIPS_PER_POINT:
        pot_value += 1.0
    if pot_value >= prize:
        return DROP
    if PAY in legal:
        return PAY
    # A loan's 2 chips are worth less than the points it costs: only for a clearly better prize.
    if LOAN in legal and prize - pot_value > 2 * state.loan_cost + 1:
        return LOAN
    return DROP
