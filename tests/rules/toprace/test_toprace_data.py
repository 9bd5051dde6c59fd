"""Top Race components: the deck (§1.2) and track (§1.3) checksums, money tables (§1.4)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.toprace.data import (
    ARROWS,
    ARROWS_REARMOST,
    CARD,
    CELL_INDEX,
    CELLS,
    DECK,
    EDITION_EMOJI,
    FINISH,
    J5_IDS,
    JOKER,
    NEXT,
    PAIRS,
    PRIZES,
    ROW,
    TIP_PAYOUT,
    TIP_ROWS,
    WIDTH,
)
from tests.rules.toprace.helpers import cell


def test_deck_has_48_cards_in_spec_order() -> None:
    assert [c.id for c in DECK] == list(range(1, 49))
    assert CARD[1].slots == ((0, 10),)
    assert CARD[12].slots == ((5, 5),)
    assert CARD[19].slots == ((0, 6), (1, 5), (2, 4), (3, 3), (4, 2), (5, 1))
    assert CARD[37].slots == ((0, 6), (4, 4), (JOKER, 2), (1, 1))
    assert CARD[45].slots == ((2, 5), (5, 5))
    assert [CARD[i].pair for i in (46, 47, 48)] == list(PAIRS) == [(0, 1), (2, 3), (4, 5)]
    assert frozenset(range(13, 19)) == J5_IDS


def test_deck_checksums() -> None:
    movement = [c for c in DECK if c.pair is None]
    assert len(movement) == 45
    assert sum(v for c in movement for _, v in c.slots) == 504
    for car in range(6):
        values = [v for c in movement for k, v in c.slots if k == car]
        assert len(values) == 19 and sum(values) == 77
        assert Counter(values) == Counter({10: 1, 6: 4, 5: 3, 4: 4, 3: 1, 2: 3, 1: 3})
    first = Counter(c.slots[0][0] for c in movement if c.slots[0][0] != JOKER)
    assert [first[i] for i in range(6)] == [7, 7, 7, 6, 6, 6]
    joker = [v for c in movement for k, v in c.slots if k == JOKER]
    assert len(joker) == 12 and sum(joker) == 42
    assert Counter(len(c.slots) for c in movement) == Counter({1: 18, 2: 3, 3: 6, 4: 12, 6: 6})
    for c in movement:
        cars = [k for k, _ in c.slots if k != JOKER]
        assert len(cars) == len(set(cars)), c.id


def test_track_checksums() -> None:
    assert len(CELLS) == 166
    assert sum(1 for r, _ in CELLS if r <= 0) == 12
    edges = sum(1 for i in range(len(CELLS)) for n in NEXT[i] if n != FINISH)
    assert edges == 358
    assert sum(1 for i in range(len(CELLS)) if FINISH in NEXT[i]) == 4
    assert TIP_ROWS == (12, 23, 35)
    widths = [
        WIDTH[r] for r in (-2, 0, 1, 6, 7, 12, 13, 15, 16, 18, 19, 23, 24, 27, 28, 35, 36, 38, 39, 42, 43, 49, 50, 55)
    ]
    assert widths == [4, 4, 4, 4, 3, 3, 2, 2, 1, 1, 3, 3, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3, 4, 4]


@cache
def _steps_to_finish(i: int) -> int:
    return 1 if FINISH in NEXT[i] else 1 + min(_steps_to_finish(n) for n in NEXT[i])


def test_row_r_needs_56_minus_r_steps() -> None:
    for i, (r, _) in enumerate(CELLS):
        assert _steps_to_finish(i) == 56 - r


def _lanes(row: int, lane: int) -> set[int]:
    return {CELLS[n][1] for n in NEXT[cell(row, lane)]}


def test_transitions_listed_in_the_spec() -> None:
    assert [_lanes(-1, lane) for lane in (1, 2, 3, 4)] == [{1, 2}, {1, 2, 3}, {2, 3, 4}, {3, 4}]
    assert [_lanes(6, lane) for lane in (1, 2, 3, 4)] == [{1}, {1, 2}, {2, 3}, {3}]  # 4→3
    assert [_lanes(12, lane) for lane in (1, 2, 3)] == [{1}, {1, 2}, {2}]  # 3→2
    assert [_lanes(15, lane) for lane in (1, 2)] == [{1}, {1}]  # 2→1
    assert [_lanes(35, lane) for lane in (1, 2, 3)] == [{1}, {1}, {1}]  # 3→1
    assert _lanes(18, 1) == {1, 2, 3} and _lanes(38, 1) == {1, 2}  # 1→3, 1→2
    assert [_lanes(27, lane) for lane in (1, 2)] == [{1, 2}, {2, 3}]  # 2→3
    assert [_lanes(49, lane) for lane in (1, 2, 3)] == [{1, 2}, {2, 3}, {3, 4}]  # 3→4
    assert [_lanes(20, lane) for lane in (1, 2, 3)] == [{1, 2}, {1, 2, 3}, {2, 3}]  # same width
    assert all(NEXT[cell(55, lane)] == (FINISH,) for lane in (1, 2, 3, 4))


def test_arrows_and_their_orders() -> None:
    assert [CELLS[i] for i in ARROWS] == [(0, 1), (0, 3), (-1, 2), (-1, 4), (-2, 1), (-2, 3)]
    assert [CELLS[i] for i in ARROWS_REARMOST][:2] == [(-2, 1), (-2, 3)]
    assert ROW[FINISH] == 56 and CELL_INDEX[(55, 4)] == 165


def test_money_tables() -> None:
    assert PRIZES == (200_000, 150_000, 100_000, 60_000, 30_000, 10_000)
    assert TIP_PAYOUT[0] == (90_000, 60_000, 30_000, 0, -10_000, -30_000)
    assert TIP_PAYOUT[1] == (60_000, 40_000, 20_000, -10_000, -30_000, -60_000)
    assert TIP_PAYOUT[2] == (30_000, 20_000, 10_000, -20_000, -60_000, -90_000)
    assert all(len(v) == 7 for v in EDITION_EMOJI.values())
