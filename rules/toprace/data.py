"""Top Race components as data: cars, the 48-card deck (§1.2), the track (§1.3) and money (§1.4).

Everything here is a constant computed once at import: the forward-neighbour table of the track
is derived from the lane centres so that movement never recomputes geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

# -- cars and editions (§1.1) ------------------------------------------------------------------

NCARS = 6
JOKER = 6
"""The joker symbol on a card slot (not a car)."""
CAR_LETTERS = "ABCDEFJ"

EDITION_EMOJI: dict[str, tuple[str, ...]] = {
    # A..F, then J. Emoji stay outside code blocks (their width breaks alignment).
    "classic": ("🩵", "🟥", "⬜", "🟩", "🟦", "🟨", "⬛"),
    "alt": ("🟥", "🟦", "⬛", "🟨", "🟩", "⬜", "🟪"),
}

PAIRS: tuple[tuple[int, int], ...] = ((0, 1), (2, 3), (4, 5))
"""Pair cards A–B, C–D, E–F (TR-PAIR)."""
PARTNER: tuple[int, ...] = (1, 0, 3, 2, 5, 4)
"""The other car of each car's pair card."""


def car_key(edition: str, car: int) -> str:
    """Catalogue key of a car's (or the joker's, car 6) colour name in an edition."""
    return f"toprace.car.{edition}.{CAR_LETTERS[car]}"


def emoji(edition: str, car: int) -> str:
    """The colour emoji of a car (or of the joker, 6) in an edition."""
    return EDITION_EMOJI[edition][car]


def car_token(edition: str, car: int) -> str:
    """How every text names a car: its colour emoji and its letter, '🟥B' (the joker: '⬛J').

    The letter alone marks the car on the track map, where emoji would break the alignment."""
    return EDITION_EMOJI[edition][car] + CAR_LETTERS[car]


# -- deck (§1.2) -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Card:
    """A movement card: slots top to bottom (car index or JOKER, value), or a pair card."""

    id: int
    slots: tuple[tuple[int, int], ...]
    pair: tuple[int, int] | None = None


_DECK_TEXT = """
A10 | B10 | C10 | D10 | E10 | F10
A5 | B5 | C5 | D5 | E5 | F5
J5 | J5 | J5 | J5 | J5 | J5
A6 B5 C4 D3 E2 F1 | B6 C5 D4 E3 F2 A1 | C6 D5 E4 F3 A2 B1 | D6 E5 F4 A3 B2 C1 | E6 F5 A4 B3 C2 D1 | F6 A5 B4 C3 D2 E1
A6 B4 D2 | B6 C4 E2 | C6 D4 F2 | D6 E4 A2 | E6 F4 B2 | F6 A4 C2
A6 C4 D2 F1 | B6 D4 E2 A1 | C6 E4 F2 B1 | D6 F4 A2 C1 | E6 A4 B2 D1 | F6 B4 C2 E1
A6 E4 J2 B1 | B6 F4 J2 C1 | C6 A4 J2 D1 | D6 B4 J2 E1 | E6 C4 J2 F1 | F6 D4 J2 A1
A5 D5 | B5 E5 | C5 F5
PAIR A-B | PAIR C-D | PAIR E-F
"""


def _parse_deck(text: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for line in text.strip().splitlines():
        for chunk in line.split("|"):
            words = chunk.split()
            cid = len(cards) + 1
            if words[0] == "PAIR":
                a, b = words[1].split("-")
                cards.append(Card(cid, (), (CAR_LETTERS.index(a), CAR_LETTERS.index(b))))
            else:
                cards.append(Card(cid, tuple((CAR_LETTERS.index(w[0]), int(w[1:])) for w in words)))
    return tuple(cards)


DECK: tuple[Card, ...] = _parse_deck(_DECK_TEXT)
"""The 48 cards; ``CARD[id]`` looks one up by id (1..48)."""
CARD: dict[int, Card] = {card.id: card for card in DECK}
NCARDS = len(DECK)
J5_IDS = frozenset(c.id for c in DECK if c.slots == ((JOKER, 5),))
"""The six identical J5 cards: one choice at DP 3."""

# -- track (§1.3) ------------------------------------------------------------------------------

ROW_MIN = -2
ROW_LAST = 55
FINISH_ROW = 56
_BANDS = (
    (-2, 0, 4),
    (1, 6, 4),
    (7, 12, 3),
    (13, 15, 2),
    (16, 18, 1),
    (19, 23, 3),
    (24, 27, 2),
    (28, 35, 3),
    (36, 38, 1),
    (39, 42, 2),
    (43, 49, 3),
    (50, 55, 4),
)
WIDTH: dict[int, int] = {r: w for lo, hi, w in _BANDS for r in range(lo, hi + 1)}
"""Number of lanes of each row, −2..55."""
TIP_ROWS = (12, 23, 35)
"""TIP line k lies after row TIP_ROWS[k-1]."""
RESTRICT_PAIR_ROW = 24
"""restrict_pair_after_tip2: a pair card has no effect once a car is in this row or beyond."""

CELLS: tuple[tuple[int, int], ...] = tuple(
    (r, lane) for r in range(ROW_MIN, ROW_LAST + 1) for lane in range(1, WIDTH[r] + 1)
)
"""Every cell (row, lane) in index order; index = position in this tuple."""
NCELLS = len(CELLS)
FINISH = NCELLS
"""Pseudo-cell index for 'crossed the finish line'."""
OFF = -1
"""No cell (not placed, broken down, finished)."""
CELL_INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
ROW: tuple[int, ...] = (*(r for r, _ in CELLS), FINISH_ROW)
"""Row of a cell index (FINISH has row 56, so it sorts first among end cells)."""
LANE: tuple[int, ...] = (*(lane for _, lane in CELLS), 0)


def centre(row: int, lane: int) -> float:
    """Lane centre c(r, l) = l − (w(r)+1)/2."""
    return lane - (WIDTH[row] + 1) / 2


def _neighbours(row: int, lane: int) -> tuple[int, ...]:
    if row == ROW_LAST:
        return (FINISH,)
    c = centre(row, lane)
    nxt = row + 1
    return tuple(CELL_INDEX[(nxt, l2)] for l2 in range(1, WIDTH[nxt] + 1) if abs(centre(nxt, l2) - c) <= 1)


NEXT: tuple[tuple[int, ...], ...] = (*(_neighbours(r, lane) for r, lane in CELLS), ())
"""Forward neighbours (straight or diagonal) of each cell index; row-55 cells lead to FINISH."""
ROW_CELLS: dict[int, tuple[int, ...]] = {
    r: tuple(CELL_INDEX[(r, lane)] for lane in range(1, WIDTH[r] + 1)) for r in WIDTH
}
ARROWS: tuple[int, ...] = tuple(
    CELL_INDEX[c] for c in sorted([(0, 1), (0, 3), (-1, 2), (-1, 4), (-2, 1), (-2, 3)], key=lambda c: (-c[0], c[1]))
)
"""Arrow cells of the starting grid, in choice order (front row first, lanes left to right)."""
ARROWS_REARMOST: tuple[int, ...] = tuple(sorted(ARROWS, key=lambda i: (ROW[i], LANE[i])))
"""Arrow cells for an unowned car (TR-AUC-7): lowest row, then lowest lane."""


CENTRE: tuple[float, ...] = (*(centre(r, lane) for r, lane in CELLS), 0.0)
"""Lane centre of each cell index."""


def cell_code(cell: int) -> str:
    """'row.lane' or 'F' for the finish (action codes)."""
    return "F" if cell == FINISH else f"{ROW[cell]}.{LANE[cell]}"


# -- money (§1.4) ------------------------------------------------------------------------------

START_MONEY = 200_000
BID_STEP = 10_000
BLOCK = 24
"""Bid amounts per block when more than 24 are legal (DP 1)."""
LAST_CARD_PRICE = 30_000
SECOND_OFFER_PRICE = 10_000
PRIZES = (200_000, 150_000, 100_000, 60_000, 30_000, 10_000)
"""Prize by final place 1..6."""
TIP_PAYOUT: tuple[tuple[int, ...], ...] = (
    (90_000, 60_000, 30_000, 0, -10_000, -30_000),
    (60_000, 40_000, 20_000, -10_000, -30_000, -60_000),
    (30_000, 20_000, 10_000, -20_000, -60_000, -90_000),
)
"""Bet payout by TIP round (1..3) and final place (1..6) of the bet car."""
BET_NONE = 6
"""A TIP bet on no car (only with allow_no_bet); also the ``n`` of the 'bet:none' action."""
NOT_BET = -1
"""No bet placed (yet) in a TIP round."""
