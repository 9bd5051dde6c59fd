"""Shares changing hands: the sale value, TAKE, SELL k, DECLINE (MG-ACT) and the quick_start pick.

Each step plays one choice on the working copy and says so in the events; which step comes next
is the turn flow's business (``rules.MogulTurn``).
"""

from __future__ import annotations

from rules.engine import Seat, with_item

from .data import CARDS, CRASH, Colour, centre_count, share_terms
from .fields import Fields, MogulFields


def sale_value(shares: tuple[tuple[str, ...], ...], colour: str) -> int:
    """MG-ACT-1: n, the ``colour``-centre shares owned by all players."""
    return sum(centre_count(owned, colour) for owned in shares)


def border(s: Fields) -> Colour:
    """X, the border colour of the card on offer this round: the colour it lets players sell."""
    assert s.revealed is not None and s.revealed != CRASH
    return CARDS[s.revealed].border


def sellable(s: Fields, seat: Seat) -> int:
    """m: the seat's shares whose centre is the card's border colour (the most it may sell)."""
    return centre_count(s.shares[seat], border(s))


def take(w: MogulFields, seat: Seat) -> None:
    """MG-ACT-3 TAKE: the share goes face up to the taker, who becomes first player."""
    card = w.revealed
    assert card is not None and card != CRASH and w.taker is None
    w.own(seat, card)
    w.first = seat
    w.taker = seat
    w.played(seat, "take", detail=card)
    w.event("mogul.event.take", params={"card": card}, terms=share_terms(CARDS[card].centre), seats={"player": seat})


def sell(w: MogulFields, seat: Seat, k: int, *, forced: bool = False) -> None:
    """MG-ACT-2 SELL k: discard k own X-centre shares and score k × n, n fixed at MG-ACT-1.

    ``forced`` is the runner-up's SELL 0 when it owns no X share (MG-ACT-4): said, not asked.
    """
    colour = border(w)
    owned = list(w.shares[seat])
    sold: list[str] = []
    # The most recently gained shares go first (any k of them would do: only the centre counts).
    for index in range(len(owned) - 1, -1, -1):
        if len(sold) == k:
            break
        if CARDS[owned[index]].centre == colour:
            sold.append(owned.pop(index))
    assert len(sold) == k
    w.shares = with_item(w.shares, seat, tuple(owned))
    w.discard = (*w.discard, *reversed(sold))  # MG-ACT-6
    points = k * w.sale_value
    w.score(seat, points)
    w.played(seat, "sell", count=k, detail=colour)
    terms = share_terms(colour)
    who = {"player": seat}
    if k:
        w.event("mogul.event.sell", params={"k": k, "n": w.sale_value, "points": points}, terms=terms, seats=who)
    else:
        w.event("mogul.event.auto_sell_zero" if forced else "mogul.event.sell_zero", terms=terms, seats=who)


def decline(w: MogulFields, seat: Seat) -> None:
    """MG-ACT-5/6: a declined share is discarded; the first player does not change."""
    assert w.revealed is not None
    w.discard = (*w.discard, w.revealed)
    w.played(seat, "decline", detail=w.revealed)
    w.event("mogul.event.decline", params={"card": w.revealed}, seats={"player": seat})


def pick(w: MogulFields, seat: Seat, card: str, *, forced: bool = False) -> None:
    """quick_start pick (DP-Q): ``seat`` takes ``card`` from the pick pile; the next picker is asked."""
    w.pick_pile = tuple(other for other in w.pick_pile if other != card)
    w.pick_order = w.pick_order[1:]
    w.own(seat, card)
    w.played(seat, "pick", detail=card)
    w.event(
        "mogul.event.auto_pick" if forced else "mogul.event.pick",
        params={"card": card},
        terms=share_terms(CARDS[card].centre),
        seats={"player": seat},
    )
    if w.pick_order:
        w.turn = w.pick_order[0]
