"""Objective cards in play: whether a hand holds one, validation, and drawing (with the pros
variant) — TK-OBJ-01/02/07, TK-END-01/03. When a single card holds is cards.py's job.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.takenoko.cards import card_holds, gardener_card_holds, hand_parts
from rules.takenoko.data import CARDS, CATEGORIES, objectives_needed
from rules.takenoko.fields import TakenokoFields


def holds(w: TakenokoFields, seat: int, card_id: str) -> bool:
    """Whether the card holds now for ``seat``."""
    facts = w.facts()
    return card_holds(CARDS[card_id], facts.irrigated(), facts.bamboos(), w.boards[seat])


def met(w: TakenokoFields, seat: int) -> tuple[str, ...]:
    """The cards in ``seat``'s hand that hold now, in hand order."""
    facts = w.facts()
    irrigated, bamboos, board = facts.irrigated(), facts.bamboos(), w.boards[seat]
    return tuple(c for c in w.hands[seat] if card_holds(CARDS[c], irrigated, bamboos, board))


def any_met(w: TakenokoFields, seat: int) -> bool:
    """Whether a card of ``seat``'s hand holds now: the cheap cards (panda, gardener) first, and the
    search stops at the first that holds."""
    needs, gardener_cards, plot_cards = hand_parts(w.hands[seat])
    have = w.boards[seat].eaten
    for need in needs:  # TK-OBJ-06, as in panda_card_holds
        if have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2]:
            return True
    if gardener_cards:
        bamboos = w.facts().bamboos()
        for card in gardener_cards:
            if gardener_card_holds(card, bamboos):
                return True
    if plot_cards:
        irrigated = w.facts().irrigated()
        for card in plot_cards:
            if irrigated.holds(card):
                return True
    return False


def best_first(cards: Sequence[str]) -> str:
    """The card to validate first among cards that hold: the most points, the first in hand order
    on a tie (the AI's choice, and the end-of-turn preference's: orders.py)."""
    return max(cards, key=lambda card_id: CARDS[card_id].points)


def validate(w: TakenokoFields, card_id: str) -> None:
    """VALIDATE (TK-OBJ-02): lay the card face up, never to be lost; a panda card returns its sections
    to the reserve (TK-OBJ-06); the first player to N objectives takes the Emperor (TK-END-01)."""
    seat = w.turn
    card = CARDS[card_id]
    hand = list(w.hands[seat])
    hand.remove(card_id)
    w.hands = (*w.hands[:seat], tuple(hand), *w.hands[seat + 1 :])
    w.done = (*w.done[:seat], (*w.done[seat], card_id), *w.done[seat + 1 :])
    w.touch()  # the player's line changed: the boards mark this turn
    if card.category == "PA":
        board = w.board(seat)
        w.set_board(seat, eaten=tuple(have - need for have, need in zip(board.eaten, card.need, strict=True)))
        w.bamboo = (w.bamboo[0] + card.need[0], w.bamboo[1] + card.need[1], w.bamboo[2] + card.need[2])
    w.event(
        "takenoko.event.validated",
        seats={"player": seat},
        terms={"card": f"takenoko.card.{card.type}"},
        params={"points": card.points, "count": len(w.done[seat])},
    )
    needed = objectives_needed(w.players)
    if w.emperor < 0 and len(w.done[seat]) >= needed:
        w.emperor = seat
        w.event("takenoko.event.emperor", seats={"player": seat}, params={"n": needed})


def draw_objective(w: TakenokoFields, category: str) -> bool:
    """OBJECTIVE (TK-OBJ-01): the top card of a category into the hand. With the pros variant
    (TK-OBJ-07) a plot or gardener card that already holds goes under its deck instead, unless it
    was already put back during this action; returns False when the player must choose again."""
    seat = w.turn
    i = CATEGORIES.index(category)
    deck = w.decks[i]
    card_id, rest = deck[0], deck[1:]
    card = CARDS[card_id]
    term = f"takenoko.category.{category}"
    if w.pros and category != "PA" and card_id not in w.returned and holds(w, seat, card_id):
        w.decks = _with_deck(w.decks, i, (*rest, card_id))
        w.returned = (*w.returned, card_id)
        w.event("takenoko.event.pros_back", seats={"player": seat}, terms={"category": term})
        w.event("takenoko.event.pros_back_card", to=seat, terms={"card": f"takenoko.card.{card.type}"})
        return False
    w.decks = _with_deck(w.decks, i, rest)
    w.hands = (*w.hands[:seat], (*w.hands[seat], card_id), *w.hands[seat + 1 :])
    w.returned = ()
    w.event("takenoko.event.drew_objective", seats={"player": seat}, terms={"category": term})
    w.event("takenoko.event.you_drew", to=seat, terms={"card": f"takenoko.card.{card.type}"})
    return True


def _with_deck(
    decks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], i: int, deck: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    items = list(decks)
    items[i] = deck
    return (items[0], items[1], items[2])
