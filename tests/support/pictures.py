"""What the picture tests share: positions along seeded AI games, and what a picture holds."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.i18n import Text
from rules.drawing import LAST, WIDTH
from rules.engine import Game, ai_player, playout

NAMES = ["Ann", "Ben", "Cyd", "Dee", "Eve", "Fay"]
TALLEST = 1400
"""The tallest a picture may be: a phone shows it whole at its width, scrolling a little at most."""


def text(locale: str, players: int) -> Text:
    """The reader's language with the usual player names."""
    return Text(locale, NAMES[:players])


def positions(game: Game[Any, Any, Any], players: int, seed: int, options: dict[str, str] | None = None) -> list[Any]:
    """Every state of a seeded game the AI plays to its end, the initial one first."""
    state = game.start(players, options or {}, seed)
    states = [state]
    for ply in playout(game, state, seed, ai_player(game, seed)):
        states.append(ply.after)
    return states


def log_of(
    game: Game[Any, Any, Any], players: int, seed: int, options: dict[str, str] | None = None
) -> tuple[Any, list[tuple[int, int, str]]]:
    """A seeded AI game as a table keeps it: its initial state and its log of (ply, seat, code)."""
    initial = game.start(players, options or {}, seed)
    log = [(p.number, p.seat, game.action_code(p.action)) for p in playout(game, initial, seed, ai_player(game, seed))]
    return initial, log


def picture(game: Game[Any, Any, Any], state: Any, tr: Text, seat: int | None = None) -> bytes:
    """The game's picture of ``state`` as ``seat`` would get it (the public view by default)."""
    draw = game.presentation.render_picture
    assert draw is not None
    return draw(game.view(state, seat), tr)


def decode(data: bytes) -> Image.Image:
    """A PNG's image (it must be one)."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    return image


def fits_a_phone(data: bytes) -> bool:
    """A picture as wide as every other, and short enough to read without zooming out."""
    width, height = decode(data).size
    return width == WIDTH and 200 < height <= TALLEST


def marked(data: bytes) -> int:
    """How many pixels of a picture carry the last move's violet."""
    image = decode(data).convert("RGB")
    histogram = image.getcolors(maxcolors=1 << 20) or []
    return sum(count for count, colour in histogram if colour == LAST)


def assert_pictures_fit_a_phone(game: Game[Any, Any, Any], states: list[Any], tr: Text, every: int) -> None:
    """The picture of every ``every``-th state and of the last one fits a phone."""
    for state in [*states[::every], states[-1]]:
        assert fits_a_phone(picture(game, state, tr))
