"""Objective cards: when each holds — TK-OBJ-03..06.

Plot and gardener cards are judged on the garden alone; panda cards on one player's board. The
garden look-ups (facts.py) keep these judgements with the garden they were made on.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.takenoko.data import CARDS, SHAPES, Card
from rules.takenoko.hexes import Hex, shape_placements
from rules.takenoko.state import PlayerBoard, Plot

PLACEMENTS: dict[str, tuple[tuple[Hex, ...], ...]] = {name: shape_placements(cells) for name, cells in SHAPES.items()}
"""Every rotation of every shape, first cell at (0, 0) (the single-colour shapes are symmetric, so
rotations cover their mirror images; the two-colour diamond test below accepts both mirrors)."""


def pack(h: Hex) -> int:
    """A hex as one int (the matching below adds offsets instead of building tuples)."""
    return (h[0] + 128) * 512 + (h[1] + 128)


OFFSETS: dict[str, tuple[tuple[int, ...], ...]] = {
    name: tuple(tuple(dq * 512 + dr for dq, dr in cells[1:]) for cells in placements)
    for name, placements in PLACEMENTS.items()
}
"""The same placements as packed offsets from the first cell."""


class Irrigated:
    """The irrigated plots, by packed hex and by colour (TK-OBJ-03: only irrigated plots count; the
    pond never), and the plot cards already judged on them (a plot card ignores the bamboo, so an
    answer lasts until a plot is irrigated: then ``with_plot`` makes a new object)."""

    __slots__ = ("_results", "by_colour", "colour_of")

    def __init__(self, garden: Sequence[Plot]) -> None:
        self.colour_of: dict[int, str] = {pack((p.q, p.r)): p.colour for p in garden if p.irrigated}
        by_colour: dict[str, list[int]] = {"G": [], "Y": [], "P": []}
        for key, colour in self.colour_of.items():
            by_colour[colour].append(key)
        # Tuples: a derived object shares the colours it does not extend.
        self.by_colour: dict[str, tuple[int, ...]] = {colour: tuple(keys) for colour, keys in by_colour.items()}
        self._results: dict[str, bool] = {}

    def with_plot(self, plot: Plot) -> Irrigated:
        """These irrigated plots and ``plot``, just irrigated."""
        key, colour = pack((plot.q, plot.r)), plot.colour
        new = Irrigated.__new__(Irrigated)
        new.colour_of = {**self.colour_of, key: colour}
        new.by_colour = {**self.by_colour, colour: (*self.by_colour[colour], key)}
        # Irrigation is never lost, so a card that held still holds; one that did not still does
        # not unless the new plot has one of its colours (every cell of a shape has the card's).
        new._results = {
            card_type: held for card_type, held in self._results.items() if held or colour not in _COLOURS[card_type]
        }
        return new

    def holds(self, card: Card) -> bool:
        """``plot_card_holds``, remembered by card type."""
        found = self._results.get(card.type)
        if found is None:
            found = self._results[card.type] = plot_card_holds(card, self)
        return found


_COLOURS: dict[str, str] = {card.type: card.colours for card in CARDS.values()}
"""The colours of each card type."""


def plot_card_holds(card: Card, irrigated: Irrigated) -> bool:
    """TK-OBJ-03: some placement of the shape, in any rotation, covers irrigated plots of the card's
    colour; a two-colour diamond needs tips of different colours, middles of different colours and
    two plots of each card colour (either mirror image)."""
    colour_of = irrigated.colour_of
    if len(card.colours) == 1:
        colour = card.colours
        get = colour_of.get
        for key in irrigated.by_colour[colour]:
            for offsets in OFFSETS[card.shape]:
                for offset in offsets:
                    if get(key + offset) != colour:
                        break
                else:
                    return True
        return False
    first, second = card.colours[0], card.colours[1]
    for key in irrigated.by_colour[first] + irrigated.by_colour[second]:
        middle_a = colour_of[key]
        for offsets in OFFSETS["DIA"]:
            middle_b, tip_a, tip_b = (colour_of.get(key + offset) for offset in offsets)
            # Tips differ, middles differ, and only the card's two colours: then each colour
            # covers exactly one tip and one middle (2 plots of each).
            if (
                middle_b is not None
                and tip_a is not None
                and tip_b is not None
                and middle_a != middle_b
                and tip_a != tip_b
                and {middle_b, tip_a, tip_b} <= {first, second}
            ):
                return True
    return False


class Bamboos:
    """What gardener cards and chips look at: how many bamboos of height 4 each (colour,
    improvement) has, how many of height 3 each colour has, and how many plots are bare (no
    improvement, no bamboo: a chip may go there, TK-IMP-02)."""

    __slots__ = ("bare", "fours", "threes")

    def __init__(self, garden: Sequence[Plot]) -> None:
        self.fours: dict[tuple[str, str], int] = {}
        self.threes: dict[str, int] = {"G": 0, "Y": 0, "P": 0}
        self.bare = 0
        for p in garden:
            self._count(p, 1)

    def _count(self, p: Plot, n: int) -> None:
        if p.height == 4:
            key = (p.colour, p.improvement)
            self.fours[key] = self.fours.get(key, 0) + n
        elif p.height == 3:
            self.threes[p.colour] += n
        if not p.improvement and p.height == 0:
            self.bare += n

    def replaced(self, old: Plot | None, new: Plot) -> Bamboos:
        """The summary once ``old`` (None: a plot just laid) is replaced by ``new``."""
        copy = Bamboos.__new__(Bamboos)
        copy.fours, copy.threes, copy.bare = dict(self.fours), dict(self.threes), self.bare
        if old is not None:
            copy._count(old, -1)
        copy._count(new, 1)
        return copy


def gardener_card_holds(card: Card, bamboos: Bamboos) -> bool:
    """TK-OBJ-04: one bamboo of height exactly 4 with the improvement shown ('0' = none);
    TK-OBJ-05: at least n plots of the colour with height exactly 3, anywhere."""
    if card.count == 1:
        return bamboos.fours.get((card.colours, "" if card.improvement == "0" else card.improvement), 0) > 0
    return bamboos.threes[card.colours] >= card.count


def panda_card_holds(card: Card, board: PlayerBoard) -> bool:
    """TK-OBJ-06: the player's board holds the sections the card shows."""
    have, need = board.eaten, card.need
    return have[0] >= need[0] and have[1] >= need[1] and have[2] >= need[2]


def card_holds(card: Card, irrigated: Irrigated, bamboos: Bamboos, board: PlayerBoard) -> bool:
    """Whether a card holds now for the player whose board is ``board``."""
    if card.category == "PL":
        return irrigated.holds(card)
    if card.category == "GA":
        return gardener_card_holds(card, bamboos)
    return panda_card_holds(card, board)


def judge(garden: Sequence[Plot], card_id: str, board: PlayerBoard) -> bool:
    """Whether a card holds on a garden for a board (the whole check, nothing remembered)."""
    return card_holds(CARDS[card_id], Irrigated(garden), Bamboos(garden), board)


HandParts = tuple[tuple[tuple[int, int, int], ...], tuple[Card, ...], tuple[Card, ...]]

_HAND_PARTS: dict[tuple[str, ...], HandParts] = {}
"""``hand_parts`` by hand (a pure function of the card ids: the hand itself is the key)."""


def hand_parts(hand: tuple[str, ...]) -> HandParts:
    """A hand split for ``any_met``: what its panda cards need, its gardener cards, its plot cards
    (a hand changes only when a card is drawn or validated; ``any_met`` runs at every top step)."""
    found = _HAND_PARTS.get(hand)
    if found is None:
        cards = [CARDS[c] for c in hand]
        found = (
            tuple(c.need for c in cards if c.category == "PA"),
            tuple(c for c in cards if c.category == "GA"),
            tuple(c for c in cards if c.category == "PL"),
        )
        if len(_HAND_PARTS) >= 4096:
            _HAND_PARTS.clear()
        _HAND_PARTS[hand] = found
    return found
