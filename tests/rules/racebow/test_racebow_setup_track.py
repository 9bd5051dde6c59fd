"""Setup and turn order (RB-SETUP-01..04) and the track: reveal, stock, reshuffle, discard
(RB-TILE-01..04)."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction, ai_player, playout, rng_for
from rules.racebow import GAME
from rules.racebow.data import TARGETS, TILES, cell_code
from rules.racebow.rules import setup
from rules.racebow.scoring import target
from tests.rules.racebow.helpers import (  # the builders this file uses, by name: such lists repeat
    ANN,
    BOB,
    at,
    check_invariants,
    custom,
    keys,
    play,
    position,
    section9,
    stocked,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rb_setup_01_seat_k_on_start_cell_k_with_board_k_plays_kth(players: int) -> None:
    state, events = setup(players, {"rotate_first_player": "off"}, rng_for(1, 0))
    assert state.where == tuple((0, at(f"E{k}")) for k in range(1, players + 1))
    assert [target(seat) for seat in range(players)] == list(TARGETS[:players])
    assert state.turn == 0 and state.round == 1 and state.ask == "move"
    assert keys(events)[0] == "setup"


@pytest.mark.parametrize("players", [1, 5])
def test_rb_setup_01_two_to_four_players(players: int) -> None:
    with pytest.raises(IllegalAction):
        setup(players, {}, rng_for(1, 0))


def test_rb_setup_02_bonus_markers_start_at_2_3_3() -> None:
    state, _ = setup(3, {}, rng_for(2, 0))
    assert state.tracks == ((2, 3, 3),) * 3


@pytest.mark.parametrize("seed", range(5))
def test_rb_setup_03_five_tiles_revealed_and_stocked_the_rest_is_supply(seed: int) -> None:
    state, events = setup(4, {}, rng_for(seed, 0))
    assert len(state.tiles) == 6 and state.tiles[0] == 0 and state.first == 0
    assert len(state.pile) == 55 and state.discards == ()
    assert [e.params["n"] for e in events if e.key == "racebow.event.reveal"] == [1, 2, 3, 4, 5]
    for tile_id, row in zip(state.tiles[1:], state.cells[1:], strict=True):
        assert row == stocked(tile_id)
    check_invariants(state)
    # The shuffle depends on the seed: another seed lays other tiles.
    other, _ = setup(4, {}, rng_for(seed + 100, 0))
    assert other.tiles != state.tiles


def _turn_starts(players: int, rotate: str, seed: int) -> list[tuple[int, int]]:
    """(round, seat) at the start of every turn of an all-AI game."""
    state = GAME.start(players, {"rotate_first_player": rotate}, seed)
    starts = [(state.round, state.turn)]
    for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
        after = ply.after
        if after.ask != "over" and after.step == 1 and (after.turn, after.round) != (ply.before.turn, ply.before.round):
            starts.append((after.round, after.turn))
    return starts


@pytest.mark.parametrize("rotate", ["off", "on"])
def test_rb_setup_04_seats_play_in_round_order_skipping_finished_players(rotate: str) -> None:
    """Each round plays its seats in order from seat 1 (or, rotating, from seat ((r-1) mod n)+1),
    with the finished players left out; a seat never plays twice in a round."""
    starts = _turn_starts(4, rotate, 5)
    by_round: dict[int, list[int]] = {}
    for round_number, seat in starts:
        by_round.setdefault(round_number, []).append(seat)
    assert len(by_round) > 5
    for round_number, seats in by_round.items():
        first = (round_number - 1) % 4 if rotate == "on" else 0
        rank = [(seat - first) % 4 for seat in seats]
        assert rank == sorted(rank) and len(set(seats)) == len(seats), (round_number, seats)
    assert by_round[1] == [0, 1, 2, 3]
    assert by_round[2] == ([1, 2, 3, 0] if rotate == "on" else [0, 1, 2, 3])


def test_rb_tile_01_only_a_new_leader_reveals_up_to_its_tile_plus_5() -> None:
    """Bob (behind) moving reveals nothing; Ann reaching tile 9 reveals tile 14."""
    state = section9(turn=BOB)
    after, events = play(state, BOB, "to:E3")
    assert "reveal" not in keys(events) and len(after.pile) == 47
    after, events = play(section9(), ANN, "to:E1")
    assert keys(events).count("reveal") == 1 and after.first + len(after.tiles) - 1 == 14


def test_rb_tile_02_missing_pawns_are_never_added_later() -> None:
    """A tile revealed with an empty supply of its colour or bonus gets no pawn, its action
    symbol is always printed, and a later return to the supply does not fill it."""
    base = section9()
    pile = (53, *[t for t in base.pile if t != 53])  # T53: B@E1, TU@A3, revealed as tile 14
    state = base.model_copy(update={"pile": pile, "colours": (6, 5, 5, 3, 0), "bonuses": (0, 4, 3)})
    # (the pawns counted out of the supply here are simply gone: this test checks no invariant)
    after, events = play(state, ANN, "to:E1")
    assert after.cells[-1] == custom()
    assert {"no_colour_pawn", "no_bonus_pawn"} <= set(keys(events))
    # Tile 12 (T22) prints its SWP action whatever the supply holds.
    assert stocked(22)[at("E1")] == "x" and after.cells[12 - after.first][at("E1")] == "x"
    later, _ = play(after.model_copy(update={"colours": (6, 5, 5, 3, 5)}), ANN, "end", 2)
    later, _ = play(later, BOB, "to:E3", 3)
    assert later.cells[14 - later.first] == custom()


def test_rb_tile_03_empty_pile_reshuffles_the_discards() -> None:
    state = section9(pile=(), discards=tuple(t for t in range(1, 61) if t not in section9().tiles))
    after, events = play(state, ANN, "to:E1", 7)
    assert "reshuffle" in keys(events)
    assert len(after.pile) == 51 and after.discards == ()
    check_invariants(after)
    again, _ = play(state, ANN, "to:E1", 7)
    assert again == after  # the shuffle comes from the move's random source: a replay repeats it


def test_rb_tile_03_no_tile_left_ends_the_game_ranked_by_rb_end_04() -> None:
    """Both piles empty when a tile is needed: the game ends; unfinished players are ranked by
    slots matching, then stack size, then tile index."""
    state = section9(pile=(), discards=())
    after, events = play(state, ANN, "to:A1")
    assert after.ask == "over" and after.end == "tiles"
    assert keys(events)[-1] == "no_tiles"
    outcome = GAME.outcome(after)
    assert outcome is not None
    # Cid Y G B R: 4 slots right (YGBRO); Ann Y O R: 1 (ROYGB), stack 3; Dee G: 1 (GBROY),
    # stack 1; Bob Y O: 0 (OYGBR). Ann's step paid its propeller but collected nothing.
    assert [s.seat for s in outcome.standings] == [2, 0, 3, 1]
    assert [s.keys for s in outcome.standings] == [(4, 4, 8), (1, 3, 9), (1, 1, 6), (0, 2, 7)]
    assert after.stacks[ANN] == "YOR" and after.tracks[ANN] == (1, 1, 3)
    assert outcome.tiebreaks == ("racebow.tiebreak.matching", "racebow.tiebreak.stack", "racebow.tiebreak.tile")


def test_rb_tile_04_the_start_tile_leaves_the_game_and_is_never_discarded() -> None:
    state = GAME.start(2, {}, 4)
    seen_start_leave = False
    for ply in playout(GAME, state, 4, ai_player(GAME, 4)):
        if "start_leaves" in keys(ply.events):
            seen_start_leave = True
            assert 0 not in ply.after.tiles and ply.after.discards == ()
        check_invariants(ply.after)
        if ply.number > 10:
            break
    assert seen_start_leave


def test_rb_tile_04_a_finisher_leaving_the_rear_discards_the_tiles_behind_the_next_racer() -> None:
    """Dee, rearmost on tile 6, finishes on tile 7: tiles 6 and 7 go, the rear is now tile 8."""
    rows = [stocked(46, "E3"), custom(E3="Y"), *(custom() for _ in range(6))]
    state = position(
        rows,
        [(8, "E1"), (8, "E2"), (8, "E3"), (6, "E3")],
        first=6,
        stacks=["", "", "", "GBRO"],
        turn=3,
        round=9,
    )
    check_invariants(state)
    after, events = play(state, 3, "to:E3")
    assert after.places[3] == 1
    assert after.first == 8 and keys(events).count("discard") + keys(events).count("discard_pawns") == 2
    check_invariants(after)


def test_cells_written_on_the_track_match_the_tiles_they_stock() -> None:
    """Every stocked row holds only its tile's own contents (the colour, the special symbol)."""
    state = section9()
    for tile_id, row in zip(state.tiles, state.cells, strict=True):
        tile = TILES[tile_id]
        for index, char in enumerate(row):
            if char != ".":
                assert index in (tile.colour_cell, tile.special_cell), (tile_id, cell_code(index))


def test_rb_setup_04_the_first_seat_rotates_by_default() -> None:
    """RB-SETUP-04 and the option table: rotate_first_player is on unless a host turns it off
    (with a fixed order the first seat wins most games between equal players)."""
    assert GAME.start(3, {}, 5).rotate
    assert not GAME.start(3, {"rotate_first_player": "off"}, 5).rotate
