"""Mogul's rules as the engine contract asks for them: options, setup, who acts, legal actions,
apply (spec §2-§5). The outcome is ``scoring.outcome``.

``apply`` copies the state into a ``MogulWork`` (work.py), plays the chosen action, then lets ``settle()``
run every automatic step (reveal, dividends, end of an auction, Crash) and play every decision
with one choice (a forced drop, SELL 0 with nothing to sell, the last pick), so the returned state
always waits on a real choice or is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Event, IllegalAction, OptionSpec, Seat

from . import rounds, shares
from .actions import DECLINE, DROP, SELLS, MogulAction
from .data import (
    CARD_LIST,
    CARDS,
    COLOURS,
    LOAN_CHIPS,
    MAX_PLAYERS,
    MAX_QUICK_START_PLAYERS,
    MIN_PLAYERS,
    START_CHIPS,
    START_IDS,
    bank_for,
    share_terms,
)
from .state import MogulState, QuickStart
from .work import MogulWork, choices

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(name="loan_cost", choices=("1", "2"), default="1"),
    OptionSpec(name="quick_start", choices=("off", "deal", "pick"), default="off"),
)
"""§5: points lost per loan; the quick_start variant."""

_TO_ACT: tuple[frozenset[Seat], ...] = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""The one seat that decides, per seat (shared, immutable)."""


def check_options(players: int, options: dict[str, str]) -> None:
    """§5: quick_start is for 3-5 players; a table of six with it is refused at start."""
    if options["quick_start"] != "off" and players > MAX_QUICK_START_PLAYERS:
        raise IllegalAction("mogul.error.quick_start_six")


def setup(players: int, options: dict[str, str], rng: random.Random) -> tuple[MogulState, list[Event]]:
    """MG-SETUP-1..5: chips and bank, start shares, first player, quick_start, deck and Crash;
    then round 1 is revealed (or the first quick_start pick is asked)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction("mogul.error.players")
    quick: QuickStart = "pick" if options["quick_start"] == "pick" else "off"
    if options["quick_start"] == "deal":
        quick = "deal"
    starts = list(START_IDS)
    rng.shuffle(starts)  # MG-SETUP-2
    owned = [[starts[seat]] for seat in range(players)]
    deck = [card.id for card in CARD_LIST if not card.start] + starts[players:]
    first = rng.randrange(players)  # MG-SETUP-3
    pile: list[str] = []
    if quick != "off":  # MG-SETUP-4, quick_start step 1
        for colour in COLOURS:
            card_id = rng.choice(sorted(c for c in deck if CARDS[c].centre == colour))
            deck.remove(card_id)
            pile.append(card_id)
    if quick == "deal":  # quick_start step 2
        rng.shuffle(pile)
        for seat in range(players):
            owned[seat].append(pile[seat])
        deck.extend(pile[players:])
        pile = []
    deck.sort()
    # quick_start step 3: counter-clockwise, F picks last: F-1, F-2, ..., F. The deck is shuffled
    # once the picks are done (rounds.finish_picks); otherwise now (MG-SETUP-5).
    order = tuple((first - step) % players for step in range(1, players + 1)) if quick == "pick" else ()
    state = MogulState(
        players=players,
        loan_cost=int(options["loan_cost"]),
        quick_start=quick,
        phase="pick" if order else "reveal",
        turn=order[0] if order else first,
        round=0,
        first=first,
        chips=(START_CHIPS,) * players,
        scores=(0,) * players,
        shares=tuple(tuple(cards) for cards in owned),
        loans=(0,) * players,
        bank=bank_for(players),
        pot=0,
        deck=tuple(deck) if order else rounds.shuffle_with_crash(deck, rng),
        discard=(),
        active=(False,) * players,
        loaned=(False,) * players,
        pick_pile=tuple(pile),
        pick_order=order,
    )
    work = MogulWork(state, rng)
    # MG-SETUP-2/3 and quick_start deal, said in public before round 1 (§6: shares are face up).
    work.event("mogul.event.start", params={"chips": START_CHIPS}, seats={"player": first})
    if quick == "deal":
        for seat in range(players):
            card = owned[seat][1]
            work.event(
                "mogul.event.deal", params={"card": card}, terms=share_terms(CARDS[card].centre), seats={"player": seat}
            )
    work.settle()
    return work.freeze(), work.events


def to_act(state: MogulState) -> frozenset[Seat]:
    """The one seat that decides now; empty exactly when the game is over."""
    return frozenset() if state.phase == "over" else _TO_ACT[state.turn]


def legal_actions(state: MogulState, seat: Seat) -> Sequence[MogulAction]:
    """DP-Q / DP-A / DP-W / DP-R choices of ``seat`` in board order; none if it is not its turn."""
    if state.phase == "over" or seat != state.turn:
        return ()
    return choices(state, seat)


def refusal(state: MogulState, seat: Seat, action: MogulAction) -> IllegalAction | None:
    """Why ``action`` is refused to ``seat`` now, in words that player can act on; None if legal."""
    if state.phase == "over":
        return IllegalAction("mogul.error.game_over")
    if seat != state.turn:
        return IllegalAction("mogul.error.not_your_turn")
    kind = action.kind
    phase = state.phase
    if phase == "auction" and kind in ("pay", "drop", "loan"):
        if kind == "pay" and state.chips[seat] < 1:
            return IllegalAction("mogul.error.no_chips")  # MG-AUC-3 (the buttons do not tell)
        if kind == "loan" and state.loaned[seat]:
            return IllegalAction("mogul.error.loan_taken")  # MG-LOAN-2
        if kind == "loan" and state.bank < LOAN_CHIPS:
            return IllegalAction("mogul.error.bank_low")  # MG-LOAN-2
        return None
    if phase in ("winner", "runner_sell") and kind == "sell":
        owned = shares.sellable(state, seat)
        if action.count <= owned:
            return None
        if owned == 0:
            return IllegalAction("mogul.error.nothing_to_sell")  # MG-ACT-2
        return IllegalAction("mogul.error.too_many_shares", k=action.count, m=owned)
    if (phase, kind) in (("winner", "take"), ("runner_take", "take"), ("runner_take", "decline")):
        return None
    if phase == "pick" and kind == "pick":
        return None if action.card in state.pick_pile else IllegalAction("mogul.error.not_in_pile", card=action.card)
    # A move of another step: say what this step is about (DP-A, DP-W, DP-R, DP-Q).
    return IllegalAction(f"mogul.error.step.{phase}")


def apply(state: MogulState, seat: Seat, action: MogulAction, rng: random.Random) -> tuple[MogulState, list[Event]]:
    """Play ``action`` for ``seat`` and every automatic step after it; raise IllegalAction if refused."""
    if not isinstance(action, MogulAction):
        raise IllegalAction("error.illegal_action")
    refused = refusal(state, seat, action)
    if refused is not None:
        raise refused
    work = MogulWork(state, rng)
    work.play(seat, action)
    work.settle()
    return work.freeze(), work.events


def skip(state: MogulState, seat: Seat) -> MogulAction | None:
    """The pass a seat whose time ran out makes where the rules have one: drop out of the auction
    (MG-AUC-2), sell nothing as runner-up (MG-ACT-4), decline the share (MG-ACT-5)."""
    if seat != state.turn:
        return None
    return {"auction": DROP, "runner_sell": SELLS[0], "runner_take": DECLINE}.get(state.phase)
