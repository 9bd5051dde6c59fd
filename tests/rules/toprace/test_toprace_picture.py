"""Top Race's picture (rules/toprace/picture.py) and the marks of the last card, on the text board
and in the picture: drawn from the public view alone (no hand, no bet before the race ends),
readable on a phone, the cars the last move moved ringed in violet."""

from __future__ import annotations

import math
import random

import pytest

from bot.i18n import Text
from rules.drawing import overlap
from rules.toprace import GAME
from rules.toprace.data import FINISH, OFF
from rules.toprace.picture import Layout, layout, render_picture, replay_turn
from rules.toprace.view import Trail
from tests.rules.toprace.helpers import car, cell, codes, play, race_state
from tests.support.pictures import fits_a_phone, marked, picture, positions, text


def test_the_bundle_draws_the_race_and_a_replay_shows_a_picture_per_card() -> None:
    """A replay's turn is a card (the turn passes on, TR-MOVE-1) or, in an auction, a car placed."""
    assert GAME.presentation.render_picture is render_picture
    assert GAME.presentation.replay_turn is replay_turn
    s = race_state(2, at={"A": (24, 1), "B": (14, 1)}, hands=[[1, 26], [2, 27]], betting="off")
    moving, _ = play(s, 0, "play:1")  # A10: Ann chooses where it stops
    assert replay_turn(moving) == replay_turn(s)
    after, _ = play(moving, 0, codes(moving, 0)[0])  # the card is done: Ben plays
    assert replay_turn(after) != replay_turn(s)


def test_hands_bets_and_the_driver_pile_never_change_the_picture() -> None:
    """§6: hands, the bets of a race not yet over (TR-TIP-3), the driver pile's order and the
    cards set aside are secret; two states that differ only there draw the same bytes."""
    rng = random.Random(5)
    tr = text("en", 5)
    states = positions(GAME, 5, 3, {"races": "3"})
    betting = [s for s in states if s.ask == "bet"]
    changed = 0
    for state in [*states[::12], *betting[::3]]:
        a, b = rng.sample(range(5), 2)
        other = GAME.swap_secrets(state, a, b, rng)
        if len(other.drivers) > 2:  # the revealed card stays where it is (public), the rest is hidden
            rest = list(other.drivers[1:])
            rng.shuffle(rest)
            other = other.model_copy(update={"drivers": (other.drivers[0], *rest)})
        changed += other != state
        public = picture(GAME, state, tr)
        assert picture(GAME, other, tr) == public
        assert picture(GAME, state, tr, a) == public
    assert changed and betting


@pytest.mark.parametrize(("players", "locale", "options"), [(2, "en", {}), (6, "fr", {"edition": "alt", "races": "3"})])
def test_every_picture_of_a_game_fits_a_phone(players: int, locale: str, options: dict[str, str]) -> None:
    """The whole course, folded in three columns, in 800 pixels of width: auction, race, results."""
    tr = text(locale, players)
    states = positions(GAME, players, 8, options)
    phases = {s.phase for s in states}
    assert phases == {"auction", "race", "over"}
    for state in [*states[::40], states[-1]]:
        assert fits_a_phone(picture(GAME, state, tr))


def test_the_last_card_marks_the_cars_it_moved_and_where_they_started() -> None:
    """Worked example 3: a panne (TR-PAIR-3) takes light blue off at its reference cell; later,
    red passing row 20 releases it (TR-PAIR-6). The view names each car the last card moved,
    from its first cell to its last."""
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[46, 1, 26, 33, 2], []])
    s, _ = play(s, 0, "play:46")
    s, _ = play(s, 0, "panne")
    assert GAME.view(s, None).moved == (Trail(car=car("A"), start=cell(20, 2), end=OFF),)
    s, _ = play(s, 0, "play:26")  # B6 C4 E2: red reaches row 20, which is not passing
    s, _ = play(s, 0, "end:20.2")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    s, _ = play(s, 0, "play:33")  # C6 E4 F2 B1
    while s.car != car("B"):
        s, _ = play(s, 0, codes(s, 0)[0])
    s, _ = play(s, 0, "end:21.2")
    moved = {trail.car: trail for trail in GAME.view(s, None).moved}
    assert moved[car("B")] == Trail(car=car("B"), start=cell(20, 2), end=cell(21, 2))
    assert moved[car("A")] == Trail(car=car("A"), start=cell(20, 2), end=cell(20, 2))  # re-entered


def test_a_finish_is_marked_on_the_finish_line() -> None:
    """TR-MOVE-6: a car that crosses the line ends at FINISH, and waits above it in its place."""
    s = race_state(2, at={"E": (52, 2)}, hands=[[5], [1, 2]])
    s, _ = play(s, 0, "play:5")  # E10 finishes after 4 steps
    assert GAME.view(s, None).moved == (Trail(car=car("E"), start=cell(52, 2), end=FINISH),)
    assert marked(picture(GAME, s, Text("en", ["Ann", "Ben"]))) > 300


def test_the_text_board_and_the_picture_mark_the_last_card() -> None:
    """✨ on the line of each car the last card moved, explained in the map's legend; a violet ring
    in the picture; neither once nothing has moved (a card just played, a new race)."""
    tr = Text("en", ["Ann", "Ben"])
    s = race_state(2, at={"A": (20, 2), "B": (14, 1)}, hands=[[1, 26], [2, 27]])
    s, _ = play(s, 0, "play:1")
    s, _ = play(s, 0, "end:30.2")
    board = GAME.presentation.render_board(GAME.view(s, None), tr)
    assert [line for line in board.splitlines() if "✨" in line and "light blue" in line] != []
    assert "✨ moved by the last card" in board
    assert marked(picture(GAME, s, tr)) > 300
    still = s.model_copy(update={"last": None})
    assert "✨" not in GAME.presentation.render_board(GAME.view(still, None), tr)
    assert marked(picture(GAME, still, tr)) == 0


def test_the_car_placed_last_is_marked_during_the_auction() -> None:
    """TR-AUC-7: during an auction the last move that changed the track is a car placed."""
    tr = Text("fr", ["Ann", "Ben", "Cyd"])
    states = positions(GAME, 3, 4)
    placed = next(s for s in states if s.phase == "auction" and any(c != OFF for c in s.cell))
    moved = GAME.view(placed, None).moved
    assert len(moved) == 1 and moved[0].start == OFF and moved[0].end == placed.cell[moved[0].car]
    assert "✨ la dernière voiture placée" in GAME.presentation.render_board(GAME.view(placed, None), tr)
    assert marked(picture(GAME, placed, tr)) > 300


# -- the course's layout: nothing hides anything else ----------------------------------------------------
def clear(course: Layout) -> None:
    """No two cars overlap; each row's initials and each line's label sit in their column's room,
    clear of the cells, the cars, the row numbers and one another."""
    cars = course.cars
    for i, a in enumerate(cars):
        for b in cars[i + 1 :]:
            assert math.dist((a.x, a.y), (b.x, b.y)) >= a.radius + b.radius, f"cars {a.car} and {b.car} overlap"
    texts = [label for _, label, _ in course.tags] + course.labels[:-1]  # the finish stands alone above its line
    solid = course.cells + [p.box for p in cars] + [n.box for n in course.numbers]
    for k, label in enumerate(texts):
        box = label.box
        assert any(left <= box[0] and box[2] <= right for left, right in course.columns), (
            f"{label.text} leaves its column"
        )
        assert not any(overlap(box, other) for other in solid), f"{label.text!r} covers the course"
        assert not any(overlap(box, other.box) for other in texts[k + 1 :]), f"{label.text!r} covers a label"


def test_the_initials_at_the_end_of_a_row_follow_the_lanes() -> None:
    """A broken-down car (TR-PAIR-3) left of a car standing in its row: its owner's initials come
    first, as its car does."""
    s = race_state(2, at={"C": (20, 3)}, broken={"A": (20, 1)}, owner={"A": 0, "C": 1})
    course = layout(GAME.view(s, None), Text("en", ["Ann", "Ben"]))
    ((_, label, cars),) = [tag for tag in course.tags if tag[0] == 20]
    assert label.text == "An Be" and cars == [car("A"), car("C")]
    clear(course)


def test_a_broken_down_car_shares_its_cell_without_overlapping_a_car() -> None:
    """TR-PAIR-3: a broken-down car blocks nothing, so another car may stand on its reference cell;
    both are drawn in the cell, side by side, clear of the cars of the next lanes."""
    s = race_state(3, at={"C": (20, 2), "D": (20, 1), "E": (20, 3)}, broken={"A": (20, 2), "B": (20, 2)})
    course = layout(GAME.view(s, None), Text("en", ["Ann", "Ben", "Cyd"]))
    shared = sorted((p for p in course.cars if p.y == course.cars[0].y), key=lambda p: p.x)
    assert [p.car for p in shared] == [car("D"), car("C"), car("A"), car("B"), car("E")]
    clear(course)


@pytest.mark.parametrize(("players", "locale", "options"), [(3, "fr", {}), (6, "en", {"edition": "alt", "races": "3"})])
def test_nothing_on_the_course_hides_anything_else(players: int, locale: str, options: dict[str, str]) -> None:
    """Along whole games (the grid full during the auction, the start and TIP labels, crowded
    rows): every layout is clear, the start label's too."""
    tr = text(locale, players)
    for seed in (2, 9):
        for state in positions(GAME, players, seed, options)[::5]:
            clear(layout(GAME.view(state, None), tr))
