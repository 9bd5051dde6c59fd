"""How the AI bids (MG-AUC, MG-LOAN): it plays the rest of the auction forward in its head and
picks the pot at which to drop out (or to stay in to the end) that leaves it best placed.

The rivals are modelled as players who stay in while what winning is worth to them (the share,
or their whole sale) beats the pot and the chip they would pay. Nobody knows a rival's mind, so
the auction is played out under a few scenarios, each rival's bid scaled by one factor,
and never below what the rival has already shown (a rival that just paid at pot p values the
prize at p + 1 at least). Their chips are unknown: the model lets them pay on.

A plan is "pay while the pot is below q, then drop out" (a standing order's pot limit, MG-ORD),
with or without a loan once the chips run out. For each scenario the AI follows the path on which
it pays on, and at each of its turns values dropping out there: the pot it takes, the chips it
paid, who then wins and who is runner-up (the rivals finish the auction without it), the
take-or-sell step that follows (``Outlook``). The plan of best mean value wins.

After a loan the AI never pays its last chip: paying it and being forced out at the next turn
(MG-AUC-3) is what a player calls a wasted loan, so the path ends there with a drop. Everything is
read from the seat's view.
"""

from __future__ import annotations

from collections.abc import Callable

from .data import LOAN_CHIPS
from .outlook import Outlook

MAX_STEPS = 600
"""A bound on one played-out auction (it always ends well before: rivals' bids are finite)."""

Table = tuple[list[tuple[int, float]], float]
"""One scenario's path: (pot at the AI's turn, value of dropping out there) for each of its turns,
and the value of the path's end (a win; or, out of chips, the last of those drops)."""


class Bidding:
    """The auction as the AI sees it on its turn, and the value of each plan."""

    def __init__(self, look: Outlook) -> None:
        view = look.view
        self.look = look
        self.weights = look.weights
        self.margin = look.weights.bid_margin
        self.rival = look.weights.rival
        self.me = view.seat
        self.players = view.players
        self.active = [player.in_auction for player in view.table]
        self.factors = look.weights.factors
        self.prizes = [self.rival_prize(seat) for seat in range(self.players)]
        self.shown = self._shown()
        self._values: dict[tuple[int, int | None], float] = {}
        self._finish: dict[tuple[tuple[bool, ...], int, float], tuple[int, int | None]] = {}

    def rival_prize(self, seat: int) -> float:
        """What winning is worth to ``seat`` as a plain bidder sees it: the share, or its whole
        sale at n (not net of what the sold shares would still earn)."""
        look = self.look
        return max(look.take_value(), look.sellable(seat) * look.view.sale_value)

    def _shown(self) -> list[float]:
        """The least bid each rival still in has shown: the players before the AI in turn order
        paid the last chips of the pot (the one just before it at pot - 1, and so on)."""
        shown = [0.0] * self.players
        pot = self.look.view.pot
        seat = self.me
        for paid_at in range(pot - 1, -1, -1):
            seat = self._previous(seat)
            if seat == self.me:
                break
            shown[seat] = max(shown[seat], paid_at + self.margin)
        return shown

    def _previous(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            other = (seat - step) % self.players
            if self.active[other]:
                return other
        return seat

    @staticmethod
    def _next(active: list[bool], seat: int, players: int) -> int:
        for step in range(1, players + 1):
            other = (seat + step) % players
            if active[other]:
                return other
        return seat

    def bids(self, factor: float) -> list[float]:
        """Each rival's bid in the scenario ``factor``."""
        # A rival that has already paid beyond what the model gave it values the prize more than
        # the model says: the scenario scales what it has shown, as it scales the model's prize.
        pairs = zip(self.prizes, self.shown, strict=True)
        return [max(factor * prize, shown, factor * shown) for prize, shown in pairs]

    # -- playing the rest of the auction out ----------------------------------------------------------
    def _rivals_finish(self, active: list[bool], seat: int, bids: list[float], factor: float) -> tuple[int, int | None]:
        """With the AI out, the rivals play on from ``seat``'s turn with an empty pot: (winner,
        runner-up). The AI just dropped out, so it is the runner-up if nobody drops after it."""
        key = (tuple(active), seat, factor)
        found = self._finish.get(key)
        if found is not None:
            return found
        players = self.players
        active = list(active)
        count = sum(active)
        pot = 0
        last: int | None = self.me
        for _ in range(MAX_STEPS):
            if count == 1:
                found = (active.index(True), last)
                self._finish[key] = found
                return found
            # A rival's turn; ``path`` writes the same lines out again (see why there).
            if pot + self.margin <= bids[seat]:
                pot += 1
            else:
                pot = 0
                active[seat] = False
                count -= 1
                last = seat
            seat = self._next(active, seat, players)
        raise AssertionError("an auction that does not end")

    def outcome(self, winner: int, runner: int | None) -> float:
        """The take-or-sell step that follows, valued for the AI (its gain less ``rival`` times the
        gains it hands the others); the winner chooses as ``Outlook.winner_choice`` predicts."""
        key = (winner, runner)
        found = self._values.get(key)
        if found is not None:
            return found
        _, own, other = self.look.winner_choice(winner, runner)
        if winner == self.me:
            found = own - self.rival * other
        elif runner == self.me:
            found = other - self.rival * own
        else:
            found = -self.rival * (own + other)
        self._values[key] = found
        return found

    def chips_worth(self) -> Callable[[int, int], float]:
        """What chips the AI gains in this auction are worth: ``won`` from its rivals (a chip won
        is also a chip a rival lost, so it counts ``rival`` again), ``lent`` by the bank."""
        chip = self.look.chip
        against = chip * self.rival
        return lambda won, lent: chip * (won + lent) + against * won

    def path(self, factor: float, borrow: bool) -> Table:
        """The path on which the AI pays on (borrowing once its chips run out, if ``borrow``), in
        the scenario ``factor``: the value of dropping out at each of its turns, and of the end."""
        look = self.look
        view = look.view
        bids = self.bids(factor)
        loan = -view.loan_cost - self.weights.loan_dislike
        worth = self.chips_worth()
        borrowed_before = view.table[self.me].loaned_now
        active = list(self.active)
        count = sum(active)
        pot = view.pot
        last = view.last_drop
        chips = view.chips
        pays = 0
        borrowed = False
        seat = self.me
        drops: list[tuple[int, float]] = []
        for _ in range(MAX_STEPS):
            if count == 1:  # every rival dropped out: the AI wins, having paid ``pays``
                gained = LOAN_CHIPS if borrowed else 0
                end = worth(-pays, gained) + self.outcome(self.me, last) + (loan if borrowed else 0.0)
                return drops, end
            if seat == self.me:
                rest = list(active)
                rest[self.me] = False
                winner, runner = self._rivals_finish(rest, self._next(rest, seat, self.players), bids, factor)
                gained = LOAN_CHIPS if borrowed else 0
                here = worth(pot - pays, gained) + self.outcome(winner, runner) + (loan if borrowed else 0.0)
                drops.append((pot, here))
                if chips == 0 and borrow and not borrowed:
                    borrowed = True  # the plan borrows here rather than drop out
                    chips += LOAN_CHIPS
                elif chips == 0 or (chips == 1 and (borrowed or borrowed_before)):
                    # Out of chips, or down to the last one after a loan: the path ends with this
                    # drop. After a loan the AI keeps its last chip: paying it and being forced
                    # out next turn is the blunder a player would see (the loan bought nothing).
                    return drops, here
                chips -= 1
                pays += 1
                pot += 1
            # A rival's turn, as in ``_rivals_finish``: written out in both loops rather than called,
            # since these loops run for every plan and scenario of every auction decision the AI makes.
            elif pot + self.margin <= bids[seat]:
                pot += 1
            else:
                pot = 0
                active[seat] = False
                count -= 1
                last = seat
            seat = self._next(active, seat, self.players)
        raise AssertionError("an auction that does not end")

    def best(self) -> tuple[int | None, bool]:
        """The best plan: (q, borrow), q None for "stay in to the end". Between plans of equal
        value, the one that drops out sooner and does not borrow."""
        view = self.look.view
        # A loan only changes the plans that outlast the chips in hand: with more than a few, none
        # is worth playing out (the pot would be far beyond any prize).
        can_borrow = not view.table[self.me].loaned_now and view.bank >= LOAN_CHIPS and view.chips <= 4
        options = (False, True) if can_borrow else (False,)
        best: tuple[float, int | None, bool] | None = None
        for borrow in options:
            tables = [self.path(factor, borrow) for factor in self.factors]
            candidates = sorted({pot for drops, _ in tables for pot, _ in drops})
            for q in [*candidates, None]:
                total = 0.0
                for drops, end in tables:
                    total += next((value for pot, value in drops if q is not None and pot >= q), end)
                mean = round(total / len(tables), 9)
                if best is None or mean > best[0]:
                    best = (mean, q, borrow)
        assert best is not None
        return best[1], best[2]
