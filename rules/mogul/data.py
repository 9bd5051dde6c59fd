"""Mogul components: the five colours, the 31 share cards, the Crash card and the chip totals.

Everything here is constant. The card list is the published deck (spec §1); the derived counts
below are checked against the spec's checksums by a test.
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Literal, NamedTuple

Colour = Literal["brown", "green", "yellow", "blue", "pink"]
"""A company colour: the centre of a share decides dividends and sales, the border what it sells."""

COLOURS: Final[tuple[Colour, ...]] = ("brown", "green", "yellow", "blue", "pink")
"""The five colours in the fixed order used by boards and counts."""

COLOUR_INDEX: Final[dict[str, int]] = {colour: i for i, colour in enumerate(COLOURS)}

COLOUR_EMOJI: Final[dict[str, str]] = {
    "brown": "🟫",
    "green": "🟩",
    "yellow": "🟨",
    "blue": "🟦",
    "pink": "🩷",
}
"""One emoji per colour, for boards (outside code blocks only)."""


class Card(NamedTuple):
    """One share card: its id, centre colour, border colour and whether it is a start ("S") share."""

    id: str
    centre: Colour
    border: Colour
    start: bool


CARD_LIST: Final[tuple[Card, ...]] = (
    Card("M01", "brown", "green", True),
    Card("M02", "brown", "green", False),
    Card("M03", "brown", "yellow", True),
    Card("M04", "brown", "yellow", False),
    Card("M05", "brown", "blue", True),
    Card("M06", "brown", "blue", True),
    Card("M07", "brown", "pink", True),
    Card("M08", "brown", "pink", True),
    Card("M09", "green", "pink", False),
    Card("M10", "green", "pink", False),
    Card("M11", "green", "yellow", False),
    Card("M12", "green", "blue", False),
    Card("M13", "green", "brown", False),
    Card("M14", "yellow", "blue", False),
    Card("M15", "yellow", "blue", False),
    Card("M16", "yellow", "pink", False),
    Card("M17", "yellow", "green", False),
    Card("M18", "yellow", "brown", False),
    Card("M19", "blue", "green", False),
    Card("M20", "blue", "green", False),
    Card("M21", "blue", "pink", False),
    Card("M22", "blue", "pink", False),
    Card("M23", "blue", "yellow", False),
    Card("M24", "blue", "brown", False),
    Card("M25", "pink", "yellow", False),
    Card("M26", "pink", "yellow", False),
    Card("M27", "pink", "blue", False),
    Card("M28", "pink", "blue", False),
    Card("M29", "pink", "brown", False),
    Card("M30", "pink", "brown", False),
    Card("M31", "pink", "green", False),
)
"""The 31 shares of the published deck (spec §1), in id order."""

CARDS: Final[dict[str, Card]] = {card.id: card for card in CARD_LIST}
"""Cards by id."""

CRASH: Final = "CRASH"
"""The Crash card's id in the deck."""

START_IDS: Final[tuple[str, ...]] = tuple(card.id for card in CARD_LIST if card.start)
"""The six brown "S" start shares."""

CENTRE_COUNTS: Final[dict[str, int]] = dict(Counter(card.centre for card in CARD_LIST))
"""How many shares have each centre colour (checksum: brown 8, pink 7, blue 6, green 5, yellow 5)."""

BORDER_COUNTS: Final[dict[str, int]] = dict(Counter(card.border for card in CARD_LIST))
"""How many shares have each border colour (checksum: blue 7, pink 7, green 6, yellow 6, brown 5)."""

# The rulebook's numbers, one ``NAME: Final = n`` a line (the shape of any constants' list, e.g.
# rules/racebow/ai.py's weights).
TOTAL_SHARES: Final = 31
TOTAL_CHIPS: Final = 45
START_CHIPS: Final = 6
LOAN_CHIPS: Final = 2
CHIPS_PER_POINT: Final = 5
CRASH_ZONE: Final = 5
"""Crash lies among the bottom five cards of the deck (MG-SETUP-5)."""

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 6
MAX_QUICK_START_PLAYERS: Final = 5


def bank_for(players: int) -> int:
    """The bank's starting chips: 45 minus 6 per player (27 / 21 / 15 / 9), MG-SETUP-1."""
    return TOTAL_CHIPS - START_CHIPS * players


_CENTRE: Final[dict[str, str]] = {card.id: card.centre for card in CARD_LIST}


def centre_count(owned: tuple[str, ...], colour: str) -> int:
    """How many of ``owned`` have ``colour`` as their centre (once owned, only the centre counts)."""
    return [_CENTRE[card] for card in owned].count(colour)


def colour_key(colour: str, form: str = "") -> str:
    """The catalogue key of a colour's name: alone (a card's centre, its border), or as the
    adjective of one ``share`` or of several ``shares`` (French makes them agree: bleu, bleue,
    bleues)."""
    return f"mogul.colour.{form}.{colour}" if form else f"mogul.colour.{colour}"


def share_terms(colour: str) -> dict[str, str]:
    """The terms of a sentence about shares of ``colour``: ``colour`` next to one share,
    ``colours`` next to several (a plural form picks one of them)."""
    return {"colour": colour_key(colour, "share"), "colours": colour_key(colour, "shares")}
