"""What the four games' pictures share: the font, the colours, the title bar, text that wraps, a
legend, the mark of the last move, PNG output, and a whole game replayed as an animation.

Every picture is ``WIDTH`` (800) pixels wide: a phone shows it across its screen at about half
size (``PHONE``), so most text is drawn at ``TEXT`` (22 px, 11 px on the phone's screen), the
legend too, and none smaller than ``SMALL`` (18 px) but Top Race's course labels, which shrink to
the room between two columns of the course. A picture is drawn top to bottom on a tall ``Sheet`` and cut to what was
drawn. Drawing is pure: the only file read is the bundled font (a constant, read once), and the
same view always gives the same bytes.

Text is drawn in DejaVu Sans (Pillow's own default font has no accented letters, and French boards
need them), and a player's name in another script by the fonts after it in rules/fonts' stack,
right-to-left names read right to left: every text goes through ``write`` and ``width_of``.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from rules import fonts
from rules.engine import Game, Seat, Text, replay

WIDTH = 800
"""Every picture's width in pixels."""
MARGIN = 24
"""Space between the picture's edge and what is drawn."""
TITLE = 30
"""Size of the title line (bold)."""
TEXT = 22
"""Size of player lines and of what a picture spells out."""
SMALL = 18
"""Size of labels and secondary text."""
LEGEND = TEXT
"""Size of a legend's text: as large as the player lines, so that it reads on a phone."""
PHONE = 400
"""About how wide a phone shows a picture (Discord's preview, the screen's width less its margins)."""

Colour = tuple[int, int, int]
PAPER: Colour = (250, 247, 238)
INK: Colour = (33, 33, 33)
MUTED: Colour = (100, 96, 88)
RULE: Colour = (214, 207, 190)
BAR: Colour = (48, 52, 63)
"""The title bar; its text is white."""
WHITE: Colour = (255, 255, 255)
LAST: Colour = (124, 58, 237)
"""The mark of what the last move changed: a violet that no game uses for a piece."""
LAST_SOFT: Colour = (236, 227, 255)
"""The background of a line the last move changed (a player's row)."""

Draw = ImageDraw.ImageDraw
Painter = Callable[[Draw, float, float], None]
"""Draws a legend symbol centred on (x, y), within a 24 × 24 box."""

_LEGENDS: dict[tuple[Hashable, tuple[str, ...]], Image.Image] = {}
"""Legends drawn so far, by the key naming their symbols and their texts (see ``Sheet.legend``)."""


# -- the font -------------------------------------------------------------------------------------
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` pixels (bold or regular)."""
    return fonts.font(size, bold)


def width_of(text: str, size: int, bold: bool = False) -> float:
    """How wide ``text`` is drawn, in pixels."""
    return fonts.width(text, size, bold)


def write(
    draw: Draw,
    xy: tuple[float, float],
    text: str,
    *,
    size: int,
    bold: bool = False,
    fill: Colour = INK,
    anchor: str = "la",
) -> None:
    """Draw ``text`` at ``xy`` (``anchor`` as Pillow's: "lm" is left and middle), in the font of
    the stack that has each of its characters."""
    fonts.draw(draw, xy, text, size=size, bold=bold, fill=fill, anchor=anchor)


Box = tuple[float, float, float, float]
"""A rectangle on a picture: left, top, right, bottom."""


def text_box(xy: tuple[float, float], text: str, *, size: int, bold: bool = False, anchor: str = "la") -> Box:
    """The box the ink of ``text`` covers when ``write`` draws it at ``xy``."""
    return fonts.box(xy, text, size=size, bold=bold, anchor=anchor)


def overlap(a: Box, b: Box) -> bool:
    """True if two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def wrap(text: str, size: int, room: float, bold: bool = False) -> list[str]:
    """``text`` cut at spaces into lines no wider than ``room`` (a word wider than that stays whole),
    never inside parentheses ("(0 jeton)" stays on one line) unless they alone are wider than that."""
    lines: list[str] = []
    line = ""
    for word in _unbroken(text, size, room, bold):
        candidate = f"{line} {word}" if line else word
        if line and width_of(candidate, size, bold) > room:
            lines.append(line)
            line = word
        else:
            line = candidate
    lines.append(line)
    return lines


def _unbroken(text: str, size: int, room: float, bold: bool) -> list[str]:
    """The words of ``text``, a parenthesis and what it holds kept as one when it fits ``room``."""
    words: list[str] = []
    group: list[str] = []
    depth = 0
    for word in text.split(" "):
        group.append(word)
        depth = max(0, depth + word.count("(") - word.count(")"))
        if depth == 0:
            joined = " ".join(group)
            words += [joined] if len(group) == 1 or width_of(joined, size, bold) <= room else group
            group = []
    if group:  # a parenthesis left open: its words as they are
        words += group
    return words


def fit(text: str, size: int, room: float, bold: bool = False) -> str:
    """``text`` cut short with '…' to fit ``room`` pixels (a long player name)."""
    if width_of(text, size, bold) <= room:
        return text
    while text and width_of(text + "…", size, bold) > room:
        text = text[:-1]
    return text + "…"


# -- shapes every game uses ------------------------------------------------------------------------
def ink_on(fill: Colour) -> Colour:
    """Black or white, whichever reads better on ``fill``."""
    r, g, b = fill
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else WHITE


def disc(draw: Draw, x: float, y: float, radius: float, fill: Colour, label: str = "", *, size: int = 0) -> None:
    """A filled circle with an outline and, optionally, a bold label in the colour that reads on it."""
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2)
    if label:
        write(draw, (x, y), label, size=size or int(radius * 1.2), bold=True, fill=ink_on(fill), anchor="mm")


def last_ring(draw: Draw, box: tuple[float, float, float, float], *, round_: bool = True) -> None:
    """The last move's mark around ``box``: a violet ring, white inside so it shows on any colour."""
    x0, y0, x1, y1 = box
    if round_:
        draw.ellipse((x0 - 3, y0 - 3, x1 + 3, y1 + 3), outline=WHITE, width=3)
        draw.ellipse((x0 - 6, y0 - 6, x1 + 6, y1 + 6), outline=LAST, width=4)
    else:
        draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=5, outline=WHITE, width=3)
        draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=7, outline=LAST, width=4)


def last_symbol(draw: Draw, x: float, y: float) -> None:
    """The legend's symbol of the last move's mark."""
    last_ring(draw, (x - 6, y - 6, x + 6, y + 6))


def outline(draw: Draw, points: Sequence[tuple[float, float]], fill: Colour, width: int) -> None:
    """A closed outline ``width`` pixels thick (``polygon(width=...)`` masks the whole picture: slow)."""
    draw.line([*points, points[0], points[1]], fill=fill, width=width, joint="curve")


def triangle(draw: Draw, x: float, y: float, size: float, fill: Colour = INK) -> None:
    """A play mark pointing right (the seat that acts), centred on (x, y)."""
    draw.polygon([(x - size / 2, y - size / 2), (x + size / 2, y), (x - size / 2, y + size / 2)], fill=fill)


# -- pieces of a line -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Word:
    """Text in a line of pieces."""

    text: str
    bold: bool = False
    fill: Colour = INK
    size: int = TEXT


@dataclass(frozen=True)
class Icon:
    """A drawn symbol in a line of pieces: ``paint`` draws it centred on (x, y), ``width`` wide."""

    paint: Painter
    width: float = 26


Piece = Word | Icon


def pieces_width(pieces: Iterable[Piece]) -> float:
    """How wide a line of pieces is drawn."""
    return sum(p.width if isinstance(p, Icon) else width_of(p.text, p.size, p.bold) for p in pieces)


def draw_pieces(draw: Draw, x: float, y: float, pieces: Iterable[Piece]) -> float:
    """Draw ``pieces`` left to right with their middle on ``y``; return where the line ends."""
    for piece in pieces:
        if isinstance(piece, Icon):
            piece.paint(draw, x + piece.width / 2, y)
            x += piece.width
        else:
            write(draw, (x, y), piece.text, size=piece.size, bold=piece.bold, fill=piece.fill, anchor="lm")
            x += width_of(piece.text, piece.size, piece.bold)
    return x


# -- a picture, top to bottom ------------------------------------------------------------------------
class Sheet:
    """A picture under construction: drawn top to bottom at ``WIDTH`` pixels; ``png()`` keeps the
    height that was used. ``y`` is where the next part goes."""

    def __init__(self, background: Colour = PAPER, height: int = 2000) -> None:
        self.background = background
        self.image = Image.new("RGB", (WIDTH, height), background)
        self.draw = ImageDraw.Draw(self.image)
        self.y = 0

    def reserve(self, pixels: int) -> None:
        """Make room for ``pixels`` more below ``y`` (the sheet grows when a part needs it)."""
        if self.y + pixels + MARGIN > self.image.height:
            taller = Image.new("RGB", (WIDTH, self.y + pixels + 1000), self.background)
            taller.paste(self.image, (0, 0))
            self.image = taller
            self.draw = ImageDraw.Draw(taller)

    def title(self, title: str, detail: str = "") -> None:
        """The title bar: the game and where it stands (bold, white), then a detail line under it."""
        lines = wrap(title, TITLE, WIDTH - 2 * MARGIN, True)
        details = wrap(detail, TEXT, WIDTH - 2 * MARGIN) if detail else []
        height = 18 + 38 * len(lines) + 30 * len(details) + 12
        self.reserve(height)
        self.draw.rectangle((0, self.y, WIDTH, self.y + height), fill=BAR)
        y = self.y + 18 + 19
        for line in lines:
            write(self.draw, (MARGIN, y), line, size=TITLE, bold=True, fill=WHITE, anchor="lm")
            y += 38
        for line in details:
            write(self.draw, (MARGIN, y - 4), line, size=TEXT, fill=(222, 224, 230), anchor="lm")
            y += 30
        self.y += height

    def space(self, pixels: int) -> None:
        """Leave ``pixels`` of blank height."""
        self.y += pixels

    def rule(self) -> None:
        """A thin line across the picture between two parts."""
        self.draw.line((MARGIN, self.y, WIDTH - MARGIN, self.y), fill=RULE, width=2)
        self.y += 2

    def text(self, text: str, *, size: int = TEXT, bold: bool = False, fill: Colour = INK) -> None:
        """A paragraph, wrapped to the picture's width."""
        step = int(size * 1.4)
        lines = wrap(text, size, WIDTH - 2 * MARGIN, bold)
        self.reserve(step * len(lines))
        for line in lines:
            write(self.draw, (MARGIN, self.y + step // 2), line, size=size, bold=bold, fill=fill, anchor="lm")
            self.y += step

    def line(self, pieces: Sequence[Piece], *, height: int = 36, highlight: bool = False, indent: int = 0) -> None:
        """One line of words and symbols; ``highlight``: the last move changed what it says."""
        self.reserve(height)
        if highlight:
            self.draw.rounded_rectangle(
                (MARGIN - 8, self.y + 1, WIDTH - MARGIN + 8, self.y + height - 1),
                radius=8,
                fill=LAST_SOFT,
                outline=LAST,
                width=2,
            )
        draw_pieces(self.draw, MARGIN + indent, self.y + height / 2, pieces)
        self.y += height

    def legend(self, items: Sequence[tuple[Painter, str]], *, key: Hashable = None) -> None:
        """Each symbol with what it means, flowing left to right over as many lines as needed.

        With a ``key`` naming the painters (a game's legend draws the same symbols for the same
        texts), the drawn band is remembered and pasted the next time: a legend is the slowest
        part of a picture to draw, and it rarely changes from one move to the next."""
        texts = tuple(meaning for _, meaning in items)
        known = _LEGENDS.get((key, texts)) if key is not None else None
        if known is None:
            band = Sheet(self.background, height=400)
            band._legend(items)
            known = band.image.crop((0, 0, WIDTH, band.y))
            if key is not None:
                if len(_LEGENDS) >= 256:
                    _LEGENDS.clear()
                _LEGENDS[(key, texts)] = known
        self.reserve(known.height)
        self.image.paste(known, (0, self.y))
        self.y += known.height

    def _legend(self, items: Sequence[tuple[Painter, str]]) -> None:
        step = 34
        x: float = MARGIN
        self.y += 6
        for paint, meaning in items:
            words = wrap(meaning, LEGEND, WIDTH - 2 * MARGIN - 34)
            wide = 32 + max(width_of(w, LEGEND) for w in words)
            if x > MARGIN and x + wide > WIDTH - MARGIN:
                x = MARGIN
                self.y += step
            middle = self.y + step / 2
            paint(self.draw, x + 12, middle)
            for index, text in enumerate(words):
                write(self.draw, (x + 32, middle + index * step), text, size=LEGEND, fill=MUTED, anchor="lm")
            self.y += step * (len(words) - 1)
            x += wide + 24
        self.y += step + 6

    def png(self, bottom: int = MARGIN) -> bytes:
        """The picture so far as PNG bytes, cut ``bottom`` pixels under the last part drawn."""
        return png(self.image.crop((0, 0, WIDTH, min(self.image.height, self.y + bottom))))


def png(image: Image.Image) -> bytes:
    """An RGB image as PNG bytes (the same image, the same bytes).

    Written here rather than by Pillow, whose encoder tries five filters on every row and picks
    the best: that search took two thirds of a picture's time, and pictures of flat colours and
    text compress as well without it (a few kilobytes either way)."""
    width, height = image.size
    raw = (image if image.mode == "RGB" else image.convert("RGB")).tobytes()
    stride = 3 * width
    # Each row starts with its filter type: 0, none.
    rows = b"".join(b"\x00" + raw[y * stride : (y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits per channel, RGB
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 3)) + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: length, type, body, CRC of type and body."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


# -- a whole game, as an animation --------------------------------------------------------------------
FRAME_MS = 700
"""How long a replay shows each turn (at most a second): 120 turns last under a minute and a half."""
MAX_FRAMES = 120
"""Most frames in a replay: a longer game shows turns evenly spaced (see ``frames``). The longest
games measured (bench/pictures.py: a 4-player Grand Prix has some 140 turns, a 4-player Racebow
120) then replay in a few seconds and weigh 2 to 3 MB, far under Discord's 10 MB."""
HOLD = 4
"""The last frame (the final position) is shown this many times as long as the others."""


def frames(
    game: Game[Any, Any, Any],
    initial: Any,
    seed: str | int,
    log: Iterable[tuple[int, Seat, str]],
    tr: Text,
    *,
    limit: int = MAX_FRAMES,
) -> list[bytes]:
    """A picture of every turn of a game, replayed from its initial state and its log (undone
    moves taken back): the start, the position each time a new turn begins (what the game's
    ``replay_turn`` says a turn is; the last move's marks then show the turn that just ended), and
    the end. Past ``limit`` pictures, turns are kept evenly spaced, the first and the last always.
    Each picture is drawn from the public view, as players see it."""
    draw = game.presentation.render_picture
    if draw is None:
        raise ValueError(f"{game.name} draws no picture")
    turn: Callable[[Any], Hashable] = game.presentation.replay_turn or game.to_act
    states = [initial]
    for entry in replay(game, initial, seed, log):
        if entry.undo:
            states.pop()
        else:
            states.append(entry.after)
    shown = [initial]
    previous = turn(initial)
    for state in states[1:]:
        key = turn(state)
        if key != previous:
            shown.append(state)
            previous = key
    if shown[-1] is not states[-1]:
        shown.append(states[-1])
    return [draw(game.view(state, None), tr) for state in spaced(shown, limit)]


def spaced(items: Sequence[Any], limit: int) -> list[Any]:
    """At most ``limit`` of ``items`` (≥ 2), evenly spaced, the first and the last included."""
    if len(items) <= limit:
        return list(items)
    last = len(items) - 1
    return [items[round(i * last / (limit - 1))] for i in range(limit)]


def _rgb(image: Image.Image) -> Image.Image:
    return image if image.mode == "RGB" else image.convert("RGB")


def animate(pictures: Sequence[bytes], ms_per_frame: int = FRAME_MS) -> bytes:
    """PNG pictures as one looping animated GIF (every viewer plays it, Discord too): each shown
    ``ms_per_frame`` (a second at most), the last one ``HOLD`` times longer. Pictures of different
    heights are laid on the same canvas, top-aligned, on the paper colour."""
    if not pictures:
        raise ValueError("no picture to animate")
    if not 0 < ms_per_frame <= 1000:
        raise ValueError("a frame lasts at most a second")
    images = [_rgb(Image.open(io.BytesIO(data))) for data in pictures]
    size = (max(i.width for i in images), max(i.height for i in images))
    for index, image in enumerate(images):
        if image.size != size:
            padded = Image.new("RGB", size, PAPER)
            padded.paste(image, (0, 0))
            images[index] = padded
    # One palette for every frame: mapping a frame to a given palette is twenty times faster than
    # finding its own, and frames that share a palette differ in fewer pixels, so the GIF stores
    # less. It is found from a sample of the frames, shrunk by keeping one pixel in three (which
    # makes no new colour), and the last move's violet, so no piece loses its colour. No
    # dithering: the pictures are flat colours and text.
    samples = [image.resize((size[0] // 3, size[1] // 3), Image.Resampling.NEAREST) for image in spaced(images, 16)]
    sample = Image.new("RGB", (size[0] // 3, len(samples) * (size[1] // 3) + 8), LAST)
    for index, small in enumerate(samples):
        sample.paste(small, (0, index * (size[1] // 3)))
    palette = sample.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    canvas = [image.quantize(palette=palette, dither=Image.Dither.NONE) for image in images]
    out = io.BytesIO()
    durations = [ms_per_frame] * (len(canvas) - 1) + [ms_per_frame * HOLD]
    canvas[0].save(out, format="GIF", save_all=True, append_images=canvas[1:], duration=durations, loop=0)
    return out.getvalue()
