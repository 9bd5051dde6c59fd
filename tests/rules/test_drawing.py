"""What the pictures share (rules/drawing.py): the PNG writer, text that wraps, a whole game as
pictures (one per turn, undone moves taken back) and as an animated GIF."""

from __future__ import annotations

import io
import sys
from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from rules import drawing, fonts
from rules.drawing import (
    FRAME_MS,
    HOLD,
    MAX_FRAMES,
    PHONE,
    WIDTH,
    Sheet,
    animate,
    fit,
    frames,
    png,
    spaced,
    width_of,
    wrap,
)
from rules.engine import UNDO, in_effect, rng_for
from rules.racebow import GAME as RACEBOW
from rules.registry import GAMES
from rules.takenoko import GAME as TAKENOKO
from tests.support.nim import NIM
from tests.support.pictures import decode, log_of, positions, text


def test_the_png_writer_keeps_every_pixel() -> None:
    image = Image.new("RGB", (37, 11), (250, 247, 238))
    ImageDraw.Draw(image).line((0, 0, 36, 10), fill=(124, 58, 237), width=3)
    back = decode(png(image))
    assert back.mode == "RGB" and back.size == (37, 11) and back.tobytes() == image.tobytes()
    assert png(image) == png(image.copy())  # the same image, the same bytes


def test_text_wraps_and_long_names_are_cut() -> None:
    lines = wrap("the quick brown fox jumps over the lazy dog", 18, 120)
    assert len(lines) > 1 and all(width_of(line, 18) <= 120 for line in lines)
    assert " ".join(lines) == "the quick brown fox jumps over the lazy dog"
    assert fit("Bartholomew-Maximilian", 22, 100).endswith("…") and width_of(fit("Bo", 22, 100), 22) <= 100


def test_spaced_keeps_the_first_and_the_last() -> None:
    assert spaced(list(range(10)), 20) == list(range(10))
    assert spaced(list(range(100)), 5) == [0, 25, 50, 74, 99]


def test_a_replay_draws_the_start_each_new_turn_and_the_end() -> None:
    """Racebow: a picture of the first position, of the position each time a new turn begins
    (its replay_turn changes), and of the last one, each exactly the picture a player saw then."""
    initial, log = log_of(RACEBOW, 2, 4)
    tr = text("en", 2)
    turn = RACEBOW.presentation.replay_turn
    draw = RACEBOW.presentation.render_picture
    assert turn is not None and draw is not None
    states = positions(RACEBOW, 2, 4)
    starts = [states[0]] + [b for a, b in pairwise(states) if turn(a) != turn(b)]
    if starts[-1] is not states[-1]:
        starts.append(states[-1])
    pictures = frames(RACEBOW, initial, 4, log, tr, limit=10_000)
    assert pictures == [draw(RACEBOW.view(state, None), tr) for state in starts]
    assert 10 < len(pictures) < len(log)
    assert len(frames(RACEBOW, initial, 4, log, tr, limit=7)) == 7


def test_a_replay_leaves_out_the_moves_taken_back() -> None:
    """A log with an undo entry (a move taken back, then another played) replays as the moves in
    effect (rules.engine.replay): the same pictures as the log without them."""
    initial, log = log_of(TAKENOKO, 2, 6)
    log = log[:30]
    ply = log[-1][0]
    state = initial
    for entry in log:
        state, _ = TAKENOKO.apply(state, entry[1], TAKENOKO.parse_action(entry[2]), rng_for(6, entry[0]))
    other = next(a for a in TAKENOKO.legal_actions(state, state.turn))
    taken_back = [*log, (ply + 1, state.turn, TAKENOKO.action_code(other)), (ply + 2, state.turn, UNDO)]
    tr = text("fr", 2)
    assert in_effect(taken_back) == log
    assert frames(TAKENOKO, initial, 6, taken_back, tr) == frames(TAKENOKO, initial, 6, log, tr)


def test_a_game_without_a_picture_has_no_replay() -> None:
    with pytest.raises(ValueError):
        frames(NIM, NIM.start(2, {}, 1), 1, [], text("en", 2))


def test_the_animation_is_a_looping_gif_a_frame_per_picture() -> None:
    """Every frame shown for ``ms_per_frame`` (a second at most), the last one longer; pictures of
    different heights share one canvas."""
    tall = Image.new("RGB", (40, 30), (250, 247, 238))
    short = Image.new("RGB", (40, 20), (124, 58, 237))
    green = Image.new("RGB", (40, 30), (40, 156, 72))
    data = animate([png(tall), png(short), png(green)], 500)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.n_frames == 3 and gif.size == (40, 30)
    gif.seek(1)
    assert gif.convert("RGB").getpixel((5, 5)) == (124, 58, 237)  # a colour of a middle frame kept
    assert gif.convert("RGB").getpixel((5, 25)) == (250, 247, 238)  # padded with the paper
    assert gif.info.get("loop") == 0
    durations = []
    for index in range(gif.n_frames):
        gif.seek(index)
        durations.append(gif.info["duration"])
    assert durations == [500, 500, 500 * HOLD]
    with pytest.raises(ValueError):
        animate([png(tall)], 1500)
    assert 0 < FRAME_MS <= 1000 and MAX_FRAMES >= 50


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_replay_ends_on_the_final_board_with_the_standings(game: str) -> None:
    """The last frame, held longest, is the final board with the standings under it: about as tall
    as the frames before it, not the standings alone at the top of a blank canvas."""
    rules = GAMES[game]
    players = max(rules.min_players, 3)
    initial, log = log_of(rules, players, 4)
    heights = [decode(picture).height for picture in frames(rules, initial, 4, log, text("en", players))]
    assert heights[-1] >= 0.85 * max(heights), f"the last frame is {heights[-1]} pixels tall of {max(heights)}"


PLAYER_LINES = 22
"""How large the player lines are drawn (``TEXT``), on every picture before legends grew to match."""


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_legend_reads_on_a_phone_as_the_player_lines_do(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Shown ``PHONE`` pixels wide (Discord's preview on a phone), a legend's text is as large as
    the player lines: no smaller on the phone's screen than the names are."""
    sizes: list[int] = []
    draw, legend = fonts.draw, Sheet._legend.__code__

    def spy(canvas: object, xy: tuple[float, float], text: str, *, size: int, **kwargs: object) -> None:
        if sys._getframe(2).f_code is legend:  # the legend's own words, not its symbols' letters
            sizes.append(size)
        draw(canvas, xy, text, size=size, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "draw", spy)
    monkeypatch.setattr(drawing, "_LEGENDS", {})  # drawn, not pasted from an earlier picture
    rules = GAMES[game]
    states = positions(rules, 3, 2)
    for state in states[:: max(1, len(states) // 4)]:
        rules.presentation.render_picture(rules.view(state, None), text("fr", 3))  # type: ignore[misc]
    assert sizes and min(sizes) * PHONE / WIDTH >= PLAYER_LINES * PHONE / WIDTH
