"""The components of spec §2 as data: the 60 tiles, their counts and every "property to test"."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.racebow.data import (
    BOARDS,
    COLOURS,
    REACH,
    TARGETS,
    TILES,
    TRACK_MAX,
    TRACK_START,
    cell_code,
    cell_index,
)


def test_sixty_tiles_with_the_ids_of_the_table() -> None:
    """T(12·i + k): 12 tiles per colour, in colour order R O Y G B."""
    assert sorted(TILES) == list(range(1, 61))
    for tile_id, tile in TILES.items():
        assert tile.id == tile_id
        assert tile.colour == COLOURS[(tile_id - 1) // 12]
    assert Counter(t.colour for t in TILES.values()) == dict.fromkeys(COLOURS, 12)


@pytest.mark.parametrize(
    "row",
    # tile, colour, colour cell, special, special cell: rows of the §2 table as printed
    [
        "1 R W1 TU E3",
        "12 R A4 SWP W2",
        "5 R E1 OX A3",
        "14 O E3 PR W1",
        "22 O W3 SWP E1",
        "44 G E3 TU A1",
        "46 G W1 PR E3",
        "47 G E2 OX A4",
        "49 B W1 BOT E3",
        "53 B E1 TU A3",
        "57 B A1 OX E3",
        "60 B A4 TOP W2",
    ],
)
def test_a_few_entries_read_exactly_as_the_table(row: str) -> None:
    """Spot checks against the §2 table (first and last rows, and the tiles of the §9 example)."""
    tile_id, *expected = row.split()
    tile = TILES[int(tile_id)]
    assert [tile.colour, cell_code(tile.colour_cell), tile.special, cell_code(tile.special_cell)] == expected


def test_each_colour_has_four_colour_cells_per_level_and_each_cell_number_three_times() -> None:
    for colour in COLOURS:
        tiles = [t for t in TILES.values() if t.colour == colour]
        assert Counter(cell_code(t.colour_cell)[0] for t in tiles) == {"W": 4, "E": 4, "A": 4}
        assert Counter(cell_code(t.colour_cell)[1] for t in tiles) == {"1": 3, "2": 3, "3": 3, "4": 3}


def test_each_special_appears_ten_times_two_per_colour() -> None:
    assert Counter(t.special for t in TILES.values()) == dict.fromkeys(("TU", "PR", "OX", "TOP", "BOT", "SWP"), 10)
    for colour in COLOURS:
        per_colour = Counter(t.special for t in TILES.values() if t.colour == colour)
        assert set(per_colour.values()) == {2}, colour


def test_propeller_never_in_the_air_and_oxygen_never_in_the_water() -> None:
    assert all(cell_code(t.special_cell)[0] != "A" for t in TILES.values() if t.special == "PR")
    assert all(cell_code(t.special_cell)[0] != "W" for t in TILES.values() if t.special == "OX")


def test_the_two_content_cells_are_two_apart_so_never_side_by_side() -> None:
    """The special's cell number is the colour cell's ± 2 (1↔3, 2↔4)."""
    pairs = {1: 3, 3: 1, 2: 4, 4: 2}
    for tile in TILES.values():
        assert int(cell_code(tile.special_cell)[1]) == pairs[int(cell_code(tile.colour_cell)[1])], tile


def test_a_reachable_earth_cell_is_always_free_on_a_table_tile() -> None:
    """RB-MOVE-06's remark: from any cell, some reachable Earth cell holds no content."""
    for tile in TILES.values():
        for at in range(12):
            # Every level reaches Earth (Water and Air are one level away from it).
            earth = [c for c in REACH[at] if cell_code(c)[0] == "E"]
            assert [c for c in earth if c not in (tile.colour_cell, tile.special_cell)], (tile, at)


def test_boards_targets_and_tracks() -> None:
    """Four boards whose target orders put each colour at a different height; tracks per §2."""
    assert BOARDS == "ABCD"
    assert all(sorted(target) == sorted(COLOURS) for target in TARGETS)
    for slot in range(5):
        assert len({target[slot] for target in TARGETS}) == 4
    assert TRACK_START == (2, 3, 3) and TRACK_MAX == (3, 5, 5)


def test_cell_codes_round_trip() -> None:
    assert [cell_code(i) for i in range(12)] == [f"{lv}{c}" for lv in "WEA" for c in range(1, 5)]
    assert all(cell_index(cell_code(i)) == i for i in range(12))
