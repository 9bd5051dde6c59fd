"""What the AI works out from one seat's view (the public board and its own chips), in points:
what a share is still worth, what a sale gains, what each choice of the take-or-sell step gives
its player and hands the other, and what a chip is worth at this stage of the game.

Nothing here reads a state: only a ``MogulSeatView``, so the AI cannot see another seat's chips
or the order of the deck. Card counting is public knowledge (shares are face up, sold and
declined ones go to a face-up pile): the unseen cards are the deck's, in an unknown order.
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import CARD_LIST, CARDS, COLOUR_INDEX, COLOURS, CRASH_ZONE
from .view import MogulSeatView


@dataclass(frozen=True)
class Weights:
    """The AI's judgement, in numbers (measured with bench/ai_strength.py, not guessed)."""

    sell_option: float = 0.35
    """Weight of the chance to sell a held share later, per share of its colour on the table."""
    chip_start: float = 0.7
    """What a chip is worth, in points, at the start of the game (what it buys in auctions)."""
    chip_end: float = 0.2
    """What a chip is worth, in points, once no auction is left: a fifth, as floor(chips / 5)
    scores it (MG-END-2)."""
    rival: float = 0.5
    """How much a rival's gain counts against ours (1 / (players - 1) is "beat the average")."""
    factors: tuple[float, ...] = (0.75, 1.0, 1.3)
    """The scenarios of the rivals' bids the auction is played out under (``bidding``)."""
    bid_margin: float = 1.0
    """A rival pays at pot p while p + bid_margin is at most its bid (the chip it would pay)."""
    loan_dislike: float = 0.5
    """What a loan costs beyond its price (MG-LOAN-1): the point it loses is certain, the worth of
    the two chips it gets only an estimate. Measured: a third fewer loans, as strong."""


NORMAL = Weights()
"""The normal AI's judgement."""
FULL_GAME = 25.0
"""About how many shares a game reveals: the stage of the game is the share of them still to come."""


class Outlook:
    """One seat's reading of the board: colour counts, unseen cards, values in points."""

    def __init__(self, view: MogulSeatView, weights: Weights = NORMAL) -> None:
        self.view = view
        self.weights = weights
        self.me = view.seat
        self.players = view.players
        self.owned = [list(player.shares) for player in view.table]
        known = {card for player in view.table for card in player.cards}
        known.update(view.discard, view.pick_pile)
        if view.revealed in CARDS:
            known.add(view.revealed)
        self.unseen = [card for card in CARD_LIST if card.id not in known]
        """The shares nobody has seen yet: the deck's (Crash aside), in an unknown order."""
        # tests/support/strategies/mogul_previous.py counts the same way: it is the old AI, frozen as
        # it shipped (a yardstick), so it keeps its own copy of what this counts.
        self.unseen_centre = [0] * len(COLOURS)
        self.unseen_border = [0] * len(COLOURS)
        for card in self.unseen:
            self.unseen_centre[COLOUR_INDEX[card.centre]] += 1
            self.unseen_border[COLOUR_INDEX[card.border]] += 1
        deck = view.deck_size
        if view.phase == "pick":  # the unpicked cards and Crash are still to join the deck
            deck += len(view.pick_pile) - len(view.pick_order) + 1
        shares_left = max(deck - 1, 0)
        # Crash lies uniformly among the last five cards (MG-SETUP-5): about two shares stay under it.
        self.reveals = max(deck - 1 - (CRASH_ZONE - 1) / 2, 0.0) if deck >= CRASH_ZONE else (deck - 1) / 2
        self.fraction = self.reveals / shares_left if shares_left else 0.0
        self.total = [sum(row[c] for row in self.owned) for c in range(len(COLOURS))]
        self.stage = min(1.0, self.reveals / FULL_GAME)
        self.chip = weights.chip_end + (weights.chip_start - weights.chip_end) * self.stage
        self._hold: dict[tuple[int, int], float] = {}

    # -- shares -------------------------------------------------------------------------------------
    def dividends_left(self, colour: int) -> float:
        """Expected dividends one share of ``colour`` still earns (MG-DIV-1)."""
        return self.unseen_centre[colour] * self.fraction

    def sale_chance(self, colour: int) -> float:
        """The chance that a round selling ``colour`` comes while this seat wins or is runner-up."""
        rounds = self.unseen_border[colour] * self.fraction
        return 1.0 - float((1.0 - 2.0 / self.players) ** rounds)

    def hold(self, colour: int, extra: int = 0) -> float:
        """What keeping one share of ``colour`` is worth: its dividends, plus the chance to sell it
        later at a value that grows with the shares of its colour (``extra`` about to join them)."""
        key = (colour, extra)
        found = self._hold.get(key)
        if found is None:
            later = self.weights.sell_option * self.sale_chance(colour) * (self.total[colour] + extra)
            found = self.dividends_left(colour) + later
            self._hold[key] = found
        return found

    def centre(self) -> int:
        """The revealed card's centre colour."""
        assert self.view.revealed is not None
        return COLOUR_INDEX[CARDS[self.view.revealed].centre]

    def border(self) -> int:
        """X, the revealed card's border colour: what may be sold this round (MG-ACT-1)."""
        assert self.view.revealed is not None
        return COLOUR_INDEX[CARDS[self.view.revealed].border]

    def take_value(self) -> float:
        """What taking the revealed share is worth to its taker (MG-ACT-3)."""
        return self.hold(self.centre(), extra=1)

    def sellable(self, seat: int) -> int:
        """m: the shares of the border colour ``seat`` could sell this round."""
        return self.owned[seat][self.border()]

    def sale(self, seat: int) -> float:
        """What selling all its X shares gains ``seat`` over keeping them (k × n minus their hold
        value; a sale is linear in k, so all or none is best); 0 when it would lose."""
        m = self.sellable(seat)
        gain = m * (self.view.sale_value - self.hold(self.border()))
        return gain if m and gain > 0 else 0.0

    def prize_to_come(self) -> float:
        """What winning the next auction is worth to this seat, before its share is revealed: the
        mean, over the shares still unseen, of the better of taking it and selling all its border
        shares (at the sale value the board gives that border now, MG-ACT-1)."""
        if not self.unseen:
            return 0.0
        mine = self.owned[self.me]
        total = 0.0
        for card in self.unseen:
            border = COLOUR_INDEX[card.border]
            sale = mine[border] * (self.total[border] - self.hold(border))
            total += max(self.hold(COLOUR_INDEX[card.centre], extra=1), sale)
        return total / len(self.unseen)

    # -- the take-or-sell step ----------------------------------------------------------------------
    def winner_options(self, seat: int, runner: int | None) -> list[tuple[str, float, float]]:
        """The winner's choices (MG-ACT-2..5) as (choice, its gain, the runner-up's gain then):
        TAKE lets the runner-up sell; SELL (all X shares, or none to block) lets it take the share."""
        take = self.take_value()
        rival_sale = self.sale(runner) if runner is not None else 0.0
        options = [("take", take, rival_sale), ("block", 0.0, take)]
        gain = self.sale(seat)
        if gain > 0:
            options.append(("sell", gain, take))
        return options

    def winner_choice(self, seat: int, runner: int | None) -> tuple[str, float, float]:
        """The winner's best choice, weighing the runner-up's gain against its own."""
        rival = self.weights.rival
        return max(self.winner_options(seat, runner), key=lambda option: option[1] - rival * option[2])
