"""The automatic steps of a round (spec §3): the shuffle before round 1, the reveal, the dividends,
and the end of a round."""

from __future__ import annotations

import random

from . import auction, scoring
from .data import CARDS, CRASH, CRASH_ZONE, centre_count, colour_key, share_terms
from .fields import MogulFields
from .shares import sale_value


def shuffle_with_crash(deck: list[str], rng: random.Random) -> tuple[str, ...]:
    """MG-SETUP-5: shuffle, then put Crash at a uniformly random place among the bottom five."""
    rng.shuffle(deck)
    deck.insert(len(deck) - (CRASH_ZONE - 1) + rng.randrange(CRASH_ZONE), CRASH)
    return tuple(deck)


def finish_picks(w: MogulFields) -> None:
    """quick_start step 4, then MG-SETUP-5: unpicked cards rejoin the deck, shuffled with Crash."""
    assert w.rng is not None
    w.deck = shuffle_with_crash([*w.deck, *w.pick_pile], w.rng)
    w.pick_pile = ()
    w.event("mogul.event.picks_done")
    w.phase = "reveal"


def reveal(w: MogulFields) -> None:
    """Steps 1-3 of a round: reveal, dividends, open the auction; or end the game on Crash."""
    card_id = w.deck[0]
    w.deck = w.deck[1:]
    w.revealed = card_id
    if card_id == CRASH:
        scoring.end_game(w)  # MG-END-1
        return
    w.round += 1
    card = CARDS[card_id]
    # MG-ACT-1: n only changes when shares change hands, which happens after the auction, so
    # the value computed now is the value "fixed when the action step starts".
    w.sale_value = sale_value(w.shares, card.border)
    w.event(
        # n = 0: nobody can sell this round, and the sentence says so instead of "sell at 0".
        "mogul.event.reveal" if w.sale_value else "mogul.event.reveal_unsold",
        params={"round": w.round, "card": card_id, "n": w.sale_value},
        terms={**share_terms(card.border), "centre": colour_key(card.centre), "border": colour_key(card.border)},
    )
    pay_dividends(w, card.centre)
    auction.open_auction(w)


def pay_dividends(w: MogulFields, colour: str) -> None:
    """MG-DIV-1/2: +1 per owned share of the revealed centre; the revealed card is nobody's yet."""
    dividends = tuple(centre_count(owned, colour) for owned in w.shares)
    w.dividends = dividends
    w.scores = tuple(score + points for score, points in zip(w.scores, dividends, strict=True))
    for seat, points in enumerate(dividends):
        if points:
            w.event("mogul.event.dividend", params={"points": points}, seats={"player": seat})
    if not any(dividends):
        w.event("mogul.event.no_dividend", terms=share_terms(colour))


def end_round(w: MogulFields) -> None:
    """The action step is over: clear it; the next round is led by the first player as it stands."""
    w.revealed = None
    w.taker = None
    w.winner = None
    w.last_drop = None
    w.phase = "reveal"
