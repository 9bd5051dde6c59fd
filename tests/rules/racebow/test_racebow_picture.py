"""Racebow's picture (rules/racebow/picture.py) and the marks of the latest turn, on the text board
and in the picture: drawn from the public view alone (everything but the draw pile's order),
readable on a phone, the latest turn's path ringed in violet."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Text
from rules.drawing import overlap
from rules.racebow import GAME
from rules.racebow.picture import (
    CELL,
    MAX_TILES,
    cell_centres,
    picture_tiles,
    player_spots,
    render_picture,
    replay_turn,
    tile_corners,
)
from rules.racebow.render import LAST_MARK
from rules.racebow.state import LastTurn
from tests.rules.racebow.helpers import ANN, BOB, NAMES, at, play, section9
from tests.support.pictures import fits_a_phone, marked, picture, positions, text


def test_the_bundle_draws_the_strip_and_a_replay_shows_a_picture_per_turn() -> None:
    assert GAME.presentation.render_picture is render_picture
    assert GAME.presentation.replay_turn is replay_turn
    state = section9()
    moved, _ = play(state, ANN, "to:A1")  # a turbo is offered: still Ann's turn
    assert replay_turn(moved) == replay_turn(state)
    ended, _ = play(moved, ANN, "end")
    assert replay_turn(ended) != replay_turn(state)


def test_the_draw_pile_order_never_changes_the_picture() -> None:
    """§7: the order of the face-down pile is the one hidden fact; reshuffled, the picture is the
    same bytes, and every seat's view draws the public picture."""
    rng = random.Random(3)
    tr = text("en", 4)
    for state in positions(GAME, 4, 12)[::9]:
        pile = list(state.pile)
        rng.shuffle(pile)
        other = state.model_copy(update={"pile": tuple(pile)})
        public = picture(GAME, state, tr)
        assert picture(GAME, other, tr) == public
        assert picture(GAME, state, tr, 1) == public


@pytest.mark.parametrize(("players", "locale"), [(2, "fr"), (4, "en")])
def test_every_picture_of_a_game_fits_a_phone(players: int, locale: str) -> None:
    tr = text(locale, players)
    states = positions(GAME, players, 21)
    for state in [*states[::12], states[-1]]:
        assert fits_a_phone(picture(GAME, state, tr))


def test_a_long_track_shows_the_tiles_around_the_racers() -> None:
    """A window of more than 16 tiles (a racer far behind, §3) keeps each racer's tile and the
    two after it, and the frontmost tile: the picture stays one phone screen tall."""
    state = section9()
    long = state.model_copy(
        update={
            "tiles": state.tiles + state.pile[:20],
            "cells": state.cells + tuple("............" for _ in range(20)),
            "pile": state.pile[20:],
            "where": ((30, at("E1")), (7, at("E3")), (8, at("A3")), (6, at("E3"))),
        }
    )
    view = GAME.view(long, None)
    shown = picture_tiles(view)
    assert len(shown) <= MAX_TILES < len(view.tiles)
    assert {6, 7, 8, 9, 10, 30, 31, 32, view.first + len(view.tiles) - 1} <= set(shown)
    assert fits_a_phone(render_picture(view, Text("en", NAMES)))


def test_the_latest_turn_is_its_path() -> None:
    """Worked examples 1 and 2: Ann moves 8E1 → 9A1 (taking the blue pawn, RB-COLLECT-01), then
    spends her turbo (RB-MOVE-07) for 10E2; the record holds her path from where she started."""
    state, _ = play(section9(), ANN, "to:A1")
    state, _ = play(state, ANN, "turbo")
    state, _ = play(state, ANN, "to:E2")
    assert state.turn == BOB
    path = ((8, at("E1")), (9, at("A1")), (10, at("E2")))
    assert GAME.view(state, None).last == LastTurn(seat=ANN, round=8, path=path)


def test_the_text_board_and_the_picture_mark_the_latest_turn() -> None:
    """`!` before the mover's line and on the cells the pawn left or emptied, with a legend; a
    violet path in the picture; none of it before anyone has moved."""
    tr = Text("en", NAMES)
    state, _ = play(section9(), ANN, "to:A1")
    state, _ = play(state, ANN, "turbo")
    state, _ = play(state, ANN, "to:E2")
    board = GAME.presentation.render_board(GAME.view(state, None), tr)
    block = board.split("```")[1]
    assert f"{LAST_MARK} 1 Ann" in block
    assert block.count(LAST_MARK) == 3  # her line, 8E1 and 9A1 (she stands on 10E2)
    assert "`!` the latest turn" in board
    assert marked(render_picture(GAME.view(state, None), tr)) > 500
    fresh = section9()
    assert LAST_MARK not in GAME.presentation.render_board(GAME.view(fresh, None), tr).split("```")[1]
    assert marked(render_picture(GAME.view(fresh, None), tr)) == 0


def test_a_stored_state_without_the_record_still_loads() -> None:
    data = section9().model_dump(mode="json")
    data.pop("last", None)
    assert type(section9()).model_validate(data).last == LastTurn()


def test_players_sharing_a_cell_stand_apart_inside_it() -> None:
    """RB-MOVE-05: several players may share a cell; their pawns are spread over it, apart from one
    another and inside the ring that marks the last turn's path (``CELL / 2 - 5`` from its centre,
    rules/drawing.last_ring): none hides another, the ring hides none."""
    shared = 0
    for seed in (1, 2, 3):
        for state in positions(GAME, 4, seed):
            view = GAME.view(state, None)
            centre = cell_centres(tile_corners(view, 0))
            spots = player_spots(view, centre)
            boxes = {seat: (x - half, y - half, x + half, y + half) for seat, (x, y, half) in spots.items()}
            for seat, box in boxes.items():
                cx, cy = centre(*view.where[seat]) or (0.0, 0.0)
                inner = CELL / 2 - 5 - 1
                assert cx - inner <= box[0] and box[2] <= cx + inner and cy - inner <= box[1] and box[3] <= cy + inner
                for other, other_box in boxes.items():
                    if other != seat:
                        assert not overlap(box, other_box), f"players {seat + 1} and {other + 1} overlap"
            shared += len({view.where[s] for s in spots}) < len(spots)
    assert shared
