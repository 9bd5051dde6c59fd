"""Takenoko's picture (rules/takenoko/picture.py) and the marks of the latest turn, on the text
board and in the picture: drawn from the public view alone, readable on a phone, the last turn
ringed in violet."""

from __future__ import annotations

import math
import random

import pytest

from bot.i18n import Text
from rules.takenoko import GAME
from rules.takenoko.picture import RING_DEPTH, canal_width, plot_marks, render_picture, replay_turn
from rules.takenoko.render import LAST_MARK, garden_lines
from rules.takenoko.state import LastTurn
from tests.rules.takenoko.helpers import play, plot, position
from tests.rules.takenoko.test_takenoko_figures import EXAMPLE_4
from tests.support.pictures import assert_pictures_fit_a_phone, marked, picture, positions, text


def test_the_bundle_draws_the_garden_and_a_replay_shows_a_picture_per_turn() -> None:
    assert GAME.presentation.render_picture is render_picture
    assert GAME.presentation.replay_turn is replay_turn
    state = position(3)
    after_end = state.model_copy(update={"turn": (state.turn + 1) % 3, "step": "start"})
    assert replay_turn(state) != replay_turn(after_end)
    assert replay_turn(state) == replay_turn(state.model_copy(update={"step": "gardener"}))


@pytest.mark.parametrize("players", [3])
def test_hands_drawn_plots_and_deck_orders_never_change_the_picture(players: int) -> None:
    """§7: two states that differ only in hidden information (hands dealt again, drawn plots, the
    plot and objective decks reshuffled) draw byte-identical pictures; a seat's own view too."""
    rng = random.Random(players)
    tr = text("en", players)
    states = positions(GAME, players, 40 + players)
    swapped = 0
    for state in states[::6]:
        a, b = rng.sample(range(players), 2)
        other = GAME.swap_secrets(state, a, b, rng)
        other = other.model_copy(
            update={"plots": tuple(reversed(other.plots)), "decks": tuple(tuple(reversed(d)) for d in other.decks)}
        )
        swapped += other.hands != state.hands
        public = picture(GAME, state, tr)
        assert picture(GAME, other, tr) == public
        assert picture(GAME, state, tr, state.turn) == public
    assert swapped, "the secrets never differed: the check would be empty"


@pytest.mark.parametrize(("players", "locale"), [(3, "fr")])
def test_every_picture_of_a_game_fits_a_phone(players: int, locale: str) -> None:
    """About 800 pixels wide whatever the garden's size, from the pond alone to the last turn."""
    assert_pictures_fit_a_phone(GAME, positions(GAME, players, 7), text(locale, players), 15)


def test_the_latest_turn_is_marked_until_the_next_turn_changes_something() -> None:
    """A gardener's move (TK-GARD-03: the destination and its irrigated green neighbours grow) is
    recorded with where the gardener stood; it stays marked while the next player has not changed
    anything, and gives way to the next turn's first change."""
    start = position(garden=EXAMPLE_4, canals=[(1, 0, 2), (1, 0, 1)])
    mover = start.turn
    moved, _ = play(start, "act:gardener", "tile:1,0")
    last = GAME.view(moved, None).last
    assert last.seat == mover and last.gardener == (0, 0)
    assert {(1, 0), (1, -1), (2, -1)} <= set(last.hexes) and (0, 1) not in last.hexes
    ended, _ = play(moved, "act:irrigation", "end")
    assert ended.turn != mover and ended.last == moved.last  # the next turn has changed nothing yet
    acted, _ = play(ended, "act:irrigation")  # TK-IRR-01: a canal onto the board, no plot touched
    assert acted.last.seat == acted.turn and acted.last.hexes == ()


def test_the_text_board_marks_the_plots_the_latest_turn_changed() -> None:
    """`!` in a changed plot's figure slot (where no figure or label is), explained by a legend
    line that names whose turn it was; no mark, no legend line."""
    tr = Text("en", ["Ann", "Ben"])
    start = position(garden=EXAMPLE_4, canals=[(1, 0, 2), (1, 0, 1)])
    moved, _ = play(start, "act:gardener", "tile:1,0")
    grid, _, _ = garden_lines(GAME.view(moved, None))
    assert sum(line.count(LAST_MARK) for line in grid) == 2  # (1, −1) and (2, −1); (1, 0) holds the gardener
    board = GAME.presentation.render_board(GAME.view(moved, None), tr)
    assert f"`!`: plots changed in the last turn ({tr.name(moved.last.seat)})" in board
    unmarked = GAME.presentation.render_board(GAME.view(moved.model_copy(update={"last": LastTurn()}), None), tr)
    assert LAST_MARK not in unmarked


def test_the_picture_rings_the_latest_turn_in_violet() -> None:
    """The mark is drawn when the latest turn changed something, and only then."""
    tr = Text("fr", ["Ann", "Ben"])
    start = position(garden=[*EXAMPLE_4, plot("P", -1, 0, 2)], canals=[(1, 0, 2), (1, 0, 1)])
    moved, _ = play(start, "act:gardener", "tile:1,0")
    assert marked(render_picture(GAME.view(moved, None), tr)) > 500
    cleared = moved.model_copy(update={"last": LastTurn()})
    assert marked(render_picture(GAME.view(cleared, None), tr)) == 0


def test_a_stored_state_without_the_record_still_loads() -> None:
    """States stored before the record existed load with an empty one (the field has a default)."""
    state = position(2)
    data = state.model_dump(mode="json")
    del data["last"]
    assert type(state).model_validate(data).last == LastTurn()


@pytest.mark.parametrize("radius", [40, 47, 55, 66])
def test_an_improvement_sits_inside_its_plot_clear_of_its_edges(radius: float) -> None:
    """TK-IMP-01: an improvement belongs to its plot; its badge stays inside the hex, farther from every
    edge than a new canal (drawn on the edge) or the last turn's outline reach, and clear of the
    label of a choice in the plot's middle. Radii: the smallest gardens measured to the largest."""
    x, y, size = plot_marks(radius)["improvement"]
    reach = max(canal_width(radius) / 2 + 4, RING_DEPTH) + 1
    apothem = radius * math.sqrt(3) / 2
    for k in range(6):  # a pointy-top hex: its edges face 0°, 60°, ... 300°
        angle = math.radians(60 * k)
        inside = apothem - (x * math.cos(angle) + y * math.sin(angle))
        assert inside - size >= reach, f"the badge is {inside - size:.1f} px from an edge"
    lx, ly, lr = plot_marks(radius)["choice"]
    assert math.dist((x, y), (lx, ly)) >= size + lr
