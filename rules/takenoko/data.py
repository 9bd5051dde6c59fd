"""Takenoko components as data (spec §2): plots, supplies, the weather die and the 45 objectives.

Colours are indexed G=0, Y=1, P=2 and improvements w (watershed), e (enclosure), f (fertilizer)
in that order wherever a tuple counts them (supplies, player boards).
"""

from __future__ import annotations

from typing import Final, Literal

Colour = Literal["G", "Y", "P"]
COLOURS: Final[tuple[Colour, ...]] = ("G", "Y", "P")
COLOUR_INDEX: Final[dict[str, int]] = {"G": 0, "Y": 1, "P": 2}

CHIPS: Final[tuple[str, ...]] = ("w", "e", "f")
"""Improvement types: watershed, enclosure, fertilizer (chip order on boards and in the supply)."""
CHIP_INDEX: Final[dict[str, int]] = {"w": 0, "e": 1, "f": 2}


def _plots(colour: str, plain: int, watershed: int, enclosure: int, fertilizer: int) -> list[tuple[str, str]]:
    kinds = [""] * plain + ["w"] * watershed + ["e"] * enclosure + ["f"] * fertilizer
    return [(f"{colour}{n:02d}", kind) for n, kind in enumerate(kinds, start=1)]


PLOTS: Final[dict[str, str]] = dict(_plots("G", 6, 2, 2, 1) + _plots("Y", 6, 1, 1, 1) + _plots("P", 4, 1, 1, 1))
"""The 27 plots (§2): plot id -> printed improvement ('' for none). The colour is the id's letter."""

BAMBOO: Final[tuple[int, int, int]] = (36, 30, 24)
"""Bamboo sections in the box: green, yellow, pink."""
CANALS: Final = 20
CHIP_SUPPLY: Final[tuple[int, int, int]] = (3, 3, 3)
"""Improvement chips: 3 watersheds, 3 enclosures, 3 fertilizers."""
MAX_HEIGHT: Final = 4
"""TK-GARD-01: a bamboo never grows above 4 sections."""
EMPEROR_POINTS: Final = 2
HAND_LIMIT: Final = 5
"""TK-OBJ-01: with 5 cards in hand, OBJECTIVE is illegal."""
LAST_ROUND: Final = 100
"""TK-END-06: the game ends after round 100 if nobody reached the objective count."""

FACES: Final[tuple[str, ...]] = ("SUN", "RAIN", "WIND", "STORM", "CLOUDS", "CHOICE")
"""The weather die, one face each (§2)."""
CONDITIONS: Final[tuple[str, ...]] = ("SUN", "RAIN", "WIND", "STORM", "CLOUDS")
"""What CHOICE may become (TK-WEATHER-07)."""

ACTIONS: Final[tuple[str, ...]] = ("plot", "irrigation", "gardener", "panda", "objective")
"""The five actions of a turn, in the order the board and the buttons list them."""

CATEGORIES: Final[tuple[str, ...]] = ("PL", "GA", "PA")
"""Objective categories: plot, gardener, panda (deck order)."""


Triple = tuple[int, int, int]
"""Counts by colour (G, Y, P) or by improvement (w, e, f)."""


def add_at(counts: Triple, i: int, delta: int) -> Triple:
    """``counts`` with ``delta`` added at index ``i``."""
    values = [counts[0], counts[1], counts[2]]
    values[i] += delta
    return (values[0], values[1], values[2])


def objectives_needed(players: int) -> int:
    """TK-END-01: N = 11 − players validated objectives end the game (9/8/7)."""
    return 11 - players


# -- objective cards ---------------------------------------------------------------------------------
Shape = tuple[tuple[int, int], ...]

SHAPES: Final[dict[str, Shape]] = {
    "LINE": ((0, 0), (1, 0), (2, 0)),
    "CURVE": ((0, 0), (1, 0), (2, -1)),
    "TRI": ((0, 0), (1, 0), (0, 1)),
    "DIA": ((0, 0), (1, 0), (1, -1), (0, 1)),
}
"""Plot-card shapes (§2); for DIA the first two cells are the middles, the last two the tips."""


class Card:
    """One objective card: its id, category, points and what it asks.

    Plot cards use ``colours`` (one colour, or two for a two-colour diamond) and ``shape``;
    gardener cards ``colours`` (one), ``improvement`` ('w', 'e', 'f', '0' = none, '' = any) and
    ``count`` bamboos of ``height``; panda cards ``need``, sections per colour (G, Y, P).
    """

    __slots__ = ("category", "colours", "count", "height", "id", "improvement", "need", "points", "shape", "type")

    def __init__(
        self,
        card_id: str,
        card_type: str,
        points: int,
        *,
        colours: str = "",
        shape: str = "",
        improvement: str = "",
        count: int = 0,
        height: int = 0,
        need: tuple[int, int, int] = (0, 0, 0),
    ) -> None:
        self.id = card_id
        self.type = card_type
        self.category = card_id[:2]
        self.points = points
        self.colours = colours
        self.shape = shape
        self.improvement = improvement
        self.count = count
        self.height = height
        self.need = need

    def __repr__(self) -> str:
        return f"Card({self.id})"


def _copies(card_type: str, copies: int) -> list[str]:
    return [card_type] if copies == 1 else [f"{card_type}-{n}" for n in range(1, copies + 1)]


def _build_cards() -> dict[str, Card]:
    cards: list[Card] = []
    # Panda (15): hold the sections on your board.
    for card_type, need, points, copies in (
        ("PA-GG", (2, 0, 0), 3, 5),
        ("PA-YY", (0, 2, 0), 4, 4),
        ("PA-PP", (0, 0, 2), 5, 3),
        ("PA-GYP", (1, 1, 1), 6, 3),
    ):
        cards += [Card(card_id, card_type, points, need=need) for card_id in _copies(card_type, copies)]
    # Gardener (15): one bamboo of height 4 with an improvement (or none), or several of height 3.
    single = {"G": (3, 4, 4, 5), "Y": (4, 5, 5, 6), "P": (5, 6, 6, 7)}
    for colour, values in single.items():
        for improvement, value in zip(("F", "W", "E", "0"), values, strict=True):
            card_type = f"GA-{colour}-{improvement}"
            kind = improvement.lower() if improvement != "0" else "0"
            cards.append(Card(card_type, card_type, value, colours=colour, improvement=kind, count=1, height=4))
    for colour, count, points in (("G", 4, 8), ("Y", 3, 7), ("P", 2, 6)):
        card_type = f"GA-{colour}-{count}x3"
        cards.append(Card(card_type, card_type, points, colours=colour, count=count, height=3))
    # Plot (15): a shape of irrigated plots.
    plot_points = {"G": (2, 2, 2, 3), "Y": (3, 3, 3, 4), "P": (4, 4, 4, 5)}
    for colour, values in plot_points.items():
        for shape, value in zip(("LINE", "CURVE", "TRI", "DIA"), values, strict=True):
            card_type = f"PL-{colour}-{shape}"
            cards.append(Card(card_type, card_type, value, colours=colour, shape=shape))
    for colours, value in (("GY", 3), ("GP", 4), ("PY", 5)):
        card_type = f"PL-{colours}-DIA"
        cards.append(Card(card_type, card_type, value, colours=colours, shape="DIA"))
    return {card.id: card for card in cards}


CARDS: Final[dict[str, Card]] = _build_cards()
"""The 45 objective cards by id (PA-GG-1 … PA-GYP-3, GA-G-F … GA-P-2x3, PL-G-LINE … PL-PY-DIA)."""


def deck_of(category: str) -> tuple[str, ...]:
    """Every card id of a category, in the fixed order (to be shuffled at setup)."""
    return tuple(card_id for card_id, card in CARDS.items() if card.category == category)
