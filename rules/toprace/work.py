"""Top Race turn flow: which decision is open, its choices and why a move does not fit it, the
automatic step that is due, and playing a choice, on the typed working copy (``Work.settle``
loops over pending, advance and play).

The state says what comes next: ``ask`` names the open decision ("none": an automatic step is
due); during the race ``card`` is the card being resolved (0 once it is done, until the turn
passes) and ``tip_queue`` the TIP rounds still to hold after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.engine import IllegalAction, Seat
from rules.toprace import auction, betting, movement, scoring
from rules.toprace.actions import Action
from rules.toprace.data import NCARS
from rules.toprace.fields import Readable, TopRaceFields
from rules.toprace.state import Ask, TopRaceState

CHOICES: dict[Ask, Callable[[Readable], list[Action]]] = {
    "bid": auction.bid_choices,
    "amount": auction.amount_choices,
    "grid": auction.grid_choices,
    "play": movement.play_choices,
    "mode": movement.mode_choices,
    "joker": movement.joker_choices,
    "end": movement.end_choices,
    "bet": betting.bet_choices,
}
"""The choices of each decision point, DP 1 to DP 7, in the order the board labels them."""


def choices(s: Readable) -> list[Action]:
    """The choices of the open decision (the same for every seat still to bet at a TIP round)."""
    found = CHOICES.get(s.ask)
    return [] if found is None else found(s)


STEP_KINDS: dict[Ask, frozenset[str]] = {
    "bid": frozenset(("pass", "bid", "block")),
    "amount": frozenset(("bid", "block", "pass")),
    "grid": frozenset(("grid",)),
    "play": frozenset(("play",)),
    "mode": frozenset(("turbo", "panne")),
    "joker": frozenset(("joker",)),
    "end": frozenset(("end",)),
    "bet": frozenset(("bet",)),
}
"""The kinds of move each decision point is about (any other kind does not fit the step)."""

REFUSALS: dict[Ask, Callable[[Readable, Action], IllegalAction]] = {
    "bid": auction.bid_refusal,
    "amount": auction.bid_refusal,
    "grid": auction.grid_refusal,
    "play": movement.play_refusal,
    "joker": movement.joker_refusal,
    "end": movement.end_refusal,
    "bet": betting.bet_refusal,
}
"""Why a move of the right kind is refused, for each decision point."""


def refusal(s: Readable, action: Action) -> IllegalAction:
    """Why ``action`` is not among the choices of the open decision, in words for the player."""
    why = REFUSALS.get(s.ask)
    if why is None or action.kind not in STEP_KINDS[s.ask]:
        return IllegalAction(f"toprace.error.step.{s.ask}")  # DP 4 refuses only other kinds of move
    return why(s, action)


class TopRaceWork(TopRaceFields, state=TopRaceState):
    """A Top Race state being changed by one move: the steps of the race, in turn."""

    def pending(self) -> tuple[Seat, Sequence[Action]] | None:
        """The seat deciding and its choices; None at a TIP round (all seats at once), when an
        automatic step is due, or when the game is over."""
        if self.ask in ("none", "bet") or self.phase == "over":
            return None
        return self.turn, choices(self)

    def advance(self) -> bool:
        """Run the automatic step that is due (TR-MOVE-8 order); False at a TIP round or game over."""
        if self.phase == "over" or self.ask != "none":
            return False
        if self.phase == "auction":
            auction.reveal(self)
        elif len(self.finish) == NCARS:
            self._race_over(by_cards=False)  # TR-END-2: at once, even mid-card
        elif self.card:
            movement.resolve(self)
        elif self.tip_queue:
            betting.open_round(self)  # TR-TIP-2: after the whole card
        else:
            scoring.skip_finished_owners(self)  # TR-END-1
            if any(self.hands):
                movement.next_turn(self)
            else:
                self._race_over(by_cards=True)  # TR-END-2: no card left
        return True

    def play(self, seat: Seat, action: Action, *, forced: bool = False) -> None:
        """Play one chosen (or, if ``forced``, only possible) action of ``seat``."""
        kind = action.kind
        if kind == "pass":
            auction.pass_(self, seat, forced)
        elif kind == "bid":
            auction.bid(self, seat, action.n)
        elif kind == "block":
            auction.choose_block(self, action.n)
        elif kind == "grid":
            auction.place(self, seat, action.n, forced)
        elif kind == "play":
            movement.play_card(self, seat, action.n, forced)
        elif kind in ("turbo", "panne"):
            movement.choose_mode(self, panne=kind == "panne")
        elif kind == "joker":
            movement.joker(self, action.n)
        elif kind == "end":
            movement.end_move(self, action.n)
        else:
            betting.bet(self, seat, action.n)

    def _race_over(self, by_cards: bool) -> None:
        """TR-END-4, TR-GP: score the race, then the next race (money carries over) or the end."""
        scoring.end_race(self, by_cards)
        if self.race >= self.races:
            scoring.game_over(self)
        else:
            self.race += 1
            auction.new_race(self)
