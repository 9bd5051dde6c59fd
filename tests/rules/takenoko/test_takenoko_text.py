"""Codes, labels, prompts, the text board (§9), the private view and the picture of the garden."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.i18n import Text
from rules.engine import MalformedAction, rng_for
from rules.takenoko import GAME
from rules.takenoko.actions import action_code, parse_action
from rules.takenoko.data import CARDS
from rules.takenoko.layout import PHONE_WIDTH, layout_for
from rules.takenoko.marks import mark_of
from rules.takenoko.picture import render_picture
from rules.takenoko.render import card_picture, garden_lines, marks_of
from rules.takenoko.secrets import swap
from rules.takenoko.state import TakenokoState
from tests.rules.takenoko.helpers import RING, board, codes, garden_of, play, plot, position
from tests.support.text import code_lines

EN = Text("en", ["Ann", "Ben", "Cyd", "Dee"])
FR = Text("fr", ["Ann", "Ben", "Cyd", "Dee"])
STRIP = [(q, 0) for q in range(-7, 7) if q] + [(q, 1) for q in range(-6, 7)]


def test_codes_round_trip() -> None:
    """Every kind of choice has a short stable code that parses back to the same action."""
    for code in (
        "face:SUN", "skip", "col:G", "tile:1,-2", "tile:0,0", "act:panda", "act:place_canal", "plot:G03",
        "row:3", "dir:NE", "spot:-1,2", "chip:f", "chip:none", "canal:1,0,2", "cat:PL", "val:PA-GG-1",
        "val:GA-P-2x3", "end",
    ):  # fmt: skip
        assert action_code(parse_action(code)) == code
    assert parse_action("tile:1,-2") is parse_action("tile:1,-2")


@pytest.mark.parametrize(
    "junk",
    ["", "act", "act:fly", "tile:1", "tile:1,2,3", "tile:٣,1", "tile:1000,0", "tile:01,0", "spot:+1,0",
     "canal:1,0,3", "row:0", "row:99", "val:PA-GG-9", "plot:G12", "chip:x", "face:CHOICE", "dir:N",
     "end:1", "skip:", "tile: 1,0", "canal:1,0", "TILE:1,0", "tile:1,0\n"],
)  # fmt: skip
def test_malformed_codes_name_nothing(junk: str) -> None:
    """Anything malformed — non-ASCII digits and huge numbers included — is a MalformedAction."""
    with pytest.raises(MalformedAction):
        parse_action(junk)


def test_labels_name_the_board_marks() -> None:
    """§9: the letter of a destination in its button is the letter drawn in its cell."""
    garden = [plot("G", q, r, 1) for q, r in RING] + [plot("Y", 2, -1, 2), plot("P", 2, 0, 0, irrigated=False)]
    state, _ = play(position(garden=garden), "act:gardener")
    view = GAME.view(state, None)
    lines, layout, hidden = garden_lines(view)
    marks = marks_of(view.targets)
    assert hidden == [] and len(marks) == len(codes(state))
    for action in GAME.legal_actions(state, state.turn):
        mark = marks[action_code(action)]
        line, col = layout.figure((action.q, action.r))
        assert lines[line][col] == mark
        assert EN.msg(GAME.presentation.action_label(state, state.turn, action)).startswith(f"{mark}: ")
    # Labels are handed out in reading order: top row first, then left to right.
    order = [layout.figure((a.q, a.r)) for a in GAME.legal_actions(state, state.turn)]
    assert order == sorted(order)


def test_an_event_names_the_place_by_the_mark_its_choice_showed() -> None:
    """§9: ``mark_of`` (what ``apply`` names a chosen place by) gives every choice of random games
    the mark ``marks_of`` draws for it on the boards, and none to a choice that names no place."""
    checked = set()
    for seed in range(3):
        state = GAME.start(4, {}, seed)
        rng = random.Random(seed)
        while state.step != "over" and len(checked) < 3:
            offered = GAME.legal_actions(state, state.turn)
            drawn = marks_of(offered)
            for action in offered:
                assert mark_of(offered, action) == drawn.get(action_code(action))
            checked |= {a.kind for a in offered if mark_of(offered, a) is not None}
            state, _ = GAME.apply(state, state.turn, rng.choice(list(offered)), rng_for(seed, 0))
    assert checked == {"spot", "tile", "canal"}


def test_canal_and_spot_marks() -> None:
    """§9: canal spots as digits on their edge marks; plot spots as (a), (b)… in their cells."""
    start = position(garden=[plot("G", q, r, 1) for q, r in RING], boards={0: board(canals=1), 1: board(canals=1)})
    state, _ = play(start, "act:place_canal")
    view = GAME.view(state, None)
    lines, layout, _ = garden_lines(view)
    for n, action in enumerate(GAME.legal_actions(state, state.turn), start=1):
        line, col, _ = layout.mark((action.q, action.r, action.d))
        assert lines[line][col] == str(n)
        assert EN.msg(GAME.presentation.action_label(state, state.turn, action)).startswith(f"Canal {n}: ")
    placing, _ = play(
        position(garden=[plot("G", 1, 0)]),
        "act:plot",
        "plot:" + play(position(garden=[plot("G", 1, 0)]), "act:plot")[0].drawn[0],
    )
    view = GAME.view(placing, None)
    lines, layout, _ = garden_lines(view)
    for n, action in enumerate(GAME.legal_actions(placing, placing.turn)):
        line, col = layout.at((action.q, action.r))
        assert lines[line][col : col + 3] == f"({'abcdefghijklmnopqrstuvwxy'[n]})"


def boards_of(state: TakenokoState) -> list[str]:
    """The public board and every private view, in both languages."""
    texts = []
    for tr in (EN, FR):
        texts.append(GAME.presentation.render_board(GAME.view(state, None), tr))
        texts += [GAME.presentation.render_private(GAME.view(state, s), tr) for s in range(state.players)]
    return texts


@pytest.mark.parametrize(
    ("garden", "mode", "turn"),
    [
        ([(1, 0), (1, -1)], "wide", 0),
        ([(q, 0) for q in range(1, 8)] + [(q, -1) for q in range(1, 8)], "compact", 0),
        (STRIP, "compact", 1),
    ],
)
def test_boards_fit_a_phone_in_every_layout(garden: list[tuple[int, int]], mode: str, turn: int) -> None:
    """§9: the garden fits 40 columns — the §9 grid, else 3-character cells, else turned 60° — and
    the whole board one message; the legend says which layout is shown."""
    state = position(4, garden=garden_of(garden))
    layout = layout_for(tuple(garden), True)
    assert (layout.mode, layout.turn) == (mode, turn)
    for text in boards_of(state):
        assert len(text) <= 1900
        assert all(len(line) <= PHONE_WIDTH for line in code_lines(text))
    board = GAME.presentation.render_board(GAME.view(state, None), EN)
    if mode == "compact":
        assert "Compact board" in board
    if turn:
        assert "turned by 60°" in board


def test_the_list_layout_is_the_last_resort() -> None:
    """A garden no grid fits (built by hand: real gardens stay within the grids) is listed by rows."""
    cross = [(q, 0) for q in range(-13, 14) if q]
    layout = layout_for(tuple(cross), False)
    assert layout.mode == "list"
    state = position(garden=garden_of(cross), plots=())
    board = GAME.presentation.render_board(GAME.view(state, None), EN)
    assert "one line per row" in board and all(len(line) <= PHONE_WIDTH for line in code_lines(board))


def test_the_board_says_who_acts_and_the_private_view_pictures_the_hand() -> None:
    """The board ends on the question; the private view lists each card with its picture and ✅ when
    it holds now."""
    state = position(
        garden=[plot("Y", 1, -1), plot("Y", 0, -1), plot("Y", -1, 0)],
        hands={0: ("PL-Y-CURVE", "PA-GG-1"), 1: ("PL-Y-CURVE", "PA-GG-1")},
    )
    board_text = GAME.presentation.render_board(GAME.view(state, None), EN)
    assert board_text.splitlines()[-1].startswith(f"➡️ {EN.name(state.turn)}: Choose an action")
    private = GAME.presentation.render_private(GAME.view(state, 0), EN)
    assert "1. ✅ 🧩 Plot: 3 yellow in a bent line · 3 pts" in private
    assert "2. ⬜ 🐼 Panda: 2 green sections · 3 pts" in private
    assert GAME.presentation.render_private(GAME.view(state, None), EN) == "Only players have objectives."
    assert card_picture(CARDS["PL-Y-CURVE"]) == ["   Y", "Y Y"]
    assert card_picture(CARDS["PL-GP-DIA"]) == [" P", "G P", " G"]
    assert card_picture(CARDS["GA-Y-0"]) == ["Y4."] and card_picture(CARDS["PA-GYP-1"]) == ["GYP"]


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG."""
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


def test_the_picture_is_drawn_from_the_public_view_only() -> None:
    """The picture depends on the public view alone: two states that differ only in hands (and a
    seat's view, which adds its hand) draw the same bytes; a change in the garden changes them."""
    state, _ = play(position(3, garden=[plot("G", q, r, 2) for q, r in RING], canals=[(1, 0, 2)]), "act:gardener")
    other = swap(state, 0, 1, random.Random(4))
    assert other.hands != state.hands
    picture = render_picture(GAME.view(state, None), EN)
    assert render_picture(GAME.view(other, None), EN) == picture
    assert render_picture(GAME.view(state, state.turn), EN) == picture
    width, height = png_size(picture)
    assert 100 < width < 2000 and 100 < height < 2000
    grown = state.model_copy(update={"garden": (*state.garden[:-1], state.garden[-1].model_copy(update={"height": 4}))})
    assert render_picture(GAME.view(grown, None), EN) != picture
    assert GAME.presentation.render_picture is render_picture


def test_a_full_garden_pictured_and_boarded() -> None:
    """A whole game's last position: 27 plots, a picture and a board that fits."""
    state = GAME.start(4, {}, 11)
    chooser = random.Random(11)
    ply = 0
    while GAME.to_act(state):
        ply += 1
        state, _ = GAME.apply(
            state, state.turn, chooser.choice(list(GAME.legal_actions(state, state.turn))), rng_for(11, ply)
        )
    assert len(state.garden) == 27
    assert png_size(render_picture(GAME.view(state, None), FR))[0] > 200
    for text in boards_of(state):
        assert len(text) <= 1900 and all(len(line) <= PHONE_WIDTH for line in code_lines(text))
