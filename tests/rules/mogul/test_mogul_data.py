"""Mogul components: the card list checksums of spec §1."""

from __future__ import annotations

from rules.mogul.data import (
    BORDER_COUNTS,
    CARD_LIST,
    CARDS,
    CENTRE_COUNTS,
    COLOUR_EMOJI,
    COLOURS,
    START_IDS,
    TOTAL_CHIPS,
    TOTAL_SHARES,
    bank_for,
)

SPEC_CARD_LIST = """
M01 brown green S   M02 brown green     M03 brown yellow S  M04 brown yellow
M05 brown blue S    M06 brown blue S    M07 brown pink S    M08 brown pink S
M09 green pink      M10 green pink      M11 green yellow    M12 green blue
M13 green brown     M14 yellow blue     M15 yellow blue     M16 yellow pink
M17 yellow green    M18 yellow brown    M19 blue green      M20 blue green
M21 blue pink       M22 blue pink       M23 blue yellow     M24 blue brown
M25 pink yellow     M26 pink yellow     M27 pink blue       M28 pink blue
M29 pink brown      M30 pink brown      M31 pink green
"""


def _parse_spec() -> list[tuple[str, str, str, bool]]:
    words = SPEC_CARD_LIST.split()
    cards: list[tuple[str, str, str, bool]] = []
    i = 0
    while i < len(words):
        card_id, centre, border = words[i : i + 3]
        start = i + 3 < len(words) and words[i + 3] == "S"
        cards.append((card_id, centre, border, start))
        i += 4 if start else 3
    return cards


def test_card_list_matches_the_spec_text() -> None:
    """§1: data.CARD_LIST is exactly the spec's card list, in order."""
    assert [(c.id, c.centre, c.border, c.start) for c in CARD_LIST] == _parse_spec()


def test_checksum_31_cards_no_centre_equals_border() -> None:
    """§1 checksum: 31 cards, ids unique, and no card has centre = border."""
    assert len(CARD_LIST) == TOTAL_SHARES == 31
    assert len(CARDS) == 31
    assert all(card.centre != card.border for card in CARD_LIST)


def test_checksum_by_centre() -> None:
    """§1 checksum: brown 8, pink 7, blue 6, green 5, yellow 5."""
    assert CENTRE_COUNTS == {"brown": 8, "pink": 7, "blue": 6, "green": 5, "yellow": 5}


def test_checksum_by_border() -> None:
    """§1 checksum: blue 7, pink 7, green 6, yellow 6, brown 5."""
    assert BORDER_COUNTS == {"blue": 7, "pink": 7, "green": 6, "yellow": 6, "brown": 5}


def test_checksum_centre_by_border_table() -> None:
    """§1 table: count by centre × border."""
    table = {
        "brown": {"green": 2, "yellow": 2, "blue": 2, "pink": 2},
        "green": {"brown": 1, "yellow": 1, "blue": 1, "pink": 2},
        "yellow": {"brown": 1, "green": 1, "blue": 2, "pink": 1},
        "blue": {"brown": 1, "green": 2, "yellow": 1, "pink": 2},
        "pink": {"brown": 2, "green": 1, "yellow": 2, "blue": 2},
    }
    for centre, row in table.items():
        for border, count in row.items():
            assert sum(1 for c in CARD_LIST if c.centre == centre and c.border == border) == count


def test_checksum_six_brown_start_shares() -> None:
    """§1 checksum: 6 brown S shares M01, M03, M05-M08 with borders green, yellow, blue, blue, pink, pink."""
    assert START_IDS == ("M01", "M03", "M05", "M06", "M07", "M08")
    assert all(CARDS[c].centre == "brown" for c in START_IDS)
    assert [CARDS[c].border for c in START_IDS] == ["green", "yellow", "blue", "blue", "pink", "pink"]


def test_chip_totals_and_colours() -> None:
    """§1: 45 chips; MG-SETUP-1 banks 27 / 21 / 15 / 9; five colours, each with an emoji."""
    assert TOTAL_CHIPS == 45
    assert [bank_for(n) for n in (3, 4, 5, 6)] == [27, 21, 15, 9]
    assert COLOURS == ("brown", "green", "yellow", "blue", "pink")
    assert set(COLOUR_EMOJI) == set(COLOURS)
